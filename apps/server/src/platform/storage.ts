// Where file bytes live. Every upload is first written to a temp file under `${storageDir}/tmp` while it is hashed
// and counted, so the caller can inspect the complete file before anything is stored, and memory stays flat
// whatever the file's size. Committing moves it to its content address (the sha256): the local driver renames it
// into `${storageDir}/ab/cd/<sha256>`, the S3 driver uploads it under the key <sha256>. Equal contents are
// stored once. Stored objects are listed with their modification time, so that bytes nothing refers to any more
// can be removed once they are old enough (see REUSE_REFRESH_MS).
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config, StorageConfig } from '../config.ts';

export type StoredObject = { key: string; size: number; sha256: string };

/** A stored object as listed: its key, size, and when its bytes were last stored. */
export type ListedObject = { key: string; size: number; modifiedAt: Date };

/**
 * Storing content that is already stored refreshes its modification time (the local driver always, the S3 driver
 * when it is older than this), so content an upload reuses is never older than this when the upload's row is
 * written. Whoever removes unreferenced bytes must spare those modified less than this (and the longest time
 * from storing bytes to committing their row) ago.
 */
export const REUSE_REFRESH_MS = 10 * 60 * 1000;

/** An upload written to a temp file and not yet stored: read it at `path`, then commit or discard it. */
export type StagedFile = StoredObject & {
  path: string;
  /** stores the bytes (once per content) and removes the temp file */
  commit(): Promise<StoredObject>;
  discard(): Promise<void>;
};

export type StageOptions = {
  /** the largest size accepted; one byte more refuses the upload */
  maxBytes: number;
};

export type Storage = {
  readonly driver: StorageConfig['driver'];
  /** writes `source` to a temp file while hashing; throws SizeLimitError past `maxBytes`, leaving no file */
  stage(source: Readable, options: StageOptions): Promise<StagedFile>;
  /** stage and commit in one step */
  put(source: Readable, options: StageOptions): Promise<StoredObject>;
  /** the bytes of a stored key; throws StorageNotFoundError when there are none */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** every stored object (temp files are not stored objects), in no particular order */
  list(): AsyncIterable<ListedObject>;
  /**
   * Deletes `key` unless its bytes were stored at or after `before` (content stored again since it was listed);
   * answers whether it deleted them.
   */
  deleteIfOlder(key: string, before: Date): Promise<boolean>;
  /** removes the temp files last written before `before` (left by a process that stopped); answers how many */
  removeStaleTemp(before: Date): Promise<number>;
  close(): Promise<void>;
};

export class SizeLimitError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`upload larger than ${maxBytes} bytes`);
    this.name = 'SizeLimitError';
    this.maxBytes = maxBytes;
  }
}

/**
 * The source being staged failed before its end: for an upload, the request body broke off or could not be
 * parsed. The caller's fault, unlike a failure of the disk the bytes were being written to (rethrown as it is).
 */
export class SourceStreamError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'SourceStreamError';
  }
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const HEX_PAIR = /^[0-9a-f]{2}$/;

/** Keys are sha256 hex digests; anything else could walk out of the storage directory. */
function assertKey(key: string): void {
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

async function writeTempFile(
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

async function isPresent(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The entries of a directory; none when it does not exist (yet, or any more). */
async function readDirectory(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return [];
    throw error;
  }
}

async function removeStaleTempFiles(tmpDir: string, before: Date): Promise<number> {
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

function createStaged(
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

function isS3NotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey')
  );
}

export function createS3Storage(
  config: Extract<StorageConfig, { driver: 's3' }>,
  storageDir: string,
): Storage {
  const tmpDir = join(storageDir, 'tmp');
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
    // The SDK's default checksums stream the body as aws-chunked with trailers, which many S3-compatible
    // stores (MinIO releases, Ceph, s3rver) do not understand; the content is verified by its sha256 key.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = config.bucket;

  /** When the object's bytes were last stored; undefined when there is no such object. */
  async function modifiedAtOf(key: string): Promise<Date | undefined> {
    if (!SHA256_HEX.test(key)) return undefined;
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      // a store that does not say counts as long ago
      return answer.LastModified ?? new Date(0);
    } catch (error) {
      if (isS3NotFound(error)) return undefined;
      throw error;
    }
  }

  async function exists(key: string): Promise<boolean> {
    return (await modifiedAtOf(key)) !== undefined;
  }

  async function stage(source: Readable, options: StageOptions): Promise<StagedFile> {
    const temp = await writeTempFile(source, tmpDir, options.maxBytes);
    return createStaged(temp, async ({ path, size, sha256 }) => {
      // Stored lately: nothing to do. Stored long ago: stored again, which makes it new again (REUSE_REFRESH_MS).
      const modifiedAt = await modifiedAtOf(sha256);
      if (modifiedAt !== undefined && Date.now() - modifiedAt.getTime() < REUSE_REFRESH_MS) return;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: sha256,
          Body: createReadStream(path),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
    });
  }

  return {
    driver: 's3',
    stage,
    put: async (source, options) => (await stage(source, options)).commit(),
    get: async (key) => {
      assertKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the body is an http.IncomingMessage, a Readable.
        if (!(answer.Body instanceof Readable)) throw new StorageNotFoundError(key);
        return answer.Body;
      } catch (error) {
        if (isS3NotFound(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },
    exists,
    delete: async (key) => {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    /** The bucket's keys page by page; keys that are not content addresses are not the portal's: passed over. */
    list: async function* (): AsyncGenerator<ListedObject> {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key === undefined || !SHA256_HEX.test(object.Key)) continue;
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
    },
    deleteIfOlder: async (key, before) => {
      const modifiedAt = await modifiedAtOf(key);
      if (modifiedAt === undefined || modifiedAt.getTime() >= before.getTime()) return false;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    },
    removeStaleTemp: (before) => removeStaleTempFiles(tmpDir, before),
    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
}

export function createStorage(config: Pick<Config, 'storage' | 'storageDir'>): Storage {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage, config.storageDir)
    : createLocalStorage(config.storageDir);
}
