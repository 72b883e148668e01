// 操作日志: the list reads the caller's company's rows only (another company's never, whatever the filters), the
// exchange's every company's with 所属单位; each filter narrows as the page means it (operator by nickname or
// username, an exact action code, target and company contain, a range of +08:00 days with both ends included);
// bad input is refused with its Chinese message; the export reads back with ExcelJS in the same scope and is
// audited; the chain's verification is cached for a minute and names the tampered row; without the code, 403.
// Also: every action code the server writes has a label on the page.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AUDIT_ACTION_LABELS,
  composeCreditCode,
  DAY_MS,
  describeAuditChain,
  formatDate,
  formatDateTime,
  MSG,
  type AuditChainState,
  type AuditLogRow,
  type PageResult,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';
import { CHAIN_CACHE_MS } from './logs.ts';
import { createAuditService } from './service.ts';

const OWNER_COMPANY = '北京示范国有资产经营有限公司';
const FOREIGN_COMPANY = '华北示范实业集团有限公司';

let t: TestApp;
let owner: Client;
let foreign: Client;
let exchange: Client;
let ownerCompanyId = 0;
let foreignCustomerId = 0;

const customer = (name: string, serial: string) => ({
  values: {
    name,
    creditCode: serial,
    kind: '投资方',
    contactName: '赵经理',
    contactMobile: '13900000011',
  },
});

async function companyIdOf(username: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    t.db,
    sql`select o.company_id as id from operators o join users u on u.id = o.user_id
        where u.username = ${username} and o.is_default`,
  );
  return rows[0]?.id ?? 0;
}

async function listAs(client: Client, body: Record<string, unknown> = {}) {
  const answer = await client.post<PageResult<AuditLogRow>>('/api/logs/list', {
    page: 1,
    size: 100,
    ...body,
  });
  expect(answer.status, answer.msg).toBe(0);
  return answer.data;
}

