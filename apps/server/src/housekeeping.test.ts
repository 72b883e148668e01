import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { UploadResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from './config.ts';
import { selectRows } from './db/client.ts';
import { createHousekeeping, HOUSEKEEPING_LOCK, type HousekeepingDeps } from './housekeeping.ts';
import { createLocalStorage } from './platform/storage-local.ts';
import { createS3Storage } from './platform/storage-s3.ts';
import type { Storage } from './platform/storage.ts';
import { buildMultipart, listFiles, makePdf } from './test/files.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from './test/harness.ts';

const HOUR_MS = 60 * 60 * 1000;
const BUCKET = 'cqjy-housekeeping';
const PURGED_LINE = '已清理过期会话、验证码、限流计数与无引用的文件';

function hoursAgo(hours: number): Date {
  return new Date(Date.now() - hours * HOUR_MS);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A logger that keeps what it is told. */
function createMemoryLog(): {
  log: FastifyBaseLogger;
  lines: { level: string; msg: string; data: object }[];
} {
  const lines: { level: string; msg: string; data: object }[] = [];
  const at =
    (level: string) =>
    (data: object | string, msg?: string): void => {
      lines.push(typeof data === 'string' ? { level, msg: data, data: {} } : { level, msg: msg ?? '', data });
    };
  const log: FastifyBaseLogger = {
    level: 'info',
    info: at('info'),
    error: at('error'),
    warn: at('warn'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
    silent: () => undefined,
    child: () => log,
  };
  return { log, lines };
}

const NOTHING_ENDED = { anonymousSessions: 0, signedInSessions: 0, captchas: 0 };
const NOTHING_STORED = { storedObjects: 0, tempFiles: 0 };

describe('configuration', () => {
  it('purges hourly unless PURGE_INTERVAL_S says otherwise; 0 turns it off', () => {
    expect(loadConfig({}).purgeIntervalS).toBe(3600);
    expect(loadConfig({ PURGE_INTERVAL_S: '600' }).purgeIntervalS).toBe(600);
    expect(loadConfig({ PURGE_INTERVAL_S: '0' }).purgeIntervalS).toBe(0);
    expect(() => loadConfig({ PURGE_INTERVAL_S: '-1' })).toThrow(/PURGE_INTERVAL_S/);
    // a timer cannot wait longer than 2^31 - 1 ms
    expect(() => loadConfig({ PURGE_INTERVAL_S: String(30 * 24 * 3600) })).toThrow(/PURGE_INTERVAL_S/);
  });
});

describe('the schedule', () => {
  it('does not keep the process alive', async () => {
    const moduleUrl = pathToFileURL(join(import.meta.dirname, 'housekeeping.ts')).href;
    // An hour between runs: a timer that held the process would keep it for that hour.
    const script = `
      import { createHousekeeping } from ${JSON.stringify(moduleUrl)};
      const quiet = { info() {}, error() {}, warn() {}, debug() {} };
      const housekeeping = createHousekeeping({
        db: {}, driver: 'pglite', log: quiet, intervalS: 3600,
        auth: { purgeEnded: async () => ({}) },
        attachments: { purgeUnreferenced: async () => ({}) },
        rateLimits: { purgeExpired: async () => 0 },
      });
      housekeeping.start();
      console.log('started');
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(killer);
    expect(output.trim()).toBe('started');
    expect(code).toBe(0);
  });

  it('runs at its interval once the app is ready, logs the counts, and stops when the app closes', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString().split('\n')) {
          if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        callback();
      },
    });
    const storageDir = await mkdtemp(join(tmpdir(), 'cqjy-housekeeping-'));
    const t = await createTestApp({
      env: { PURGE_INTERVAL_S: '1', LOG_LEVEL: 'info', STORAGE_DIR: storageDir },
      logStream,
      isSeeded: false,
    });
    const purged = (): Record<string, unknown>[] => lines.filter((line) => line.msg === PURGED_LINE);
    try {
      await t.app.ready();
      await vi.waitFor(() => expect(purged().length).toBeGreaterThan(0), { timeout: 10_000, interval: 100 });
      const line = purged()[0] ?? {};
      expect(line).toMatchObject({ ...NOTHING_ENDED, ...NOTHING_STORED, level: 30 });
      expect(typeof line.ms).toBe('number');
      // counts and a duration only: nothing about who or what
      const standard = new Set(['level', 'time', 'pid', 'hostname', 'msg']);
      expect(
        Object.keys(line)
          .filter((key) => !standard.has(key))
          .sort(),
      ).toEqual([
        'anonymousSessions',
        'captchas',
        'deadlineReminders',
        'depositDeadlines',
        'ms',
        'rateLimits',
        'signedInSessions',
        'storedObjects',
        'tempFiles',
      ]);
    } finally {
      await t.close();
      await rm(storageDir, { recursive: true, force: true });
    }
    const afterClose = purged().length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(purged().length).toBe(afterClose);
  });
});

describe('one run at a time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ isSeeded: false });
  });
  afterAll(async () => {
    await t.close();
  });

  function deps(overrides: Partial<HousekeepingDeps> = {}): HousekeepingDeps {
    return {
      db: t.db,
      driver: inject('testDatabase').kind,
      log: createMemoryLog().log,
      intervalS: 0,
      auth: { purgeEnded: () => Promise.resolve(NOTHING_ENDED) },
      attachments: { purgeUnreferenced: () => Promise.resolve(NOTHING_STORED) },
      rateLimits: { purgeExpired: () => Promise.resolve(0) },
      projects: { remindDeadlines: () => Promise.resolve(0) },
      intentions: { remindDepositDeadlines: () => Promise.resolve({ disqualified: 0, reminded: 0 }) },
      ...overrides,
    };
  }

  it('shares a run in flight instead of starting a second one', async () => {
    let release: () => void = () => undefined;
    const purgeEnded = vi
      .fn(() => Promise.resolve(NOTHING_ENDED))
      .mockImplementationOnce(
        () =>
          new Promise<typeof NOTHING_ENDED>((resolve) => {
            release = () => resolve({ ...NOTHING_ENDED, captchas: 3 });
          }),
      );
    const housekeeping = createHousekeeping(deps({ auth: { purgeEnded } }));
    const first = housekeeping.runOnce();
    const second = housekeeping.runOnce();
    await vi.waitFor(() => expect(purgeEnded).toHaveBeenCalledTimes(1));
    release();
    expect(await first).toMatchObject({ captchas: 3 });
    expect(await second).toMatchObject({ captchas: 3 });
    expect(purgeEnded).toHaveBeenCalledTimes(1);
    await housekeeping.runOnce();
    expect(purgeEnded).toHaveBeenCalledTimes(2);
  });

  it('releases the lock after a run, a failed one too', async () => {
    const { log, lines } = createMemoryLog();
    const failing = createHousekeeping(
      deps({
        log,
        attachments: { purgeUnreferenced: () => Promise.reject(new Error('bucket unreachable')) },
      }),
    );
    await expect(failing.runOnce()).rejects.toThrow('bucket unreachable');
    const held = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_locks where locktype = 'advisory'
          and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(held[0]?.n).toBe(0);
    expect(await createHousekeeping(deps()).runOnce()).toEqual({
      ...NOTHING_ENDED,
      ...NOTHING_STORED,
      rateLimits: 0,
      deadlineReminders: 0,
      depositDeadlines: { disqualified: 0, reminded: 0 },
    });
    expect(lines.some((line) => line.level === 'info' && line.msg === PURGED_LINE)).toBe(false);
  });

  it.runIf(inject('testDatabase').kind === 'pg')(
    'skips the run while another node holds the lock (skipped on PGlite: one connection, no second node to hold it)',
    async () => {
      const purgeEnded = vi.fn(() => Promise.resolve(NOTHING_ENDED));
      const housekeeping = createHousekeeping(deps({ auth: { purgeEnded } }));
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${HOUSEKEEPING_LOCK}))`);
        expect(await housekeeping.runOnce()).toBeNull();
      });
      expect(purgeEnded).not.toHaveBeenCalled();
      expect(await housekeeping.runOnce()).not.toBeNull();
      expect(purgeEnded).toHaveBeenCalledTimes(1);
    },
  );
});

