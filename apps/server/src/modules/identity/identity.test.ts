import {
  computeIdCardCheck,
  MSG,
  type AuthStatusResult,
  type CompanyAuthApplication,
  type FaceAuthLink,
  type FaceAuthResult,
  type FaceConfirmView,
  type LoginResult,
  type PageResult,
  type TaskRow,
  type UploadResult,
  type UserAuthentication,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { buildMultipart, makePdf } from '../../test/files.ts';
import { attemptLogin, bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { verifyAuditChain } from '../audit/service.ts';

const PUBLIC_URL = 'https://portal.example.cn';
const FACE_TTL_S = 600;
/** A valid resident ID number (GB 11643) born 1985-06-15 in Beijing. */
const ID_CARD = withCheck('11010519850615123');
const OTHER_ID_CARD = withCheck('31011519900101456');
const STRONG_PASSWORD = 'Strong#Pass2026';

function withCheck(body17: string): string {
  return body17 + computeIdCardCheck(body17);
}

type UserRow = {
  username: string;
  real_name: string | null;
  id_type: number | null;
  id_card: string | null;
  auth_status: number;
  setup_password: boolean;
  password_hash: string;
};
type CompanyRow = { company_auth_status: number; company_auth_reason: string | null; version: number };

let t: TestApp;
let storageDir: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'cqjy-identity-'));
  t = await createTestApp({
    env: {
      LOGIN_RATE_MAX: '1000',
      PUBLIC_URL,
      FACE_AUTH_TTL_S: String(FACE_TTL_S),
      STORAGE_DIR: storageDir,
    },
  });
  for (const username of [
    'transferor',
    'transferor2',
    'member',
    'agent',
    'assessment',
    'admin',
    'gate1',
    'gate2',
    'gate3',
    'gate4',
    'gate5',
    'gate6',
    'gate7',
  ]) {
    tokens[username] = await loginAs(t.app, username);
  }
});

afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