async function countInDb(where: ReturnType<typeof sql>): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where ${where}`,
  );
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  ownerCompanyId = await companyIdOf('transferor');
  const saved = await owner.post(
    '/api/customer/save',
    customer('北京日志客户有限公司', composeCreditCode('110105', '40000011')),
  );
  expect(saved.status, saved.msg).toBe(0);
  const other = await foreign.post<{ id: number }>(
    '/api/customer/save',
    customer('华北日志客户有限公司', composeCreditCode('130100', '40000012')),
  );
  expect(other.status, other.msg).toBe(0);
  foreignCustomerId = other.data.id;
});

afterAll(async () => {
  await t.close();
});

describe('POST /api/logs/list', () => {
  it('lists the caller’s company’s rows, newest first, with the names and labels the page shows', async () => {
    const page = await listAs(owner);
    expect(page.total).toBe(await countInDb(sql`company_id = ${ownerCompanyId}`));
    expect(page.list.every((row) => row.companyName === OWNER_COMPANY)).toBe(true);
    const [newest] = page.list;
    expect(newest).toMatchObject({
      action: 'registry.create',
      actionLabel: '新增登记记录',
      operatorName: '转让方演示',
      result: 'ok',
      resultLabel: '成功',
      detail: '登记类型：企业客户',
    });
    expect(page.list.some((row) => row.action === 'login' && row.actionLabel === '登录')).toBe(true);
    const times = page.list.map((row) => Date.parse(row.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('shows what a row changed as label：old → new and its other facts as label：value, never raw JSON', async () => {
    const ops = clientOf(t, await loginAs(t.app, 'opsadmin'));
    const added = await ops.post<{ id: number }>('/api/dict/data/save', {
      code: 'currency',
      key: 'LOGX',
      label: '日志币',
      sort: 5,
    });
    expect(added.status, added.msg).toBe(0);
    const changed = await ops.post(`/api/dict/data/update/${added.data.id}`, {
      label: '日志新币',
      sort: 6,
      status: 1,
    });
    expect(changed.status, changed.msg).toBe(0);
    const [row] = (await listAs(ops, { action: 'dict.data.update' })).list;
    // the changes first (in the order the database keeps the keys), then the other facts
    expect(row?.facts.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { kind: 'change', label: '名称', from: '日志币', to: '日志新币' },
        { kind: 'change', label: '排序', from: '5', to: '6' },
      ]),
    );
    expect(row?.facts.slice(2)).toEqual([{ kind: 'fact', label: '记录', value: String(added.data.id) }]);
    expect(row?.detail).toContain('名称：日志币 → 日志新币');
    expect(row?.detail).toContain('排序：5 → 6');
    expect(row?.detail).not.toMatch(/[{}"[\]]/);
  });

  it('never lists another company’s rows, whatever the filters ask', async () => {
    const asked = [
      {},
      { companyName: '华北' },
      { operator: 'transferor2' },
      { action: 'registry.create', target: String(foreignCustomerId) },
    ];
    for (const body of asked) {
      const page = await listAs(owner, body);
      expect(
        page.list.every((row) => row.companyName === OWNER_COMPANY),
        JSON.stringify(body),
      ).toBe(true);
    }
    expect((await listAs(owner, { operator: '演示二' })).total).toBe(0);
  });

  it('lists every company’s rows for the exchange, and narrows by 所属单位', async () => {
    const all = await listAs(exchange);
    const companies = new Set(all.list.map((row) => row.companyName));
    expect(companies).toContain(OWNER_COMPANY);
    expect(companies).toContain(FOREIGN_COMPANY);
    const narrowed = await listAs(exchange, { companyName: '华北示范' });
    expect(narrowed.total).toBeGreaterThan(0);
    expect(narrowed.list.every((row) => row.companyName === FOREIGN_COMPANY)).toBe(true);
  });

  it('filters by operator (nickname or username), exact action code and target', async () => {
    const byNickname = await listAs(exchange, { operator: '演示二' });
    expect(byNickname.total).toBeGreaterThan(0);
    expect(byNickname.list.every((row) => row.operatorName === '转让方演示二')).toBe(true);
    const byUsername = await listAs(exchange, { operator: 'TRANSFEROR2' });
    expect(byUsername.list.map((row) => row.id)).toEqual(byNickname.list.map((row) => row.id));

    const logins = await listAs(exchange, { action: 'login' });
    expect(logins.total).toBe(await countInDb(sql`action = 'login'`));
    expect(logins.list.every((row) => row.action === 'login')).toBe(true);
    // exact: a prefix of a code is not the code
    expect((await listAs(exchange, { action: 'registry' })).total).toBe(0);

    const byTarget = await listAs(exchange, { action: 'registry.create', target: String(foreignCustomerId) });
    expect(byTarget.list.map((row) => [row.companyName, row.target])).toEqual([
      [FOREIGN_COMPANY, String(foreignCustomerId)],
    ]);
  });

  it('filters by a range of days in +08:00, both ends included', async () => {
    const audit = createAuditService({
      clock: { now: () => new Date(Date.parse('2020-01-01T23:59:59.000+08:00')) },
    });
    await audit.append(t.db, { action: 'test.lastSecond', result: 'ok', companyId: ownerCompanyId });
    const nextDay = createAuditService({
      clock: { now: () => new Date(Date.parse('2020-01-02T00:00:00.000+08:00')) },
    });
    await nextDay.append(t.db, { action: 'test.nextDay', result: 'ok', companyId: ownerCompanyId });

    const firstDay = await listAs(owner, { from: '2020-01-01', to: '2020-01-01' });
    expect(firstDay.list.map((row) => row.action)).toEqual(['test.lastSecond']);
    expect(firstDay.list[0]?.actionLabel).toBe('test.lastSecond');
    const both = await listAs(owner, { from: '2020-01-01', to: '2020-01-02' });
    expect(both.list.map((row) => row.action)).toEqual(['test.nextDay', 'test.lastSecond']);
    expect((await listAs(owner, { to: '2019-12-31' })).total).toBe(0);

    const today = formatDate(t.clock.now());
    const fromToday = await listAs(owner, { from: today });
    expect(fromToday.total).toBe(
      await countInDb(
        sql`company_id = ${ownerCompanyId} and at >= ${`${today}T00:00:00+08:00`}::timestamptz`,
      ),
    );
    const tomorrow = formatDate(t.clock.now().getTime() + DAY_MS);
    expect((await listAs(owner, { from: tomorrow })).total).toBe(0);
  });

  it('refuses bad input with its Chinese message', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ from: '2026-02-30' }, MSG.logsDateInvalid],
      [{ to: '2026/03/01' }, MSG.logsDateInvalid],
      [{ from: '2026-03-02', to: '2026-03-01' }, MSG.logsDateRangeInvalid],
      [{ size: 1000 }, MSG.badRequest],
      [{ page: 0 }, MSG.badRequest],
      [{ operator: '长'.repeat(51) }, MSG.badRequest],
    ];
    for (const [body, message] of refusals) {
      expect(
        await owner.post('/api/logs/list', { page: 1, size: 10, ...body }),
        JSON.stringify(body),
      ).toMatchObject({ status: 1, msg: message });
    }
  });
});

describe('GET /api/logs/export', () => {
  async function exportAs(client: Client, query = ''): Promise<string[][]> {
    const response = await client.raw('GET', `/api/logs/export${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('操作日志.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]?.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let column = 1; column <= 7; column += 1) cells.push(row.getCell(column).text);
      rows.push(cells);
    });
    return rows;
  }

  it('reads back as the list has it, in the caller’s scope, and is itself audited', async () => {
    const listed = await listAs(owner, { action: 'registry.create' });
    const rows = await exportAs(owner, '?action=registry.create');
    expect(rows[0]).toEqual(['时间', '操作人', '单位', '操作', '对象', '结果', 'IP']);
    expect(rows.slice(1)).toEqual(
      listed.list.map((row) => [
        formatDateTime(row.at),
        row.operatorName,
        row.companyName,
        row.actionLabel,
        row.target,
        row.resultLabel,
        row.ip,
      ]),
    );
    expect(rows.slice(1).every((row) => row[2] === OWNER_COMPANY)).toBe(true);

    const [exported] = (await listAs(owner, { action: 'logs.export' })).list;
    expect(exported).toMatchObject({ actionLabel: '导出操作日志', operatorName: '转让方演示' });
    expect(exported?.detail).toContain('事项：registry.create');
    expect(exported?.detail).toContain(`数量：${listed.total}`);
  });

  it('gives the exchange every company’s rows, narrowed by company', async () => {
    const rows = await exportAs(
      exchange,
      `?companyName=${encodeURIComponent('华北')}&action=registry.create`,
    );
    expect(rows.slice(1).map((row) => [row[2], row[4]])).toEqual([
      [FOREIGN_COMPANY, String(foreignCustomerId)],
    ]);
  });

  it('refuses a bad range before writing anything', async () => {
    const response = await owner.raw('GET', '/api/logs/export?from=2026-03-02&to=2026-03-01');
    expect(response.json()).toMatchObject({ status: 1, msg: MSG.logsDateRangeInvalid });
  });
});

