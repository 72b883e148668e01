import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  formatMessage,
  MSG,
  SESSION_ID_HEADER,
  type LoginResult,
  type SessionUser,
  type UploadResult,
} from '@cqjy/domain';
import type { PhoneInfo, SecondaryRoleChoices } from '@cqjy/domain/profile';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { verifyAuditChain } from '../audit/service.ts';
import { buildMultipart, generateBytes, makePdf, makePng, type FormFile } from '../../test/files.ts';
import {
  attemptLogin,
  bearer,
  createCapturingSmsProvider,
  createTestApp,
  DEMO_PASSWORD,
  fetchCaptcha,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';

const MB = 1024 * 1024;
const NEW_PASSWORD = 'Lantern#Cove42';
const OTHER_PASSWORD = 'Harbour$Lamp77';

const refusedWith = (msg: string) => ({ status: 1, msg, data: null });
const NOT_FOUND = { status: 404, msg: MSG.notFound, data: null };

/** A six-digit code that is not `code`. */
const otherThan = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let t: TestApp;
let phone: CapturingSmsProvider;
/** the passwords tests have set; every other demo account keeps DEMO_PASSWORD */
const passwords: Record<string, string> = {};

/** Signs in with the account's current password and answers the access token. */
async function signIn(username: string): Promise<string> {
  const body = readJson<LoginResult>(
    await attemptLogin(t.app, { username, password: passwords[username] ?? DEMO_PASSWORD }),
  );
  expect(body.status, body.msg).toBe(0);
  return body.data.access_token;
}
let storageDir: string;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  storageDir = await mkdtemp(join(tmpdir(), 'cqjy-profile-'));
  t = await createTestApp({
    env: { STORAGE_DIR: storageDir, LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' },
    smsProvider: phone,
  });
});

afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

function post(url: string, payload?: object, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: token === undefined ? {} : bearer(token),
  });
}

function get(url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: token === undefined ? {} : bearer(token) });
}

/** Sends a code and moves the clock past the 60 s wait, so the next send to the same mobile is not refused. */
async function sendCode(purpose: string, mobile: string | undefined, token?: string): Promise<string> {
  const response = await post(`/api/app/send/otp/${purpose}`, mobile === undefined ? {} : { mobile }, token);
  expect(response.json(), `send ${purpose}`).toMatchObject({ status: 0, msg: MSG.otpSent });
  t.clock.advance(61_000);
  return String(response.headers[SESSION_ID_HEADER] ?? token ?? '');
}

async function userRow(username: string) {
  const rows = await selectRows<{
    id: number;
    mobile: string | null;
    pending_phone: string | null;
    nickname: string | null;
    avatar_uuid: string | null;
    password_hash: string;
  }>(
    t.db,
    sql`select id, mobile, pending_phone, nickname, avatar_uuid, password_hash from users where username = ${username}`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no user ${username}`);
  return row;
}

async function operatorId(username: string, companyName?: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    t.db,
    sql`select o.id from operators o join users u on u.id = o.user_id join companies c on c.id = o.company_id
        where u.username = ${username} and (${companyName ?? null}::text is null or c.name = ${companyName ?? null})
        order by o.is_default desc, o.id limit 1`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no operator of ${username}`);
  return id;
}

async function isSignedIn(token: string): Promise<boolean> {
  return (await post('/api/app/userinfo', undefined, token)).statusCode === 200;
}

async function countAudit(action: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where action = ${action}`,
  );
  return rows[0]?.n ?? 0;
}

async function countTickets(): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from password_reset_tickets`,
  );
  return rows[0]?.n ?? 0;
}