function call(
  method: 'GET' | 'POST',
  url: string,
  username: string | null,
  payload?: unknown,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: username === null ? {} : bearer(tokens[username] ?? ''),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

async function findUser(username: string): Promise<UserRow> {
  const rows = await selectRows<UserRow>(
    t.db,
    sql`select username, real_name, id_type, id_card, auth_status, setup_password, password_hash
        from users where username = ${username}`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no user ${username}`);
  return row;
}

async function findCompanyOf(username: string): Promise<CompanyRow & { id: number }> {
  const rows = await selectRows<CompanyRow & { id: number }>(
    t.db,
    sql`select c.id, c.company_auth_status, c.company_auth_reason, c.version from companies c
        join operators o on o.company_id = c.id join users u on u.id = o.user_id
        where u.username = ${username} and o.is_default`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no company of ${username}`);
  return row;
}

async function countRows(table: 'face_auth_requests' | 'company_auth_requests'): Promise<number> {
  const rows = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return rows[0]?.n ?? 0;
}

async function authStatus(username: string): Promise<AuthStatusResult> {
  const body = readJson<AuthStatusResult>(await call('GET', '/api/app/validate/authstatus', username));
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

async function startRealName(
  username: string,
  input: { realName?: string; idType?: number; idCard?: string } = {},
): Promise<string> {
  const body = readJson<{ requestId: string }>(
    await call('POST', '/api/operator/idcard', username, {
      realName: '张三',
      idType: 0,
      idCard: ID_CARD,
      ...input,
    }),
  );
  expect(body.status, body.msg).toBe(0);
  return body.data.requestId;
}

async function issueLink(username: string, requestId: string): Promise<FaceAuthLink & { token: string }> {
  const body = readJson<FaceAuthLink>(await call('POST', '/api/operator/face', username, { requestId }));
  expect(body.status, body.msg).toBe(0);
  const token = new URL(body.data.confirmUrl.replace('/#/', '/')).searchParams.get('token') ?? '';
  return { ...body.data, token };
}

function confirm(token: string, agree: boolean): Promise<LightMyRequestResponse> {
  return call('POST', `/api/face/confirm/${token}`, null, { agree });
}

describe('GET /api/app/validate/authstatus and GET /api/app/user/authentication', () => {
  it('answers nothing to do for an onboarded transferor', async () => {
    const status = await authStatus('transferor');
    expect(status).toMatchObject({
      identityType: 1,
      authStatus: 1,
      companyAuthStatus: 1,
      idType: 0,
      setupPassword: true,
      pendingPhone: null,
      examineStatus: 3,
      companyAuthLevel: 'basic',
      pendingRequestId: null,
      needs: { realName: false, companyAuth: false, password: false, phone: false },
    });
  });

  it('SH-4.6 asks gate2 (idType 1, transferor) for real-name authentication with the resident card', async () => {
    expect((await authStatus('gate2')).needs).toEqual({
      realName: true,
      companyAuth: false,
      password: false,
      phone: false,
    });
  });

  it('SH-4.7 and SH-4.8 ask gate3 for a password and gate4 to confirm the masked pending phone', async () => {
    expect((await authStatus('gate3')).needs.password).toBe(true);
    const gate4 = await authStatus('gate4');
    expect(gate4.needs.phone).toBe(true);
    expect(gate4.pendingPhone).toBe('139****0104');
  });

  it('answers the own authentication with the ID number masked', async () => {
    await t.db.execute(
      sql`update users set id_card = ${ID_CARD}, real_name = '李四' where username = 'member'`,
    );
    const body = readJson<UserAuthentication>(await call('GET', '/api/app/user/authentication', 'member'));
    expect(body.status).toBe(0);
    expect(body.data).toMatchObject({
      realName: '李四',
      idType: 0,
      idCardMasked: `${ID_CARD.slice(0, 6)}${'*'.repeat(8)}${ID_CARD.slice(-4)}`,
      authStatus: 1,
      companyName: '示范产权经纪有限公司',
      companyAuthStatus: 1,
      companyAuthReason: null,
    });
    expect(JSON.stringify(body.data)).not.toContain(ID_CARD);
  });

  it('answers 401 without a session', async () => {
    expect((await call('GET', '/api/app/validate/authstatus', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/app/user/authentication', null)).statusCode).toBe(401);
  });
});

describe('POST /api/operator/idcard', () => {
  it('SH-4.6 refuses another ID type than the resident card to a transferor, and changes nothing', async () => {
    const before = await findUser('gate2');
    const rows = await countRows('face_auth_requests');
    const body = readJson(
      await call('POST', '/api/operator/idcard', 'gate2', {
        realName: '张三',
        idType: 3,
        idCard: 'E12345678',
      }),
    );
    expect(body).toMatchObject({ status: 1, msg: MSG.idTypeResidentOnly });
    expect(await findUser('gate2')).toEqual(before);
    expect(await countRows('face_auth_requests')).toBe(rows);
  });

  it('SH-5.4 refuses a malformed ID number, a bad name and an unknown ID type', async () => {
    const before = await findUser('gate2');
    const rows = await countRows('face_auth_requests');
    const cases: [Record<string, unknown>, string][] = [
      [{ idCard: ID_CARD.slice(0, 17) + (ID_CARD.endsWith('1') ? '2' : '1') }, MSG.idCardInvalid],
      [{ idCard: '11010519850230123X' }, MSG.idCardInvalid],
      [{ idCard: '' }, MSG.idNumberRequired],
      [{ realName: '张' }, MSG.realNameLength],
      [{ realName: '   ' }, MSG.realNameRequired],
      [{ idType: 7 }, MSG.idTypeRequired],
      [{ idType: undefined }, MSG.idTypeRequired],
    ];
    for (const [patch, msg] of cases) {
      const body = readJson(
        await call('POST', '/api/operator/idcard', 'gate2', {
          realName: '张三',
          idType: 0,
          idCard: ID_CARD,
          ...patch,
        }),
      );
      expect(body, JSON.stringify(patch)).toMatchObject({ status: 1, msg });
    }
    expect(await findUser('gate2')).toEqual(before);
    expect(await countRows('face_auth_requests')).toBe(rows);
  });

  it('refuses an authenticated user who needs no real-name authentication', async () => {
    const body = readJson(
      await call('POST', '/api/operator/idcard', 'transferor', {
        realName: '张三',
        idType: 0,
        idCard: ID_CARD,
      }),
    );
    expect(body).toMatchObject({ status: 1, msg: MSG.realNameDone });
  });

  it('lets a member without authentication use a passport', async () => {
    await t.db.execute(sql`update users set auth_status = 0, id_type = null where username = 'agent'`);
    const requestId = await startRealName('agent', {
      realName: 'John Smith',
      idType: 3,
      idCard: 'E12345678',
    });
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await findUser('agent')).auth_status).toBe(2);
  });

  it('opens a request: the user is 认证中 (authStatus 2), audited without the ID number', async () => {
    const requestId = await startRealName('gate2');
    const user = await findUser('gate2');
    expect(user.auth_status).toBe(2);
    // The user's identity fields change only when the person confirms.
    expect(user.id_type).toBe(1);
    const status = await authStatus('gate2');
    expect(status.pendingRequestId).toBe(requestId);
    const audit = await selectRows<{ action: string; detail: unknown }>(
      t.db,
      sql`select action, detail from audit_log where target = ${requestId}`,
    );
    expect(audit.map((row) => row.action)).toEqual(['realname.start']);
    expect(JSON.stringify(audit)).not.toContain(ID_CARD);
  });

  it('answers 401 without a session', async () => {
    const response = await call('POST', '/api/operator/idcard', null, {
      realName: '张三',
      idType: 0,
      idCard: ID_CARD,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('face authentication: QR code, result and the public confirmation', () => {
  it('answers the link under PUBLIC_URL, its QR code as SVG and the expiry; a new call replaces the secret', async () => {
    const requestId = await startRealName('gate5');
    const now = t.clock.now().getTime();
    const first = await issueLink('gate5', requestId);
    expect(first.confirmUrl).toMatch(new RegExp(`^${PUBLIC_URL}/#/faceConfirm\\?token=[A-Za-z0-9_-]{43}$`));
    expect(first.qrSvg).toContain('<svg');
    expect(first.realNameMasked).toBe('张*');
    expect(new Date(first.expiresAt).getTime()).toBe(now + FACE_TTL_S * 1000);
    const second = await issueLink('gate5', requestId);
    expect(second.token).not.toBe(first.token);
    expect((await call('GET', `/api/face/confirm/${first.token}`, null)).json()).toMatchObject({
      status: 404,
    });
    const stored = await selectRows<{ token_hash: string }>(
      t.db,
      sql`select token_hash from face_auth_requests where id = ${requestId}`,
    );
    expect(stored[0]?.token_hash).not.toContain(second.token);
  });

  it("answers 404 to another user's request (or a malformed id) and changes nothing", async () => {
    await t.db.execute(sql`update users set auth_status = 0 where username = 'gate7'`);
    const requestId = await startRealName('gate7', { realName: '王五' });
    const before = await selectRows(t.db, sql`select * from face_auth_requests where id = ${requestId}`);
    for (const id of [requestId, 'not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect(readJson(await call('POST', '/api/operator/face', 'transferor', { requestId: id })).status).toBe(
        404,
      );
      expect(
        readJson(await call('POST', '/api/operator/result', 'transferor', { requestId: id })).status,
      ).toBe(404);
    }
    expect(await selectRows(t.db, sql`select * from face_auth_requests where id = ${requestId}`)).toEqual(
      before,
    );
  });

  it('shows the person masked on the public page, decides once (second 409) and authenticates the user', async () => {
    const requestId = await startRealName('gate2');
    const { token } = await issueLink('gate2', requestId);
    const view = readJson<FaceConfirmView>(await call('GET', `/api/face/confirm/${token}`, null));
    expect(view.status).toBe(0);
    expect(view.data).toMatchObject({
      realName: '张*',
      idCard: `${ID_CARD.slice(0, 3)}${'*'.repeat(11)}${ID_CARD.slice(-4)}`,
      status: 0,
    });
    const pending = readJson<FaceAuthResult>(
      await call('POST', '/api/operator/result', 'gate2', { requestId }),
    );
    expect(pending.data).toEqual({ status: 0, statusLabel: '等待核验' });

    const decided = readJson<FaceAuthResult>(await confirm(token, true));
    expect(decided).toMatchObject({ status: 0, msg: MSG.faceConfirmedOk, data: { status: 1 } });
    const user = await findUser('gate2');
    expect(user).toMatchObject({ real_name: '张三', id_type: 0, id_card: ID_CARD, auth_status: 1 });
    expect((await authStatus('gate2')).needs.realName).toBe(false);

    const again = readJson(await confirm(token, false));
    expect(again).toMatchObject({ status: 409, msg: MSG.faceAlreadyDecided });
    expect(await findUser('gate2')).toEqual(user);
    const result = readJson<FaceAuthResult>(
      await call('POST', '/api/operator/result', 'gate2', { requestId }),
    );
    expect(result.data).toEqual({ status: 1, statusLabel: '核验通过' });
    // a decided request has no QR code any more
    expect(readJson(await call('POST', '/api/operator/face', 'gate2', { requestId }))).toMatchObject({
      status: 1,
      msg: MSG.faceRequestClosed,
    });
  });

  it('不是本人 marks the authentication failed (authStatus 3) and keeps the identity fields', async () => {
    await t.db.execute(sql`update users set auth_status = 0 where username = 'gate6'`);
    const before = await findUser('gate6');
    const requestId = await startRealName('gate6', { realName: '赵六', idCard: OTHER_ID_CARD });
    const { token } = await issueLink('gate6', requestId);
    expect(readJson(await confirm(token, false))).toMatchObject({ status: 0, data: { status: 2 } });
    expect(await findUser('gate6')).toEqual({ ...before, auth_status: 3 });
    const result = readJson<FaceAuthResult>(
      await call('POST', '/api/operator/result', 'gate6', { requestId }),
    );
    expect(result.data).toEqual({ status: 2, statusLabel: '核验未通过' });
    // SH-4.9: failed holds the user at /auth, which offers a new attempt
    expect((await authStatus('gate6')).needs.realName).toBe(true);
  });

  it('refuses an expired QR code (二维码已过期) and changes nothing; a refreshed code works', async () => {
    const requestId = await startRealName('gate5', { realName: '钱七' });
    const { token } = await issueLink('gate5', requestId);
    t.clock.advance(FACE_TTL_S * 1000 + 1000);
    try {
      const before = await findUser('gate5');
      expect(
        readJson<FaceConfirmView>(await call('GET', `/api/face/confirm/${token}`, null)).data.status,
      ).toBe(3);
      expect(readJson(await confirm(token, true))).toMatchObject({ status: 1, msg: MSG.faceQrExpired });
      expect(await findUser('gate5')).toEqual(before);
      const result = readJson<FaceAuthResult>(
        await call('POST', '/api/operator/result', 'gate5', { requestId }),
      );
      expect(result.data).toEqual({ status: 3, statusLabel: '已过期' });

      const fresh = await issueLink('gate5', requestId);
      expect(readJson(await confirm(fresh.token, true))).toMatchObject({ status: 0, data: { status: 1 } });
      expect(await findUser('gate5')).toMatchObject({ real_name: '钱七', auth_status: 1, id_type: 0 });
    } finally {
      t.clock.advance(-(FACE_TTL_S * 1000 + 1000));
    }
  });

  it('a new request ends the earlier one: its QR code decides nothing', async () => {
    const first = await startRealName('agent', { realName: 'John Smith', idType: 3, idCard: 'E12345678' });
    const { token } = await issueLink('agent', first);
    await startRealName('agent', { realName: 'John Smith', idType: 3, idCard: 'E87654321' });
    expect(readJson(await confirm(token, true))).toMatchObject({ status: 409 });
    expect((await findUser('agent')).auth_status).toBe(2);
  });

  it('answers 404 to an unknown token and limits the public calls per IP', async () => {
    expect(readJson(await call('GET', '/api/face/confirm/unknown-token', null)).status).toBe(404);
    expect(readJson(await confirm('unknown-token', true)).status).toBe(404);
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 31; i += 1) {
      last = await call('GET', '/api/face/confirm/unknown-token', null, undefined, '10.9.9.9');
    }
    expect(last?.statusCode).toBe(429);
  });

  it('GET /api/operator/result/cfcaUrlData answers a fresh link of the pending request of that ID number', async () => {
    await t.db.execute(sql`update users set auth_status = 0 where username = 'gate7'`);
    const requestId = await startRealName('gate7', { realName: '王五', idCard: OTHER_ID_CARD });
    const old = await issueLink('gate7', requestId);
    const body = readJson<FaceAuthLink>(
      await call('GET', `/api/operator/result/cfcaUrlData?idcard=${OTHER_ID_CARD}`, 'gate7'),
    );
    expect(body.status, body.msg).toBe(0);
    expect(body.data.confirmUrl).toMatch(/#\/faceConfirm\?token=/);
    expect(body.data.confirmUrl).not.toBe(old.confirmUrl);
    expect(
      readJson(await call('GET', `/api/operator/result/cfcaUrlData?idcard=${ID_CARD}`, 'gate7')),
    ).toMatchObject({ status: 1, msg: MSG.faceNoPendingRequest });
    // another user's pending request is not the caller's
    expect(
      readJson(await call('GET', `/api/operator/result/cfcaUrlData?idcard=${OTHER_ID_CARD}`, 'transferor')),
    ).toMatchObject({ status: 1 });
  });

  it('answers 401 to the signed-in face calls without a session', async () => {
    const requestId = '00000000-0000-0000-0000-000000000000';
    expect((await call('POST', '/api/operator/face', null, { requestId })).statusCode).toBe(401);
    expect((await call('POST', '/api/operator/result', null, { requestId })).statusCode).toBe(401);
    expect((await call('GET', `/api/operator/result/cfcaUrlData?idcard=${ID_CARD}`, null)).statusCode).toBe(
      401,
    );
  });
});

describe('company authentication', () => {
  const TRANSFEROR2 = '华北示范实业集团有限公司';

  async function creditCodeOf(username: string): Promise<string> {
    const rows = await selectRows<{ credit_code: string }>(
      t.db,
      sql`select c.credit_code from companies c join operators o on o.company_id = c.id
          join users u on u.id = o.user_id where u.username = ${username} and o.is_default`,
    );
    return rows[0]?.credit_code ?? '';
  }

  it('basic: refuses a mismatching name or code and a malformed code, changing nothing', async () => {
    await t.db.execute(sql`update companies set company_auth_status = 0 where name = ${TRANSFEROR2}`);
    const code = await creditCodeOf('transferor2');
    const before = await findCompanyOf('transferor2');
    const rows = await countRows('company_auth_requests');
    const cases: [Record<string, unknown>, string][] = [
      [{ companyName: '别的公司', creditCode: code }, MSG.companyMismatch],
      [{ companyName: TRANSFEROR2, creditCode: await creditCodeOf('transferor') }, MSG.companyMismatch],
      [{ companyName: TRANSFEROR2, creditCode: '91110000ABCDEFGHIJ' }, MSG.creditCodeInvalid],
      [{ companyName: ' ', creditCode: code }, MSG.companyNameRequired],
    ];
    for (const [payload, msg] of cases) {
      expect(readJson(await call('POST', '/api/app/validate/company', 'transferor2', payload))).toMatchObject(
        {
          status: 1,
          msg,
        },
      );
    }
    expect(await findCompanyOf('transferor2')).toEqual(before);
    expect(await countRows('company_auth_requests')).toBe(rows);
    expect((await authStatus('transferor2')).needs.companyAuth).toBe(true);
  });

  it("basic: the approved record's name and code authenticate the company at once", async () => {
    const body = readJson<{ companyAuthStatus: number }>(
      await call('POST', '/api/app/validate/company', 'transferor2', {
        companyName: TRANSFEROR2,
        creditCode: await creditCodeOf('transferor2'),
        legalPerson: '刘八',
      }),
    );
    expect(body).toMatchObject({ status: 0, msg: MSG.companyAuthOk, data: { companyAuthStatus: 1 } });
    expect((await findCompanyOf('transferor2')).company_auth_status).toBe(1);
    const rows = await selectRows<{ status: number; level: string; legal_person: string }>(
      t.db,
      sql`select status, level, legal_person from company_auth_requests where company_name = ${TRANSFEROR2}`,
    );
    expect(rows).toEqual([{ status: 1, level: 'basic', legal_person: '刘八' }]);
    expect(
      readJson(
        await call('POST', '/api/app/validate/company', 'transferor2', {
          companyName: TRANSFEROR2,
          creditCode: await creditCodeOf('transferor2'),
        }),
      ),
    ).toMatchObject({ status: 1, msg: MSG.companyAuthNotNeeded });
  });

  it('basic: refuses while the account-opening application is not approved', async () => {
    await t.db.execute(
      sql`update companies set company_auth_status = 0 where name = '示范引导一号实业有限公司'`,
    );
    const body = readJson(
      await call('POST', '/api/app/validate/company', 'gate1', {
        companyName: '示范引导一号实业有限公司',
        creditCode: await creditCodeOf('gate1'),
      }),
    );
    expect(body).toMatchObject({ status: 1, msg: MSG.companyNotApproved });
    expect((await findCompanyOf('gate1')).company_auth_status).toBe(0);
  });

  it('refuses identities that are not asked for company authentication', async () => {
    const body = readJson(
      await call('POST', '/api/app/validate/company', 'member', {
        companyName: '示范产权经纪有限公司',
        creditCode: await creditCodeOf('member'),
      }),
    );
    expect(body).toMatchObject({ status: 1, msg: MSG.companyAuthNotNeeded });
  });

  describe('advanced (assessment with the flag set)', () => {
    const NAME = '示范资产评估有限公司';
    const DRAFT = '5b0f8f7e-3f7c-4d3e-9c55-2a7e1d0c0001';

    async function uploadLicence(username: string, createId: string): Promise<string> {
      const { payload, headers } = buildMultipart(
        { command: 'upload', tag: 'businessLicense', dataClass: 'companyAuth', createId },
        { name: '营业执照.pdf', content: makePdf() },
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/attachment/upload',
        headers: { ...headers, ...bearer(tokens[username] ?? '') },
        payload,
      });
      const body = readJson<UploadResult>(response);
      expect(body.status, body.msg).toBe(0);
      return body.data.businessLicense?.[0]?.uuid ?? '';
    }

    async function submit(payload: Record<string, unknown>) {
      return readJson<{ companyAuthStatus: number }>(
        await call('POST', '/api/app/validate/company', 'assessment', {
          companyName: NAME,
          creditCode: await creditCodeOf('assessment'),
          ...payload,
        }),
      );
    }

    /** The exchange's open company-authentication tasks, without their own ids. */
    async function reviewTasks(): Promise<{ title: string; name: string; path: string }[]> {
      const body = readJson<PageResult<TaskRow>>(
        await call('POST', '/api/task/list/todo', 'admin', { page: 1, size: 50 }),
      );
      return body.data.list
        .filter((row) => row.subject === 'companyAuth')
        .map((row) => ({
          title: row.actionTitle,
          name: row.projectName,
          path: row.path.replace(/&taskId=\d+$/, ''),
        }));
    }

    async function listPending(): Promise<CompanyAuthApplication[]> {
      const body = readJson<PageResult<CompanyAuthApplication>>(
        await call('POST', '/api/company/auth/list', 'admin', { status: 2, page: 1, size: 50 }),
      );
      expect(body.status, body.msg).toBe(0);
      return body.data.list;
    }

    it('SH-6.4 asks for advanced authentication when the flag is set', async () => {
      await t.db.execute(
        sql`update companies set advanced_auth_flag = true, company_auth_status = 0 where name = ${NAME}`,
      );
      const status = await authStatus('assessment');
      expect(status.companyAuthLevel).toBe('advanced');
      expect(status.needs).toEqual({ realName: false, companyAuth: true, password: false, phone: false });
    });

    it('requires a licence of the own company, and changes nothing without one', async () => {
      const before = await findCompanyOf('assessment');
      expect(await submit({})).toMatchObject({ status: 1, msg: MSG.licenceRequired });
      // a file another company uploaded under the same draft id is not the applicant's
      const foreign = await uploadLicence('member', DRAFT);
      expect(await submit({ licenceUuid: foreign, createId: DRAFT })).toMatchObject({
        status: 1,
        msg: MSG.licenceMissing,
      });
      expect(
        await submit({ licenceUuid: foreign, createId: DRAFT, creditCode: await creditCodeOf('member') }),
      ).toMatchObject({
        status: 1,
        msg: MSG.companyMismatch,
      });
      expect(await findCompanyOf('assessment')).toEqual(before);
    });

    it('submits for review (companyAuthStatus 2, the licence locked), then refuses a second submission', async () => {
      const licence = await uploadLicence('assessment', DRAFT);
      expect(await submit({ licenceUuid: licence, createId: DRAFT })).toMatchObject({
        status: 0,
        msg: MSG.companyAuthSubmitted,
        data: { companyAuthStatus: 2 },
      });
      expect((await findCompanyOf('assessment')).company_auth_status).toBe(2);
      const files = await selectRows<{ data_id: string; is_locked: boolean }>(
        t.db,
        sql`select data_id, is_locked from attachments where id = ${licence}`,
      );
      expect(files[0]?.is_locked).toBe(true);
      expect(await submit({ licenceUuid: licence, createId: DRAFT })).toMatchObject({
        status: 1,
        msg: MSG.companyAuthUnderReview,
      });
      const pending = (await listPending()).filter((row) => row.companyName === NAME);
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({
        level: 'advanced',
        identityType: 3,
        status: 2,
        statusLabel: '审核中',
      });
      expect(pending[0]?.licence).toEqual([{ uuid: licence, fileName: '营业执照.pdf' }]);
      expect(files[0]?.data_id).toBe(String(pending[0]?.id));
      // the review waits in the exchange's 待办任务, on the 企业认证审核 tab
      expect(await reviewTasks()).toEqual([
        { title: '企业认证审核', name: NAME, path: `/index/companyList?id=${pending[0]?.id}&tab=auth` },
      ]);
    });

    it('403 to a non-admin and 401 without a session, on both admin calls; nothing changes', async () => {
      const [row] = (await listPending()).filter((r) => r.companyName === NAME);
      const id = row?.id ?? 0;
      const before = await findCompanyOf('assessment');
      for (const username of ['assessment', 'transferor']) {
        const list = await call('POST', '/api/company/auth/list', username, { page: 1, size: 10 });
        expect(list.statusCode).toBe(403);
        const examine = await call('POST', `/api/company/auth/examine/${id}`, username, { pass: true });
        expect(examine.statusCode).toBe(403);
      }
      expect((await call('POST', '/api/company/auth/list', null, { page: 1, size: 10 })).statusCode).toBe(
        401,
      );
      expect((await call('POST', `/api/company/auth/examine/${id}`, null, { pass: true })).statusCode).toBe(
        401,
      );
      expect(await findCompanyOf('assessment')).toEqual(before);
    });

    it('SH-5.6 a refusal needs a reason; refused -> 3 with the reason; only pending ones can be decided', async () => {
      const [row] = (await listPending()).filter((r) => r.companyName === NAME);
      const id = row?.id ?? 0;
      const before = await findCompanyOf('assessment');
      expect(
        readJson(await call('POST', `/api/company/auth/examine/${id}`, 'admin', { pass: false })),
      ).toMatchObject({
        status: 1,
        msg: MSG.returnReasonRequired,
      });
      expect(
        readJson(
          await call('POST', `/api/company/auth/examine/${id}`, 'admin', {
            pass: false,
            reason: 'x'.repeat(501),
          }),
        ),
      ).toMatchObject({ status: 1 });
      expect(await findCompanyOf('assessment')).toEqual(before);
      expect(
        readJson(await call('POST', '/api/company/auth/examine/999999', 'admin', { pass: true })).status,
      ).toBe(404);
      expect(
        readJson(await call('POST', '/api/company/auth/examine/abc', 'admin', { pass: true })).status,
      ).toBe(404);

      const refusedBody = readJson(
        await call('POST', `/api/company/auth/examine/${id}`, 'admin', {
          pass: false,
          reason: '营业执照不清晰',
        }),
      );
      expect(refusedBody).toMatchObject({ status: 0, msg: MSG.companyAuthRefusedOk });
      expect(await findCompanyOf('assessment')).toMatchObject({
        company_auth_status: 3,
        company_auth_reason: '营业执照不清晰',
      });
      const status = await authStatus('assessment');
      expect(status).toMatchObject({ companyAuthStatus: 3, companyAuthReason: '营业执照不清晰' });
      expect(await reviewTasks()).toEqual([]);
      expect(
        readJson(await call('POST', `/api/company/auth/examine/${id}`, 'admin', { pass: true })),
      ).toMatchObject({
        status: 1,
        msg: MSG.companyAuthNotPending,
      });
      expect((await findCompanyOf('assessment')).company_auth_status).toBe(3);
    });

    it('a corrected resubmission passes the review: companyAuthStatus 1, reason cleared', async () => {
      const draft = '5b0f8f7e-3f7c-4d3e-9c55-2a7e1d0c0002';
      const licence = await uploadLicence('assessment', draft);
      expect(await submit({ licenceUuid: licence, createId: draft })).toMatchObject({ status: 0 });
      const [row] = (await listPending()).filter((r) => r.companyName === NAME);
      expect(row?.licence.map((file) => file.uuid)).toEqual([licence]);
      const body = readJson(
        await call('POST', `/api/company/auth/examine/${row?.id ?? 0}`, 'admin', { pass: true }),
      );
      expect(body).toMatchObject({ status: 0, msg: MSG.companyAuthPassedOk });
      expect(await findCompanyOf('assessment')).toMatchObject({
        company_auth_status: 1,
        company_auth_reason: null,
      });
      expect((await authStatus('assessment')).needs.companyAuth).toBe(false);
    });
  });

  it('answers 401 without a session', async () => {
    const response = await call('POST', '/api/app/validate/company', null, {
      companyName: 'x',
      creditCode: 'y',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/app/user/setup/password (gate 3)', () => {
  it('refuses weak, common and mismatched passwords and changes nothing', async () => {
    const before = await findUser('gate3');
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'Ab1!', password2: 'Ab1!' }, MSG.passwordLength],
      [{ password: 'abcdefgh1', password2: 'abcdefgh1' }, MSG.passwordClasses],
      [{ password: 'Admin@123', password2: 'Admin@123' }, MSG.passwordCommon],
      [{ password: 'has space1A', password2: 'has space1A' }, MSG.passwordCharacters],
      [{ password: STRONG_PASSWORD, password2: `${STRONG_PASSWORD}x` }, MSG.passwordMismatch],
      [{ password: STRONG_PASSWORD, password2: '' }, MSG.passwordRepeatRequired],
      [{ password2: STRONG_PASSWORD }, MSG.passwordRequired],
    ];
    for (const [payload, msg] of cases) {
      expect(
        readJson(await call('POST', '/api/app/user/setup/password', 'gate3', payload)),
        msg,
      ).toMatchObject({
        status: 1,
        msg,
      });
    }
    expect(await findUser('gate3')).toEqual(before);
  });

  it('sets the password: gate 3 passes and the new password signs in; a second setup is refused', async () => {
    const body = readJson(
      await call('POST', '/api/app/user/setup/password', 'gate3', {
        password: STRONG_PASSWORD,
        password2: STRONG_PASSWORD,
      }),
    );
    expect(body).toMatchObject({ status: 0, msg: MSG.passwordSetOk });
    expect((await findUser('gate3')).setup_password).toBe(true);
    const login = readJson<LoginResult>(
      await attemptLogin(t.app, { username: 'gate3', password: STRONG_PASSWORD }),
    );
    expect(login.status).toBe(0);
    const before = await findUser('gate3');
    expect(
      readJson(
        await call('POST', '/api/app/user/setup/password', 'gate3', {
          password: 'Other#Pass2026',
          password2: 'Other#Pass2026',
        }),
      ),
    ).toMatchObject({ status: 1, msg: MSG.passwordAlreadySet });
    expect(await findUser('gate3')).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const response = await call('POST', '/api/app/user/setup/password', null, {
      password: STRONG_PASSWORD,
      password2: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/app/setup/account (/perfectInformation)', () => {
  it('refuses a bad or taken username and a weak password, changing nothing', async () => {
    await t.db.execute(sql`update users set setup_password = false where username = 'gate4'`);
    const before = await findUser('gate4');
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '1abc' }, MSG.usernameRule],
      [{ username: 'ab' }, MSG.usernameRule],
      [{ username: 'bad-name' }, MSG.usernameRule],
      [{ username: 'transferor' }, MSG.usernameTaken],
      [{ username: 'newowner', password: 'weakpass', password2: 'weakpass' }, MSG.passwordClasses],
    ];
    for (const [patch, msg] of cases) {
      const payload = {
        username: 'newowner',
        password: STRONG_PASSWORD,
        password2: STRONG_PASSWORD,
        ...patch,
      };
      expect(readJson(await call('POST', '/api/app/setup/account', 'gate4', payload)), msg).toMatchObject({
        status: 1,
        msg,
      });
    }
    expect(await findUser('gate4')).toEqual(before);
  });

  it('sets username and password once; the new pair signs in; a repeat is refused', async () => {
    const body = readJson(
      await call('POST', '/api/app/setup/account', 'gate4', {
        username: 'new_owner4',
        password: STRONG_PASSWORD,
        password2: STRONG_PASSWORD,
      }),
    );
    expect(body).toMatchObject({ status: 0, msg: MSG.accountSetUpOk });
    expect(await findUser('new_owner4')).toMatchObject({ setup_password: true });
    const login = readJson<LoginResult>(
      await attemptLogin(t.app, { username: 'new_owner4', password: STRONG_PASSWORD }),
    );
    expect(login.status).toBe(0);
    expect(
      readJson(
        await call('POST', '/api/app/setup/account', 'gate4', {
          username: 'another_name',
          password: STRONG_PASSWORD,
          password2: STRONG_PASSWORD,
        }),
      ),
    ).toMatchObject({ status: 1, msg: MSG.accountAlreadySetUp });
  });

  it('answers 401 without a session', async () => {
    const response = await call('POST', '/api/app/setup/account', null, {
      username: 'someone',
      password: STRONG_PASSWORD,
      password2: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('audit', () => {
  it('keeps the audit chain intact and never records an ID number', async () => {
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);
    const rows = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where detail::text like ${`%${ID_CARD}%`}
          or detail::text like ${`%${OTHER_ID_CARD}%`}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
