// 账号管理 end to end on the demo data: the company's operators listed (masked mobiles, menu names, 主操作员 first),
// a new operator added (refusals first, each with its message and nothing stored), who then signs in by SMS code
// and chooses a password (gate 3); editing with versions, stopping (sign-in and sessions end) and restarting,
// resetting a password, and moving the main operator on a code sent to the current one. Another company's operator
// answers 404 everywhere, and no operator is given a code its company lacks.
import {
  AGENT_CODES,
  DEFAULT_ROLE_CODES,
  formatMessage,
  MSG,
  OPERATOR_NAME_MAX,
  type LoginResult,
  type OperatorCodes,
  type OperatorListRow,
  type OperatorSaved,
  type OperatorView,
  type SessionUser,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  attemptLogin,
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  post,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import { clientOf, findOperatorId, type Client } from '../../test/workflow-support.ts';

const NEW_PASSWORD = 'Strong#Pass2026';
const NEW_MOBILE = '13912340001';
const PAGE = { page: 1, size: 10 };

let t: TestApp;
let phone: CapturingSmsProvider;
let owner: Client;
let ownerToken: string;
let foreign: Client;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' }, smsProvider: phone });
  ownerToken = await loginAs(t.app, 'transferor');
  owner = clientOf(t, ownerToken);
  foreign = clientOf(t, await loginAs(t.app, 'member'));
});

afterAll(async () => {
  await t.close();
});

/** The next code send to a mobile waits out the otp service's one-a-minute rule. */
function passResendWait(): void {
  t.clock.advance(61_000);
}

async function count(table: 'users' | 'operators' | 'roles' | 'sms_outbox'): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return rows[0]?.n ?? 0;
}