/** Step 1 of forgot password for `username` through a fresh anonymous session; answers the ticket and session. */
async function proveMobile(username: string, mobile: string): Promise<{ ticket: string; session: string }> {
  const session = await sendCode('retrieve', mobile);
  const response = await post(
    '/api/app/user/validate/mobile',
    { username, mobile, otp: phone.lastCodeTo(mobile) },
    session,
  );
  const body = readJson<{ ticket: string }>(response);
  expect(body.status, body.msg).toBe(0);
  expect(response.headers[SESSION_ID_HEADER]).toBe(session);
  return { ticket: body.data.ticket, session };
}

describe('forgot password', () => {
  it('SH-7.4 proves the mobile, sets a new password once, and signs the account out everywhere', async () => {
    const before = await userRow('transferor2');
    const signedIn = await signIn('transferor2');
    const { ticket, session } = await proveMobile('transferor2', '13800000002');
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // only the hash is kept
    const stored = await selectRows<{
      ticket_hash: string;
      user_id: number;
      expires_at: Date;
      created_at: Date;
    }>(
      t.db,
      sql`select ticket_hash, user_id, expires_at, created_at from password_reset_tickets order by id desc limit 1`,
    );
    expect(stored[0]?.ticket_hash).toBe(createHash('sha256').update(ticket).digest('hex'));
    expect(stored[0]?.user_id).toBe(before.id);
    expect(
      new Date(stored[0]?.expires_at ?? 0).getTime() - new Date(stored[0]?.created_at ?? 0).getTime(),
    ).toBe(10 * 60 * 1000);

    const reset = await post(
      '/api/app/user/reinit/password',
      { ticket, password: NEW_PASSWORD, password2: NEW_PASSWORD },
      session,
    );
    expect(reset.json()).toEqual({ status: 0, msg: MSG.passwordResetOk, data: null });
    expect(await isSignedIn(signedIn)).toBe(false);
    expect((await attemptLogin(t.app, { username: 'transferor2' })).json()).toMatchObject({
      status: 401,
      msg: MSG.loginFailed,
    });
    passwords.transferor2 = NEW_PASSWORD;
    await signIn('transferor2');

    // single use
    const again = await post(
      '/api/app/user/reinit/password',
      { ticket, password: OTHER_PASSWORD, password2: OTHER_PASSWORD },
      session,
    );
    expect(again.json()).toEqual(refusedWith(MSG.retrieveTicketInvalid));
    expect(
      readJson(await attemptLogin(t.app, { username: 'transferor2', password: NEW_PASSWORD })).status,
    ).toBe(0);
    expect(await countAudit('password.reset')).toBe(1);
    expect(await verifyAuditChain(t.db)).toMatchObject({ isValid: true });
  });

  it('answers the same refusal for an unknown username and for another mobile, and uses the code up', async () => {
    const tickets = await countTickets();
    for (const [username, mobile] of [
      ['nobody-here', '13800000003'],
      ['transferor', '13800000003'],
    ] as const) {
      const session = await sendCode('retrieve', mobile);
      const code = phone.lastCodeTo(mobile);
      const response = await post('/api/app/user/validate/mobile', { username, mobile, otp: code }, session);
      expect(response.json(), username).toEqual(refusedWith(MSG.usernameMobileMismatch));
      const reuse = await post(
        '/api/app/user/validate/mobile',
        { username: 'member', mobile, otp: code },
        session,
      );
      expect(reuse.json()).toEqual(refusedWith(MSG.otpInvalid));
    }
    expect(await countTickets()).toBe(tickets);
  });

  it('refuses a wrong or malformed code and missing fields with their messages', async () => {
    const session = await sendCode('retrieve', '13800000003');
    const code = phone.lastCodeTo('13800000003');
    const payload = { username: 'member', mobile: '13800000003' };
    const wrong = await post('/api/app/user/validate/mobile', { ...payload, otp: otherThan(code) }, session);
    expect(wrong.json()).toEqual(refusedWith(MSG.otpWrong));
    expect(
      (await post('/api/app/user/validate/mobile', { ...payload, otp: '12ab' }, session)).json(),
    ).toEqual(refusedWith(MSG.otpFormat));
    expect(
      (await post('/api/app/user/validate/mobile', { ...payload, mobile: '2380000000', otp: code })).json(),
    ).toEqual(refusedWith(MSG.mobileInvalid));
    expect(
      (await post('/api/app/user/validate/mobile', { mobile: payload.mobile, otp: code })).json(),
    ).toEqual(refusedWith(MSG.usernameRequired));
    // a login code is not a retrieve code
    const tickets = await countTickets();
    await post('/api/app/login/otp/13800000005');
    t.clock.advance(61_000);
    const loginCode = phone.lastCodeTo('13800000005');
    const asLogin = await post('/api/app/user/validate/mobile', {
      username: 'assessment',
      mobile: '13800000005',
      otp: loginCode,
    });
    expect(asLogin.json()).toEqual(refusedWith(MSG.otpInvalid));
    expect(await countTickets()).toBe(tickets);
  });

  it('refuses a ticket from another session, an expired ticket, and a call without a session', async () => {
    const { ticket, session } = await proveMobile('member', '13800000003');
    const body = { ticket, password: NEW_PASSWORD, password2: NEW_PASSWORD };
    const stranger = await fetchCaptcha(t.app);
    expect((await post('/api/app/user/reinit/password', body, stranger)).json()).toEqual(
      refusedWith(MSG.retrieveTicketInvalid),
    );
    expect((await post('/api/app/user/reinit/password', body)).json()).toEqual(
      refusedWith(MSG.retrieveTicketInvalid),
    );
    // a signed-in token is not the session the ticket belongs to either
    const memberToken = await signIn('member');
    expect((await post('/api/app/user/reinit/password', body, memberToken)).json()).toEqual(
      refusedWith(MSG.retrieveTicketInvalid),
    );
    // the foreign attempts did not use it up; ten minutes do
    t.clock.advance(10 * 60 * 1000);
    expect((await post('/api/app/user/reinit/password', body, session)).json()).toEqual(
      refusedWith(MSG.retrieveTicketInvalid),
    );
    expect(readJson(await attemptLogin(t.app, { username: 'member' })).status).toBe(0);
  });

  it('applies the password policy and keeps the ticket for another try', async () => {
    const { ticket, session } = await proveMobile('member', '13800000003');
    const cases: [string, string, string][] = [
      ['', '', MSG.passwordRequired],
      ['short1A', 'short1A', MSG.passwordLength],
      ['alllowercase', 'alllowercase', MSG.passwordClasses],
      ['Admin@123', 'Admin@123', MSG.passwordCommon],
      ['with space1A', 'with space1A', MSG.passwordCharacters],
      [NEW_PASSWORD, '', MSG.passwordRepeatRequired],
      [NEW_PASSWORD, OTHER_PASSWORD, MSG.passwordMismatch],
    ];
    for (const [password, password2, msg] of cases) {
      const response = await post('/api/app/user/reinit/password', { ticket, password, password2 }, session);
      expect(response.json(), msg).toEqual(refusedWith(msg));
    }
    expect(readJson(await attemptLogin(t.app, { username: 'member' })).status).toBe(0);
    const reset = await post(
      '/api/app/user/reinit/password',
      { ticket, password: NEW_PASSWORD, password2: NEW_PASSWORD },
      session,
    );
    expect(readJson(reset).status).toBe(0);
    passwords.member = NEW_PASSWORD;
    await signIn('member');
  });

  it('lets only the newest proof of an account set the password', async () => {
    const first = await proveMobile('agent', '13800000004');
    const second = await proveMobile('agent', '13800000004');
    const body = { password: NEW_PASSWORD, password2: NEW_PASSWORD };
    expect(
      (await post('/api/app/user/reinit/password', { ...body, ticket: first.ticket }, first.session)).json(),
    ).toEqual(refusedWith(MSG.retrieveTicketInvalid));
    const ok = await post(
      '/api/app/user/reinit/password',
      { ...body, ticket: second.ticket },
      second.session,
    );
    expect(readJson(ok).status).toBe(0);
    passwords.agent = NEW_PASSWORD;
  });
});

