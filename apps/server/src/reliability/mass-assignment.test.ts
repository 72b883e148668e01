// Reliability row 2: role, company, status, version and ids sent in the bodies of the calls that create or
// change rows (projects, workflow applications, plans, participants, the profile, operators and secondary roles,
// account opening and the company application) are ignored or refused: the stored columns are what the call
// itself decides, no other row changes, and the caller gains no code.
import { ADMIN_CODES, composeCreditCode, SESSION_ID_HEADER, type LoginResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { uploadApplicationFile } from '../test/workflow-support.ts';
import { buildMultipart, makePdf } from '../test/files.ts';
import { PLAN_FORM } from '../test/fixtures.ts';
import { bearer, createTestApp, readJson, type TestApp } from '../test/harness.ts';
import { changedTables, companyOf, fingerprint, signIn, type Fingerprint } from './route-table-db.ts';

const OTP = '246810';
const PASSWORD = 'Kaihu#2026x';

let t: TestApp;
let owner: string;
let stranger: string;
let ownerCompany: number;
let strangerCompany: number;
let strangerUser: number;
let strangerProject: number;
let adminRole: number;
let demoProject: number;

/** Everything a hostile body could try to set, on top of the call's own fields (which win where they overlap). */
function extras(): Record<string, unknown> {
  return {
    id: strangerProject,
    companyId: strangerCompany,
    company_id: strangerCompany,
    agentCompanyId: strangerCompany,
    userId: strangerUser,
    operatorId: strangerUser,
    roleId: adminRole,
    identityType: 999,
    codes: [...ADMIN_CODES],
    status: 'dealt',
    examineStatus: 3,
    companyAuthStatus: 1,
    authStatus: 1,
    isAgent: true,
    manager: true,
    disabled: false,
    version: 99,
    createdBy: strangerUser,
    deleted: true,
    code: 'GR2099XX9999999',
    projectId: strangerProject,
  };
}

/** The extras a form may carry: agentCompanyId is a real field of the project forms (the entrusted member). */
function formExtras(): Record<string, unknown> {
  const { agentCompanyId: _agent, ...rest } = extras();
  return rest;
}

/** A JSON body with the extras under the call's own fields. */
function hostile(own: Record<string, unknown>): string {
  return JSON.stringify({ ...extras(), ...own });
}

/** The same with prototype keys as a client could write them: the JSON parser refuses these bodies outright. */
function poisoned(own: Record<string, unknown>): string[] {
  const text = hostile(own).slice(1);
  return [
    `{"__proto__":{"isAdmin":true,"companyId":${strangerCompany}},${text}`,
    `{"constructor":{"prototype":{"isAdmin":true}},${text}`,
  ];
}

async function post<T = unknown>(url: string, body: string, token?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : bearer(token)) },
    payload: body,
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
  return readJson<T>(response);
}

async function row(table: string, id: number): Promise<Record<string, unknown>> {
  const rows = await selectRows<Record<string, unknown>>(
    t.db,
    sql`select * from ${sql.identifier(table)} where id = ${id}`,
  );
  const found = rows[0];
  if (found === undefined) throw new Error(`no ${table} ${id}`);
  return found;
}

/** Only `allowed` tables (and the audit log, which records every change) differ from `before`. */
async function expectOnlyChanged(before: Fingerprint, allowed: string[]): Promise<void> {
  const changed = changedTables(before, await fingerprint(t.db));
  expect(changed.filter((name) => !allowed.includes(name))).toEqual([]);
}

const BULK_FORM = {
  name: '示范设备一批（批量赋值测试）',
  assetCategory: 'machinery',
  listingPrice: 1_000_000_00,
  appraisalPrice: 1_100_000_00,
  disclosureDays: 20,
  paymentMode: 'lump',
  contactName: '王经理',
  contactMobile: '13800000001',
  description: '数控机床一批，存放于示范工业园。',
};

/** The form keys a stored form may hold: its own, never an injected one. */
function expectNoInjectedKeys(form: unknown): void {
  const keys = Object.keys(form as Record<string, unknown>);
  for (const key of Object.keys(formExtras())) expect(keys, `form key ${key}`).not.toContain(key);
  expect(Object.getPrototypeOf(form)).toBe(Object.prototype);
}

