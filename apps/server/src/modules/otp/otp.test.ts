import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  MSG,
  OTP_MAX_TRIES,
  otpResendWait,
  SESSION_ID_HEADER,
  type LoginResult,
  type SessionUser,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  attemptLogin,
  createCapturingSmsProvider,
  createTestApp,
  fetchCaptcha,
  loginAs,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
  post,
} from '../../test/harness.ts';

const SMS_TEXT = /^【产权交易所】您的验证码为(\d{6})，5分钟内有效，请勿泄露。$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const sendLoginCode = (app: FastifyInstance, mobile: string, token?: string) =>
  post(app, { url: `/api/app/login/otp/${mobile}`, ...(token === undefined ? {} : { token }) });

const sendCode = (app: FastifyInstance, purpose: string, payload: object = {}, token?: string) =>
  post(app, { url: `/api/app/send/otp/${purpose}`, payload, ...(token === undefined ? {} : { token }) });

const validateLoginCode = (app: FastifyInstance, mobile: string, otp: string) =>
  post(app, { url: '/api/mobile/validate/otp/login', payload: { mobile, otp } });

const validateCode = (app: FastifyInstance, payload: object, token?: string) =>
  post(app, { url: '/api/app/validate/otp', payload, ...(token === undefined ? {} : { token }) });

const mobileLogin = (app: FastifyInstance, mobile: string, otp: string, token?: string) =>
  post(app, {
    url: '/api/mobile/login',
    payload: { mobile, otp },
    ...(token === undefined ? {} : { token }),
  });

/** A six-digit code that is not `code`. */
const otherThan = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const SENT = { status: 0, msg: MSG.otpSent, data: null };
const OK = { status: 0, msg: MSG.ok, data: null };
const refusedWith = (msg: string) => ({ status: 1, msg, data: null });
const LOGIN_401 = { status: 401, msg: MSG.mobileLoginFailed, data: null };

