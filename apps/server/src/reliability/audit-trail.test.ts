// Row 13, the audit trail: every sign-in (password and SMS code, success and each kind of failure), every access
// refusal (401 without a live session, 403 without the permission, 404 on another company's records), every
// review (sign-off), signature (the workflow's e-signature and the enrolment) and administration event (the
// exchange examining a company, assigning an operator's mobile; an identity switch, a secondary role) leaves its
// row; a flood of refusals is capped; the hash chain verifies, in process and with the operator's tool
// (cli/verify-audit.ts), and one tampered or removed row breaks it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { computeIdCardCheck, type ActionView, type LoginResult, type SessionUser } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { DEFAULT_REFUSAL_LIMITS } from '../modules/audit/refusals.ts';
import { verifyAuditChain } from '../modules/audit/service.ts';
import {
  clientOf,
  copyProject,
  enrolSigner,
  findOperatorId,
  signRequest,
  uploadApplicationFile,
} from '../test/workflow-support.ts';
import { buildMultipart, makePdf } from '../test/files.ts';
import {
  attemptLogin,
  bearer,
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  readJson,
  type TestApp,
} from '../test/harness.ts';

const OTP = '135790';
const ID_CARD = `11010519850615123${computeIdCardCheck('11010519850615123')}`;
const scratch = mkdtempSync(join(tmpdir(), 'cqjy-audit-trail-'));

type AuditRow = {
  id: number;
  action: string;
  result: string;
  target: string | null;
  user_id: number | null;
  company_id: number | null;
  identity_type: number | null;
  ip: string | null;
  detail: Record<string, unknown> | null;
};

let t: TestApp;
const recorded = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({
    smsProvider: createCapturingSmsProvider(),
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000', OTP_FIXED: OTP, SESSION_TTL_S: String(86_400) },
  });
});

afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function lastId(): Promise<number> {
  const rows = await selectRows<{ id: number | null }>(t.db, sql`select max(id)::int as id from audit_log`);
  return rows[0]?.id ?? 0;
}

async function rowsAfter(id: number): Promise<AuditRow[]> {
  return selectRows<AuditRow>(
    t.db,
    sql`select id, action, result, target, user_id, company_id, identity_type, ip, detail
        from audit_log where id > ${id} order by id`,
  );
}

/** Runs `act` and answers the audit rows it wrote, counting them by action and result for the figures. */
async function audited(act: () => Promise<unknown>): Promise<AuditRow[]> {
  const before = await lastId();
  await act();
  const rows = await rowsAfter(before);
  for (const row of rows) {
    const key = `${row.action} ${row.result}`;
    recorded.set(key, (recorded.get(key) ?? 0) + 1);
  }
  return rows;
}

async function userIdOf(username: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(t.db, sql`select id from users where username = ${username}`);
  return rows[0]?.id ?? -1;
}

function call(
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: Record<string, unknown>,
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: token === undefined ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload }),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

