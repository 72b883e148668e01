// The two checks of the auth module that refuse nothing by themselves: the captcha's check before the sign-in form
// is sent (POST /api/captcha/{id}: right keeps it good for the sign-in, CAPTCHA_MAX_CHECKS wrong ones spend it), and
// the quiet session check (POST /api/validate: valid or not, never 401).
import { MSG, SESSION_ID_HEADER, type LoginResult } from '@cqjy/domain';
import { CAPTCHA_MAX_CHECKS } from '@cqjy/domain/contracts/auth';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  attemptLogin,
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  fetchCaptcha,
  loginAs,
  readJson,
  TEST_CAPTCHA,
  type TestApp,
} from '../../test/harness.ts';

const REFUSED = { status: 1, msg: MSG.captchaWrong, data: null };

describe('POST /api/captcha/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_RATE_MAX: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  function check(answer: string, token?: string): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: `/api/captcha/${encodeURIComponent(answer)}`,
      headers: token === undefined ? {} : bearer(token),
    });
  }

  function login(token: string, username: string): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(token),
      payload: { username, password: DEMO_PASSWORD, captcha: TEST_CAPTCHA },
    });
  }

  it('answers a right answer, in any letter case, with the session in its header, and keeps the captcha for the sign-in', async () => {
    const sessionId = await fetchCaptcha(t.app);
    const right = await check(TEST_CAPTCHA.toUpperCase(), sessionId);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ status: 0, msg: MSG.captchaChecked, data: { valid: true } });
    expect(right.headers[SESSION_ID_HEADER]).toBe(sessionId);
    // checked twice, still good: the sign-in spends it
    expect(readJson(await check(TEST_CAPTCHA, sessionId)).status).toBe(0);
    expect(readJson<LoginResult>(await login(sessionId, 'transferor')).status).toBe(0);
  });

  it('refuses a wrong answer, an expired captcha and a caller without a captcha session', async () => {
    const sessionId = await fetchCaptcha(t.app);
    const wrong = await check('zzzz', sessionId);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual(REFUSED);
    expect(wrong.headers[SESSION_ID_HEADER]).toBe(sessionId);
    // one wrong check does not spend it
    expect(readJson(await check(TEST_CAPTCHA, sessionId)).status).toBe(0);

    t.clock.advance(2 * 60 * 1000 + 1);
    expect((await check(TEST_CAPTCHA, sessionId)).json()).toEqual(REFUSED);

    const none = await check(TEST_CAPTCHA);
    expect(none.json()).toEqual(REFUSED);
    expect(none.headers[SESSION_ID_HEADER]).toBeUndefined();
    expect((await check(TEST_CAPTCHA, 'x'.repeat(43))).json()).toEqual(REFUSED);
  });

  it('answers a malformed answer with its Chinese message', async () => {
    const sessionId = await fetchCaptcha(t.app);
    expect((await check(' ', sessionId)).json()).toEqual({ status: 1, msg: MSG.captchaRequired, data: null });
    expect((await check('k'.repeat(17), sessionId)).json()).toEqual(REFUSED);
  });

  it(`spends the captcha at the ${CAPTCHA_MAX_CHECKS}th wrong check: even the right answer and the sign-in are refused, a new picture is good`, async () => {
    const sessionId = await fetchCaptcha(t.app);
    for (let i = 1; i < CAPTCHA_MAX_CHECKS; i += 1) {
      expect((await check(`w${i}`, sessionId)).json()).toEqual(REFUSED);
    }
    expect(readJson(await check(TEST_CAPTCHA, sessionId)).status).toBe(0);
    expect((await check('last', sessionId)).json()).toEqual(REFUSED);
    expect((await check(TEST_CAPTCHA, sessionId)).json()).toEqual(REFUSED);
    expect((await login(sessionId, 'member')).json()).toEqual(REFUSED);
    const audited = await selectRows<{ result: string; detail: unknown }>(
      t.db,
      sql`select result, detail from audit_log where action = 'captcha.check'`,
    );
    expect(audited).toEqual([
      { result: 'fail', detail: { reason: 'too-many-checks', attempt: CAPTCHA_MAX_CHECKS } },
    ]);

    expect(await fetchCaptcha(t.app, sessionId)).toBe(sessionId);
    expect((await check('zzzz', sessionId)).json()).toEqual(REFUSED);
    expect(readJson(await check(TEST_CAPTCHA, sessionId)).status).toBe(0);
    expect(readJson(await login(sessionId, 'member')).status).toBe(0);
  });

  it("checks the caller's own captcha only: another session's picture does not count", async () => {
    const mine = await fetchCaptcha(t.app);
    const other = await fetchCaptcha(t.app);
    for (let i = 0; i < CAPTCHA_MAX_CHECKS; i += 1) await check('zzzz', other);
    expect(readJson(await check(TEST_CAPTCHA, mine)).status).toBe(0);
    expect((await check(TEST_CAPTCHA, other)).json()).toEqual(REFUSED);
  });
});

describe('POST /api/captcha/{id} rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_RATE_MAX: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 beyond CAPTCHA_RATE_MAX checks a minute of an address', async () => {
    const check = () => t.app.inject({ method: 'POST', url: '/api/captcha/abcd', remoteAddress: '10.0.0.7' });
    expect((await check()).statusCode).toBe(200);
    expect((await check()).statusCode).toBe(200);
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 429, msg: MSG.tooManyRequests, data: null });
  });
});

describe('POST /api/validate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_TTL_S: '60' } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function validate(token?: string): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/api/validate',
      headers: token === undefined ? {} : bearer(token),
    });
  }

  const INVALID = { status: 0, msg: MSG.ok, data: { valid: false, expiresAt: null } };

  it('answers a live sign-in valid, until its start + expires_in', async () => {
    const startedAt = t.clock.now().getTime();
    const login = readJson<LoginResult>(await attemptLogin(t.app, { username: 'transferor' })).data;
    const response = await validate(login.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 0,
      msg: MSG.ok,
      data: {
        valid: true,
        expiresAt: new Date(startedAt + login.expires_in * 1000).toISOString(),
      },
    });
  });

  it('answers valid false, never 401, without a token, for an unknown or anonymous one, once expired or signed out', async () => {
    for (const token of [undefined, 'undefined', 'x'.repeat(43), await fetchCaptcha(t.app)]) {
      const response = await validate(token);
      expect(response.statusCode, String(token)).toBe(200);
      expect(response.json(), String(token)).toEqual(INVALID);
    }
    const expiring = await loginAs(t.app, 'member');
    t.clock.advance(60 * 1000);
    expect((await validate(expiring)).json()).toEqual(INVALID);

    const signedOut = await loginAs(t.app, 'agent');
    expect(readJson(await validate(signedOut)).data).toMatchObject({ valid: true });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(signedOut) });
    expect((await validate(signedOut)).json()).toEqual(INVALID);
  });

  it('answers a disabled account valid false, as the signed-in routes refuse it', async () => {
    const token = await loginAs(t.app, 'land');
    await t.db.execute(sql`update users set disabled = true where username = 'land'`);
    expect((await validate(token)).json()).toEqual(INVALID);
  });

  it('is listed in /api/docs under the auth tag, with the captcha check', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    expect(paths['/api/validate']?.post?.tags).toEqual(['auth']);
    expect(paths['/api/captcha/{id}']?.post?.tags).toEqual(['auth']);
  });
});
