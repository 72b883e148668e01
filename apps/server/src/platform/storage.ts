// Where file bytes live. Every upload is first written to a temp file under `${storageDir}/tmp` while it is hashed
// and counted, so the caller can inspect the complete file before anything is stored, and memory stays flat
// whatever the file's size. Committing moves it to its content address (the sha256): the local driver renames it
// into `${storageDir}/ab/cd/<sha256>`, the S3 driver uploads it under the key <sha256>. Equal contents are
// stored once.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config, StorageConfig } from '../config.ts';

export type StoredObject = { key: string; size: number; sha256: string };

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

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

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
  try {
    await pipeline(source, hasher, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
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
      // Same content, same bytes: the temp file is simply dropped (commit removes it).
      if (await isPresent(target)) return;
      await mkdir(dirname(target), { recursive: true });
      await rename(path, target);
    });
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

  async function exists(key: string): Promise<boolean> {
    if (!SHA256_HEX.test(key)) return false;
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (isS3NotFound(error)) return false;
      throw error;
    }
  }

  async function stage(source: Readable, options: StageOptions): Promise<StagedFile> {
    const temp = await writeTempFile(source, tmpDir, options.maxBytes);
    return createStaged(temp, async ({ path, size, sha256 }) => {
      if (await exists(sha256)) return;
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