beforeAll(async () => {
  t = await createTestApp({ env: { OTP_FIXED: OTP } });
  owner = await signIn(t.app, 'transferor');
  stranger = await signIn(t.app, 'transferor2');
  ownerCompany = await companyOf(t.db, 'transferor');
  strangerCompany = await companyOf(t.db, 'transferor2');
  const users = await selectRows<{ id: number }>(
    t.db,
    sql`select id from users where username = 'transferor2'`,
  );
  strangerUser = users[0]?.id ?? 0;
  const roles = await selectRows<{ id: number }>(
    t.db,
    sql`select id from roles where 'GJS_SYSTEM_ADMIN' = any(codes) order by id limit 1`,
  );
  adminRole = roles[0]?.id ?? 0;
  const demo = await selectRows<{ id: number }>(
    t.db,
    sql`select id from projects where code = 'GR2026BJ1000123'`,
  );
  demoProject = demo[0]?.id ?? 0;
  const created = await post<{ id: number }>(
    '/api/project/bulk',
    JSON.stringify({ form: BULK_FORM }),
    stranger,
  );
  expect(created.status, created.msg).toBe(0);
  strangerProject = created.data.id;
});

afterAll(async () => {
  await t.close();
});

describe('projects', () => {
  let id = 0;
  let version = 0;

  it('create stores the caller company, a draft at version 1, and only the form of the kind', async () => {
    const strangerBefore = await row('projects', strangerProject);
    const before = await fingerprint(t.db);
    const body = await post<{ id: number; version: number }>(
      '/api/project/bulk',
      hostile({ form: { ...formExtras(), ...BULK_FORM } }),
      owner,
    );
    expect(body.status, body.msg).toBe(0);
    ({ id, version } = body.data);
    const stored = await row('projects', id);
    expect(stored).toMatchObject({
      company_id: ownerCompany,
      status: 'draft',
      version: 1,
      agent_company_id: null,
    });
    expect(stored.created_by).not.toBe(strangerUser);
    expect(stored.code).not.toBe('GR2099XX9999999');
    expectNoInjectedKeys((stored.details as { form: unknown }).form);
    expect(await row('projects', strangerProject)).toEqual(strangerBefore);
    await expectOnlyChanged(before, ['projects']);
  });

  it('update changes the form of its own row only, at the next version', async () => {
    const strangerBefore = await row('projects', strangerProject);
    const before = await fingerprint(t.db);
    const body = await post(
      `/api/project/bulk/update/${id}`,
      hostile({ version, form: { ...formExtras(), ...BULK_FORM, name: '示范设备一批（已修改）' } }),
      owner,
    );
    expect(body.status, body.msg).toBe(0);
    const stored = await row('projects', id);
    expect(stored).toMatchObject({
      company_id: ownerCompany,
      status: 'draft',
      version: version + 1,
      name: '示范设备一批（已修改）',
    });
    expectNoInjectedKeys((stored.details as { form: unknown }).form);
    expect(await row('projects', strangerProject)).toEqual(strangerBefore);
    await expectOnlyChanged(before, ['projects']);
  });
});

describe('workflow applications', () => {
  it('create, save and update keep the instance on its project, company and status', async () => {
    const before = await fingerprint(t.db);
    const created = await post<{ id: number; version: number }>(
      '/api/project/bulk/abort/create',
      hostile({ projectId: demoProject }),
      owner,
    );
    expect(created.status, created.msg).toBe(0);
    const { id } = created.data;
    const fresh = await row('action_instances', id);
    expect(fresh).toMatchObject({
      project_id: demoProject,
      company_id: ownerCompany,
      status: 'draft',
      version: 1,
      family: 'bulk',
      action: 'abort',
    });
    await expectOnlyChanged(before, ['action_instances', 'process_logs']);

    const saved = await post<{ version: number }>(
      '/api/project/bulk/abort/save',
      hostile({ id, version: 1, form: { ...extras(), reason: '标的资产权属需进一步确认' } }),
      owner,
    );
    expect(saved.status, saved.msg).toBe(0);
    const updated = await post<{ version: number }>(
      `/api/project/bulk/abort/update/${id}`,
      hostile({ version: saved.data.version, form: { ...extras(), reason: '权属待确认' } }),
      owner,
    );
    expect(updated.status, updated.msg).toBe(0);
    const stored = await row('action_instances', id);
    expect(stored).toMatchObject({
      project_id: demoProject,
      company_id: ownerCompany,
      status: 'draft',
      version: 3,
      letter_id: null,
      signed_letter_id: null,
    });
    expectNoInjectedKeys(stored.form);
    // submitting with a hostile body still goes through the engine's own steps
    await uploadApplicationFile(t, owner, id);
    const submitted = await post('/api/project/bulk/abort/submit', hostile({ id, version: 3 }), owner);
    expect(submitted.status, submitted.msg).toBe(0);
    expect(await row('action_instances', id)).toMatchObject({
      status: 'letterGenerated',
      company_id: ownerCompany,
    });
    expect((await row('projects', demoProject)).status).toBe('disclosing');
  });
});