describe('sign-in', () => {
  it('records a password sign-in, and each failure once (password, captcha, unknown name)', async () => {
    const ok = await audited(() => loginAs(t.app, 'transferor'));
    expect(ok.map((r) => [r.action, r.result, r.target, r.user_id])).toEqual([
      ['login', 'ok', 'transferor', await userIdOf('transferor')],
    ]);
    const wrongPassword = await audited(() =>
      attemptLogin(t.app, { username: 'member', password: 'Wrong#2026x' }),
    );
    expect(wrongPassword.map((r) => [r.action, r.result, r.detail?.reason])).toEqual([
      ['login', 'fail', 'credentials'],
    ]);
    const wrongCaptcha = await audited(() => attemptLogin(t.app, { username: 'member', captcha: 'zzzz' }));
    expect(wrongCaptcha.map((r) => [r.action, r.result, r.detail?.reason])).toEqual([
      ['login', 'fail', 'captcha'],
    ]);
    const unknown = await audited(() => attemptLogin(t.app, { username: 'nobody2026' }));
    expect(unknown.map((r) => [r.action, r.result, r.target])).toEqual([['login', 'fail', 'nobody2026']]);
  });

  it('records an SMS-code sign-in and a wrong code; the mobile only masked', async () => {
    const sent = await audited(() => call('POST', '/api/app/login/otp/13800000003'));
    expect(sent.map((r) => [r.action, r.target])).toEqual([['sms.send', '138****0003']]);
    const wrong = await audited(() =>
      call('POST', '/api/mobile/login', undefined, { mobile: '13800000003', otp: '000000' }),
    );
    expect(wrong.map((r) => [r.action, r.result, r.target])).toEqual([['login', 'fail', '138****0003']]);
    await call('POST', '/api/app/login/otp/13800000003');
    const ok = await audited(() =>
      call('POST', '/api/mobile/login', undefined, { mobile: '13800000003', otp: OTP }),
    );
    expect(ok.map((r) => [r.action, r.result, r.target])).toEqual([['login', 'ok', '138****0003']]);
    expect(JSON.stringify([...sent, ...wrong, ...ok])).not.toContain('13800000003');
  });

  it('records a sign-out', async () => {
    const token = await loginAs(t.app, 'assessment');
    const rows = await audited(() => call('POST', '/api/logout', token));
    expect(rows.map((r) => [r.action, r.result, r.user_id])).toEqual([
      ['logout', 'ok', await userIdOf('assessment')],
    ]);
  });
});

