import { MSG, SESSION_ID_HEADER, type LoginResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { hashToken } from '../../platform/auth.ts';
import { ENDED_SESSION_RETENTION_S } from './service.ts';
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

describe('captcha and login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an SVG image, not cached, with a new anonymous session in the session-id header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/login/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(response.headers[SESSION_ID_HEADER]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the caller anonymous session when it sends one', async () => {
    const first = await fetchCaptcha(t.app);
    const second = await fetchCaptcha(t.app, first);
    expect(second).toBe(first);
    const unknown = await fetchCaptcha(t.app, 'not-a-session');
    expect(unknown).not.toBe('not-a-session');
  });

  it('signs in and answers token, lifetime, creation time in UNIX seconds and identity', async () => {
    const before = Math.floor(t.clock.now().getTime() / 1000);
    const response = await attemptLogin(t.app, { username: 'transferor' });
    expect(response.statusCode).toBe(200);
    const body = readJson<LoginResult>(response);
    expect(body.status).toBe(0);
    expect(body.msg).toBe(MSG.loginOk);
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.expires_in).toBe(7200);
    expect(body.data.created_at).toBe(before);
    expect(body.data.identityType).toBe(1);
  });

  it('accepts the captcha in any letter case', async () => {
    const response = await attemptLogin(t.app, { username: 'member', captcha: TEST_CAPTCHA.toUpperCase() });
    expect(readJson(response).status).toBe(0);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await attemptLogin(t.app, { username: 'assessment', password: 'Wrong@2026' });
    const unknown = await attemptLogin(t.app, { username: 'nobody-here', password: 'Wrong@2026' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 401, msg: MSG.loginFailed, data: null });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a wrong captcha, and a login without a captcha session', async () => {
    const wrong = await attemptLogin(t.app, { username: 'transferor', captcha: 'zzzz' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ status: 1, msg: MSG.captchaWrong, data: null });
    const noSession = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'transferor', password: DEMO_PASSWORD, captcha: TEST_CAPTCHA },
    });
    expect(noSession.json()).toEqual({ status: 1, msg: MSG.captchaWrong, data: null });
  });

  it('uses a captcha once, whatever the outcome of the attempt', async () => {
    const sessionId = await fetchCaptcha(t.app);
    const payload = { username: 'transferor', password: 'Wrong@2026', captcha: TEST_CAPTCHA };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(sessionId),
      payload,
    });
    expect(first.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(sessionId),
      payload: { ...payload, password: DEMO_PASSWORD },
    });
    expect(again.json()).toEqual({ status: 1, msg: MSG.captchaWrong, data: null });
  });

  it('refuses a captcha older than two minutes, and accepts a new one on the same session', async () => {
    const sessionId = await fetchCaptcha(t.app);
    t.clock.advance(2 * 60 * 1000 + 1);
    const payload = { username: 'land', password: DEMO_PASSWORD, captcha: TEST_CAPTCHA };
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(sessionId),
      payload,
    });
    expect(late.json()).toEqual({ status: 1, msg: MSG.captchaWrong, data: null });
    expect(await fetchCaptcha(t.app, sessionId)).toBe(sessionId);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(sessionId),
      payload,
    });
    expect(readJson(fresh).status).toBe(0);
  });

  it('answers the missing-field message when a field is empty', async () => {
    const sessionId = await fetchCaptcha(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(sessionId),
      payload: { username: '', password: DEMO_PASSWORD, captcha: TEST_CAPTCHA },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, msg: MSG.usernameRequired, data: null });
  });

  it('does not accept the anonymous captcha session on signed-in routes', async () => {
    const sessionId = await fetchCaptcha(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/userinfo',
      headers: bearer(sessionId),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, msg: MSG.unauthorized, data: null });
  });

  it('revokes the anonymous session once signed in', async () => {
    const sessionId = await fetchCaptcha(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(sessionId),
      payload: { username: 'disassembly', password: DEMO_PASSWORD, captcha: TEST_CAPTCHA },
    });
    expect(readJson(response).status).toBe(0);
    // the old anonymous session is gone: asking for a captcha with it opens a new session
    expect(await fetchCaptcha(t.app, sessionId)).not.toBe(sessionId);
  });
});