describe('plans and participants', () => {
  it('a plan is the caller company’s, not yet a project, at version 1, with its own form', async () => {
    const before = await fingerprint(t.db);
    const body = await post<{ id: number; version: number }>(
      '/api/plan/save',
      hostile({ form: { ...formExtras(), ...PLAN_FORM } }),
      owner,
    );
    expect(body.status, body.msg).toBe(0);
    const stored = await row('plans', body.data.id);
    expect(stored).toMatchObject({ company_id: ownerCompany, project_id: null, version: 1 });
    expectNoInjectedKeys(stored.form);
    await expectOnlyChanged(before, ['plans']);
    const updated = await post(
      `/api/plan/update/${body.data.id}`,
      hostile({ version: 1, form: { ...formExtras(), ...PLAN_FORM, name: '闲置设备处置计划（调整）' } }),
      owner,
    );
    expect(updated.status, updated.msg).toBe(0);
    expect(await row('plans', body.data.id)).toMatchObject({
      company_id: ownerCompany,
      project_id: null,
      version: 2,
      name: '闲置设备处置计划（调整）',
    });
  });

  it('a participant belongs to the project of the call, whatever the body names', async () => {
    const before = await fingerprint(t.db);
    const body = await post<{ id: number }>(
      '/api/project/bulk/participant/save',
      hostile({
        projectId: demoProject,
        participant: {
          ...extras(),
          kind: 'company',
          name: '北京某某再生资源有限公司',
          certType: 'creditCode',
          certNo: composeCreditCode('110000', '10110070'),
          contactName: '赵经理',
          contactMobile: '13900000002',
        },
      }),
      owner,
    );
    expect(body.status, body.msg).toBe(0);
    const stored = await row('project_participants', body.data.id);
    expect(stored).toMatchObject({ project_id: demoProject, company_id: ownerCompany, version: 1 });
    await expectOnlyChanged(before, ['project_participants']);
  });
});