describe('unreferenced file bytes', () => {
  let s3Dir: string;
  let server: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    s3Dir = await mkdtemp(join(tmpdir(), 'cqjy-housekeeping-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const address = await server.run();
    endpoint = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    await server.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  type Driver = {
    label: string;
    env: (storageDir: string) => Record<string, string>;
    open: (storageDir: string) => Storage;
    /** sets the modification time of a stored object, as time passing would */
    age: (storageDir: string, key: string, at: Date) => Promise<void>;
  };

  const drivers: Driver[] = [
    {
      label: 'local disk',
      env: (storageDir) => ({ STORAGE_DIR: storageDir }),
      open: (storageDir) => createLocalStorage(storageDir),
      age: (storageDir, key, at) => utimes(join(storageDir, key.slice(0, 2), key.slice(2, 4), key), at, at),
    },
    {
      label: 'S3',
      env: (storageDir) => ({
        STORAGE: 's3',
        STORAGE_DIR: storageDir,
        S3_ENDPOINT: endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }),
      open: (storageDir) =>
        createS3Storage(
          {
            driver: 's3',
            endpoint,
            bucket: BUCKET,
            region: 'us-east-1',
            credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
            forcePathStyle: true,
          },
          storageDir,
        ),
      // s3rver answers LastModified from the modification time of the file it keeps the object in
      age: (_storageDir, key, at) => utimes(join(s3Dir, BUCKET, `${key}._S3rver_object`), at, at),
    },
  ];

  describe.each(drivers)('on $label', (driver) => {
    it('removes old unreferenced bytes and stale temp files, keeps referenced and young bytes', async () => {
      const storageDir = await mkdtemp(join(tmpdir(), 'cqjy-housekeeping-files-'));
      const t = await createTestApp({ env: driver.env(storageDir) });
      const storage = driver.open(storageDir);
      try {
        const token = await loginAs(t.app, 'transferor');
        const upload = async (content: Buffer): Promise<string> => {
          const { payload, headers } = buildMultipart({ tag: 'others' }, { name: '合同.pdf', content });
          const body = readJson<UploadResult>(
            await t.app.inject({
              method: 'POST',
              url: '/api/attachment/upload',
              headers: { ...headers, ...bearer(token) },
              payload,
            }),
          );
          expect(body.status, body.msg).toBe(0);
          return body.data.others?.[0]?.uuid ?? '';
        };
        const pdfOf = (text: string): Buffer => Buffer.concat([makePdf(), Buffer.from(`% ${text}\n`)]);
        const live = pdfOf(`live ${driver.label}`);
        const liveId = await upload(live);
        const deleted = pdfOf(`deleted ${driver.label}`);
        const deletedId = await upload(deleted);
        const removal = await t.app.inject({
          method: 'POST',
          url: `/api/attachment/delete/${deletedId}`,
          headers: bearer(token),
        });
        expect(readJson(removal).status).toBe(0);
        // bytes whose row never came (a failed transaction), one old and one of an upload still in flight
        const orphan = await storage.put(Readable.from([Buffer.from(`orphan ${driver.label}`)]), {
          maxBytes: 1024,
        });
        const inFlight = await storage.put(Readable.from([Buffer.from(`in flight ${driver.label}`)]), {
          maxBytes: 1024,
        });
        const crashed = await storage.stage(Readable.from([Buffer.from('temp file of a crash')]), {
          maxBytes: 1024,
        });
        const staging = await storage.stage(Readable.from([Buffer.from('temp file being checked')]), {
          maxBytes: 1024,
        });
        for (const key of [sha256(live), sha256(deleted), orphan.key]) {
          await driver.age(storageDir, key, hoursAgo(3));
        }
        await utimes(crashed.path, hoursAgo(3), hoursAgo(3));

        const report = await t.app.housekeeping.runOnce();

        expect(report).toMatchObject({ storedObjects: 1, tempFiles: 1 });
        expect(await storage.exists(orphan.key)).toBe(false);
        expect(await storage.exists(inFlight.key)).toBe(true);
        expect(await storage.exists(sha256(live))).toBe(true);
        // a deleted file's row still names its bytes
        expect(await storage.exists(sha256(deleted))).toBe(true);
        expect(await listFiles(join(storageDir, 'tmp'))).toEqual([
          staging.path.slice(join(storageDir, 'tmp').length + 1),
        ]);
        const download = await t.app.inject({
          method: 'GET',
          url: `/api/attachment/download/${liveId}`,
          headers: bearer(token),
        });
        expect(download.rawPayload).toEqual(live);
        await staging.discard();
      } finally {
        await storage.close();
        await t.close();
        await rm(storageDir, { recursive: true, force: true });
      }
    });
  });
});