describe('SMS codes', () => {
  let t: TestApp;
  let phone: CapturingSmsProvider;
  beforeAll(async () => {
    phone = createCapturingSmsProvider();
    // the per-address limits have a test of their own
    t = await createTestApp({ env: { OTP_RATE_MAX: '1000', LOGIN_RATE_MAX: '1000' }, smsProvider: phone });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a six-digit sign-in code to an account mobile only, and answers an unknown mobile the same', async () => {
    const known = await sendLoginCode(t.app, '13800000001');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(SENT);
    expect(known.headers[SESSION_ID_HEADER]).toMatch(TOKEN);
    expect(phone.sent).toHaveLength(1);
    expect(phone.sent[0]).toMatchObject({ mobile: '13800000001', purpose: 'login' });
    const code = SMS_TEXT.exec(phone.sent[0]?.content ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const unknown = await sendLoginCode(t.app, '13912345678');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(SENT);
    expect(unknown.headers[SESSION_ID_HEADER]).toMatch(TOKEN);
    expect(phone.sent).toHaveLength(1);

    // a code is issued for both, and stored only as the hash of its row id and itself
    const rows = await selectRows<{ id: string; mobile: string; code_hash: string }>(
      t.db,
      sql`select id, mobile, code_hash from otp_codes order by created_at, mobile`,
    );
    expect(rows.map((row) => row.mobile)).toEqual(['13800000001', '13912345678']);
    const stored = rows[0];
    expect(stored?.code_hash).toBe(createHash('sha256').update(`${stored?.id}:${code}`).digest('hex'));
    const outbox = await selectRows<{ mobile: string; status: string; content: string; provider: string }>(
      t.db,
      sql`select mobile, status, content, provider from sms_outbox`,
    );
    expect(outbox).toEqual([
      { mobile: '13800000001', status: 'sent', content: phone.sent[0]?.content, provider: 'test' },
    ]);
    const audit = await selectRows<{ action: string; target: string; detail: unknown }>(
      t.db,
      sql`select action, target, detail from audit_log where action = 'sms.send'`,
    );
    expect(audit).toEqual([
      { action: 'sms.send', target: '138****0001', detail: expect.objectContaining({ purpose: 'login' }) },
    ]);
  });

  it('keeps the caller anonymous session, and opens one for a caller without', async () => {
    const sessionId = await fetchCaptcha(t.app);
    const response = await sendLoginCode(t.app, '13800000002', sessionId);
    expect(response.headers[SESSION_ID_HEADER]).toBe(sessionId);
  });

  it('checks a sign-in code without using it up, then signs in with it like POST /api/login', async () => {
    const sent = await sendLoginCode(t.app, '13800000003');
    const anonymous = String(sent.headers[SESSION_ID_HEADER]);
    const code = phone.lastCodeTo('13800000003');
    const wrong = await validateLoginCode(t.app, '13800000003', otherThan(code));
    expect(wrong.json()).toEqual(refusedWith(MSG.otpWrong));
    expect(wrong.headers[SESSION_ID_HEADER]).toMatch(TOKEN);
    expect((await validateLoginCode(t.app, '13800000003', code)).json()).toEqual(OK);
    expect((await validateLoginCode(t.app, '13800000003', code)).json()).toEqual(OK);

    const before = Math.floor(t.clock.now().getTime() / 1000);
    const login = await mobileLogin(t.app, '13800000003', code, anonymous);
    expect(login.statusCode).toBe(200);
    const body = readJson<LoginResult>(login);
    expect(body).toMatchObject({ status: 0, msg: MSG.loginOk });
    expect(body.data).toEqual({
      access_token: expect.stringMatching(TOKEN) as string,
      expires_in: t.config.sessionTtlS,
      created_at: before,
      identityType: 2,
    });
    const info = await post(t.app, { url: '/api/app/userinfo', token: body.data.access_token });
    expect(readJson<SessionUser>(info).data.username).toBe('member');
    // the anonymous session that asked for the code is gone
    expect(await fetchCaptcha(t.app, anonymous)).not.toBe(anonymous);

    const rows = await selectRows<{ result: string; target: string; detail: unknown; user_id: number }>(
      t.db,
      sql`select result, target, detail, user_id from audit_log where action = 'login' order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ result: 'ok', target: '138****0003', detail: { method: 'otp' } });
    expect(rows[0]?.user_id).toBeGreaterThan(0);

    // used once
    expect((await mobileLogin(t.app, '13800000003', code)).json()).toEqual(LOGIN_401);
    expect((await validateLoginCode(t.app, '13800000003', code)).json()).toEqual(refusedWith(MSG.otpInvalid));
  });

  it('answers HTTP 401 with the mobile-login message for a wrong code and for a mobile without a code', async () => {
    await sendLoginCode(t.app, '13800000005');
    const code = phone.lastCodeTo('13800000005');
    const wrong = await mobileLogin(t.app, '13800000005', otherThan(code));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(LOGIN_401);
    const none = await mobileLogin(t.app, '13800000006', '123456');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(LOGIN_401);
    const failures = await selectRows<{ target: string; detail: unknown }>(
      t.db,
      sql`select target, detail from audit_log
          where action = 'login' and result = 'fail' and target in ('138****0005', '138****0006') order by id`,
    );
    expect(failures).toEqual([
      { target: '138****0005', detail: { method: 'otp', reason: 'otp-wrong' } },
      { target: '138****0006', detail: { method: 'otp', reason: 'otp-invalid' } },
    ]);
    // the right code still works after one wrong try
    expect(readJson(await mobileLogin(t.app, '13800000005', code)).status).toBe(0);
  });

  it('refuses a malformed code before looking at it', async () => {
    for (const otp of ['12345', '1234567', 'abcdef']) {
      const response = await mobileLogin(t.app, '13800000005', otp);
      expect(response.json(), otp).toEqual(refusedWith(MSG.otpFormat));
    }
    expect((await mobileLogin(t.app, '13800000005', '')).json()).toEqual(refusedWith(MSG.otpRequired));
  });

  it('lets a password-locked account sign in with a code: the lockout is the password login rule', async () => {
    for (let i = 1; i <= 5; i += 1) await attemptLogin(t.app, { username: 'agent', password: `Wrong@${i}` });
    expect((await attemptLogin(t.app, { username: 'agent' })).json()).toEqual(refusedWith(MSG.accountLocked));
    await sendLoginCode(t.app, '13800000004');
    const login = await mobileLogin(t.app, '13800000004', phone.lastCodeTo('13800000004'));
    expect(readJson<LoginResult>(login).data.identityType).toBe(2);
  });

  it('expires a code after five minutes', async () => {
    await sendLoginCode(t.app, '13800000007');
    const code = phone.lastCodeTo('13800000007');
    t.clock.advance(5 * 60 * 1000 - 1000);
    expect((await validateLoginCode(t.app, '13800000007', code)).json()).toEqual(OK);
    t.clock.advance(1000);
    expect((await validateLoginCode(t.app, '13800000007', code)).json()).toEqual(refusedWith(MSG.otpInvalid));
    expect((await mobileLogin(t.app, '13800000007', code)).json()).toEqual(LOGIN_401);
  });

  it('accepts a code only for its purpose, and only once', async () => {
    expect((await sendCode(t.app, 'retrieve', { mobile: '13900000001' })).json()).toEqual(SENT);
    const code = phone.lastCodeTo('13900000001');
    const asPhone = await validateCode(t.app, { mobile: '13900000001', otp: code, purpose: 'phone' });
    expect(asPhone.json()).toEqual(refusedWith(MSG.otpInvalid));
    expect((await validateLoginCode(t.app, '13900000001', code)).json()).toEqual(refusedWith(MSG.otpInvalid));
    expect((await mobileLogin(t.app, '13900000001', code)).json()).toEqual(LOGIN_401);
    const right = await validateCode(t.app, { mobile: '13900000001', otp: code, purpose: 'retrieve' });
    expect(right.json()).toEqual(OK);
    expect(right.headers[SESSION_ID_HEADER]).toMatch(TOKEN);
    const again = await validateCode(t.app, { mobile: '13900000001', otp: code, purpose: 'retrieve' });
    expect(again.json()).toEqual(refusedWith(MSG.otpInvalid));
  });

  it('kills a code after five wrong tries, even for the right code afterwards', async () => {
    await sendCode(t.app, 'register', { mobile: '13900000002' });
    const code = phone.lastCodeTo('13900000002');
    const wrong = { mobile: '13900000002', otp: otherThan(code), purpose: 'register' };
    for (let i = 1; i < OTP_MAX_TRIES; i += 1) {
      expect((await validateCode(t.app, wrong)).json(), `try ${i}`).toEqual(refusedWith(MSG.otpWrong));
    }
    expect((await validateCode(t.app, wrong)).json()).toEqual(refusedWith(MSG.otpTooManyTries));
    const right = await validateCode(t.app, { ...wrong, otp: code });
    expect(right.json()).toEqual(refusedWith(MSG.otpTooManyTries));
  });

  it('counts wrong sign-in tries too: after five the right code no longer signs in', async () => {
    await sendLoginCode(t.app, '13800000008');
    const code = phone.lastCodeTo('13800000008');
    for (let i = 0; i < OTP_MAX_TRIES; i += 1) {
      expect((await mobileLogin(t.app, '13800000008', otherThan(code))).statusCode).toBe(401);
    }
    expect((await mobileLogin(t.app, '13800000008', code)).json()).toEqual(LOGIN_401);
    const check = await validateLoginCode(t.app, '13800000008', code);
    expect(check.json()).toEqual(refusedWith(MSG.otpTooManyTries));
  });

  it('sends to one mobile at most once per 60 seconds, whatever the purpose', async () => {
    expect((await sendCode(t.app, 'general', { mobile: '13900000003' })).json()).toEqual(SENT);
    const again = await sendCode(t.app, 'sign', { mobile: '13900000003' });
    expect(again.json()).toEqual(refusedWith(otpResendWait(60)));
    t.clock.advance(45_000);
    expect((await sendCode(t.app, 'general', { mobile: '13900000003' })).json()).toEqual(
      refusedWith(otpResendWait(15)),
    );
    t.clock.advance(14_500);
    expect((await sendLoginCode(t.app, '13900000003')).json()).toEqual(refusedWith(otpResendWait(1)));
    t.clock.advance(500);
    expect((await sendCode(t.app, 'sign', { mobile: '13900000003' })).json()).toEqual(SENT);
    expect(phone.sent.filter((m) => m.mobile === '13900000003')).toHaveLength(2);
  });

  it('replaces the open code of the same mobile and purpose, not those of other purposes', async () => {
    const mobile = '13900000004';
    await sendCode(t.app, 'general', { mobile });
    const first = phone.lastCodeTo(mobile);
    t.clock.advance(61_000);
    await sendCode(t.app, 'sign', { mobile });
    const signCode = phone.lastCodeTo(mobile);
    t.clock.advance(61_000);
    await sendCode(t.app, 'general', { mobile });
    const second = phone.lastCodeTo(mobile);
    expect(second).not.toBe(first);
    expect((await validateCode(t.app, { mobile, otp: first, purpose: 'general' })).json()).toEqual(
      refusedWith(MSG.otpWrong),
    );
    expect((await validateCode(t.app, { mobile, otp: signCode, purpose: 'sign' })).json()).toEqual(OK);
    expect((await validateCode(t.app, { mobile, otp: second, purpose: 'general' })).json()).toEqual(OK);
  });

  it('refuses unknown purposes, and sign-in codes through the generic calls', async () => {
    for (const purpose of ['unknown', 'login', 'toString']) {
      const send = await sendCode(t.app, purpose, { mobile: '13900000005' });
      expect(send.json(), purpose).toEqual(refusedWith(MSG.otpPurposeUnknown));
      const check = await validateCode(t.app, { mobile: '13900000005', otp: '123456', purpose });
      expect(check.json(), purpose).toEqual(refusedWith(MSG.otpPurposeUnknown));
    }
    expect(phone.sent.filter((m) => m.mobile === '13900000005')).toHaveLength(0);
  });

  it('checks the mobile with the messages of the spec', async () => {
    expect((await sendCode(t.app, 'general', { mobile: '1390000' })).json()).toEqual(
      refusedWith(MSG.mobileEmptyForCode),
    );
    expect((await sendCode(t.app, 'general', { mobile: '23900000006' })).json()).toEqual(
      refusedWith(MSG.mobileInvalid),
    );
    expect((await sendCode(t.app, 'general')).json()).toEqual(refusedWith(MSG.mobileEmptyForCode));
    expect((await sendLoginCode(t.app, '2390000000x')).json()).toEqual(refusedWith(MSG.mobileInvalid));
    expect((await sendLoginCode(t.app, '139')).json()).toEqual(refusedWith(MSG.mobileEmptyForCode));
    expect((await validateLoginCode(t.app, '', '123456')).json()).toEqual(refusedWith(MSG.mobileRequired));
    expect((await mobileLogin(t.app, '1390000000a', '123456')).json()).toEqual(
      refusedWith(MSG.mobileInvalid),
    );
  });

  it('uses the signed-in caller own mobile when none is given, without an anonymous session', async () => {
    const token = await loginAs(t.app, 'transferor');
    t.clock.advance(61_000);
    const sent = await sendCode(t.app, 'phone', {}, token);
    expect(sent.json()).toEqual(SENT);
    expect(sent.headers[SESSION_ID_HEADER]).toBeUndefined();
    const code = phone.lastCodeTo('13800000001');
    const check = await validateCode(t.app, { otp: code, purpose: 'phone' }, token);
    expect(check.json()).toEqual(OK);
    expect(check.headers[SESSION_ID_HEADER]).toBeUndefined();
    const rows = await selectRows<{ user_id: number | null; operator_id: number | null }>(
      t.db,
      sql`select user_id, operator_id from audit_log where action = 'sms.send' order by id desc limit 1`,
    );
    expect(rows[0]?.user_id).toBeGreaterThan(0);
    expect(rows[0]?.operator_id).toBeGreaterThan(0);
  });
});

describe('SMS codes with OTP_FIXED', () => {
  let t: TestApp;
  let phone: CapturingSmsProvider;
  beforeAll(async () => {
    phone = createCapturingSmsProvider();
    t = await createTestApp({ env: { OTP_FIXED: '246810' }, smsProvider: phone });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the fixed code, which signs in an account and nobody else', async () => {
    await sendLoginCode(t.app, '13800000002');
    expect(phone.lastCodeTo('13800000002')).toBe('246810');
    const login = await mobileLogin(t.app, '13800000002', '246810');
    expect(readJson<LoginResult>(login).data.identityType).toBe(1);

    await sendLoginCode(t.app, '13911112222');
    expect((await validateLoginCode(t.app, '13911112222', '246810')).json()).toEqual(OK);
    const unknown = await mobileLogin(t.app, '13911112222', '246810');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(LOGIN_401);
    const rows = await selectRows<{ detail: unknown }>(
      t.db,
      sql`select detail from audit_log where action = 'login' and result = 'fail'`,
    );
    expect(rows).toEqual([{ detail: { method: 'otp', reason: 'no-account' } }]);
  });
});

describe('SMS code rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { OTP_RATE_MAX: '3', LOGIN_RATE_MAX: '2' },
      smsProvider: createCapturingSmsProvider(),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 once an address has sent OTP_RATE_MAX codes in a minute, over both sending calls', async () => {
    const from = (remoteAddress: string, url: string, payload?: object) =>
      post(t.app, { url, remoteAddress, ...(payload === undefined ? {} : { payload }) });
    expect((await from('10.0.0.1', '/api/app/login/otp/13800000001')).json()).toEqual(SENT);
    expect((await from('10.0.0.1', '/api/app/send/otp/general', { mobile: '13900000011' })).json()).toEqual(
      SENT,
    );
    expect((await from('10.0.0.1', '/api/app/login/otp/13900000012')).json()).toEqual(SENT);
    const limited = await from('10.0.0.1', '/api/app/send/otp/general', { mobile: '13900000013' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 429, msg: MSG.tooManyRequests, data: null });
    const limitedLogin = await from('10.0.0.1', '/api/app/login/otp/13900000014');
    expect(limitedLogin.statusCode).toBe(429);
    expect((await from('10.0.0.2', '/api/app/login/otp/13900000015')).json()).toEqual(SENT);
  });

  it('limits the code checks of an address too', async () => {
    const payload = { mobile: '13800000001', otp: '000000' };
    for (let i = 0; i < 2; i += 1) {
      const response = await post(t.app, { url: '/api/mobile/login', payload, remoteAddress: '10.0.0.3' });
      expect(response.statusCode).toBe(401);
    }
    const limited = await post(t.app, { url: '/api/mobile/login', payload, remoteAddress: '10.0.0.3' });
    expect(limited.statusCode).toBe(429);
  });
});

describe('SMS codes and the log', () => {
  it('never writes a code, an SMS text or a full mobile number to the log', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    // the default provider: the one that writes to the log
    const t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream });
    const codes: string[] = [];
    try {
      await sendLoginCode(t.app, '13800000001');
      await sendCode(t.app, 'register', { mobile: '13900000009' });
      const outbox = await selectRows<{ content: string; status: string; provider: string }>(
        t.db,
        sql`select content, status, provider from sms_outbox order by id`,
      );
      expect(outbox.map((row) => [row.status, row.provider])).toEqual([
        ['sent', 'log'],
        ['sent', 'log'],
      ]);
      for (const row of outbox) codes.push(SMS_TEXT.exec(row.content)?.[1] ?? 'missing');
      const [loginCode = '', registerCode = ''] = codes;
      await validateLoginCode(t.app, '13800000001', loginCode);
      expect(readJson(await mobileLogin(t.app, '13800000001', loginCode)).status).toBe(0);
      await validateCode(t.app, { mobile: '13900000009', otp: registerCode, purpose: 'register' });
    } finally {
      await t.close();
    }
    const text = chunks.join('');
    expect(text).toContain('138****0001');
    expect(text).toContain('139****0009');
    expect(text).toContain('/api/app/login/otp/138****0001');
    expect(text).not.toContain('13800000001');
    expect(text).not.toContain('13900000009');
    expect(text).not.toContain('验证码为');
    for (const code of codes) {
      expect(code).toMatch(/^\d{6}$/);
      expect(text).not.toMatch(new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`));
    }
  });
});