describe('the profile, operators and roles', () => {
  it('a nickname change touches the caller’s own nickname and nothing else', async () => {
    const own = await selectRows<Record<string, unknown>>(
      t.db,
      sql`select * from users where username = 'transferor'`,
    );
    const other = await row('users', strangerUser);
    const before = await fingerprint(t.db);
    const body = await post(
      '/api/app/update/nickname',
      hostile({
        nickname: '新昵称',
        username: 'admin',
        mobile: '13900009999',
        disabled: true,
        authStatus: 0,
      }),
      owner,
    );
    expect(body.status, body.msg).toBe(0);
    const after = await selectRows<Record<string, unknown>>(
      t.db,
      sql`select * from users where username = 'transferor'`,
    );
    const { nickname, updated_at: _u, ...rest } = after[0] ?? {};
    const { nickname: _n, updated_at: _v, ...restBefore } = own[0] ?? {};
    expect(nickname).toBe('新昵称');
    expect(rest).toEqual(restBefore);
    expect(await row('users', strangerUser)).toEqual(other);
    await expectOnlyChanged(before, ['users']);
  });

  it('a secondary role never reaches beyond the company role, and the role itself never changes', async () => {
    const [operatorBefore] = await selectRows<Record<string, unknown>>(
      t.db,
      sql`select o.* from operators o join users u on u.id = o.user_id where u.username = 'transferor' and o.is_default`,
    );
    const body = await post(
      '/api/app/user/sec/role',
      hostile({ codes: [...ADMIN_CODES, 'GJS_PROJECT_LT'] }),
      owner,
    );
    expect(body.status, body.msg).toBe(0);
    const [operatorAfter] = await selectRows<Record<string, unknown>>(
      t.db,
      sql`select o.* from operators o where o.id = ${operatorBefore?.id as number}`,
    );
    expect(operatorAfter).toMatchObject({
      role_id: operatorBefore?.role_id,
      company_id: operatorBefore?.company_id,
      manager: operatorBefore?.manager,
      is_default: operatorBefore?.is_default,
    });
    // chosen codes beyond the company role are kept as chosen but take no effect: still refused where the
    // exchange's codes are needed, and the list stays the company's own
    for (const [url, payload] of [
      ['/api/company/list', { page: 1, size: 10 }],
      ['/api/sms/list', { page: 1, size: 10 }],
    ] as const) {
      const refusedCall = await t.app.inject({ method: 'POST', url, headers: bearer(owner), payload });
      expect(refusedCall.statusCode, url).toBe(403);
    }
    const list = readJson<{ list: { id: number }[] }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/project/list',
        headers: bearer(owner),
        payload: { page: 1, size: 100 },
      }),
    );
    expect(list.status, list.msg).toBe(0);
    expect(list.data.list.map((p) => p.id)).not.toContain(strangerProject);
  });

  it('a manager sets a pending mobile of its own operator only; role, company and flags stay', async () => {
    const [operator] = await selectRows<Record<string, unknown>>(
      t.db,
      sql`select o.* from operators o join users u on u.id = o.user_id where u.username = 'transferor' and o.is_default`,
    );
    const before = await fingerprint(t.db);
    const body = await post(
      '/api/operator/update/mobile',
      hostile({ operatorId: operator?.id, mobile: '13900001234', isDefault: false, mainOperatorAuth: false }),
      owner,
    );
    expect(body.status, body.msg).toBe(0);
    const [after] = await selectRows<Record<string, unknown>>(
      t.db,
      sql`select * from operators where id = ${operator?.id as number}`,
    );
    const { updated_at: _a, ...rest } = after ?? {};
    const { updated_at: _b, ...restBefore } = operator ?? {};
    expect(rest).toEqual(restBefore);
    await expectOnlyChanged(before, ['users']);
    // and another company's operator answers as if it did not exist
    const [foreignOperator] = await selectRows<{ id: number }>(
      t.db,
      sql`select id from operators where user_id = ${strangerUser} and is_default`,
    );
    const refused = await post(
      '/api/operator/update/mobile',
      hostile({ operatorId: foreignOperator?.id, mobile: '13900001235' }),
      owner,
    );
    expect(refused.status).toBe(404);
  });
});

describe('account opening and the company application', () => {
  let token = '';
  let companyId = 0;

  it('a registration opens a transferor company to be reviewed, whatever the body claims', async () => {
    const mobile = '13700009001';
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/app/send/otp/register',
      payload: { mobile },
    });
    expect(readJson(send).status).toBe(0);
    const anonymous = send.headers[SESSION_ID_HEADER] as string;
    const body = await post<LoginResult>(
      '/api/register/account',
      hostile({
        companyName: '重庆批量赋值测试有限公司',
        creditCode: composeCreditCode('500103', '81999001'),
        contactName: '李联系',
        mobile,
        otp: OTP,
        username: 'mass_assign_owner',
        password: PASSWORD,
        password2: PASSWORD,
      }),
      anonymous,
    );
    expect(body.status, body.msg).toBe(0);
    expect(body.data.identityType).toBe(1);
    token = body.data.access_token;
    const [created] = await selectRows<Record<string, unknown>>(
      t.db,
      sql`select c.*, o.role_id, o.manager, u.disabled, u.auth_status as user_auth_status
          from users u join operators o on o.user_id = u.id join companies c on c.id = o.company_id
          where u.username = 'mass_assign_owner'`,
    );
    companyId = created?.id as number;
    expect(companyId).not.toBe(strangerCompany);
    expect(created).toMatchObject({
      identity_type: 1,
      examine_status: 0,
      company_auth_status: 0,
      is_agent: false,
      disabled: false,
      user_auth_status: 0,
    });
    expect(created?.role_id).not.toBe(adminRole);
  });

  it('saving the application changes the caller’s own company’s fields, never its review or identity', async () => {
    const other = await row('companies', strangerCompany);
    const before = await fingerprint(t.db);
    const application = readJson<{ version: number; name: string }>(
      await t.app.inject({ method: 'GET', url: '/api/register/company', headers: bearer(token) }),
    );
    const body = await post(
      '/api/register/company/save',
      hostile({ name: application.data.name, version: application.data.version, legalPerson: '王法人' }),
      token,
    );
    expect(body.status, body.msg).toBe(0);
    expect(await row('companies', companyId)).toMatchObject({
      identity_type: 1,
      examine_status: 0,
      company_auth_status: 0,
      is_agent: false,
    });
    expect(await row('companies', strangerCompany)).toEqual(other);
    await expectOnlyChanged(before, ['companies', 'company_examinations']);
  });
});

