// Test harness: an app on a fresh copy of the migrated template database, with a test configuration, an
// adjustable clock and helpers for the sign-in dance (captcha, then login).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { SESSION_ID_HEADER, type Envelope, type LoginResult } from '@cqjy/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createPgPool, wrapPglite, wrapPgPool, type DatabaseHandle, type Db } from '../db/client.ts';
import { seedDemo as runSeedDemo } from '../seeds/seed.ts';
import type { Clock } from '../platform/clock.ts';
import type { SmsMessage, SmsProvider } from '../platform/sms.ts';
import { withDatabase } from './test-database.ts';

/** The captcha answer of every test app unless a test says otherwise. */
export const TEST_CAPTCHA = 'k7Qm';
export const DEMO_PASSWORD = 'Demo@2026';

export type TestClock = Clock & { advance(ms: number): void; set(at: Date): void };

export function createTestClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (at) => {
      current = at.getTime();
    },
  };
}

export type TestAppOptions = {
  /** environment variables on top of the test defaults, parsed by loadConfig like the real ones */
  env?: Record<string, string>;
  clock?: TestClock;
  logStream?: Writable;
  /** seed the demo data before answering (default true) */
  isSeeded?: boolean;
  smsProvider?: SmsProvider;
};

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  seedDemo(): Promise<void>;
  close(): Promise<void>;
};

let dumpBytes: Promise<Buffer> | undefined;

async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('testDatabase');
  if (template.kind === 'pglite') {
    dumpBytes ??= readFile(template.dumpPath);
    const client = new PGlite({ loadDataDir: new Blob([new Uint8Array(await dumpBytes)]) });
    await client.waitReady;
    return wrapPglite(client);
  }
  const name = `cqjy_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  } finally {
    await admin.end();
  }
  const handle = wrapPgPool(createPgPool(withDatabase(template.adminUrl, name)));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: template.adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const caDir = mkdtempSync(join(tmpdir(), 'cqjy-test-ca-'));
  // each app its own files: another app's purge of stale temporary files (by its own, test, clock) must never
  // reach into this one's uploads in progress
  const dataDir = mkdtempSync(join(tmpdir(), 'cqjy-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CAPTCHA_FIXED: TEST_CAPTCHA,
    DEMO_PASSWORD,
    DATA_DIR: dataDir,
    // never the repository's own build: static tests make their own
    WEB_DIST: join(tmpdir(), `cqjy-no-web-${process.pid}`),
    // each app its own certificate authority (made only when a test signs), removed on close
    CA_DIR: caDir,
    ...options.env,
  });
  const clock = options.clock ?? createTestClock();
  const database = await openTestDatabase();
  const seedDemo = async (): Promise<void> => {
    await runSeedDemo(database.db, config, clock);
  };
  if (options.isSeeded !== false) await seedDemo();
  const app = await buildApp({
    config,
    db: database.db,
    driver: database.driver,
    clock,
    ...(options.logStream === undefined ? {} : { logStream: options.logStream }),
    ...(options.smsProvider === undefined ? {} : { smsProvider: options.smsProvider }),
  });
  return {
    app,
    db: database.db,
    config,
    clock,
    seedDemo,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(caDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server node on the same database, configuration and clock as `first`, as several stateless nodes run
 * behind a load balancer: whatever they must agree on (sessions, codes, limits, lockouts) is in the database.
 * Close it before `first`, which owns the database.
 */
export async function createSecondNode(
  first: TestApp,
  options: { smsProvider?: SmsProvider } = {},
): Promise<FastifyInstance> {
  return buildApp({
    config: first.config,
    db: first.db,
    clock: first.clock,
    ...(options.smsProvider === undefined ? {} : { smsProvider: options.smsProvider }),
  });
}

/** A provider that keeps what it is given, so tests can read the codes a real phone would receive. */
export type CapturingSmsProvider = SmsProvider & { sent: SmsMessage[]; lastCodeTo(mobile: string): string };

export function createCapturingSmsProvider(): CapturingSmsProvider {
  const sent: SmsMessage[] = [];
  return {
    name: 'test',
    sent,
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
    lastCodeTo: (mobile) => {
      const message = sent.findLast((m) => m.mobile === mobile);
      const code = /验证码为(\d+)/.exec(message?.content ?? '')?.[1];
      if (code === undefined) throw new Error(`no code was sent to ${mobile}`);
      return code;
    },
  };
}

export function readJson<T = unknown>(response: LightMyRequestResponse): Envelope<T> {
  return response.json<Envelope<T>>();
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export type PostRequest = { url: string; payload?: object; token?: string; remoteAddress?: string };

/** POST `url` with an optional JSON body, bearer token and client address. */
export async function post(app: FastifyInstance, request: PostRequest): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    headers: request.token === undefined ? {} : bearer(request.token),
    ...(request.remoteAddress === undefined ? {} : { remoteAddress: request.remoteAddress }),
  });
}

/** GET /api/login/captcha; answers the anonymous session token of the response header. */
export async function fetchCaptcha(app: FastifyInstance, token?: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/login/captcha',
    headers: token === undefined ? {} : bearer(token),
  });
  expect(response.statusCode).toBe(200);
  const sessionId = response.headers[SESSION_ID_HEADER];
  expect(typeof sessionId).toBe('string');
  return sessionId as string;
}

export type LoginAttempt = { username: string; password?: string; captcha?: string; remoteAddress?: string };

/** A fresh captcha, then POST /api/login with it. */
export async function attemptLogin(
  app: FastifyInstance,
  attempt: LoginAttempt,
): Promise<LightMyRequestResponse> {
  const sessionId = await fetchCaptcha(app);
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: bearer(sessionId),
    payload: {
      username: attempt.username,
      password: attempt.password ?? DEMO_PASSWORD,
      captcha: attempt.captcha ?? TEST_CAPTCHA,
    },
    ...(attempt.remoteAddress === undefined ? {} : { remoteAddress: attempt.remoteAddress }),
  });
}

/** Signs in as a demo user and answers the access token. */
export async function loginAs(app: FastifyInstance, username: string): Promise<string> {
  const response = await attemptLogin(app, { username });
  const body = readJson<LoginResult>(response);
  expect(body.status, body.msg).toBe(0);
  return body.data.access_token;
}