describe('find username and username check', () => {
  it('SH-7.4 answers the usernames of a proven mobile, an empty list for a mobile without accounts', async () => {
    const session = await sendCode('retrieve', '13800000006');
    const found = await post(
      '/api/app/search/username',
      { mobile: '13800000006', otp: phone.lastCodeTo('13800000006') },
      session,
    );
    expect(found.json()).toEqual({
      status: 0,
      msg: MSG.usernamesFound,
      data: { usernames: ['disassembly'] },
    });

    await sendCode('retrieve', '13912340000');
    const none = await post('/api/app/search/username', {
      mobile: '13912340000',
      otp: phone.lastCodeTo('13912340000'),
    });
    expect(none.json()).toEqual({ status: 0, msg: MSG.usernamesNone, data: { usernames: [] } });
    expect(await countAudit('username.retrieve')).toBe(2);
  });

  it('refuses a wrong code and answers no usernames', async () => {
    await sendCode('retrieve', '13800000007');
    const code = phone.lastCodeTo('13800000007');
    const wrong = await post('/api/app/search/username', { mobile: '13800000007', otp: otherThan(code) });
    expect(wrong.json()).toEqual(refusedWith(MSG.otpWrong));
    expect((await post('/api/app/search/username', { mobile: '', otp: code })).json()).toEqual(
      refusedWith(MSG.mobileRequired),
    );
  });

  it('says whether a username is taken, without signing in', async () => {
    expect((await get('/api/operator/retrieve/username/transferor')).json()).toEqual({
      status: 0,
      msg: MSG.ok,
      data: { exists: true },
    });
    expect(
      readJson<{ exists: boolean }>(await get('/api/operator/retrieve/username/free_name_1')).data,
    ).toEqual({
      exists: false,
    });
    expect(readJson(await get(`/api/operator/retrieve/username/${'x'.repeat(65)}`)).status).toBe(1);
  });
});