describe('the exchange’s review', () => {
  it('approving an application sets its review, never the company’s identity, agency or another company', async () => {
    const mobile = '13700009002';
    const send = await t.app.inject({
      method: 'POST',
      url: '/api/app/send/otp/register',
      payload: { mobile },
    });
    const anonymous = send.headers[SESSION_ID_HEADER] as string;
    const registered = await post<LoginResult>(
      '/api/register/account',
      JSON.stringify({
        companyName: '重庆批量赋值审核测试有限公司',
        creditCode: composeCreditCode('500103', '81999002'),
        contactName: '李联系',
        mobile,
        otp: OTP,
        username: 'mass_assign_review',
        password: PASSWORD,
        password2: PASSWORD,
      }),
      anonymous,
    );
    expect(registered.status, registered.msg).toBe(0);
    const applicant = registered.data.access_token;
    const draft = readJson<{ id: number; version: number; name: string }>(
      await t.app.inject({ method: 'GET', url: '/api/register/company', headers: bearer(applicant) }),
    ).data;
    const { payload, headers } = buildMultipart(
      { command: 'upload', tag: 'businessLicense', dataClass: 'companyOpening', dataId: String(draft.id) },
      { name: '营业执照.pdf', content: makePdf() },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      headers: { ...headers, ...bearer(applicant) },
      payload,
    });
    expect(readJson(uploaded).status).toBe(0);
    const submitted = await post<{ version: number }>(
      '/api/register/company/submit',
      JSON.stringify({
        name: draft.name,
        version: draft.version,
        legalPerson: '王法人',
        address: '重庆市渝中区解放碑路1号',
        contactName: '李联系',
        regulatoryBodies: 'A02005',
        regulatoryBodiesProvince: '500000',
        regulatoryBodiesCity: '500100',
        stateFundedEnter: '重庆市示范国有资本运营有限公司',
        stateCreditCode: composeCreditCode('500000', '88000001'),
      }),
      applicant,
    );
    expect(submitted.status, submitted.msg).toBe(0);
    const admin = await signIn(t.app, 'admin');
    const other = await row('companies', strangerCompany);
    const before = await fingerprint(t.db);
    const examined = await post(
      `/api/company/examine/${draft.id}`,
      hostile({ pass: true, version: submitted.data.version, id: strangerCompany }),
      admin,
    );
    expect(examined.status, examined.msg).toBe(0);
    expect(await row('companies', draft.id)).toMatchObject({
      identity_type: 1,
      examine_status: 3,
      company_auth_status: 0,
      is_agent: false,
    });
    expect(await row('companies', strangerCompany)).toEqual(other);
    // the review's task in the exchange's 待办任务 is closed with it
    await expectOnlyChanged(before, ['companies', 'company_examinations', 'tasks']);
  });
});

describe('prototype keys', () => {
  it('a body carrying __proto__ or constructor.prototype is refused before any handler, and nothing changes', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['/api/project/bulk', { form: BULK_FORM }],
      ['/api/project/bulk/abort/create', { projectId: demoProject }],
      ['/api/plan/save', { form: PLAN_FORM }],
      ['/api/app/update/nickname', { nickname: '原型污染' }],
      ['/api/app/user/sec/role', { codes: ['GJS_PROJECT_LT'] }],
      ['/api/register/company/save', { name: '某公司', version: 1 }],
    ];
    const before = await fingerprint(t.db);
    for (const [url, own] of calls) {
      for (const body of poisoned(own)) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', ...bearer(owner) },
          payload: body,
        });
        expect(response.statusCode, url).toBe(400);
        expect(readJson(response).status).toBe(400);
      }
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
  });
});
