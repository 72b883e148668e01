// The S3 driver: stored objects are keys <sha256> of one bucket (any S3-compatible store); uploads are staged in
// temp files under `${storageDir}/tmp` first, as for the local driver.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';
import {
  REUSE_REFRESH_MS,
  StorageNotFoundError,
  type ListedObject,
  type StagedFile,
  type StageOptions,
  type Storage,
} from './storage.ts';
import {
  assertKey,
  createStaged,
  removeStaleTempFiles,
  SHA256_HEX,
  writeTempFile,
} from './storage-staging.ts';

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
