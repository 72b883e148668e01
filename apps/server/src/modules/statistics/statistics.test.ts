// 综合查询, 收入统计 and the home page's calendar on the demo data: each search kind scoped to the caller's company
// (every company's for the exchange), the filters checked with their Chinese messages, the exports read back,
// the income of the demo's finished deal, the disclosure deadline of the demo project on its day.
import {
  isWorkday,
  MSG,
  type CalendarMonth,
  type IncomeStatistics,
  type PageResult,
  type ProjectListRow,
  type QueryRow,
  type ServiceFeeOrder,
} from '@cqjy/domain';
import ExcelJS from 'exceljs';
import { VEHICLE_DEMO_CODES } from '../../seeds/seed-vehicles.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import {
  approveAction,
  clientOf,
  copyProject,
  enrolSigner,
  type Client,
} from '../../test/workflow-support.ts';

const DEMO_CODE = 'GR2026BJ1000123';
const DEAL_CODE = 'GR2026BJ1000188';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let owner: Client;
let foreign: Client;
let exchange: Client;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  owner = clientOf(t, ownerToken);
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'transferor');
});

afterAll(async () => {
  await t.close();
});

const search = (client: Client, body: Record<string, unknown>) =>
  client.post<PageResult<QueryRow>>('/api/statistics/query', { page: 1, size: 50, ...body });

async function readWorkbook(client: Client, url: string): Promise<ExcelJS.Workbook> {
  const response = await client.raw('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook;
}

describe('综合查询', () => {
  it('finds the demo project by a two-character keyword, in the owner company only', async () => {
    const found = await search(owner, { kind: 'project', keyword: '示范' });
    expect(found.status, found.msg).toBe(0);
    expect(found.data.list.map((row) => row.code)).toContain(DEMO_CODE);
    const demo = found.data.list.find((row) => row.code === DEMO_CODE);
    expect(demo).toMatchObject({ kind: 'project', family: 'bulk', familyLabel: '实物资产' });
    expect(demo?.link).toMatch(/^\/index\/bulkShowProject\?id=\d+$/);

    const theirs = await search(foreign, { kind: 'project', keyword: DEMO_CODE });
    expect(theirs.data).toEqual({ list: [], total: 0 });
    const all = await search(exchange, { kind: 'project', keyword: DEMO_CODE });
    expect(all.data.list[0]).toMatchObject({ code: DEMO_CODE, companyName: '北京示范国有资产经营有限公司' });
  });

  it('narrows by family, status and the day of the last change', async () => {
    // the finished deal, and the vehicle disposal dealt to the dismantler
    const dealt = await search(owner, { kind: 'project', status: 'dealt' });
    expect(dealt.data.list.map((row) => row.code).sort()).toEqual(
      [DEAL_CODE, VEHICLE_DEMO_CODES.dealt].sort(),
    );
    expect((await search(owner, { kind: 'project', family: 'equity', keyword: DEMO_CODE })).data.total).toBe(
      0,
    );
    expect((await search(owner, { kind: 'project', from: '2000-01-01', to: '2000-12-31' })).data.total).toBe(
      0,
    );
  });

  it("finds the company's tasks by their project and its files by name", async () => {
    const tasks = await search(owner, { kind: 'task', keyword: DEAL_CODE });
    expect(tasks.status, tasks.msg).toBe(0);
    expect(tasks.data.total).toBeGreaterThan(0);
    expect(tasks.data.list.every((row) => row.code === DEAL_CODE)).toBe(true);
    expect((await search(foreign, { kind: 'task', keyword: DEAL_CODE })).data.total).toBe(0);
  });

  it('finds a signed letter by its name, in the company that signed it', async () => {
    const projectId = await copyProject(t, 'GR2026BJ7100001');
    await approveAction({
      t,
      phone,
      mobile: '13800000001',
      ownerToken,
      exchange,
      projectId,
      action: 'contract',
      form: {
        reason: '成交签约',
        contractNo: 'HT-2026-0301',
        transfereeName: '示范受让有限公司',
        dealPrice: 1_000_000_00,
        signDate: '2026-11-20',
      },
    });
    const files = await search(owner, { kind: 'file', keyword: '已签章' });
    expect(files.data.total).toBeGreaterThan(0);
    expect(files.data.list[0]).toMatchObject({ kind: 'file', code: 'PDF', link: null });
    // a file has no family: narrowed by one, the search finds none
    expect((await search(owner, { kind: 'file', keyword: '已签章', family: 'bulk' })).data.total).toBe(0);
    expect((await search(foreign, { kind: 'file', keyword: '已签章' })).data.total).toBe(0);
  });

  it('answers bad filters with their Chinese message', async () => {
    expect(await search(owner, { kind: 'project', from: '2026-11-30', to: '2026-11-01' })).toMatchObject({
      status: 1,
      msg: MSG.queryDateRange,
    });
    expect(await search(owner, { kind: 'project', from: '2026/11/01' })).toMatchObject({
      status: 1,
      msg: MSG.queryDateInvalid,
    });
    expect(await search(owner, { kind: 'project', keyword: '示'.repeat(51) })).toMatchObject({
      status: 1,
      msg: MSG.queryKeywordTooLong,
    });
    expect((await search(owner, { kind: 'people' })).status).toBe(1);
  });

  it('exports every kind as a sheet of one workbook, and the export is audited', async () => {
    const workbook = await readWorkbook(
      owner,
      `/api/statistics/query/export?keyword=${encodeURIComponent('示范')}`,
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['项目', '任务', '文件']);
    const codes = workbook.getWorksheet('项目')?.getColumn(1).values ?? [];
    expect(codes).toContain(DEMO_CODE);
    const logs = await owner.post<PageResult<{ action: string }>>('/api/logs/list', { page: 1, size: 5 });
    expect(logs.data.list.map((row) => row.action)).toContain('statistics.query.export');
  });

  it('is refused to an identity without the code', async () => {
    const assessment = clientOf(t, await loginAs(t.app, 'assessment'));
    expect((await search(assessment, { kind: 'project' })).status).toBe(403);
    expect((await assessment.get('/api/statistics/income?year=2026')).status).toBe(403);
  });
});

describe('收入统计', () => {
  it("counts the demo deal in its month and family; another company's figures are its own", async () => {
    const orders = await owner.post<PageResult<ServiceFeeOrder>>('/api/order/list', { page: 1, size: 50 });
    const order = orders.data.list.find((row) => row.projectCode === DEAL_CODE);
    expect(order).toBeDefined();
    const year = Number(order?.dealDate.slice(0, 4));
    const mine = await owner.get<IncomeStatistics>(`/api/statistics/income?year=${year}`);
    expect(mine.status, mine.msg).toBe(0);
    expect(mine.data.isExchange).toBe(false);
    expect(mine.data.months).toHaveLength(12);
    const month = mine.data.months.find((row) => row.month === order?.dealDate.slice(0, 7));
    expect(month?.deals).toBeGreaterThanOrEqual(1);
    expect(month?.dealAmount).toBeGreaterThanOrEqual(order?.dealAmount ?? 0);
    expect(mine.data.families.find((row) => row.family === 'bulk')).toMatchObject({
      familyLabel: '实物资产',
    });
    expect(mine.data.totals.serviceFee).toBeGreaterThanOrEqual(order?.fee ?? 0);
    // the demo deal's price was paid out (and the bank returned it later: the approval stands)
    expect(mine.data.totals.payout).toBeGreaterThan(0);
    // the figures add up
    const sum = mine.data.months.reduce((total, row) => total + row.dealAmount, 0);
    expect(sum).toBe(mine.data.totals.dealAmount);

    const theirs = await foreign.get<IncomeStatistics>(`/api/statistics/income?year=${year}`);
    expect(theirs.data.totals).toEqual({ deals: 0, dealAmount: 0, serviceFee: 0, payout: 0 });
    const all = await exchange.get<IncomeStatistics>(`/api/statistics/income?year=${year}`);
    expect(all.data.isExchange).toBe(true);
    expect(all.data.totals.dealAmount).toBeGreaterThanOrEqual(mine.data.totals.dealAmount);
  });

  it('refuses a year out of range and exports the two tables', async () => {
    expect(await owner.get('/api/statistics/income?year=1999')).toMatchObject({
      status: 1,
      msg: MSG.incomeYearInvalid,
    });
    expect(await owner.get('/api/statistics/income?year=abc')).toMatchObject({ status: 1 });
    const workbook = await readWorkbook(owner, '/api/statistics/income/export?year=2026');
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['按月份', '按项目类别']);
    const months = workbook.getWorksheet('按月份');
    expect(months?.rowCount).toBe(14);
    expect(months?.getRow(14).getCell(1).value).toBe('合计');
  });
});