describe('access refusals', () => {
  it('401: no token, a forged token, a signed-out token; never the query string', async () => {
    const token = await loginAs(t.app, 'land');
    await call('POST', '/api/logout', token);
    for (const [label, bearerToken] of [
      ['no token', undefined],
      ['forged', 'x'.repeat(43)],
      ['signed out', token],
    ] as const) {
      const rows = await audited(() => call('POST', '/api/app/userinfo', bearerToken));
      expect(
        rows.map((r) => [r.action, r.result, r.user_id, r.detail]),
        label,
      ).toEqual([
        ['access.denied', '401', null, { status: 401, method: 'POST', route: '/api/app/userinfo', id: null }],
      ]);
    }
    const withSecret = await audited(() => call('GET', `/api/operator/result/cfcaUrlData?idcard=${ID_CARD}`));
    expect(withSecret.map((r) => [r.action, r.result])).toEqual([['access.denied', '401']]);
    expect(JSON.stringify(withSecret)).not.toContain(ID_CARD);
  });

  it('403: a guard without the permission, and a service refusing a non-reviewer', async () => {
    const member = await loginAs(t.app, 'member');
    const guard = await audited(() => call('POST', '/api/company/list', member, { page: 1, size: 10 }));
    expect(guard.map((r) => [r.action, r.result, r.user_id, r.detail?.route])).toEqual([
      ['access.denied', '403', await userIdOf('member'), '/api/company/list'],
    ]);
    const owner = await loginAs(t.app, 'transferor');
    const review = await audited(async () => {
      const response = await call('POST', '/api/task/signoff/bulk', owner, {
        ...signRequest({ dataId: 1, taskId: 1, type: 'Review' }),
        result: 'pass',
      });
      expect(response.statusCode).toBe(403);
    });
    expect(review.map((r) => [r.action, r.result, r.user_id])).toEqual([
      ['access.denied', '403', await userIdOf('transferor')],
    ]);
  });

  it("404: another company's file, plan and application, and another person's identity", async () => {
    const owner = await loginAs(t.app, 'transferor');
    const stranger = await loginAs(t.app, 'transferor2');
    const { payload, headers } = buildMultipart(
      { command: 'upload', tag: 'others' },
      { name: '内部资料.pdf', content: makePdf() },
    );
    const uploaded = readJson<Record<string, { uuid: string }[]>>(
      await t.app.inject({
        method: 'POST',
        url: '/api/attachment/upload',
        headers: { ...headers, ...bearer(owner) },
        payload,
      }),
    );
    const fileId = uploaded.data.others?.[0]?.uuid ?? '';
    const plan = await clientOf(t, owner).post<{ id: number }>('/api/plan/save', {
      form: {
        name: '审计测试计划',
        family: 'bulk',
        assetCategory: 'machinery',
        listingPrice: 1_200_000_00,
        appraisalPrice: 1_250_000_00,
        plannedDate: '2027-03-01',
        contactName: '赵六',
        contactMobile: '13800000001',
        description: '闲置设备',
      },
    });
    const created = await clientOf(t, owner).post<{ id: number }>('/api/project/bulk/abort/create', {
      projectId: await copyProject(t, 'GRAUDIT000001'),
    });
    const ownerInfo = readJson<SessionUser>(await call('POST', '/api/app/userinfo', owner)).data;
    const cases: [string, () => Promise<LightMyRequestResponse>, string][] = [
      ['file', () => call('GET', `/api/attachment/download/${fileId}`, stranger), fileId],
      ['plan', () => call('GET', `/api/plan/show/${plan.data.id}`, stranger), String(plan.data.id)],
      [
        'application',
        () => call('GET', `/api/project/bulk/abort/show/${created.data.id}`, stranger),
        String(created.data.id),
      ],
      [
        'identity',
        () => call('POST', `/api/app/switch/${ownerInfo.identities[0]?.id ?? 0}`, stranger),
        String(ownerInfo.identities[0]?.id ?? 0),
      ],
    ];
    expect(plan.status, plan.msg).toBe(0);
    expect(created.status, created.msg).toBe(0);
    for (const [label, act, target] of cases) {
      const rows = await audited(async () => {
        expect(readJson(await act()).status, label).toBe(404);
      });
      expect(
        rows.map((r) => [r.action, r.result, r.detail?.id, r.user_id]),
        label,
      ).toEqual([['access.denied', '404', target, await userIdOf('transferor2')]]);
    }
  });

  it(`caps a flood: ${DEFAULT_REFUSAL_LIMITS.perCaller} rows a minute per address, others still recorded`, async () => {
    t.clock.advance(60_000);
    const flood = await audited(async () => {
      for (let i = 0; i < 100; i += 1) {
        expect(
          (await call('POST', '/api/app/userinfo', undefined, undefined, '203.0.113.7')).statusCode,
        ).toBe(401);
      }
    });
    expect(flood.filter((r) => r.ip === '203.0.113.7')).toHaveLength(DEFAULT_REFUSAL_LIMITS.perCaller);
    const other = await audited(() => call('POST', '/api/app/userinfo', undefined, undefined, '203.0.113.8'));
    expect(other.map((r) => [r.action, r.ip])).toEqual([['access.denied', '203.0.113.8']]);
    t.clock.advance(60_000);
    const nextMinute = await audited(() =>
      call('POST', '/api/app/userinfo', undefined, undefined, '203.0.113.7'),
    );
    expect(nextMinute).toHaveLength(1);
  });
});