describe('access', () => {
  it('answers 401 without a session and 403 without GJS_WORKLOG_LT', async () => {
    const anonymous = clientOf(t, undefined);
    expect((await anonymous.raw('POST', '/api/logs/list', { page: 1, size: 10 })).statusCode).toBe(401);
    // the land company's role, without the log
    await t.db.execute(sql`
      update roles set codes = array_remove(codes, 'GJS_WORKLOG_LT')
      where id in (select o.role_id from operators o join users u on u.id = o.user_id where u.username = 'land')`);
    const land = clientOf(t, await loginAs(t.app, 'land'));
    expect((await land.raw('POST', '/api/logs/list', { page: 1, size: 10 })).statusCode).toBe(403);
    expect((await land.raw('GET', '/api/logs/export')).statusCode).toBe(403);
    expect((await land.raw('GET', '/api/logs/verify')).statusCode).toBe(403);
  });
});

describe('GET /api/logs/verify', () => {
  it('answers valid for the chain as written, walked again only once the last walk is a minute old', async () => {
    const first = await owner.get<AuditChainState>('/api/logs/verify');
    expect(first.data).toMatchObject({ isValid: true, count: await countInDb(sql`true`) });
    await createAuditService({ clock: t.clock }).append(t.db, { action: 'test.later', result: 'ok' });
    expect((await owner.get<AuditChainState>('/api/logs/verify')).data.count).toBe(first.data.count);
    t.clock.advance(CHAIN_CACHE_MS + 1000);
    const again = await exchange.get<AuditChainState>('/api/logs/verify');
    expect(again.data).toMatchObject({ isValid: true, count: await countInDb(sql`true`) });
    expect(again.data.count).toBeGreaterThan(first.data.count);
  });

  // last: the chain stays broken for the rest of this file
  it('names the first tampered row', async () => {
    const rows = await selectRows<{ id: number }>(t.db, sql`select id::int as id from audit_log order by id`);
    const victim = rows[3]?.id ?? 0;
    await t.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    await t.db.execute(sql`update audit_log set target = 'x' where id = ${victim}`);
    await t.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    t.clock.advance(CHAIN_CACHE_MS + 1000);
    const state = (await owner.get<AuditChainState>('/api/logs/verify')).data;
    expect(state).toMatchObject({ isValid: false, count: 3, brokenId: victim });
    expect(describeAuditChain(state)).toBe(`日志链校验失败：第4条记录被篡改（日志编号${victim}）`);
  });
});

describe('action labels', () => {
  /** Every module source file (not the tests) under apps/server/src/modules. */
  function moduleSources(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return moduleSources(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  }

  it('labels every action code the server writes', () => {
    const codes = new Set<string>();
    for (const file of moduleSources(join(import.meta.dirname, '..'))) {
      const text = readFileSync(file, 'utf8');
      // `action: 'login'`, and the dotted codes passed around as values ('workflow.save', 'order.pay' ...)
      for (const match of text.matchAll(/action: '([^']+)'/g)) codes.add(match[1] ?? '');
      for (const match of text.matchAll(/'([a-z][a-zA-Z]*(?:\.[a-zA-Z]+)+)'/g)) codes.add(match[1] ?? '');
    }
    expect(codes.size).toBeGreaterThan(50);
    expect([...codes].filter((code) => !Object.hasOwn(AUDIT_ACTION_LABELS, code)).sort()).toEqual([]);
  });
});
