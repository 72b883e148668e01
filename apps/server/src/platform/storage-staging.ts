// What both storage drivers share: the temp file an upload is written to while it is hashed and counted, the
// staged file that commits it to a driver or discards it, the content-address keys, and the sweep of temp files
// left by a process that stopped.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  SizeLimitError,
  SourceStreamError,
  StorageNotFoundError,
  type StagedFile,
  type StoredObject,
} from './storage.ts';

export const SHA256_HEX = /^[0-9a-f]{64}$/;
export const HEX_PAIR = /^[0-9a-f]{2}$/;

/** Keys are sha256 hex digests; anything else could walk out of the storage directory. */
export function assertKey(key: string): void {
  if (!SHA256_HEX.test(key)) throw new StorageNotFoundError(key);
}

/**
 * Counts and hashes what passes. Past the limit it stops passing bytes on but keeps reading to the end, so a
 * multipart parser upstream can finish the request; the limit error is raised once the source is exhausted.
 */
class LimitedHasher extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  isOverLimit = false;
  private readonly maxBytes: number;

  constructor(maxBytes: number) {
    super();
    this.maxBytes = maxBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.isOverLimit || this.size > this.maxBytes) {
      this.isOverLimit = true;
      callback();
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.isOverLimit ? new SizeLimitError(this.maxBytes) : null);
  }
}

export async function writeTempFile(
  source: Readable,
  tmpDir: string,
  maxBytes: number,
): Promise<{ path: string; size: number; sha256: string }> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.part`);
  const hasher = new LimitedHasher(maxBytes);
  const sink = createWriteStream(path, { flags: 'wx' });
  // Whichever side fails first is where the failure comes from: pipeline then destroys the other streams with the
  // same error. These listeners are added before pipeline's own, so they see the first failure first. A source
  // may also have failed before it got here (a multipart parser destroys the part it holds when the body breaks).
  let failedSide: 'source' | 'sink' | undefined =
    source.destroyed && !source.readableEnded ? 'source' : undefined;
  const onSourceFailure = (): void => {
    // A source closed before its end (destroyed without an error) failed too.
    if (!source.readableEnded) failedSide ??= 'source';
  };
  const onSinkFailure = (): void => {
    failedSide ??= 'sink';
  };
  source.once('error', onSourceFailure);
  source.once('close', onSourceFailure);
  hasher.once('error', onSinkFailure);
  sink.once('error', onSinkFailure);
  try {
    await pipeline(source, hasher, sink);
  } catch (error) {
    await rm(path, { force: true });
    throw failedSide === 'source' ? new SourceStreamError(error) : error;
  } finally {
    source.off('error', onSourceFailure);
    source.off('close', onSourceFailure);
  }
  return { path, size: hasher.size, sha256: hasher.hash.digest('hex') };
}

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The entries of a directory; none when it does not exist (yet, or any more). */
export async function readDirectory(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return [];
    throw error;
  }
}

export async function removeStaleTempFiles(tmpDir: string, before: Date): Promise<number> {
  let removed = 0;
  for (const name of await readDirectory(tmpDir)) {
    if (!name.endsWith('.part')) continue;
    const path = join(tmpDir, name);
    try {
      if ((await stat(path)).mtime.getTime() >= before.getTime()) continue;
      await rm(path);
      removed += 1;
    } catch (error) {
      // committed or discarded meanwhile
      if (errorCode(error) !== 'ENOENT') throw error;
    }
  }
  return removed;
}

export function createStaged(
  temp: { path: string; size: number; sha256: string },
  store: (temp: { path: string; size: number; sha256: string }) => Promise<void>,
): StagedFile {
  const stored: StoredObject = { key: temp.sha256, size: temp.size, sha256: temp.sha256 };
  let isSettled = false;
  return {
    ...stored,
    path: temp.path,
    commit: async () => {
      if (isSettled) throw new Error('staged file already committed or discarded');
      isSettled = true;
      try {
        await store(temp);
      } finally {
        await rm(temp.path, { force: true });
      }
      return stored;
    },
    discard: async () => {
      isSettled = true;
      await rm(temp.path, { force: true });
    },
  };
}