describe('reviews and signatures', () => {
  it('records the e-signature of a letter and both sign-off results, by the exchange', async () => {
    await enrolSigner(t, 'transferor');
    const ownerToken = await loginAs(t.app, 'transferor');
    const owner = clientOf(t, ownerToken);
    const exchange = clientOf(t, await loginAs(t.app, 'admin'));
    const base = '/api/project/bulk/abort';
    const created = await owner.post<{ id: number; version: number }>(`${base}/create`, {
      projectId: await copyProject(t, 'GRAUDIT000002'),
    });
    const id = created.data.id;
    const saved = await owner.post<{ version: number }>(`${base}/save`, {
      id,
      version: created.data.version,
      form: { reason: '审计测试' },
    });
    await uploadApplicationFile(t, ownerToken, id);
    const signAndReview = async (version: number, result: 'pass' | 'back'): Promise<AuditRow[]> => {
      const submitted = await owner.post<{ taskId: number }>(`${base}/submit`, { id, version });
      expect(submitted.status, submitted.msg).toBe(0);
      t.clock.advance(61_000);
      await owner.post('/api/workflow/sign/otp', { dataId: id });
      const signature = await audited(async () => {
        const signed = await owner.post(
          `${base}/signature`,
          signRequest({ dataId: id, taskId: submitted.data.taskId, type: 'EicSre', otp: OTP }),
        );
        expect(signed.status, signed.msg).toBe(0);
      });
      expect(signature.map((r) => [r.action, r.result, r.target])).toEqual([
        ['workflow.sign', 'ok', String(id)],
      ]);
      expect(signature[0]?.detail?.signedSha256).toMatch(/^[0-9a-f]{64}$/);
      const view = await exchange.get<ActionView>(`${base}/show/${id}`);
      return audited(async () => {
        const answer = await exchange.post('/api/task/signoff/bulk', {
          ...signRequest({
            dataId: id,
            taskId: view.data.openTask?.id ?? 0,
            type: 'Review',
            reason: '材料不全',
          }),
          result,
        });
        expect(answer.status, answer.msg).toBe(0);
      });
    };
    const back = await signAndReview(saved.data.version, 'back');
    expect(back.map((r) => [r.action, r.result, r.identity_type])).toEqual([
      ['workflow.review', 'back', 999],
    ]);
    const returned = await owner.get<ActionView>(`${base}/show/${id}`);
    const pass = await signAndReview(returned.data.version, 'pass');
    expect(pass.map((r) => [r.action, r.result, r.identity_type])).toEqual([
      ['workflow.review', 'pass', 999],
    ]);
  });

  it('records an e-signature enrolment', async () => {
    const token = await loginAs(t.app, 'gate7');
    t.clock.advance(61_000);
    expect(readJson(await call('POST', '/api/app/send/otp/sign', token)).status).toBe(0);
    const rows = await audited(async () => {
      const body = readJson(await call('POST', '/api/signature/enrol', token, { otp: OTP }));
      expect(body.status, body.msg).toBe(0);
    });
    expect(rows.map((r) => [r.action, r.result, r.user_id])).toEqual([
      ['signature.enrol', 'ok', await userIdOf('gate7')],
    ]);
  });
});

describe('administration', () => {
  it("records the exchange examining a company and setting an operator's mobile", async () => {
    const admin = await loginAs(t.app, 'admin');
    const company = await selectRows<{ id: number; version: number }>(
      t.db,
      sql`select c.id, c.version from companies c join operators o on o.company_id = c.id
          join users u on u.id = o.user_id where u.username = 'gate1'`,
    );
    const examined = await audited(async () => {
      const body = readJson(
        await call('POST', `/api/company/examine/${company[0]?.id ?? 0}`, admin, {
          pass: true,
          version: company[0]?.version ?? 0,
        }),
      );
      expect(body.status, body.msg).toBe(0);
    });
    expect(examined.map((r) => [r.action, r.result, r.target, r.user_id])).toEqual([
      ['company.examine.approve', 'ok', String(company[0]?.id), await userIdOf('admin')],
    ]);
    const operatorId = await findOperatorId(t, 'transferor2');
    const assigned = await audited(async () => {
      const body = readJson(
        await call('POST', '/api/operator/update/mobile', admin, { operatorId, mobile: '13922220002' }),
      );
      expect(body.status, body.msg).toBe(0);
    });
    expect(assigned.map((r) => [r.action, r.result, r.user_id])).toEqual([
      ['phone.assign', 'ok', await userIdOf('admin')],
    ]);
    expect(JSON.stringify(assigned)).not.toContain('13922220002');
  });

  it('records an identity switch and a secondary role', async () => {
    const token = await loginAs(t.app, 'transferor2');
    const identities = readJson<SessionUser>(await call('POST', '/api/app/userinfo', token)).data.identities;
    const target = identities[1]?.id ?? 0;
    let next = '';
    const switched = await audited(async () => {
      next = readJson<LoginResult>(await call('POST', `/api/app/switch/${target}`, token)).data.access_token;
    });
    expect(switched.map((r) => [r.action, r.result, r.target])).toEqual([['switch', 'ok', String(target)]]);
    const role = await audited(async () => {
      const body = readJson(await call('POST', '/api/app/user/sec/role', next, { codes: ['GJS_INDEX'] }));
      expect(body.status, body.msg).toBe(0);
    });
    expect(role.map((r) => [r.action, r.result])).toEqual([['role.secondary', 'ok']]);
  });
});

