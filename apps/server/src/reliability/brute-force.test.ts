// Reliability row 4, password brute force: captcha, lockout after 5 for 30 minutes, the same answer for an
// unknown user. Every check runs on two server nodes sharing one database, as the portal is deployed: an
// attacker spreading attempts over the nodes behind the load balancer gets no more tries than on one.
import { MSG, type LoginResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { createRateLimitsService } from '../modules/rate-limits/service.ts';
import {
  attemptLogin,
  bearer,
  createSecondNode,
  createTestApp,
  DEMO_PASSWORD,
  fetchCaptcha,
  readJson,
  TEST_CAPTCHA,
  type TestApp,
} from '../test/harness.ts';

const MINUTE_MS = 60_000;
const LOGIN_FAILED = { status: 401, msg: MSG.loginFailed, data: null };
const LOCKED = { status: 1, msg: MSG.accountLocked, data: null };
const CAPTCHA_WRONG = { status: 1, msg: MSG.captchaWrong, data: null };
const TOO_MANY = { status: 429, msg: MSG.tooManyRequests, data: null };

/** Two nodes on one database; `on(i)` alternates between them. */
type Nodes = { t: TestApp; second: FastifyInstance; on(i: number): FastifyInstance };

async function openNodes(env: Record<string, string>): Promise<Nodes> {
  const t = await createTestApp({ env });
  const nodes: Nodes = {
    t,
    second: await createSecondNode(t),
    on: (i) => (i % 2 === 0 ? nodes.t.app : nodes.second),
  };
  return nodes;
}

async function closeNodes(nodes: Nodes | undefined): Promise<void> {
  await nodes?.second.close();
  await nodes?.t.close();
}

function expectAnswer(response: LightMyRequestResponse, httpStatus: number, body: object): void {
  expect(response.statusCode).toBe(httpStatus);
  expect(response.json()).toEqual(body);
}

describe('password brute force: captcha, lockout after 5 for 30 minutes, the same answer for an unknown user', () => {
  let nodes: Nodes;
  beforeAll(async () => {
    // the per-address limits have tests of their own below
    nodes = await openNodes({ LOGIN_RATE_MAX: '1000', CAPTCHA_RATE_MAX: '1000' });
  });
  afterAll(async () => {
    await closeNodes(nodes);
  });

  it('refuses a wrong captcha before looking at the password, and does not count the attempt', async () => {
    for (const username of ['transferor', 'ghost-transferor']) {
      for (let i = 0; i < 7; i += 1) {
        const response = await attemptLogin(nodes.on(i), {
          username,
          password: `Wrong@${i}`,
          captcha: 'zzzz',
        });
        expectAnswer(response, 200, CAPTCHA_WRONG);
      }
      // the right password behind a wrong captcha does not sign in either
      const right = await attemptLogin(nodes.on(1), { username, captcha: 'zzzz' });
      expectAnswer(right, 200, CAPTCHA_WRONG);
    }
    const [counters] = await selectRows<{ failed_logins: number; locked_until: Date | null }>(
      nodes.t.db,
      sql`select failed_logins, locked_until from users where username = 'transferor'`,
    );
    expect(counters).toEqual({ failed_logins: 0, locked_until: null });
    // none of the sixteen counted: the real account signs in, the unknown name is at its first failure
    expect(readJson<LoginResult>(await attemptLogin(nodes.on(0), { username: 'transferor' })).status).toBe(0);
    const unknown = await attemptLogin(nodes.on(1), { username: 'ghost-transferor', password: 'Wrong@x' });
    expectAnswer(unknown, 401, LOGIN_FAILED);
  });

  it('locks after 5 wrong passwords counted over both nodes, refuses even the right one, and unlocks after 30 minutes', async () => {
    for (let i = 0; i < 4; i += 1) {
      const response = await attemptLogin(nodes.on(i), { username: 'member', password: `Wrong@${i}` });
      expectAnswer(response, 401, LOGIN_FAILED);
    }
    const fifth = await attemptLogin(nodes.on(4), { username: 'member', password: 'Wrong@4' });
    expectAnswer(fifth, 200, LOCKED);
    expectAnswer(await attemptLogin(nodes.on(5), { username: 'member' }), 200, LOCKED);
    nodes.t.clock.advance(30 * MINUTE_MS - 1000);
    expectAnswer(await attemptLogin(nodes.on(0), { username: 'member' }), 200, LOCKED);
    nodes.t.clock.advance(1000);
    const unlocked = await attemptLogin(nodes.on(1), { username: 'member' });
    expect(readJson<LoginResult>(unlocked).status).toBe(0);
  });

  it('answers an unknown username byte for byte as a real one at every step, and locks it as long', async () => {
    const real = 'agent';
    const unknown = 'ghost-agent';
    const wrongPasswords = ['Wrong@1', 'Wrong@2', 'Wrong@3', 'Wrong@4', 'Wrong@5'];
    const steps = [...wrongPasswords, DEMO_PASSWORD, 'Wrong@6'];
    for (const [i, password] of steps.entries()) {
      // each name on another node than the other at every step
      const a = await attemptLogin(nodes.on(i), { username: real, password });
      const b = await attemptLogin(nodes.on(i + 1), { username: unknown, password });
      expect(b.statusCode, `step ${i + 1}`).toBe(a.statusCode);
      expect(b.body, `step ${i + 1}`).toBe(a.body);
      expect(a.json(), `step ${i + 1}`).toEqual(i < 4 ? LOGIN_FAILED : LOCKED);
    }

    nodes.t.clock.advance(30 * MINUTE_MS - 1000);
    const stillReal = await attemptLogin(nodes.on(0), { username: real, password: 'Wrong@7' });
    const stillUnknown = await attemptLogin(nodes.on(1), { username: unknown, password: 'Wrong@7' });
    expectAnswer(stillReal, 200, LOCKED);
    expect(stillUnknown.body).toBe(stillReal.body);

    // the lock has passed for both: counting starts again, with the same answers
    nodes.t.clock.advance(1000);
    const againReal = await attemptLogin(nodes.on(1), { username: real, password: 'Wrong@8' });
    const againUnknown = await attemptLogin(nodes.on(0), { username: unknown, password: 'Wrong@8' });
    expectAnswer(againReal, 401, LOGIN_FAILED);
    expect(againUnknown.statusCode).toBe(401);
    expect(againUnknown.body).toBe(againReal.body);
    expect(readJson<LoginResult>(await attemptLogin(nodes.on(0), { username: real })).status).toBe(0);
  });

  it('locks an unknown name for every later attempt whatever the password, on both nodes', async () => {
    const name = 'ghost-with-any-password';
    for (let i = 0; i < 4; i += 1) {
      expectAnswer(
        await attemptLogin(nodes.on(i), { username: name, password: `Wrong@${i}` }),
        401,
        LOGIN_FAILED,
      );
    }
    expectAnswer(await attemptLogin(nodes.on(4), { username: name, password: 'Wrong@4' }), 200, LOCKED);
    for (let i = 0; i < 4; i += 1) {
      expectAnswer(await attemptLogin(nodes.on(i), { username: name, password: DEMO_PASSWORD }), 200, LOCKED);
    }
  });
});

describe('login rate limit shared by the nodes', () => {
  const LOGIN_RATE_MAX = 4;
  const CAPTCHA_RATE_MAX = 30;
  let nodes: Nodes;
  beforeAll(async () => {
    nodes = await openNodes({
      LOGIN_RATE_MAX: String(LOGIN_RATE_MAX),
      CAPTCHA_RATE_MAX: String(CAPTCHA_RATE_MAX),
    });
  });
  afterAll(async () => {
    await closeNodes(nodes);
  });

  it('counts LOGIN_RATE_MAX attempts of an address in all, not per node, for one minute of the app clock', async () => {
    const from = '10.9.0.1';
    // a new name each time, so that no lockout answers in place of the limit
    for (let i = 0; i < LOGIN_RATE_MAX; i += 1) {
      const response = await attemptLogin(nodes.on(i), { username: `nobody-${i}`, remoteAddress: from });
      expectAnswer(response, 401, LOGIN_FAILED);
    }
    for (let i = LOGIN_RATE_MAX; i < LOGIN_RATE_MAX + 2; i += 1) {
      const response = await attemptLogin(nodes.on(i), { username: `nobody-${i}`, remoteAddress: from });
      expectAnswer(response, 429, TOO_MANY);
    }
    // another address is not limited, and the captcha limit of this address is a bucket of its own
    const other = await attemptLogin(nodes.on(1), { username: 'nobody-x', remoteAddress: '10.9.0.2' });
    expectAnswer(other, 401, LOGIN_FAILED);
    const captcha = await nodes
      .on(0)
      .inject({ method: 'GET', url: '/api/login/captcha', remoteAddress: from });
    expect(captcha.statusCode).toBe(200);
    const keys = await selectRows<{ key: string; count: number }>(
      nodes.t.db,
      sql`select key, count from rate_limits where key like ${`%:${from}`} order by key`,
    );
    expect(keys).toEqual([
      { key: `GET /api/login/captcha:${from}`, count: 1 },
      { key: `POST /api/login:${from}`, count: LOGIN_RATE_MAX + 2 },
    ]);

    nodes.t.clock.advance(MINUTE_MS);
    const later = await attemptLogin(nodes.on(1), { username: 'nobody-later', remoteAddress: from });
    expectAnswer(later, 401, LOGIN_FAILED);
  });

  it('lets exactly LOGIN_RATE_MAX of a burst through when both nodes are hit at once', async () => {
    const from = '10.9.0.3';
    const burst = 10;
    const tokens: string[] = [];
    for (let i = 0; i < burst; i += 1) tokens.push(await fetchCaptcha(nodes.on(i)));
    const responses = await Promise.all(
      tokens.map((token, i) =>
        // a captcha fetched from one node is good on the other: the anonymous session is in the database
        nodes.on(i + 1).inject({
          method: 'POST',
          url: '/api/login',
          headers: bearer(token),
          payload: { username: `burst-${i}`, password: 'Wrong@1', captcha: TEST_CAPTCHA },
          remoteAddress: from,
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401)).toHaveLength(LOGIN_RATE_MAX);
    expect(codes.filter((code) => code === 429)).toHaveLength(burst - LOGIN_RATE_MAX);
  });

  it('counts CAPTCHA_RATE_MAX captcha images of an address in all, not per node', async () => {
    const from = '10.9.0.4';
    const fetchFrom = (i: number) =>
      nodes.on(i).inject({ method: 'GET', url: '/api/login/captcha', remoteAddress: from });
    for (let i = 0; i < CAPTCHA_RATE_MAX; i += 1)
      expect((await fetchFrom(i)).statusCode, `image ${i + 1}`).toBe(200);
    for (let i = 0; i < 2; i += 1) expectAnswer(await fetchFrom(i), 429, TOO_MANY);
  });
});

describe('lockout counters shared by the nodes when one is restarted', () => {
  let nodes: Nodes;
  beforeAll(async () => {
    nodes = await openNodes({ LOGIN_RATE_MAX: '1000' });
  });
  afterAll(async () => {
    await closeNodes(nodes);
  });

  it('keeps the count of a real and of an unknown name when the second node is replaced midway', async () => {
    for (const username of ['transferor2', 'ghost-transferor2']) {
      for (let i = 0; i < 3; i += 1) {
        expectAnswer(await attemptLogin(nodes.on(i), { username, password: 'Wrong@1' }), 401, LOGIN_FAILED);
      }
    }
    await nodes.second.close();
    nodes.second = await createSecondNode(nodes.t);
    for (const username of ['transferor2', 'ghost-transferor2']) {
      expectAnswer(await attemptLogin(nodes.second, { username, password: 'Wrong@1' }), 401, LOGIN_FAILED);
      expectAnswer(await attemptLogin(nodes.second, { username, password: 'Wrong@1' }), 200, LOCKED);
      expectAnswer(await attemptLogin(nodes.t.app, { username }), 200, LOCKED);
    }
  });
});

describe('purging the shared counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ isSeeded: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes the windows that have ended, and keeps the live limits and locks', async () => {
    const limits = createRateLimitsService({ db: t.db, clock: t.clock });
    const rule = { maxFailures: 2, lockMs: 30 * MINUTE_MS, forgetMs: 24 * 60 * MINUTE_MS };
    expect(await limits.counter.hit('test:limit', MINUTE_MS)).toEqual({ count: 1, ttlMs: MINUTE_MS });
    expect(await limits.recordFailure('test:locked', rule)).toEqual({ isNowLocked: false });
    expect(await limits.recordFailure('test:locked', rule)).toEqual({ isNowLocked: true });
    expect(await limits.recordFailure('test:failed-once', rule)).toEqual({ isNowLocked: false });

    t.clock.advance(MINUTE_MS);
    expect(await limits.counter.read('test:limit')).toEqual({ count: 0, ttlMs: 0 });
    expect(await limits.purgeExpired()).toBe(1);
    expect(await limits.isLocked('test:locked', rule)).toBe(true);
    t.clock.advance(29 * MINUTE_MS);
    expect(await limits.isLocked('test:locked', rule)).toBe(false);
    expect(await limits.purgeExpired()).toBe(1);
    // a failure short of the lock still counts half an hour later (it is kept a day)
    expect(await limits.recordFailure('test:failed-once', rule)).toEqual({ isNowLocked: true });
    t.clock.advance(24 * 60 * MINUTE_MS);
    expect(await limits.purgeExpired()).toBe(1);
    const left = await selectRows<{ key: string }>(t.db, sql`select key from rate_limits`);
    expect(left).toEqual([]);
  });
});