describe('phone', () => {
  it('answers the masked mobile and pending mobile', async () => {
    const token = await signIn('gate4');
    const body = readJson<PhoneInfo>(await get('/api/app/user/phone', token));
    expect(body.data).toEqual({ mobile: '138****0104', pendingPhone: '139****0104' });
  });

  it('SH-7.4 a self-service change needs codes to both numbers and signs out the other sessions', async () => {
    const token = await signIn('land');
    const other = await signIn('land');
    const newMobile = '13911110007';
    await sendCode('phone', undefined, token);
    const oldCode = phone.lastCodeTo('13800000007');
    await sendCode('phone', newMobile, token);
    const newCode = phone.lastCodeTo(newMobile);

    const missingOld = await post('/api/app/user/update/phone', { mobile: newMobile, otp: newCode }, token);
    expect(missingOld.json()).toEqual(refusedWith(MSG.oldOtpRequired));
    const wrongOld = await post(
      '/api/app/user/update/phone',
      { oldOtp: otherThan(oldCode), mobile: newMobile, otp: newCode },
      token,
    );
    expect(wrongOld.json()).toEqual(refusedWith(MSG.otpWrong));
    // a wrong new code does not cost the old one
    const wrongNew = await post(
      '/api/app/user/update/phone',
      { oldOtp: oldCode, mobile: newMobile, otp: otherThan(newCode) },
      token,
    );
    expect(wrongNew.json()).toEqual(refusedWith(MSG.otpWrong));
    expect((await userRow('land')).mobile).toBe('13800000007');
    expect(await isSignedIn(other)).toBe(true);

    const done = await post(
      '/api/app/user/update/phone',
      { oldOtp: oldCode, mobile: newMobile, otp: newCode },
      token,
    );
    expect(done.json()).toEqual({ status: 0, msg: MSG.phoneUpdated, data: null });
    expect((await userRow('land')).mobile).toBe(newMobile);
    expect(await isSignedIn(token)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    const audit = await selectRows<{ detail: unknown }>(
      t.db,
      sql`select detail from audit_log where action = 'phone.update' order by id desc limit 1`,
    );
    expect(audit[0]?.detail).toMatchObject({
      from: '138****0007',
      to: '139****0007',
      isConfirmingPending: false,
    });
  });

  it('refuses the current number and malformed input, changing nothing', async () => {
    const token = await signIn('opsadmin');
    const same = await post(
      '/api/app/user/update/phone',
      { oldOtp: '123456', mobile: '13800000009', otp: '123456' },
      token,
    );
    expect(same.json()).toEqual(refusedWith(MSG.phoneUnchanged));
    const bad = await post('/api/app/user/update/phone', { mobile: '1391111', otp: '123456' }, token);
    expect(bad.json()).toEqual(refusedWith(MSG.mobileInvalid));
    const noCode = await post('/api/app/user/update/phone', { mobile: '13911110009' }, token);
    expect(noCode.json()).toEqual(refusedWith(MSG.otpRequired));
    expect((await userRow('opsadmin')).mobile).toBe('13800000009');
  });

  it('SH-7.4 confirms a pending number with its code alone (gate 4)', async () => {
    const token = await signIn('gate4');
    await sendCode('phone', '13900000104', token);
    const code = phone.lastCodeTo('13900000104');
    const done = await post('/api/app/user/update/phone', { mobile: '13900000104', otp: code }, token);
    expect(readJson(done).status).toBe(0);
    const row = await userRow('gate4');
    expect(row).toMatchObject({ mobile: '13900000104', pending_phone: null });
    const user = readJson<SessionUser>(await post('/api/app/userinfo', undefined, token)).data;
    expect(user.pendingPhone).toBeNull();
  });

  it('lets a manager set the pending mobile of an operator of the own company only', async () => {
    const memberToken = await signIn('member');
    const target = await operatorId('transferor2', '示范产权经纪有限公司');
    const set = await post(
      '/api/operator/update/mobile',
      { operatorId: target, mobile: '13922220002' },
      memberToken,
    );
    expect(set.json()).toEqual({ status: 0, msg: MSG.pendingPhoneSet, data: null });
    expect((await userRow('transferor2')).pending_phone).toBe('13922220002');

    // another company's operator, and an unknown one
    const foreign = await post(
      '/api/operator/update/mobile',
      { operatorId: await operatorId('transferor'), mobile: '13922220001' },
      memberToken,
    );
    expect(foreign.json()).toEqual(NOT_FOUND);
    expect((await userRow('transferor')).pending_phone).toBeNull();
    const unknown = await post(
      '/api/operator/update/mobile',
      { operatorId: 999_999, mobile: '13922220001' },
      memberToken,
    );
    expect(unknown.json()).toEqual(NOT_FOUND);
    const bad = await post(
      '/api/operator/update/mobile',
      { operatorId: target, mobile: '2392222' },
      memberToken,
    );
    expect(bad.json()).toEqual(refusedWith(MSG.mobileInvalid));
  });

  it('refuses a non-manager with 403, and lets the exchange administrator set anyone', async () => {
    // transferor2 is a plain (non-manager) operator of the member company
    const token = await signIn('transferor2');
    const asMember = await post(
      `/api/app/switch/${await operatorId('transferor2', '示范产权经纪有限公司')}`,
      undefined,
      token,
    );
    const memberSide = readJson<LoginResult>(asMember).data.access_token;
    const refused = await post(
      '/api/operator/update/mobile',
      { operatorId: await operatorId('member'), mobile: '13922220003' },
      memberSide,
    );
    expect(refused.statusCode).toBe(403);
    expect((await userRow('member')).pending_phone).toBeNull();

    const admin = await signIn('admin');
    const set = await post(
      '/api/operator/update/mobile',
      { operatorId: await operatorId('assessment'), mobile: '13922220005' },
      admin,
    );
    expect(readJson(set).status).toBe(0);
    expect((await userRow('assessment')).pending_phone).toBe('13922220005');
  });
});

describe('password change', () => {
  it('SH-7.4 changes the password with a code to the own mobile and signs out the other sessions', async () => {
    const token = await signIn('gate6');
    const other = await signIn('gate6');
    await sendCode('general', undefined, token);
    const code = phone.lastCodeTo('13800000106');
    const weak = await post(
      '/api/app/user/edit/password',
      { phonecode: code, newpassword: 'weakpass', newpassword2: 'weakpass' },
      token,
    );
    expect(weak.json()).toEqual(refusedWith(MSG.passwordClasses));
    const wrong = await post(
      '/api/app/user/edit/password',
      { phonecode: otherThan(code), newpassword: NEW_PASSWORD, newpassword2: NEW_PASSWORD },
      token,
    );
    expect(wrong.json()).toEqual(refusedWith(MSG.otpWrong));
    const mismatch = await post(
      '/api/app/user/edit/password',
      { phonecode: code, newpassword: NEW_PASSWORD, newpassword2: OTHER_PASSWORD },
      token,
    );
    expect(mismatch.json()).toEqual(refusedWith(MSG.passwordMismatch));
    expect(await isSignedIn(other)).toBe(true);

    const done = await post(
      '/api/app/user/edit/password',
      { phonecode: code, newpassword: NEW_PASSWORD, newpassword2: NEW_PASSWORD },
      token,
    );
    expect(done.json()).toEqual({ status: 0, msg: MSG.passwordChanged, data: null });
    expect(await isSignedIn(token)).toBe(true);
    expect(await isSignedIn(other)).toBe(false);
    expect(readJson(await attemptLogin(t.app, { username: 'gate6', password: DEMO_PASSWORD })).status).toBe(
      401,
    );
    passwords.gate6 = NEW_PASSWORD;
    await signIn('gate6');
    // the code was used
    const reuse = await post(
      '/api/app/user/edit/password',
      { phonecode: code, newpassword: OTHER_PASSWORD, newpassword2: OTHER_PASSWORD },
      token,
    );
    expect(reuse.json()).toEqual(refusedWith(MSG.otpInvalid));
  });
});

describe('nickname', () => {
  it('stores the trimmed nickname and refuses empty, too long and control characters', async () => {
    const token = await signIn('gate7');
    const done = await post('/api/app/update/nickname', { nickname: '  新的昵称  ' }, token);
    expect(done.json()).toEqual({ status: 0, msg: MSG.nicknameUpdated, data: { nickname: '新的昵称' } });
    expect((await userRow('gate7')).nickname).toBe('新的昵称');
    const twenty = '产'.repeat(20);
    expect(readJson(await post('/api/app/update/nickname', { nickname: twenty }, token)).status).toBe(0);

    const cases: [unknown, string][] = [
      ['', MSG.nicknameRequired],
      ['   ', MSG.nicknameRequired],
      [undefined, MSG.nicknameRequired],
      ['产'.repeat(21), formatMessage(MSG.nicknameTooLong, { max: 20 })],
      ['换\n行', MSG.nicknameCharacters],
    ];
    for (const [nickname, msg] of cases) {
      const response = await post(
        '/api/app/update/nickname',
        nickname === undefined ? {} : { nickname },
        token,
      );
      expect(response.json(), String(nickname)).toEqual(refusedWith(msg));
    }
    expect((await userRow('gate7')).nickname).toBe(twenty);
  });
});

describe('avatar', () => {
  function uploadAvatar(token: string, file: FormFile | undefined): Promise<LightMyRequestResponse> {
    const { payload, headers } = buildMultipart({}, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/user/avatar/upload',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
  }

  it('uploads a picture, which every signed-in user may see, and uses it as the avatar', async () => {
    const token = await signIn('gate8');
    const uploaded = await uploadAvatar(token, { name: '头像.png', content: makePng() });
    const body = readJson<{ uuid: string }>(uploaded);
    expect(body.status, body.msg).toBe(0);
    const { uuid } = body.data;
    const stranger = await signIn('member');
    const seen = await get(`/api/attachment/download/${uuid}?inline=1`, stranger);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');

    const set = await post('/api/app/user/avatar', { uuid }, token);
    expect(set.json()).toEqual({ status: 0, msg: MSG.avatarUpdated, data: null });
    const user = readJson<SessionUser>(await post('/api/app/userinfo', undefined, token)).data;
    expect(user.avatarUuid).toBe(uuid);
    expect(await countAudit('avatar.update')).toBe(1);
  });

  it('answers 400 to a body it cannot read to its end: no boundary parameter, cut part headers, a cut picture', async () => {
    const token = await signIn('gate8');
    const boundary = '----cqjyBrokenAvatar';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="头像.png"\r\n`;
    const cases: [string, string][] = [
      ['multipart/form-data', `${head}\r\n${makePng().toString('latin1')}\r\n--${boundary}--\r\n`],
      [`multipart/form-data; boundary=${boundary}`, `${head}Content-Ty`],
      [
        `multipart/form-data; boundary=${boundary}`,
        `${head}\r\n${makePng().toString('latin1').slice(0, 20)}`,
      ],
      [`multipart/form-data; boundary=${boundary}`, `${head}\r\n${'x'.repeat(10)}`],
    ];
    for (const [contentType, body] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/avatar/upload',
        headers: { 'content-type': contentType, ...bearer(token) },
        payload: Buffer.from(body, 'latin1'),
      });
      expect(response.statusCode, `${contentType} ${body.slice(-12)} ${response.body}`).toBe(400);
      expect(response.json()).toEqual({ status: 400, msg: MSG.uploadError, data: null });
    }
  });

  it('refuses other types, large pictures and content that is not a picture', async () => {
    const token = await signIn('gate8');
    const typeMessage = formatMessage(MSG.uploadTypeNotAllowed, { types: 'png、jpg、jpeg' });
    const cases: [FormFile, string][] = [
      [{ name: 'avatar.pdf', content: makePdf() }, typeMessage],
      [{ name: 'avatar.txt', content: Buffer.from('hello') }, typeMessage],
      [
        { name: 'avatar.png', content: generateBytes(2 * MB + 1, makePng()) },
        formatMessage(MSG.uploadTooLarge, { max: 2 }),
      ],
      [
        { name: 'avatar.png', content: generateBytes(3 * MB, makePng()) },
        formatMessage(MSG.uploadTooLarge, { max: 2 }),
      ],
      [{ name: 'avatar.jpg', content: makePng() }, MSG.uploadContentMismatch],
      [{ name: 'avatar.png', content: Buffer.alloc(0) }, MSG.uploadEmpty],
    ];
    const before = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from attachments`);
    for (const [file, msg] of cases) {
      expect((await uploadAvatar(token, file)).json(), file.name).toEqual(refusedWith(msg));
    }
    expect((await uploadAvatar(token, undefined)).json()).toEqual(refusedWith(MSG.uploadFileMissing));
    const after = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from attachments`);
    expect(after[0]?.n).toBe(before[0]?.n);
    // exactly 2 MB is accepted
    const limit = await uploadAvatar(token, { name: 'big.png', content: generateBytes(2 * MB, makePng()) });
    expect(readJson(limit).status).toBe(0);
  });

  it('takes only the caller’s own avatar pictures', async () => {
    const owner = await signIn('gate8');
    const other = await signIn('gate7');
    const { uuid } = readJson<{ uuid: string }>(
      await uploadAvatar(owner, { name: 'a.png', content: makePng() }),
    ).data;
    const before = (await userRow('gate7')).avatar_uuid;
    expect((await post('/api/app/user/avatar', { uuid }, other)).json()).toEqual(NOT_FOUND);
    // a file of the own company that is no avatar
    const { payload, headers } = buildMultipart(
      { command: 'upload', tag: 'others' },
      { name: 'x.png', content: makePng() },
    );
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      headers: { ...headers, ...bearer(other) },
      payload,
    });
    const plainUuid = readJson<UploadResult>(plain).data.others?.[0]?.uuid ?? '';
    expect((await post('/api/app/user/avatar', { uuid: plainUuid }, other)).json()).toEqual(NOT_FOUND);
    expect((await post('/api/app/user/avatar', { uuid: 'not-a-uuid' }, other)).json()).toEqual(NOT_FOUND);
    expect((await userRow('gate7')).avatar_uuid).toBe(before);
  });
});

describe('secondary role choices', () => {
  it('answers the codes the company role allows with their titles, and the saved choice', async () => {
    const token = await signIn('assessment');
    const first = readJson<SecondaryRoleChoices>(await get('/api/app/user/sec/role', token)).data;
    expect(first.chosen).toEqual([]);
    expect(first.available.map((entry) => entry.code)).toContain('GJS_PROJECT_EVALUATION_LT');
    expect(first.available).toContainEqual({ code: 'GJS_INDEX', title: '首页' });
    expect(first.available).toContainEqual({ code: 'GJS_PROJECT_EVALUATION_LT', title: '评估项目' });
    expect(first.available.map((entry) => entry.code)).not.toContain('GJS_PROJECT_LT');
    expect(readJson(await post('/api/app/user/sec/role', { codes: ['GJS_FILE_SIGN'] }, token)).status).toBe(
      0,
    );
    const second = readJson<SecondaryRoleChoices>(await get('/api/app/user/sec/role', token)).data;
    expect(second.chosen).toEqual(['GJS_FILE_SIGN']);
  });
});

describe('signed-in calls', () => {
  it('answer HTTP 401 without a live sign-in, and an anonymous session is no sign-in', async () => {
    const anonymous = await fetchCaptcha(t.app);
    const calls: [string, string, object | undefined][] = [
      ['GET', '/api/app/user/phone', undefined],
      ['POST', '/api/app/user/update/phone', { mobile: '13911112222', otp: '123456' }],
      ['POST', '/api/operator/update/mobile', { operatorId: 1, mobile: '13911112222' }],
      ['POST', '/api/app/user/edit/password', { phonecode: '123456', newpassword: 'x', newpassword2: 'x' }],
      ['POST', '/api/app/update/nickname', { nickname: '昵称' }],
      ['POST', '/api/user/avatar/upload', undefined],
      ['POST', '/api/app/user/avatar', { uuid: 'x' }],
      ['GET', '/api/app/user/sec/role', undefined],
    ];
    for (const [method, url, payload] of calls) {
      for (const token of [undefined, anonymous]) {
        const response = await t.app.inject({
          method: method as 'GET' | 'POST',
          url,
          ...(payload === undefined ? {} : { payload }),
          headers: token === undefined ? {} : bearer(token),
        });
        expect(response.statusCode, `${url} ${token ?? ''}`).toBe(401);
      }
    }
    expect(await verifyAuditChain(t.db)).toMatchObject({ isValid: true });
  });
});

describe('recovery rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { LOGIN_RATE_MAX: '3' }, isSeeded: false });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers HTTP 429 beyond the per-IP limit of a recovery call', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await limited.app.inject({
        method: 'GET',
        url: '/api/operator/retrieve/username/someone',
        remoteAddress: '10.0.0.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const otherAddress = await limited.app.inject({
      method: 'POST',
      url: '/api/app/search/username',
      payload: { mobile: '13800000001', otp: '123456' },
      remoteAddress: '10.0.0.10',
    });
    expect(otherAddress.statusCode).toBe(200);
  });
});