describe('the hash chain', () => {
  it('verifies in process and with the operator tool; one tampered or removed row breaks it', async () => {
    const rows = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`);
    const total = rows[0]?.n ?? 0;
    expect(await verifyAuditChain(t.db)).toEqual({ isValid: true, count: total });
    const isPglite = inject('testDatabase').kind === 'pglite';
    const cli = isPglite ? await verifyWithCli() : { intact: 'skipped', tampered: 'skipped' };

    const ids = await selectRows<{ id: number }>(t.db, sql`select id::int as id from audit_log order by id`);
    const victim = ids[Math.floor(ids.length / 2)]?.id ?? 0;
    const removed = ids[Math.floor(ids.length / 3)]?.id ?? 0;
    // tampering needs the append-only trigger out of the way, as someone with direct database access could do
    await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    try {
      await t.db.execute(sql`update audit_log set result = 'ok' where id = ${victim}`);
      const afterEdit = await verifyAuditChain(t.db);
      expect(afterEdit).toMatchObject({ isValid: false, brokenId: victim });
      await t.db.execute(sql`delete from audit_log where id = ${removed}`);
      const afterDelete = await verifyAuditChain(t.db);
      expect(afterDelete).toMatchObject({ isValid: false });
      expect((afterDelete as { brokenId: number }).brokenId).toBeLessThanOrEqual(victim);
      expect((afterDelete as { brokenId: number }).brokenId).toBeGreaterThan(removed);
    } finally {
      await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    }
    console.log(
      `[reliability row 13] ${JSON.stringify(
        { auditRows: total, byActionAndResult: Object.fromEntries(recorded), cli, tamperedRow: victim },
        null,
        2,
      )}`,
    );
  });
});

/**
 * Copies the test database to a PGlite folder on disk and runs `npm run audit:verify`'s script on it: exit 0 on
 * the intact chain; after one row is changed there, exit 1 and the message naming it.
 */
async function verifyWithCli(): Promise<{ intact: string; tampered: string }> {
  const client = (t.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const dataDir = join(scratch, 'data');
  mkdirSync(join(dataDir, 'pg'), { recursive: true });
  const copy = new PGlite(join(dataDir, 'pg'), { loadDataDir: dump });
  await copy.waitReady;
  await copy.close();
  const script = fileURLToPath(new URL('../cli/verify-audit.ts', import.meta.url));
  const run = () =>
    spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
  const intact = run();
  expect(intact.status, intact.stderr).toBe(0);
  expect(intact.stdout).toContain('审计日志校验通过');
  const reopened = new PGlite(join(dataDir, 'pg'));
  await reopened.exec(`alter table audit_log disable trigger audit_log_no_update_delete;
    update audit_log set result = result || '!' where id = (select min(id) + 1 from audit_log);`);
  await reopened.close();
  const tampered = run();
  expect(tampered.status).toBe(1);
  expect(tampered.stderr).toContain('审计日志校验失败');
  return { intact: intact.stdout.trim(), tampered: tampered.stderr.trim() };
}
