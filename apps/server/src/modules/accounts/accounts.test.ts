import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  composeCreditCode,
  DEFAULT_ROLE_CODES,
  formatMessage,
  isCreditCode,
  listMissingForApproval,
  MSG,
  SESSION_ID_HEADER,
  type AttachmentItem,
  type CompanyApplication,
  type CompanyDetail,
  type CompanyListItem,
  type CompanyStatusCheck,
  type LoginResult,
  type PageResult,
  type PermissionsResult,
  type SessionUser,
  type UploadResult,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { buildMultipart, makePdf } from '../../test/files.ts';
import { attemptLogin, bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { verifyAuditChain } from '../audit/service.ts';

const CODE = '246810';
const PASSWORD = 'Kaihu#2026x';

let t: TestApp;
let storageDir: string;
let serial = 0;
let mobileSerial = 0;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'cqjy-accounts-'));
  t = await createTestApp({
    env: { STORAGE_DIR: storageDir, OTP_FIXED: CODE, OTP_RATE_MAX: '1000', LOGIN_RATE_MAX: '1000' },
  });
});

afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

/** A well-formed credit code no company has yet. */
function nextCreditCode(): string {
  serial += 1;
  return composeCreditCode('500103', String(81000000 + serial));
}

function nextMobile(): string {
  mobileSerial += 1;
  return `1370000${String(mobileSerial).padStart(4, '0')}`;
}

type Registration = {
  companyName: string;
  creditCode: string;
  contactName: string;
  mobile: string;
  otp: string;
  username: string;
  password: string;
  password2: string;
};

function makeRegistration(overrides: Partial<Registration> = {}): Registration {
  const mobile = overrides.mobile ?? nextMobile();
  return {
    companyName: `重庆开户测试${serial + 1}号有限公司`,
    creditCode: nextCreditCode(),
    contactName: '李联系',
    mobile,
    otp: CODE,
    username: `owner_${mobile}`,
    password: PASSWORD,
    password2: PASSWORD,
    ...overrides,
  };
}

/** Sends a register code to the mobile; answers the anonymous session the call opened. */
async function sendCode(mobile: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/app/send/otp/register',
    payload: { mobile },
  });
  expect(readJson(response).status).toBe(0);
  return response.headers[SESSION_ID_HEADER] as string;
}

function postRegister(body: Partial<Registration>, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: '/api/register/account',
    headers: token === undefined ? {} : bearer(token),
    payload: body,
  });
}

/** A code, then a registration; answers the new session's token and the registration used. */
async function registerOk(
  overrides: Partial<Registration> = {},
): Promise<{ token: string; registration: Registration }> {
  const registration = makeRegistration(overrides);
  const anonymous = await sendCode(registration.mobile);
  const body = readJson<LoginResult>(await postRegister(registration, anonymous));
  expect(body.status, body.msg).toBe(0);
  return { token: body.data.access_token, registration };
}

async function count(table: 'users' | 'companies' | 'company_examinations'): Promise<number> {
  const rows = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return rows[0]?.n ?? 0;
}

