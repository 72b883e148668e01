// The local driver: stored objects are files under `${storageDir}/ab/cd/<sha256>`, temp files under
// `${storageDir}/tmp`.
import { access, mkdir, open, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  StorageNotFoundError,
  type ListedObject,
  type StagedFile,
  type StageOptions,
  type Storage,
} from './storage.ts';
import {
  assertKey,
  createStaged,
  errorCode,
  HEX_PAIR,
  readDirectory,
  removeStaleTempFiles,
  SHA256_HEX,
  writeTempFile,
} from './storage-staging.ts';

async function isPresent(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

export function createLocalStorage(root: string): Storage {
  const tmpDir = join(root, 'tmp');
  const pathOf = (key: string): string => join(root, key.slice(0, 2), key.slice(2, 4), key);

  async function stage(source: Readable, options: StageOptions): Promise<StagedFile> {
    const temp = await writeTempFile(source, tmpDir, options.maxBytes);
    return createStaged(temp, async ({ path, sha256 }) => {
      const target = pathOf(sha256);
      // Same content, same bytes: the temp file is simply dropped (commit removes it), and the stored file's time
      // is refreshed, as content in use again is new again (REUSE_REFRESH_MS).
      try {
        const now = new Date();
        await utimes(target, now, now);
        return;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
      await mkdir(dirname(target), { recursive: true });
      await rename(path, target);
    });
  }

  /** Walks ab/cd/<sha256>; `tmp` and anything else that is not a content address are passed over. */
  async function* list(): AsyncGenerator<ListedObject> {
    for (const first of await readDirectory(root)) {
      if (!HEX_PAIR.test(first)) continue;
      for (const second of await readDirectory(join(root, first))) {
        if (!HEX_PAIR.test(second)) continue;
        for (const name of await readDirectory(join(root, first, second))) {
          if (!SHA256_HEX.test(name) || !name.startsWith(first + second)) continue;
          let listed: ListedObject | undefined;
          try {
            const info = await stat(join(root, first, second, name));
            if (info.isFile()) listed = { key: name, size: info.size, modifiedAt: info.mtime };
          } catch (error) {
            // deleted meanwhile
            if (errorCode(error) !== 'ENOENT') throw error;
          }
          if (listed !== undefined) yield listed;
        }
      }
    }
  }

  return {
    driver: 'local',
    stage,
    put: async (source, options) => (await stage(source, options)).commit(),
    get: async (key) => {
      assertKey(key);
      try {
        // Opened before answering, so a missing file is an error here and not halfway through a response.
        const handle = await open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
        throw error;
      }
    },
    exists: async (key) => SHA256_HEX.test(key) && isPresent(pathOf(key)),
    delete: async (key) => {
      assertKey(key);
      await rm(pathOf(key), { force: true });
    },
    list,
    deleteIfOlder: async (key, before) => {
      if (!SHA256_HEX.test(key)) return false;
      try {
        if ((await stat(pathOf(key))).mtime.getTime() >= before.getTime()) return false;
        await rm(pathOf(key));
        return true;
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return false;
        throw error;
      }
    },
    removeStaleTemp: (before) => removeStaleTempFiles(tmpDir, before),
    close: () => Promise.resolve(),
  };
}