async function countAudit(action: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where action = ${action}`,
  );
  return rows[0]?.n ?? 0;
}

async function findUserRow(username: string) {
  const rows = await selectRows<{ id: number; setup_password: boolean; nickname: string; mobile: string }>(
    t.db,
    sql`select id, setup_password, nickname, mobile from users where username = ${username}`,
  );
  return rows[0];
}

async function findOperatorRow(operatorId: number) {
  const rows = await selectRows<{
    manager: boolean;
    disabled: boolean;
    role_id: number | null;
    role_company: number | null;
    codes: string[] | null;
  }>(
    t.db,
    sql`select o.manager, o.disabled, o.role_id, r.company_id as role_company, r.codes
        from operators o left join roles r on r.id = o.role_id where o.id = ${operatorId}`,
  );
  return rows[0];
}

/** The SMS-code sign-in of the login page's 短信登录: a code to the mobile, then the login with it. */
async function signInByCode(mobile: string) {
  passResendWait();
  const sent = readJson(await post(t.app, { url: `/api/app/login/otp/${mobile}` }));
  expect(sent.status, sent.msg).toBe(0);
  return readJson<LoginResult>(
    await post(t.app, { url: '/api/mobile/login', payload: { mobile, otp: phone.lastCodeTo(mobile) } }),
  );
}

describe('账号管理', () => {
  let newId = 0;
  let newToken = '';

  it('lists the company’s own operators: masked mobile, menu names, 主操作员, status and last sign-in', async () => {
    const listed = await owner.post<{ list: OperatorListRow[]; total: number }>('/api/operator/list', PAGE);
    expect(listed.status, listed.msg).toBe(0);
    expect(listed.data.total).toBe(1);
    const [me] = listed.data.list;
    expect(me).toMatchObject({
      username: 'transferor',
      nickname: '转让方演示',
      mobileMasked: '138****0001',
      isMain: true,
      isFullRole: true,
      status: 'normal',
      statusLabel: '正常',
      isSelf: true,
    });
    expect(me?.permissions).toContain('我的项目');
    expect(me?.permissions).toContain('账号管理');
    expect(me?.permissions).not.toContain('GJS_PROJECT_LT');
    expect(me?.lastSignInAt).not.toBeNull();
    expect(me?.version).toMatch(/^\d+$/);
  });

  it('answers the company’s codes: its kind’s built-in role, agent codes for an agent member', async () => {
    const mine = await owner.get<OperatorCodes>('/api/operator/codes');
    expect(mine.data.codes).toEqual([...DEFAULT_ROLE_CODES.transferor]);
    expect(mine.data.grantable).toEqual([...DEFAULT_ROLE_CODES.transferor]);
    const agent = clientOf(t, await loginAs(t.app, 'agent'));
    const theirs = await agent.get<OperatorCodes>('/api/operator/codes');
    expect(theirs.data).toMatchObject({ isAgent: true });
    for (const code of AGENT_CODES) expect(theirs.data.codes).toContain(code);
  });

  it('refuses bad input to 新增账号 with its Chinese message and stores nothing', async () => {
    const valid = { username: 'zhangsan01', nickname: '张三', mobile: NEW_MOBILE, codes: ['GJS_PROJECT_LT'] };
    const before = await Promise.all([
      count('users'),
      count('operators'),
      count('roles'),
      count('sms_outbox'),
    ]);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, username: undefined }, '请填写用户名'],
      [{ ...valid, username: '' }, '请填写用户名'],
      [{ ...valid, username: 'ab' }, MSG.usernameRule],
      [{ ...valid, username: '1abcd' }, MSG.usernameRule],
      [{ ...valid, username: '张三丰丰' }, MSG.usernameRule],
      [{ ...valid, nickname: '   ' }, '请填写姓名'],
      [
        { ...valid, nickname: '张'.repeat(OPERATOR_NAME_MAX + 1) },
        formatMessage(MSG.operatorNameTooLong, { max: 20 }),
      ],
      [{ ...valid, mobile: '' }, MSG.mobileRequired],
      [{ ...valid, mobile: '2391234000' }, MSG.mobileInvalid],
      [{ ...valid, mobile: '139123400012' }, MSG.mobileInvalid],
      [{ ...valid, codes: undefined }, MSG.operatorCodesRequired],
      [{ ...valid, codes: [] }, MSG.operatorCodesRequired],
      // a group alone grants nothing to see, and 首页 everyone has
      [{ ...valid, codes: ['GJS_SYSTEM_MANAGE', 'GJS_INDEX'] }, MSG.operatorCodesRequired],
      [{ ...valid, username: 'member' }, MSG.usernameTaken],
      [{ ...valid, mobile: '13800000003' }, MSG.operatorMobileTaken],
    ];
    for (const [payload, msg] of cases) {
      expect(await owner.post('/api/operator/save', payload), msg).toMatchObject({ status: 1, msg });
    }
    expect(
      await Promise.all([count('users'), count('operators'), count('roles'), count('sms_outbox')]),
    ).toEqual(before);
    expect(await countAudit('operator.save')).toBe(0);
  });

  it('an operator cannot be given a code the company lacks', async () => {
    const base = { username: 'zhangsan01', nickname: '张三', mobile: NEW_MOBILE };
    const before = await count('users');
    // the assessment institutions' list, the agent codes, and a code nobody has
    for (const [code, title] of [
      ['GJS_PROJECT_EVALUATION_LT', '评估项目'],
      ['GJS_PROJECT_SERVICE_ZR_LT', '代理项目方'],
      ['GJS_SYSTEM_DICT_ADMIN', '数据字典'],
      ['NO_SUCH_CODE', 'NO_SUCH_CODE'],
    ] as const) {
      const answer = await owner.post('/api/operator/save', { ...base, codes: ['GJS_PROJECT_LT', code] });
      expect(answer).toMatchObject({ status: 1, msg: formatMessage(MSG.operatorCodeNotHeld, { title }) });
    }
    expect(await count('users')).toBe(before);
  });

  it('新增账号: a new account without a usable password, its role, and the SMS in the outbox', async () => {
    const saved = await owner.post<OperatorSaved>('/api/operator/save', {
      username: 'zhangsan01',
      nickname: ' 张三 ',
      mobile: NEW_MOBILE,
      codes: ['GJS_PROJECT_LT', 'GJS_TASK_TODO'],
    });
    expect(saved.status, saved.msg).toBe(0);
    expect(saved.msg).toBe(formatMessage(MSG.operatorSaved, { mobile: '139****0001' }));
    newId = saved.data.id;
    expect(await findUserRow('zhangsan01')).toMatchObject({ setup_password: false, nickname: '张三' });
    const operator = await findOperatorRow(newId);
    expect(operator).toMatchObject({ manager: false, disabled: false });
    // the group of 待办任务 comes with it, and 首页 for everyone
    expect(operator?.codes).toEqual(['GJS_INDEX', 'GJS_PROJECT_LT', 'GJS_TASK', 'GJS_TASK_TODO']);
    expect(operator?.role_company).not.toBeNull();

    const outbox = await selectRows<{ content: string; template: string; status: string }>(
      t.db,
      sql`select content, template, status from sms_outbox where mobile = ${NEW_MOBILE}`,
    );
    const text =
      '【产权交易所】您已被添加为北京示范国有资产经营有限公司的操作员，用户名zhangsan01，请使用手机验证码登录并设置密码。';
    expect(outbox).toEqual([{ content: text, template: 'operatorAdded', status: 'sent' }]);
    expect(phone.sent.at(-1)).toMatchObject({ mobile: NEW_MOBILE, content: text });
    expect(await countAudit('operator.save')).toBe(1);

    // nobody knows a password of the account
    const guessed = await attemptLogin(t.app, { username: 'zhangsan01', password: 'Demo@2026' });
    expect(guessed.statusCode).toBe(401);
  });

  it('the new operator signs in by SMS code, is held at gate 3, and then chooses a password', async () => {
    const login = await signInByCode(NEW_MOBILE);
    expect(login.status, login.msg).toBe(0);
    newToken = login.data.access_token;
    const me = clientOf(t, newToken);
    const info = await me.post<SessionUser>('/api/app/userinfo');
    expect(info.data).toMatchObject({
      username: 'zhangsan01',
      companyName: '北京示范国有资产经营有限公司',
      setupPassword: false,
      manager: false,
    });
    const permissions = await me.get<{ permission: string[] }>('/api/app/user/role/permissions');
    expect(permissions.data.permission).toEqual(['GJS_INDEX', 'GJS_PROJECT_LT', 'GJS_TASK', 'GJS_TASK_TODO']);
    // without GKS_OPERATOR_LT the accounts are not theirs to see
    expect((await me.raw('POST', '/api/operator/list', PAGE)).statusCode).toBe(403);

    const setup = await me.post('/api/app/user/setup/password', {
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
    });
    expect(setup.status, setup.msg).toBe(0);
    expect((await findUserRow('zhangsan01'))?.setup_password).toBe(true);
    const byPassword = readJson<LoginResult>(
      await attemptLogin(t.app, { username: 'zhangsan01', password: NEW_PASSWORD }),
    );
    expect(byPassword.status, byPassword.msg).toBe(0);
    const listed = await owner.post<{ list: OperatorListRow[] }>('/api/operator/list', PAGE);
    expect(listed.data.list.map((row) => row.username)).toEqual(['transferor', 'zhangsan01']);
    expect(listed.data.list[1]).toMatchObject({
      mobileMasked: '139****0001',
      isMain: false,
      isFullRole: false,
      permissions: ['我的项目', '待办任务'],
    });
  });

  it('searches by keyword and status', async () => {
    const found = await owner.post<{ list: OperatorListRow[] }>('/api/operator/list', {
      ...PAGE,
      keyword: '张三',
    });
    expect(found.data.list.map((row) => row.username)).toEqual(['zhangsan01']);
    const byMobile = await owner.post<{ list: OperatorListRow[] }>('/api/operator/list', {
      ...PAGE,
      keyword: '0001',
    });
    expect(byMobile.data.list.map((row) => row.username)).toEqual(['transferor', 'zhangsan01']);
    const stopped = await owner.post<{ total: number }>('/api/operator/list', {
      ...PAGE,
      status: 'disabled',
    });
    expect(stopped.data.total).toBe(0);
    expect(await owner.post('/api/operator/list', { ...PAGE, status: 'gone' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
  });

  it('shows an operator of the company; another company’s or an unknown one is 404', async () => {
    const shown = await owner.get<OperatorView>(`/api/operator/${newId}`);
    expect(shown.data).toMatchObject({
      username: 'zhangsan01',
      nickname: '张三',
      isPasswordSet: true,
      codes: ['GJS_INDEX', 'GJS_PROJECT_LT', 'GJS_TASK', 'GJS_TASK_TODO'],
    });
    const memberId = await findOperatorId(t, 'member');
    for (const path of [`/api/operator/${memberId}`, '/api/operator/999999', '/api/operator/abc']) {
      expect(await owner.get(path), path).toMatchObject({ status: 404, msg: MSG.notFound });
    }
    expect(await foreign.get(`/api/operator/${newId}`)).toMatchObject({ status: 404 });
  });

  it('编辑账号: name and codes with the version; a stale version is 409 and changes nothing', async () => {
    const shown = await owner.get<OperatorView>(`/api/operator/${newId}`);
    const edited = await owner.post<OperatorSaved>(`/api/operator/update/${newId}`, {
      nickname: '张三丰',
      codes: ['GJS_PLAN_LT', 'GKS_OPERATOR_LT'],
      version: shown.data.version,
    });
    expect(edited.status, edited.msg).toBe(0);
    expect(edited.data.version).not.toBe(shown.data.version);
    expect((await findOperatorRow(newId))?.codes).toEqual([
      'GJS_INDEX',
      'GJS_PLAN_LT',
      'GJS_SYSTEM_MANAGE',
      'GKS_OPERATOR_LT',
    ]);
    // the operator's own session holds the new codes at once
    const permissions = await clientOf(t, newToken).get<{ permission: string[] }>(
      '/api/app/user/role/permissions',
    );
    expect(permissions.data.permission).toContain('GKS_OPERATOR_LT');

    const stale = await owner.post(`/api/operator/update/${newId}`, {
      nickname: '李四',
      codes: ['GJS_PROJECT_LT'],
      version: shown.data.version,
    });
    expect(stale).toMatchObject({ status: 409, msg: MSG.conflict });
    expect((await findUserRow('zhangsan01'))?.nickname).toBe('张三丰');

    const lacking = await owner.post(`/api/operator/update/${newId}`, {
      nickname: '张三丰',
      codes: ['GJS_PROJECT_EVALUATION_LT'],
      version: edited.data.version,
    });
    expect(lacking).toMatchObject({ status: 1 });
    expect(lacking.msg).toContain('本单位没有');
    expect(
      await owner.post(`/api/operator/update/${newId}`, {
        nickname: '',
        codes: [],
        version: edited.data.version,
      }),
    ).toMatchObject({ status: 1, msg: '请填写姓名' });

    const memberId = await findOperatorId(t, 'member');
    expect(
      await owner.post(`/api/operator/update/${memberId}`, {
        nickname: '改名',
        codes: ['GJS_PROJECT_LT'],
        version: edited.data.version,
      }),
    ).toMatchObject({ status: 404 });
    expect(await countAudit('operator.update')).toBe(1);
  });

  it('keeps the main operator’s codes whole: only the name may change', async () => {
    const mainId = await findOperatorId(t, 'transferor');
    const shown = await owner.get<OperatorView>(`/api/operator/${mainId}`);
    expect(
      await owner.post(`/api/operator/update/${mainId}`, {
        nickname: '转让方演示',
        codes: ['GJS_PROJECT_LT'],
        version: shown.data.version,
      }),
    ).toMatchObject({ status: 1, msg: MSG.operatorMainCodesFixed });
    const renamed = await owner.post(`/api/operator/update/${mainId}`, {
      nickname: '转让方主操作员',
      codes: shown.data.codes,
      version: shown.data.version,
    });
    expect(renamed.status, renamed.msg).toBe(0);
    expect((await findOperatorRow(mainId))?.codes).toEqual([...DEFAULT_ROLE_CODES.transferor]);
  });

  it('an account manager hands on only the codes they hold themselves', async () => {
    // zhangsan01 now holds GKS_OPERATOR_LT but not 我的资产
    const byPassword = readJson<LoginResult>(
      await attemptLogin(t.app, { username: 'zhangsan01', password: NEW_PASSWORD }),
    );
    const manager = clientOf(t, byPassword.data.access_token);
    const answer = await manager.post('/api/operator/save', {
      username: 'wangwu01',
      nickname: '王五',
      mobile: '13912340002',
      codes: ['GJS_ASSETS_LT'],
    });
    expect(answer).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.operatorCodeNotOwn, { title: '我的资产' }),
    });
    expect(await findUserRow('wangwu01')).toBeUndefined();
  });

  it('停用 ends the operator’s sessions and sign-in; 启用 restores it', async () => {
    const before = await owner.get<OperatorView>(`/api/operator/${newId}`);
    const stopped = await owner.post<OperatorSaved>(`/api/operator/disable/${newId}`, {
      version: before.data.version,
    });
    expect(stopped).toMatchObject({ status: 0, msg: MSG.operatorDisabledOk });
    expect((await findOperatorRow(newId))?.disabled).toBe(true);
    // the open session is gone
    expect((await clientOf(t, newToken).raw('POST', '/api/app/userinfo')).statusCode).toBe(401);
    // and neither way of signing in opens a new one
    expect(
      readJson(await attemptLogin(t.app, { username: 'zhangsan01', password: NEW_PASSWORD })),
    ).toMatchObject({ status: 1, msg: MSG.operatorDisabled });
    expect(await signInByCode(NEW_MOBILE)).toMatchObject({ status: 1, msg: MSG.operatorDisabled });
    expect(await owner.post(`/api/operator/disable/${newId}`)).toMatchObject({
      status: 1,
      msg: MSG.operatorAlreadyDisabled,
    });
    const listed = await owner.post<{ list: OperatorListRow[] }>('/api/operator/list', {
      ...PAGE,
      status: 'disabled',
    });
    expect(listed.data.list.map((row) => [row.username, row.statusLabel])).toEqual([['zhangsan01', '停用']]);

    // a stale version is refused before anything changes
    expect(await owner.post(`/api/operator/enable/${newId}`, { version: before.data.version })).toMatchObject(
      { status: 409 },
    );
    const restarted = await owner.post(`/api/operator/enable/${newId}`, { version: stopped.data.version });
    expect(restarted).toMatchObject({ status: 0, msg: MSG.operatorEnabledOk });
    const again = readJson<LoginResult>(
      await attemptLogin(t.app, { username: 'zhangsan01', password: NEW_PASSWORD }),
    );
    expect(again.status, again.msg).toBe(0);
    newToken = again.data.access_token;
    expect(await countAudit('operator.disable')).toBe(1);
    expect(await countAudit('operator.enable')).toBe(1);
  });

  it('stops neither the main operator nor oneself, nor another company’s operator', async () => {
    const mainId = await findOperatorId(t, 'transferor');
    expect(await owner.post(`/api/operator/disable/${mainId}`)).toMatchObject({
      status: 1,
      msg: MSG.operatorMainUntouchable,
    });
    // zhangsan01 holds GKS_OPERATOR_LT now: not its own account, nor the main operator's
    const self = clientOf(t, newToken);
    expect(await self.post(`/api/operator/disable/${newId}`)).toMatchObject({
      status: 1,
      msg: MSG.operatorSelfUntouchable,
    });
    expect(await self.post(`/api/operator/reset/${mainId}`)).toMatchObject({
      status: 1,
      msg: MSG.operatorMainUntouchable,
    });
    const memberId = await findOperatorId(t, 'member');
    for (const action of ['disable', 'enable', 'reset']) {
      expect(await owner.post(`/api/operator/${action}/${memberId}`), action).toMatchObject({ status: 404 });
    }
    expect((await findOperatorRow(memberId))?.disabled).toBe(false);
  });

  it('重置密码: the password stops working, sessions end, an SMS goes out; a code sign-in leads to gate 3', async () => {
    const sentBefore = phone.sent.length;
    const reset = await owner.post(`/api/operator/reset/${newId}`);
    expect(reset).toMatchObject({
      status: 0,
      msg: formatMessage(MSG.operatorResetOk, { mobile: '139****0001' }),
    });
    expect((await findUserRow('zhangsan01'))?.setup_password).toBe(false);
    expect((await clientOf(t, newToken).raw('POST', '/api/app/userinfo')).statusCode).toBe(401);
    expect((await attemptLogin(t.app, { username: 'zhangsan01', password: NEW_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(phone.sent.slice(sentBefore)).toEqual([
      expect.objectContaining({
        mobile: NEW_MOBILE,
        content:
          '【产权交易所】北京示范国有资产经营有限公司已重置您的登录密码，用户名zhangsan01，请使用手机验证码登录并设置新密码。',
      }),
    ]);
    const login = await signInByCode(NEW_MOBILE);
    expect(login.status, login.msg).toBe(0);
    newToken = login.data.access_token;
    const info = await clientOf(t, newToken).post<SessionUser>('/api/app/userinfo');
    expect(info.data.setupPassword).toBe(false);
    const setup = await clientOf(t, newToken).post('/api/app/user/setup/password', {
      password: NEW_PASSWORD,
      password2: NEW_PASSWORD,
    });
    expect(setup.status, setup.msg).toBe(0);
  });

  it('does not reset a person who is also another company’s operator', async () => {
    // transferor2 is also an operator of the member company
    const rows = await selectRows<{ id: number }>(
      t.db,
      sql`select o.id from operators o join users u on u.id = o.user_id join companies c on c.id = o.company_id
          where u.username = 'transferor2' and c.name = '示范产权经纪有限公司'`,
    );
    const sharedId = rows[0]?.id ?? 0;
    expect(await foreign.post(`/api/operator/reset/${sharedId}`)).toMatchObject({
      status: 1,
      msg: MSG.operatorResetShared,
    });
  });
});

describe('变更主操作员', () => {
  const mobileOfMain = '13800000001';
  let targetId = 0;

  beforeAll(async () => {
    const saved = await owner.post<OperatorSaved>('/api/operator/save', {
      username: 'lisi0001',
      nickname: '李四',
      mobile: '13912340003',
      codes: ['GJS_PROJECT_LT'],
    });
    expect(saved.status, saved.msg).toBe(0);
    targetId = saved.data.id;
  });

  it('only the main operator asks for the code or changes it', async () => {
    // transferor2 in its member identity: an account manager of the member company, not its main operator
    const login = readJson<LoginResult>(await attemptLogin(t.app, { username: 'transferor2' }));
    const identities = await clientOf(t, login.data.access_token).post<SessionUser>('/api/app/userinfo');
    const memberIdentity = identities.data.identities.find((entry) => entry.identityType === 2);
    const switched = await clientOf(t, login.data.access_token).post<LoginResult>(
      `/api/app/switch/${memberIdentity?.id ?? 0}`,
    );
    const notMain = clientOf(t, switched.data.access_token);
    expect(await notMain.post('/api/operator/main/code')).toMatchObject({
      status: 1,
      msg: MSG.operatorMainOnly,
    });
    const memberId = await findOperatorId(t, 'member');
    expect(
      await notMain.post('/api/operator/main/change', { operatorId: memberId, phonecode: '123456' }),
    ).toMatchObject({ status: 1, msg: MSG.operatorMainOnly });
    expect((await findOperatorRow(memberId))?.manager).toBe(true);
  });

  it('needs the right code of the current main operator, and an enabled operator of the company', async () => {
    passResendWait();
    const sent = await owner.post<{ mobileMasked: string }>('/api/operator/main/code');
    expect(sent).toMatchObject({
      status: 0,
      msg: formatMessage(MSG.operatorMainCodeSent, { mobile: '138****0001' }),
      data: { mobileMasked: '138****0001' },
    });
    const code = phone.lastCodeTo(mobileOfMain);
    // the otp service's rule: one send per mobile a minute
    expect((await owner.post('/api/operator/main/code')).msg).toMatch(/^请\d+秒后再获取验证码$/);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      await owner.post('/api/operator/main/change', { operatorId: targetId, phonecode: wrong }),
    ).toMatchObject({
      status: 1,
      msg: MSG.otpWrong,
    });
    const mainId = await findOperatorId(t, 'transferor');
    const memberId = await findOperatorId(t, 'member');
    expect(
      await owner.post('/api/operator/main/change', { operatorId: mainId, phonecode: code }),
    ).toMatchObject({
      status: 1,
      msg: MSG.operatorMainSame,
    });
    expect(
      await owner.post('/api/operator/main/change', { operatorId: memberId, phonecode: code }),
    ).toMatchObject({
      status: 404,
    });
    expect(await owner.post('/api/operator/main/change', { phonecode: code })).toMatchObject({
      status: 1,
      msg: MSG.operatorMainTargetRequired,
    });
    expect(
      await owner.post('/api/operator/main/change', { operatorId: targetId, phonecode: '12' }),
    ).toMatchObject({
      status: 1,
      msg: MSG.otpFormat,
    });
    await owner.post(`/api/operator/disable/${targetId}`);
    expect(
      await owner.post('/api/operator/main/change', { operatorId: targetId, phonecode: code }),
    ).toMatchObject({
      status: 1,
      msg: MSG.operatorMainTargetDisabled,
    });
    await owner.post(`/api/operator/enable/${targetId}`);
    expect((await findOperatorRow(mainId))?.manager).toBe(true);
    expect((await findOperatorRow(targetId))?.manager).toBe(false);

    const changed = await owner.post('/api/operator/main/change', { operatorId: targetId, phonecode: code });
    expect(changed).toMatchObject({ status: 0, msg: MSG.operatorMainChanged });
    const target = await findOperatorRow(targetId);
    expect(target).toMatchObject({ manager: true, role_company: null });
    expect(target?.codes).toEqual([...DEFAULT_ROLE_CODES.transferor]);
    expect((await findOperatorRow(mainId))?.manager).toBe(false);
    // the code is used up, and the former main operator may not move the flag again
    expect(
      await owner.post('/api/operator/main/change', { operatorId: targetId, phonecode: code }),
    ).toMatchObject({
      status: 1,
      msg: MSG.operatorMainOnly,
    });
    const info = await owner.post<SessionUser>('/api/app/userinfo');
    expect(info.data.manager).toBe(false);
    // lisi0001's own role went with the change
    const orphaned = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from roles where name = 'lisi0001的权限'`,
    );
    expect(orphaned[0]?.n).toBe(0);
    expect(await countAudit('operator.main.change')).toBe(1);
    // the list names the new main operator first
    const listed = await owner.post<{ list: OperatorListRow[] }>('/api/operator/list', PAGE);
    expect(listed.data.list[0]).toMatchObject({ username: 'lisi0001', isMain: true });
  });
});

describe('who may manage accounts', () => {
  it('needs GKS_OPERATOR_LT: the land reserve centre’s role has no 账号管理', async () => {
    const land = clientOf(t, await loginAs(t.app, 'land'));
    for (const [method, path] of [
      ['POST', '/api/operator/list'],
      ['GET', '/api/operator/codes'],
      ['POST', '/api/operator/save'],
      ['POST', '/api/operator/main/code'],
    ] as const) {
      expect((await land.raw(method, path, method === 'POST' ? PAGE : undefined)).statusCode, path).toBe(403);
    }
    expect((await clientOf(t, undefined).raw('POST', '/api/operator/list', PAGE)).statusCode).toBe(401);
  });
});