async function countAudit(action: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where action = ${action}`,
  );
  return rows[0]?.n ?? 0;
}

function get(url: string, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: token === undefined ? {} : bearer(token) });
}

function post(url: string, payload: unknown, token?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: token === undefined ? {} : bearer(token),
    payload: payload as Record<string, unknown>,
  });
}

async function fetchApplication(token: string): Promise<CompanyApplication> {
  const body = readJson<CompanyApplication>(await get('/api/register/company', token));
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

async function fetchUser(token: string): Promise<SessionUser> {
  const body = readJson<SessionUser>(await post('/api/app/userinfo', undefined, token));
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

async function uploadLicence(token: string, companyId: number): Promise<AttachmentItem> {
  const { payload, headers } = buildMultipart(
    { command: 'upload', tag: 'businessLicense', dataClass: 'companyOpening', dataId: String(companyId) },
    { name: '营业执照.pdf', content: makePdf() },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
  const body = readJson<UploadResult>(response);
  expect(body.status, body.msg).toBe(0);
  return body.data.businessLicense![0]!;
}

/** Every field step 2 needs, with a city-level regulator (province and city required). */
const COMPLETE_FIELDS = {
  legalPerson: '王法人',
  address: '重庆市渝中区解放碑路1号',
  contactName: '李联系',
  regulatoryBodies: 'A02005',
  regulatoryBodiesProvince: '500000',
  regulatoryBodiesCity: '500100',
  stateFundedEnter: '重庆市示范国有资本运营有限公司',
  stateCreditCode: composeCreditCode('500000', '88000001'),
};

/** A registered applicant with a complete, submitted application. */
async function submittedApplicant(): Promise<{ token: string; application: CompanyApplication }> {
  const { token } = await registerOk();
  const draft = await fetchApplication(token);
  await uploadLicence(token, draft.id);
  const body = readJson<CompanyApplication>(
    await post(
      '/api/register/company/submit',
      { ...COMPLETE_FIELDS, name: draft.name, version: draft.version },
      token,
    ),
  );
  expect(body.status, body.msg).toBe(0);
  return { token, application: body.data };
}

describe('POST /api/register/validate/company/status', () => {
  it('answers whether a credit code is registered and its review status, to anonymous callers', async () => {
    const seeded = composeCreditCode('110105', '20000001');
    const known = readJson<CompanyStatusCheck>(
      await post('/api/register/validate/company/status', { creditCode: seeded }),
    );
    expect(known).toMatchObject({ status: 0, data: { registered: true, examineStatus: 3 } });
    const unknown = readJson<CompanyStatusCheck>(
      await post('/api/register/validate/company/status', { creditCode: nextCreditCode() }),
    );
    expect(unknown.data).toEqual({ registered: false, examineStatus: null });
  });

  it('refuses a malformed or missing code with its message', async () => {
    const bad = readJson(await post('/api/register/validate/company/status', { creditCode: '91110000ABC' }));
    expect(bad).toMatchObject({ status: 1, msg: MSG.creditCodeInvalid });
    const missing = readJson(await post('/api/register/validate/company/status', {}));
    expect(missing).toMatchObject({ status: 1, msg: '请填写统一社会信用代码' });
  });
});

describe('POST /api/register/account', () => {
  it('SH-4.5 opens a draft transferor company, its manager operator and account, and signs it in', async () => {
    const before = await countAudit('account.register');
    const registration = makeRegistration();
    const anonymous = await sendCode(registration.mobile);
    const response = await postRegister(registration, anonymous);
    const body = readJson<LoginResult>(response);
    expect(body).toMatchObject({ status: 0, msg: MSG.registerOk, data: { identityType: 1 } });
    const token = body.data.access_token;

    const user = await fetchUser(token);
    expect(user).toMatchObject({
      username: registration.username,
      mobile: registration.mobile,
      companyName: registration.companyName,
      identityType: 1,
      examineStatus: 0,
      companyAuthStatus: 0,
      idType: null,
      authStatus: 0,
      setupPassword: true,
      manager: true,
      mainOperatorAuth: false,
      prompt: true,
    });
    const permissions = readJson<PermissionsResult>(await get('/api/app/user/role/permissions', token));
    expect(permissions.data.permission).toEqual([...DEFAULT_ROLE_CODES.transferor]);

    const application = await fetchApplication(token);
    expect(application).toMatchObject({
      name: registration.companyName,
      creditCode: registration.creditCode,
      contactName: registration.contactName,
      contactMobile: registration.mobile,
      examineStatus: 0,
      examineStatusLabel: '待提交',
      businessLicense: [],
    });
    expect(application.history.map((entry) => entry.action)).toEqual(['register']);
    expect(await countAudit('account.register')).toBe(before + 1);
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);

    // The anonymous session is gone: using it again opens a new one.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/app/send/otp/general',
      headers: bearer(anonymous),
      payload: { mobile: nextMobile() },
    });
    expect(again.headers[SESSION_ID_HEADER]).not.toBe(anonymous);
    // The chosen password signs in.
    const login = readJson(
      await attemptLogin(t.app, { username: registration.username, password: PASSWORD }),
    );
    expect(login.status, login.msg).toBe(0);
  });

  const badInputs: [string, Partial<Registration>, string][] = [
    ['no company name', { companyName: '' }, '请填写企业名称'],
    ['a one-character company name', { companyName: '甲' }, MSG.companyNameLength],
    ['no credit code', { creditCode: '' }, '请填写统一社会信用代码'],
    ['a malformed credit code', { creditCode: '91500103MA5U000000' }, MSG.creditCodeInvalid],
    ['no contact', { contactName: ' ' }, '请填写联系人'],
    ['no mobile', { mobile: '' }, MSG.mobileRequired],
    ['a malformed mobile', { mobile: '2370000000' }, MSG.mobileInvalid],
    ['no code', { otp: '' }, '请填写短信验证码'],
    ['a malformed code', { otp: '12ab56' }, MSG.otpFormat],
    ['no username', { username: '' }, '请填写用户名'],
    ['a username starting with a digit', { username: '9owner' }, MSG.usernameRule],
    ['a three-letter username', { username: 'abc' }, MSG.usernameRule],
    ['no password', { password: '', password2: '' }, '请填写登录密码'],
    ['a short password', { password: 'Ab1#', password2: 'Ab1#' }, MSG.passwordLength],
    ['a password of two classes', { password: 'abcdefgh12', password2: 'abcdefgh12' }, MSG.passwordClasses],
    ['no repeat', { password2: '' }, '请填写确认密码'],
    ['a different repeat', { password2: `${PASSWORD}x` }, MSG.passwordMismatch],
  ];

  it.each(badInputs)('refuses %s with its message and creates nothing', async (_name, overrides, message) => {
    const usersBefore = await count('users');
    const companiesBefore = await count('companies');
    const body = readJson(await postRegister(makeRegistration(overrides)));
    expect(body).toMatchObject({ status: 1, msg: message });
    expect(await count('users')).toBe(usersBefore);
    expect(await count('companies')).toBe(companiesBefore);
  });

  it('refuses a taken username or credit code without spending the SMS code', async () => {
    const registration = makeRegistration();
    await sendCode(registration.mobile);
    const usersBefore = await count('users');
    const takenName = readJson(await postRegister({ ...registration, username: 'transferor' }));
    expect(takenName).toMatchObject({ status: 1, msg: MSG.usernameTaken });
    const takenCode = readJson(
      await postRegister({ ...registration, creditCode: composeCreditCode('110105', '20000001') }),
    );
    expect(takenCode).toMatchObject({ status: 1, msg: MSG.creditCodeTaken });
    expect(await count('users')).toBe(usersBefore);
    // The same code still opens the account.
    const body = readJson<LoginResult>(await postRegister(registration));
    expect(body.status, body.msg).toBe(0);
    expect(await count('users')).toBe(usersBefore + 1);
    // and is used up by it
    const reuse = readJson(
      await postRegister({
        ...registration,
        username: `${registration.username}b`,
        creditCode: nextCreditCode(),
      }),
    );
    expect(reuse).toMatchObject({ status: 1, msg: MSG.otpInvalid });
  });

  it('refuses a wrong SMS code, or one sent for another purpose, and creates nothing', async () => {
    const registration = makeRegistration();
    await sendCode(registration.mobile);
    const usersBefore = await count('users');
    const wrong = readJson(await postRegister({ ...registration, otp: '000000' }));
    expect(wrong).toMatchObject({ status: 1, msg: MSG.otpWrong });
    const otherMobile = makeRegistration();
    const noCode = readJson(await postRegister(otherMobile));
    expect(noCode).toMatchObject({ status: 1, msg: MSG.otpInvalid });
    expect(await count('users')).toBe(usersBefore);
  });

  it('limits registrations per IP like the SMS sends', async () => {
    const limited = await createTestApp({ env: { OTP_RATE_MAX: '2' } });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/register/account', payload: {} });
      expect((await attempt()).statusCode).toBe(200);
      expect((await attempt()).statusCode).toBe(200);
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(readJson(third).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the company application (step 2)', () => {
  it('needs a signed-in caller', async () => {
    expect((await get('/api/register/company')).statusCode).toBe(401);
    expect((await post('/api/register/company/save', { name: '某公司', version: 1 })).statusCode).toBe(401);
    expect((await post('/api/register/company/submit', { name: '某公司', version: 1 })).statusCode).toBe(401);
  });

  it('answers 404 to a company without an application', async () => {
    const admin = await loginAs(t.app, 'admin');
    const body = readJson(await get('/api/register/company', admin));
    expect(body).toMatchObject({ status: 404, msg: MSG.applicationNotFound });
    const save = readJson(
      await post('/api/register/company/save', { name: '示范产权交易所', version: 1 }, admin),
    );
    expect(save.status).toBe(404);
  });

  it('saves a draft, counting the version up, and refuses a stale version with 409', async () => {
    const { token } = await registerOk();
    const draft = await fetchApplication(token);
    const before = await countAudit('company.application.save');
    const saved = readJson<CompanyApplication>(
      await post(
        '/api/register/company/save',
        {
          name: '重庆改名后有限公司',
          legalPerson: '王法人',
          regulatoryBodies: 'A02001',
          regulatoryBodiesProvince: '500000',
          version: draft.version,
        },
        token,
      ),
    );
    expect(saved).toMatchObject({ status: 0, msg: MSG.applicationSaved });
    expect(saved.data).toMatchObject({
      name: '重庆改名后有限公司',
      legalPerson: '王法人',
      regulatoryBodies: 'A02001',
      // a central regulator needs no province: it is dropped
      regulatoryBodiesProvince: null,
      version: draft.version + 1,
      examineStatus: 0,
    });
    expect(await countAudit('company.application.save')).toBe(before + 1);

    const stale = readJson(
      await post('/api/register/company/save', { name: '另一个名字有限公司', version: draft.version }, token),
    );
    expect(stale.status).toBe(409);
    expect((await fetchApplication(token)).name).toBe('重庆改名后有限公司');
  });

  it('refuses a malformed draft with its message and changes nothing', async () => {
    const { token } = await registerOk();
    const draft = await fetchApplication(token);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '请填写企业名称'],
      [{ name: draft.name, stateCreditCode: '123' }, MSG.creditCodeInvalid],
      [{ name: draft.name, legalPerson: '名'.repeat(31) }, '法定代表人不能超过30个字符'],
      [{ name: draft.name, version: 'one' }, MSG.badRequest],
    ];
    for (const [fields, message] of cases) {
      const body = readJson(
        await post('/api/register/company/save', { version: draft.version, ...fields }, token),
      );
      expect(body, message).toMatchObject({ status: 1, msg: message });
    }
    expect(await fetchApplication(token)).toMatchObject({ version: draft.version, name: draft.name });
  });

  it('SH-5.10 refuses an incomplete submission with the first missing item and keeps the draft', async () => {
    const { token } = await registerOk();
    const draft = await fetchApplication(token);
    const base = { ...COMPLETE_FIELDS, name: draft.name, version: draft.version };
    const cases: [Record<string, unknown>, string][] = [
      [{ legalPerson: '' }, '请填写法定代表人'],
      [{ address: null }, '请填写注册地址'],
      [{ regulatoryBodies: '' }, '请选择监管机构'],
      [{ regulatoryBodiesProvince: '' }, '请选择监管机构所在省'],
      [{ regulatoryBodiesCity: '' }, '请选择监管机构所在市'],
      [{ regulatoryBodiesCity: '110100' }, '请选择监管机构所在市'],
      [{ stateFundedEnter: '' }, '请填写国家出资企业'],
      [{ stateCreditCode: '' }, '请填写国家出资企业统一社会信用代码'],
      [{ stateCreditCode: 'ABC' }, MSG.creditCodeInvalid],
      [{}, MSG.licenceRequired],
    ];
    for (const [fields, message] of cases) {
      const body = readJson(await post('/api/register/company/submit', { ...base, ...fields }, token));
      expect(body, message).toMatchObject({ status: 1, msg: message });
    }
    expect(await fetchApplication(token)).toMatchObject({ examineStatus: 0, version: draft.version });
  });

  it('submits with the licence: status 待审核, files locked, history and audit written', async () => {
    const before = await countAudit('company.application.submit');
    const { token, application } = await submittedApplicant();
    expect(application).toMatchObject({ examineStatus: 1, examineStatusLabel: '待审核', ...COMPLETE_FIELDS });
    expect(application.businessLicense).toHaveLength(1);
    expect(application.history.map((entry) => entry.action)).toEqual(['register', 'submit']);
    expect(await countAudit('company.application.submit')).toBe(before + 1);
    expect((await fetchUser(token)).examineStatus).toBe(1);

    const file = application.businessLicense[0]!;
    const remove = readJson(await post(`/api/attachment/delete/${file.uuid}`, undefined, token));
    expect(remove).toMatchObject({ status: 1, msg: MSG.uploadNotDeletable });
    // Under review nothing may change.
    const save = readJson(
      await post(
        '/api/register/company/save',
        { name: application.name, version: application.version },
        token,
      ),
    );
    expect(save).toMatchObject({ status: 1, msg: MSG.applicationNotEditable });
    const resubmit = readJson(
      await post(
        '/api/register/company/submit',
        { ...COMPLETE_FIELDS, name: application.name, version: application.version },
        token,
      ),
    );
    expect(resubmit).toMatchObject({ status: 1, msg: MSG.applicationNotEditable });
  });

  it("keeps a company's licence from other companies", async () => {
    const { application } = await submittedApplicant();
    const other = await registerOk();
    const file = application.businessLicense[0]!;
    const download = await get(`/api/attachment/download/${file.uuid}`, other.token);
    expect(readJson(download).status).toBe(404);
    // The other applicant's own application shows only its own company.
    const own = await fetchApplication(other.token);
    expect(own.id).not.toBe(application.id);
    expect(own.businessLicense).toEqual([]);
    const admin = await loginAs(t.app, 'admin');
    expect((await get(`/api/attachment/download/${file.uuid}`, admin)).statusCode).toBe(200);
  });

  it('refuses a file another company tries to put into an application, and stores nothing', async () => {
    const { token, application } = await submittedApplicant();
    const other = await registerOk();
    const { payload, headers } = buildMultipart(
      {
        command: 'upload',
        tag: 'businessLicense',
        dataClass: 'companyOpening',
        dataId: String(application.id),
      },
      { name: '伪造执照.pdf', content: makePdf() },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      headers: { ...headers, ...bearer(other.token) },
      payload,
    });
    expect(readJson(response).status).toBe(404);
    const after = await fetchApplication(token);
    expect(after.businessLicense.map((f) => f.uuid)).toEqual(application.businessLicense.map((f) => f.uuid));
  });
});

describe('the organisation review (机构管理)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await loginAs(t.app, 'admin');
  });

  function list(body: Record<string, unknown>, token = admin) {
    return post('/api/company/list', body, token);
  }

  it('lists companies by keyword, status and page', async () => {
    const { application } = await submittedApplicant();
    const byCode = readJson<PageResult<CompanyListItem>>(
      await list({ keyword: application.creditCode, page: 1, size: 10 }),
    );
    expect(byCode.status).toBe(0);
    expect(byCode.data.total).toBe(1);
    expect(byCode.data.list[0]).toMatchObject({
      id: application.id,
      name: application.name,
      identityType: 1,
      identityLabel: '转让方',
      examineStatus: 1,
      examineStatusLabel: '待审核',
    });
    const pending = readJson<PageResult<CompanyListItem>>(
      await list({ examineStatus: 1, page: 1, size: 100 }),
    );
    expect(pending.data.list.every((row) => row.examineStatus === 1)).toBe(true);
    expect(pending.data.list.some((row) => row.id === application.id)).toBe(true);
    const firstPage = readJson<PageResult<CompanyListItem>>(await list({ page: 1, size: 2 }));
    expect(firstPage.data.list).toHaveLength(2);
    expect(firstPage.data.total).toBeGreaterThan(2);
    const cleared = readJson<PageResult<CompanyListItem>>(
      await list({ examineStatus: null, identityType: null, page: 1, size: 2 }),
    );
    expect(cleared.data.total).toBe(firstPage.data.total);
  });

  it('refuses a bad page, and anyone without GJS_SYSTEM_ADMIN', async () => {
    expect(readJson(await list({ page: 0, size: 10 }))).toMatchObject({ status: 1, msg: MSG.badRequest });
    expect(readJson(await list({ page: 1, size: 1000 }))).toMatchObject({ status: 1, msg: MSG.badRequest });
    const transferor = await loginAs(t.app, 'transferor');
    const refused = await list({ page: 1, size: 10 }, transferor);
    expect(refused.statusCode).toBe(403);
    expect((await post('/api/company/list', { page: 1, size: 10 })).statusCode).toBe(401);
  });

  it('shows an application with its operators, history and licence', async () => {
    const { application } = await submittedApplicant();
    const body = readJson<CompanyDetail>(await get(`/api/company/show/${application.id}`, admin));
    expect(body.status, body.msg).toBe(0);
    expect(body.data).toMatchObject({
      id: application.id,
      examineStatus: 1,
      identityLabel: '转让方',
      companyAuthStatus: 0,
      companyAuthStatusLabel: '未认证',
      ...COMPLETE_FIELDS,
    });
    expect(body.data.operators).toHaveLength(1);
    expect(body.data.operators[0]).toMatchObject({ manager: true });
    expect(body.data.businessLicense.map((file) => file.uuid)).toEqual(
      application.businessLicense.map((file) => file.uuid),
    );
    expect(body.data.history.map((entry) => entry.action)).toEqual(['register', 'submit']);
  });

  it('answers 404 for an unknown company and 403/401 to others', async () => {
    expect(readJson(await get('/api/company/show/999999', admin)).status).toBe(404);
    expect(readJson(await get('/api/company/show/abc', admin)).status).toBe(404);
    const { token, application } = await submittedApplicant();
    // An applicant cannot read any company's application through the review calls, not even its own.
    expect((await get(`/api/company/show/${application.id}`, token)).statusCode).toBe(403);
    expect((await get(`/api/company/show/${application.id}`)).statusCode).toBe(401);
  });

  it('SH-5.6 returns an application with a reason; the applicant corrects and resubmits; the exchange approves', async () => {
    const { token, application } = await submittedApplicant();
    const url = `/api/company/examine/${application.id}`;
    const version = application.version;

    const noReason = readJson(await post(url, { pass: false, reason: '  ', version }, admin));
    expect(noReason).toMatchObject({ status: 1, msg: MSG.returnReasonRequired });
    const longReason = readJson(await post(url, { pass: false, reason: '长'.repeat(501), version }, admin));
    expect(longReason).toMatchObject({ status: 1, msg: '退回原因不能超过500个字符' });
    const stale = readJson(
      await post(url, { pass: false, reason: '营业执照不清晰', version: version - 1 }, admin),
    );
    expect(stale.status).toBe(409);
    expect(await fetchApplication(token)).toMatchObject({ examineStatus: 1, version });

    const returned = readJson(await post(url, { pass: false, reason: '营业执照不清晰', version }, admin));
    expect(returned).toMatchObject({ status: 0, msg: MSG.examineReturnedOk });
    const seen = await fetchApplication(token);
    expect(seen).toMatchObject({
      examineStatus: 2,
      examineStatusLabel: '已退回',
      examineReason: '营业执照不清晰',
    });
    expect(seen.history.at(-1)).toMatchObject({ action: 'return', reason: '营业执照不清晰' });

    const again = readJson(await post(url, { pass: true, version: seen.version }, admin));
    expect(again).toMatchObject({ status: 1, msg: MSG.examineNotPending });

    // The locked licence stays; a clearer one is added beside it.
    await uploadLicence(token, application.id);
    const resubmitted = readJson<CompanyApplication>(
      await post(
        '/api/register/company/submit',
        {
          ...COMPLETE_FIELDS,
          name: application.name,
          address: '重庆市江北区观音桥1号',
          version: seen.version,
        },
        token,
      ),
    );
    expect(resubmitted.status, resubmitted.msg).toBe(0);
    expect(resubmitted.data).toMatchObject({
      examineStatus: 1,
      examineReason: null,
      address: '重庆市江北区观音桥1号',
    });
    expect(resubmitted.data.businessLicense).toHaveLength(2);

    const approved = readJson(await post(url, { pass: true, version: resubmitted.data.version }, admin));
    expect(approved).toMatchObject({ status: 0, msg: MSG.examineApprovedOk });
    expect(await fetchUser(token)).toMatchObject({ examineStatus: 3 });
    const final = await fetchApplication(token);
    expect(final.history.map((entry) => entry.action)).toEqual([
      'register',
      'submit',
      'return',
      'submit',
      'approve',
    ]);
    expect(await countAudit('company.examine.approve')).toBeGreaterThan(0);
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);

    // Approved: neither the applicant nor the reviewer can change it any more.
    const save = readJson(
      await post('/api/register/company/save', { name: final.name, version: final.version }, token),
    );
    expect(save).toMatchObject({ status: 1, msg: MSG.applicationNotEditable });
    const reexamine = readJson(
      await post(url, { pass: false, reason: '再退回', version: final.version }, admin),
    );
    expect(reexamine).toMatchObject({ status: 1, msg: MSG.examineNotPending });
  });

  it('refuses examining a company never submitted, an unknown one, and callers without the permission', async () => {
    const { token } = await registerOk();
    const draft = await fetchApplication(token);
    const url = `/api/company/examine/${draft.id}`;
    expect(readJson(await post(url, { pass: true, version: draft.version }, admin))).toMatchObject({
      status: 1,
      msg: MSG.examineNotPending,
    });
    expect(
      readJson(await post('/api/company/examine/999999', { pass: true, version: 1 }, admin)).status,
    ).toBe(404);
    expect(readJson(await post(url, { pass: 'yes', version: 1 }, admin))).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect((await post(url, { pass: true, version: draft.version }, token)).statusCode).toBe(403);
    expect((await post(url, { pass: true, version: draft.version })).statusCode).toBe(401);
    expect(await fetchApplication(token)).toMatchObject({ examineStatus: 0, version: draft.version });
  });
  /** The state of an application the examine call could change: its row, history and approval audit. */
  async function reviewState(token: string) {
    const application = await fetchApplication(token);
    return {
      examineStatus: application.examineStatus,
      examineReason: application.examineReason,
      version: application.version,
      history: application.history.length,
      approvals: await countAudit('company.examine.approve'),
    };
  }

  it('refuses to approve an application lacking required items, naming each, and changes nothing', async () => {
    const { token, application } = await submittedApplicant();
    // An application that reached review incomplete (an older or imported one): facts and licence gone.
    await t.db.execute(
      sql`update companies set legal_person = null, contact_name = '  ' where id = ${application.id}`,
    );
    await t.db.execute(
      sql`update attachments set deleted_at = now()
          where data_class = 'companyOpening' and data_id = ${String(application.id)}`,
    );
    const before = await reviewState(token);
    const url = `/api/company/examine/${application.id}`;
    const refusal = readJson(
      await post(url, { pass: true, reason: '同意开户', version: before.version }, admin),
    );
    expect(refusal).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.approvalMissing, { items: '法定代表人、联系人、营业执照' }),
    });
    expect(await reviewState(token)).toEqual(before);

    // The reviewer sees the same gaps, and may still send it back for completion.
    const detail = readJson<CompanyDetail>(await get(`/api/company/show/${application.id}`, admin)).data;
    expect(listMissingForApproval(detail)).toEqual(['legalPerson', 'contactName', 'businessLicense']);
    const returned = readJson(
      await post(
        url,
        { pass: false, reason: '请补充法定代表人、联系人和营业执照', version: before.version },
        admin,
      ),
    );
    expect(returned).toMatchObject({ status: 0, msg: MSG.examineReturnedOk });
    expect(await fetchApplication(token)).toMatchObject({ examineStatus: 2 });
  });

  it('keeps the opinion of an approval in the history and the audit log', async () => {
    const { token, application } = await submittedApplicant();
    const url = `/api/company/examine/${application.id}`;
    const tooLong = readJson(
      await post(url, { pass: true, reason: '意'.repeat(501), version: application.version }, admin),
    );
    expect(tooLong).toMatchObject({ status: 1, msg: '审核意见不能超过500个字符' });
    expect(await fetchApplication(token)).toMatchObject({ examineStatus: 1, version: application.version });

    const approved = readJson(
      await post(url, { pass: true, reason: '  材料齐全，同意开户  ', version: application.version }, admin),
    );
    expect(approved).toMatchObject({ status: 0, msg: MSG.examineApprovedOk });
    const final = await fetchApplication(token);
    expect(final).toMatchObject({ examineStatus: 3, examineReason: null });
    expect(final.history.at(-1)).toMatchObject({
      action: 'approve',
      actionLabel: '审核通过',
      reason: '材料齐全，同意开户',
    });
    const audited = await selectRows<{ detail: { examineStatus: number; reason: string | null } }>(
      t.db,
      sql`select detail from audit_log where action = 'company.examine.approve' and target = ${String(application.id)}`,
    );
    expect(audited.map((row) => row.detail)).toEqual([{ examineStatus: 3, reason: '材料齐全，同意开户' }]);
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);
  });

  it('approves without an opinion, keeping none', async () => {
    const { token, application } = await submittedApplicant();
    const url = `/api/company/examine/${application.id}`;
    const approved = readJson(
      await post(url, { pass: true, reason: '   ', version: application.version }, admin),
    );
    expect(approved.status, approved.msg).toBe(0);
    expect((await fetchApplication(token)).history.at(-1)).toMatchObject({ action: 'approve', reason: null });
  });

  it('still needs a reason to return an application, and changes nothing without one', async () => {
    const { token, application } = await submittedApplicant();
    const before = await reviewState(token);
    const url = `/api/company/examine/${application.id}`;
    for (const body of [
      { pass: false, version: before.version },
      { pass: false, reason: '', version: before.version },
    ]) {
      expect(readJson(await post(url, body, admin))).toMatchObject({
        status: 1,
        msg: MSG.returnReasonRequired,
      });
    }
    expect(await reviewState(token)).toEqual(before);
  });

  it('shows the demo application awaiting review complete: every fact, the licence and its history', async () => {
    const [gate] = await selectRows<{ id: number }>(
      t.db,
      sql`select c.id from companies c join operators o on o.company_id = c.id
          join users u on u.id = o.user_id where u.username = 'gate1'`,
    );
    const detail = readJson<CompanyDetail>(await get(`/api/company/show/${gate?.id ?? 0}`, admin)).data;
    expect(detail).toMatchObject({ examineStatus: 1, contactMobile: '13800000101', otherFiles: [] });
    expect(isCreditCode(detail.creditCode ?? '')).toBe(true);
    expect(isCreditCode(detail.stateCreditCode ?? '')).toBe(true);
    expect(listMissingForApproval(detail)).toEqual([]);
    expect(detail.history.map((entry) => entry.action)).toEqual(['register', 'submit', 'return', 'submit']);
    expect(detail.history[2]?.reason).toBeTruthy();
    const [licence] = detail.businessLicense;
    const download = await get(`/api/attachment/download/${licence?.uuid ?? ''}`, admin);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
