import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { UploadResult } from '@cqjy/domain';
import { buildMultipart, listFiles, makePdf } from '../test/files.ts';
import { bearer, createTestApp, loginAs, readJson } from '../test/harness.ts';
import { createStorage } from './storage-drivers.ts';
import { createLocalStorage } from './storage-local.ts';
import { createS3Storage } from './storage-s3.ts';
import {
  SizeLimitError,
  SourceStreamError,
  StorageNotFoundError,
  type ListedObject,
  type Storage,
} from './storage.ts';

const BUCKET = 'cqjy-test-files';

function bytesOf(text: string): Buffer {
  return Buffer.from(text, 'utf8');
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const HOUR_MS = 60 * 60 * 1000;

async function listAll(storage: Storage): Promise<ListedObject[]> {
  const listed: ListedObject[] = [];
  for await (const object of storage.list()) listed.push(object);
  return listed;
}

function hoursAgo(hours: number): Date {
  return new Date(Date.now() - hours * HOUR_MS);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

type Opened = {
  storage: Storage;
  /** where the temp files are: `${dir}/tmp` */
  dir: string;
  /** sets the modification time of a stored object, as time passing would */
  age: (key: string, at: Date) => Promise<void>;
};

/** The same contract, whichever driver is behind it. */
function describeContract(label: string, open: () => Opened): void {
  describe(`${label} storage`, () => {
    it('round-trips bytes under their sha256 and stores equal content once', async () => {
      const { storage } = open();
      const bytes = bytesOf('产权交易附件内容');
      const stored = await storage.put(Readable.from([bytes]), { maxBytes: 1024 });
      expect(stored).toEqual({ key: sha256(bytes), size: bytes.length, sha256: sha256(bytes) });
      expect(await storage.exists(stored.key)).toBe(true);
      expect(await readAll(await storage.get(stored.key))).toEqual(bytes);
      expect(await storage.put(Readable.from([bytes]), { maxBytes: 1024 })).toEqual(stored);
      await storage.delete(stored.key);
      expect(await storage.exists(stored.key)).toBe(false);
      await expect(storage.get(stored.key)).rejects.toBeInstanceOf(StorageNotFoundError);
    });

    it('refuses one byte past the limit and leaves no temp file', async () => {
      const { storage, dir } = open();
      const chunks = [Buffer.alloc(600, 1), Buffer.alloc(425, 2)];
      await expect(storage.put(Readable.from(chunks), { maxBytes: 1024 })).rejects.toBeInstanceOf(
        SizeLimitError,
      );
      expect(await listFiles(join(dir, 'tmp'))).toEqual([]);
      const exact = await storage.put(Readable.from([Buffer.alloc(1024, 3)]), { maxBytes: 1024 });
      expect(exact.size).toBe(1024);
    });

    it('discards a staged file without storing it, and removes the temp file of a failed source', async () => {
      const { storage, dir } = open();
      const bytes = bytesOf('staged but never committed');
      const staged = await storage.stage(Readable.from([bytes]), { maxBytes: 1024 });
      expect(await listFiles(join(dir, 'tmp'))).toHaveLength(1);
      await staged.discard();
      expect(await listFiles(join(dir, 'tmp'))).toEqual([]);
      expect(await storage.exists(sha256(bytes))).toBe(false);
      const failing = new Readable({
        read() {
          this.destroy(new Error('client went away'));
        },
      });
      const staging = storage.stage(failing, { maxBytes: 1024 });
      await expect(staging).rejects.toThrow('client went away');
      await expect(staging).rejects.toBeInstanceOf(SourceStreamError);
      expect(await listFiles(join(dir, 'tmp'))).toEqual([]);
    });

    it('tells a source that failed before it was handed over from a failure of the store', async () => {
      const { storage, dir } = open();
      const broken = Readable.from([bytesOf('cut short')]);
      // as a multipart parser does: it listens for the error of the part it destroys
      broken.on('error', () => undefined);
      broken.destroy(new Error('Unexpected end of form'));
      await expect(storage.stage(broken, { maxBytes: 1024 })).rejects.toBeInstanceOf(SourceStreamError);
      expect(await listFiles(join(dir, 'tmp'))).toEqual([]);
    });

    it('lists stored objects with size and modification time, never temp files', async () => {
      const { storage } = open();
      const bytes = bytesOf(`listed ${label}`);
      const stored = await storage.put(Readable.from([bytes]), { maxBytes: 1024 });
      const staged = await storage.stage(Readable.from([bytesOf(`only staged ${label}`)]), {
        maxBytes: 1024,
      });
      const listed = await listAll(storage);
      const entry = listed.find((object) => object.key === stored.key);
      expect(entry?.size).toBe(bytes.length);
      expect(Math.abs((entry?.modifiedAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      expect(listed.some((object) => object.key === staged.sha256)).toBe(false);
      expect(listed.every((object) => /^[0-9a-f]{64}$/.test(object.key))).toBe(true);
      await staged.discard();
      await storage.delete(stored.key);
      expect((await listAll(storage)).some((object) => object.key === stored.key)).toBe(false);
    });

    it('deletes an object only when it was last stored before the given time', async () => {
      const { storage, age } = open();
      const { key } = await storage.put(Readable.from([bytesOf(`aged ${label}`)]), { maxBytes: 1024 });
      expect(await storage.deleteIfOlder(key, hoursAgo(1))).toBe(false);
      expect(await storage.exists(key)).toBe(true);
      await age(key, hoursAgo(2));
      expect(await storage.deleteIfOlder(key, hoursAgo(1))).toBe(true);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.deleteIfOlder(key, hoursAgo(1))).toBe(false);
    });

    it('refreshes the modification time of old content stored again', async () => {
      const { storage, age } = open();
      const bytes = bytesOf(`reused ${label}`);
      const { key } = await storage.put(Readable.from([bytes]), { maxBytes: 1024 });
      await age(key, hoursAgo(2));
      await storage.put(Readable.from([bytes]), { maxBytes: 1024 });
      const entry = (await listAll(storage)).find((object) => object.key === key);
      expect(Date.now() - (entry?.modifiedAt.getTime() ?? 0)).toBeLessThan(60_000);
      expect(await storage.deleteIfOlder(key, hoursAgo(1))).toBe(false);
      expect(await readAll(await storage.get(key))).toEqual(bytes);
    });

    it('removes temp files left longer than the given time, and only those', async () => {
      const { storage, dir } = open();
      const stale = await storage.stage(Readable.from([bytesOf('left by a crash')]), { maxBytes: 1024 });
      const young = await storage.stage(Readable.from([bytesOf('still being checked')]), { maxBytes: 1024 });
      await utimes(stale.path, hoursAgo(2), hoursAgo(2));
      expect(await storage.removeStaleTemp(hoursAgo(1))).toBe(1);
      expect(await listFiles(join(dir, 'tmp'))).toEqual([young.path.slice(join(dir, 'tmp').length + 1)]);
      await young.discard();
      expect(await storage.removeStaleTemp(hoursAgo(1))).toBe(0);
    });

    it('treats a key that is not a sha256 as absent', async () => {
      const { storage } = open();
      expect(await storage.exists('../../etc/passwd')).toBe(false);
      await expect(storage.get('../../etc/passwd')).rejects.toBeInstanceOf(StorageNotFoundError);
    });
  });
}

let localDir: string;
let s3Dir: string;
let s3TempDir: string;
let server: S3rver;
let endpoint: string;
let s3: Storage;

beforeAll(async () => {
  localDir = await mkdtemp(join(tmpdir(), 'cqjy-storage-'));
  s3Dir = await mkdtemp(join(tmpdir(), 'cqjy-s3rver-'));
  s3TempDir = await mkdtemp(join(tmpdir(), 'cqjy-s3-staging-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await server.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  s3 = createS3Storage(
    {
      driver: 's3',
      endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    s3TempDir,
  );
});

afterAll(async () => {
  await s3.close();
  await server.close();
  await Promise.all([localDir, s3Dir, s3TempDir].map((dir) => rm(dir, { recursive: true, force: true })));
});

describeContract('local', () => ({
  storage: createLocalStorage(localDir),
  dir: localDir,
  age: (key, at) => utimes(join(localDir, key.slice(0, 2), key.slice(2, 4), key), at, at),
}));
describeContract('S3', () => ({
  storage: s3,
  dir: s3TempDir,
  // s3rver answers LastModified from the modification time of the file it keeps the object in
  age: (key, at) => utimes(join(s3Dir, BUCKET, `${key}._S3rver_object`), at, at),
}));

describe('local layout', () => {
  it('keeps content at ab/cd/<sha256>', async () => {
    const storage = createLocalStorage(localDir);
    const bytes = bytesOf('layout');
    const { key } = await storage.put(Readable.from([bytes]), { maxBytes: 100 });
    expect(await listFiles(localDir)).toContain(join(key.slice(0, 2), key.slice(2, 4), key));
  });
});

describe('configuration', () => {
  it('selects the driver from STORAGE and needs a bucket for S3', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    const config = loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'cn-north-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint,
      bucket: BUCKET,
      region: 'cn-north-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    const fromConfig = createStorage(config);
    expect(fromConfig.driver).toBe('s3');
    void fromConfig.close();
    expect(createStorage(loadConfig({ STORAGE_DIR: localDir })).driver).toBe('local');
  });
});

describe('the app on S3', () => {
  it('uploads into the bucket and serves the bytes back', async () => {
    const t = await createTestApp({
      env: {
        STORAGE: 's3',
        STORAGE_DIR: s3TempDir,
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const token = await loginAs(t.app, 'transferor');
      const pdf = Buffer.concat([makePdf(), bytesOf('% stored in S3\n')]);
      const { payload, headers } = buildMultipart({ tag: 'letter' }, { name: '告知函.pdf', content: pdf });
      const uploaded = readJson<UploadResult>(
        await t.app.inject({
          method: 'POST',
          url: '/api/attachment/upload',
          headers: { ...headers, ...bearer(token) },
          payload,
        }),
      );
      expect(uploaded.status, uploaded.msg).toBe(0);
      const id = uploaded.data.letter?.[0]?.uuid ?? '';
      expect(await s3.exists(sha256(pdf))).toBe(true);
      expect(await listFiles(join(s3TempDir, 'tmp'))).toEqual([]);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/attachment/download/${id}`,
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload).toEqual(pdf);
    } finally {
      await t.close();
    }
  });
});