describe('lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('locks the account after 5 consecutive failures, without checking the password, until the lock time passes', async () => {
    for (let i = 1; i <= 4; i += 1) {
      const response = await attemptLogin(t.app, { username: 'member', password: `Wrong@${i}` });
      expect(response.statusCode).toBe(401);
    }
    const fifth = await attemptLogin(t.app, { username: 'member', password: 'Wrong@5' });
    expect(fifth.json()).toEqual({ status: 1, msg: MSG.accountLocked, data: null });
    // even the right password is refused while locked
    const locked = await attemptLogin(t.app, { username: 'member' });
    expect(locked.json()).toEqual({ status: 1, msg: MSG.accountLocked, data: null });
    t.clock.advance(29 * 60 * 1000);
    expect((await attemptLogin(t.app, { username: 'member' })).json()).toMatchObject({
      msg: MSG.accountLocked,
    });
    t.clock.advance(60 * 1000 + 1);
    const unlocked = await attemptLogin(t.app, { username: 'member' });
    expect(readJson(unlocked).status).toBe(0);
  });

  it('counts consecutive failures only: a success starts the count again', async () => {
    for (let i = 1; i <= 4; i += 1) {
      expect((await attemptLogin(t.app, { username: 'agent', password: 'Wrong@x' })).statusCode).toBe(401);
    }
    expect(readJson(await attemptLogin(t.app, { username: 'agent' })).status).toBe(0);
    for (let i = 1; i <= 4; i += 1) {
      expect((await attemptLogin(t.app, { username: 'agent', password: 'Wrong@x' })).statusCode).toBe(401);
    }
    expect(readJson(await attemptLogin(t.app, { username: 'agent' })).status).toBe(0);
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SESSION_TTL_S: '60' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('logout revokes the token: userinfo then answers 401', async () => {
    const token = await loginAs(t.app, 'transferor');
    const before = await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) });
    expect(readJson(before).status).toBe(0);
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.json()).toEqual({ status: 0, msg: MSG.logoutOk, data: null });
    const after = await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ status: 401, msg: MSG.unauthorized, data: null });
    const twice = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(twice.statusCode).toBe(401);
  });

  it('a token stops working once created_at + expires_in has passed', async () => {
    const response = await attemptLogin(t.app, { username: 'transferor2' });
    const body = readJson<LoginResult>(response);
    expect(body.data.expires_in).toBe(60);
    const headers = bearer(body.data.access_token);
    t.clock.advance(59 * 1000);
    expect((await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers })).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ status: 401, msg: MSG.unauthorized, data: null });
  });

  it('answers 401 without a token, with an unknown token and with the client\'s "undefined" token', async () => {
    for (const headers of [{}, bearer('x'.repeat(43)), bearer('undefined'), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 401, msg: MSG.unauthorized, data: null });
    }
  });
});

describe('rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_RATE_MAX: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with the envelope once an address exceeds the login limit, other addresses unaffected', async () => {
    for (let i = 0; i < 3; i += 1) {
      const response = await attemptLogin(t.app, { username: 'nobody', remoteAddress: '10.0.0.1' });
      expect(response.statusCode).toBe(401);
    }
    const limited = await attemptLogin(t.app, { username: 'nobody', remoteAddress: '10.0.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 429, msg: MSG.tooManyRequests, data: null });
    const other = await attemptLogin(t.app, { username: 'nobody', remoteAddress: '10.0.0.2' });
    expect(other.statusCode).toBe(401);
  });
});