describe('首页日历 (POST /api/homepage/calendar/reminder)', () => {
  it("shows the demo project's disclosure deadline on its day, to its owner only", async () => {
    const list = await owner.post<PageResult<ProjectListRow>>('/api/project/list', {
      page: 1,
      size: 10,
      keyword: DEMO_CODE,
    });
    const end = list.data.list[0]?.disclosureEnd;
    expect(end).toBeTruthy();
    const day = new Date(new Date(end as string).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const month = day.slice(0, 7);

    const calendar = await owner.post<CalendarMonth>('/api/homepage/calendar/reminder', { month });
    expect(calendar.status, calendar.msg).toBe(0);
    const [year, mon] = month.split('-').map(Number) as [number, number];
    expect(calendar.data.days).toHaveLength(new Date(Date.UTC(year, mon, 0)).getUTCDate());
    const events = calendar.data.days.find((row) => row.date === day)?.events ?? [];
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'disclosureEnd', title: expect.stringContaining(DEMO_CODE) }),
    );
    // every day marked as the official calendar has it (weekends and holidays off, make-up days on)
    expect(calendar.data.days.map((row) => row.isWorkday)).toEqual(
      calendar.data.days.map((row) => isWorkday(row.date)),
    );
    expect(calendar.data.days.some((row) => !row.isWorkday)).toBe(true);

    const theirs = await foreign.post<CalendarMonth>('/api/homepage/calendar/reminder', { month });
    const seen = theirs.data.days.flatMap((row) => row.events).map((event) => event.title);
    expect(seen.some((title) => title.includes(DEMO_CODE))).toBe(false);
  });

  it('refuses a month not written YYYY-MM', async () => {
    expect(await owner.post('/api/homepage/calendar/reminder', { month: '2026-13' })).toMatchObject({
      status: 1,
      msg: MSG.calendarMonthInvalid,
    });
  });
});