describe('purge of ended sessions and spent captchas', () => {
  const MINUTE = 60 * 1000;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** What is left of a token's session: whether its row and its captcha row are still there. */
  async function leftOf(token: string): Promise<{ session: boolean; captcha: boolean }> {
    const rows = await selectRows<{ session: number; captcha: number }>(
      t.db,
      sql`select count(s.id)::int as session, count(c.session_id)::int as captcha
          from sessions s left join captcha_challenges c on c.session_id = s.id
          where s.token_hash = ${hashToken(token)}`,
    );
    return { session: rows[0]?.session === 1, captcha: rows[0]?.captcha === 1 };
  }

  async function login(anonymous: string, username: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(anonymous),
      payload: { username, password: DEMO_PASSWORD, captcha: TEST_CAPTCHA },
    });
    const body = readJson<LoginResult>(response);
    expect(body.status, body.msg).toBe(0);
    return body.data.access_token;
  }

  it('removes expired and revoked anonymous sessions and spent captchas, and keeps live ones', async () => {
    const expiring = await fetchCaptcha(t.app);
    const signingIn = await fetchCaptcha(t.app);
    const signedIn = await login(signingIn, 'transferor');
    // past the 30 minutes of an anonymous session
    t.clock.advance(31 * MINUTE);
    const live = await fetchCaptcha(t.app);
    const liveCaptchaSpent = await fetchCaptcha(t.app);
    // past the two minutes of a captcha, well inside the 30 minutes of its session
    t.clock.advance(3 * MINUTE);
    const liveCaptchaFresh = await fetchCaptcha(t.app, live);
    expect(liveCaptchaFresh).toBe(live);
    expect(await leftOf(expiring)).toEqual({ session: true, captcha: true });
    expect(await leftOf(signingIn)).toEqual({ session: true, captcha: true });

    const report = await t.app.housekeeping.runOnce();

    expect(report).toMatchObject({ anonymousSessions: 2, signedInSessions: 0, captchas: 1 });
    expect(await leftOf(expiring)).toEqual({ session: false, captcha: false });
    expect(await leftOf(signingIn)).toEqual({ session: false, captcha: false });
    expect(await leftOf(liveCaptchaSpent)).toEqual({ session: true, captcha: false });
    expect(await leftOf(live)).toEqual({ session: true, captcha: true });
    expect(await leftOf(signedIn)).toEqual({ session: true, captcha: false });
    // what was kept still works: the signed-in token, and the live captcha signs in
    const userinfo = await t.app.inject({
      method: 'POST',
      url: '/api/app/userinfo',
      headers: bearer(signedIn),
    });
    expect(readJson(userinfo).status).toBe(0);
    await login(live, 'member');
    // a second run finds only the anonymous session just left for a signed-in one, its used captcha with it
    expect(await t.app.housekeeping.runOnce()).toMatchObject({
      anonymousSessions: 1,
      signedInSessions: 0,
      captchas: 0,
    });
    expect(await leftOf(live)).toEqual({ session: false, captcha: false });
  });

  it('keeps ended signed-in sessions for the retention period, then removes them', async () => {
    const expired = await login(await fetchCaptcha(t.app), 'land');
    const loggedOut = await login(await fetchCaptcha(t.app), 'assessment');
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(loggedOut) });
    // the default session lifetime is two hours; a day later both have ended
    t.clock.advance(24 * 60 * MINUTE);
    expect(await t.app.housekeeping.runOnce()).toMatchObject({ signedInSessions: 0 });
    expect((await leftOf(expired)).session).toBe(true);
    expect((await leftOf(loggedOut)).session).toBe(true);
    t.clock.advance(ENDED_SESSION_RETENTION_S * 1000);
    const report = await t.app.housekeeping.runOnce();
    expect(report?.signedInSessions).toBeGreaterThanOrEqual(2);
    expect((await leftOf(expired)).session).toBe(false);
    expect((await leftOf(loggedOut)).session).toBe(false);
  });
});
