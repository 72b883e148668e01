import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../test/harness.ts';
import { selectRows } from '../db/client.ts';
import {
  computeServiceFee,
  isCreditCode,
  SERVICE_FEE_DEFAULT,
  type RefundTicket,
  type ServiceFeeOrder,
  SHARE_WHOLE,
  type HomepageCounts,
  type PageResult,
  type ProcessLogRow,
  type ProcessLogStage,
  type TaskRow,
} from '@cqjy/domain';
import { DEMO_DEAL_CODE } from './seed-deal.ts';
import { SMALL_DEMO_CODES } from './seed-small.ts';
import { VEHICLE_DEMO_CODES } from './seed-vehicles.ts';
import { UNIFIED_DEMO_CODES } from './seed-unified.ts';
import { seedDatabase, seedDemo } from './seed.ts';

describe('seed', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes the demo data once, with valid distinct credit codes and mobiles', async () => {
    t = await createTestApp({ isSeeded: false });
    // the ten demo accounts of the README (two agent members among them) and gate1..gate8, a company each
    expect(await seedDemo(t.db, t.config)).toEqual({ isSeeded: true, users: 18 });
    expect(await seedDemo(t.db, t.config)).toEqual({ isSeeded: false, users: 0 });
    const companies = await selectRows<{ credit_code: string }>(t.db, sql`select credit_code from companies`);
    expect(companies).toHaveLength(18);
    expect(companies.every((c) => isCreditCode(c.credit_code))).toBe(true);
    const mobiles = await selectRows<{ mobile: string }>(t.db, sql`select mobile from users`);
    expect(new Set(mobiles.map((m) => m.mobile)).size).toBe(18);
    expect(mobiles.every((m) => /^1\d{10}$/.test(m.mobile))).toBe(true);
  });

  it('in production creates only the administrator, and needs ADMIN_PASSWORD for it', async () => {
    t = await createTestApp({ isSeeded: false });
    await expect(
      seedDatabase(t.db, { ...t.config, isProduction: true, demoPassword: 'x', adminPassword: undefined }),
    ).rejects.toThrow(/ADMIN_PASSWORD/);
    const outcome = await seedDatabase(t.db, {
      ...t.config,
      isProduction: true,
      demoPassword: 'x',
      adminPassword: 'Admin@20260101',
    });
    expect(outcome).toEqual({ isSeeded: true, users: 1 });
    const users = await selectRows<{ username: string; identity_type: number }>(
      t.db,
      sql`select u.username, c.identity_type from users u join operators o on o.user_id = u.id join companies c on c.id = o.company_id`,
    );
    expect(users).toEqual([{ username: 'admin', identity_type: 999 }]);
  });

  it("adds up every demo project's sheet rows to the appraisal its form states", async () => {
    t = await createTestApp();
    const rows = await selectRows<{ code: string; form: Record<string, unknown>; appraisals: number | null }>(
      t.db,
      sql`select p.code, p.details -> 'form' as form,
            (select sum(coalesce(a.values ->> 'appraisalValue', a.values ->> 'appraisedValue')::bigint)::float8
              from project_assets a
              where a.project_id = p.id and (a.values ? 'appraisalValue' or a.values ? 'appraisedValue'))
              as appraisals
          from projects p order by p.id`,
    );
    // five of the demo owner's, the second owner's draft, the agent's three small-lot batches, the owner's two
    // vehicle disposals (whose vehicles are no sheet rows) and its two unified projects (no sheets)
    expect(rows).toHaveLength(13);
    for (const { code, form, appraisals } of rows) {
      if (form.appraisalPrice !== undefined) {
        // the physical kinds: the asset or lot list's appraisals are the appraisal of the form
        expect(appraisals, code).toBe(form.appraisalPrice);
      }
      if (form.shareAppraisalValue !== undefined) {
        // the equity kinds: the shares offered are their part of the appraised net assets
        const offered = (form.transferors as { offeredShare: number }[]).reduce(
          (n, r) => n + r.offeredShare,
          0,
        );
        expect(Math.round(((form.netAssetValue as number) * offered) / SHARE_WHOLE), code).toBe(
          form.shareAppraisalValue,
        );
        expect(appraisals, code).toBeNull();
      }
    }
  });

  it('gives every demo project past draft the process log of its course, in order, through the project view', async () => {
    t = await createTestApp();
    const projects = await selectRows<{ id: number; code: string; status: string }>(
      t.db,
      sql`select id, code, status from projects where status <> 'draft' order by id`,
    );
    expect(projects.map((p) => p.status)).toEqual([
      'disclosing',
      'disclosing',
      'preDisclosing',
      'disclosing',
      'dealt',
      'disclosing',
      'dealt',
      'appraising',
      'dealt',
      'disclosing',
    ]);
    // the exchange reads every company's course
    const token = await loginAs(t.app, 'admin');
    const get = async <T>(url: string) =>
      readJson<T>(await t!.app.inject({ method: 'GET', url, headers: bearer(token) }));
    const stagesOf: Record<string, string[]> = {};
    for (const project of projects) {
      const log = await get<ProcessLogRow[]>(`/api/project/${project.id}/processLog`);
      expect(log.data.length, project.code).toBeGreaterThan(0);
      const times = log.data.map((row) => Date.parse(row.at));
      expect(times, project.code).toEqual([...times].sort((a, b) => a - b));
      expect(
        times.every((at) => at < Date.now()),
        project.code,
      ).toBe(true);
      const stages = await get<ProcessLogStage[]>(`/api/project/${project.id}/processLog/stage`);
      stagesOf[project.code] = stages.data.map(
        (stage) => `${stage.stage}:${stage.rows.map((row) => row.step).join(',')}`,
      );
    }
    expect(stagesOf).toEqual({
      GR2026BJ1000123: ['信息披露:submit,sign,pass'],
      GR2026BJ1000301: [
        '信息预披露:submit,sign,pass',
        '信息披露:submit,sign,pass',
        '意向登记:submit,sign,pass',
        '意向登记:submit,sign,back',
      ],
      GR2026BJ1000302: ['信息预披露:submit,sign,pass'],
      GR2026BJ1000401: ['信息披露:submit,sign,pass'],
      GR2026BJ1000188: [
        '信息披露:submit,sign,pass',
        '合同信息登记:submit,sign,pass',
        '价款划转:submit,sign,pass',
      ],
      [SMALL_DEMO_CODES.disclosing]: ['信息披露:submit,sign,pass'],
      [SMALL_DEMO_CODES.dealt]: ['信息披露:submit,sign,pass', '结果确认:submit,pass'],
      [VEHICLE_DEMO_CODES.appraising]: ['处置:submit,sign,pass', '车辆评估:vehicleAppraiserAssigned'],
      [VEHICLE_DEMO_CODES.dealt]: [
        '处置:submit,sign,pass',
        '车辆评估:vehicleAppraiserAssigned',
        '车辆评估:vehicleAppraisalSubmitted',
        '车辆评估:vehicleResultConfirmed',
        '车辆挂牌:vehicleListed',
        '成交确认:vehicleDealt',
      ],
      [UNIFIED_DEMO_CODES.lease]: ['信息披露:submit,sign,pass'],
    });
    // the disclosure's approval is when the disclosure started
    const bulk = projects[0];
    const [started] = await selectRows<{ start: string; passed: string }>(
      t.db,
      sql`select p.disclosure_start::text as start, l.at::text as passed from projects p
          join process_logs l on l.project_id = p.id and l.step = 'pass' where p.id = ${bulk?.id ?? 0}`,
    );
    expect(started?.passed).toBe(started?.start);
  });

  it('gives the open capital increase three investors, one registered by the member', async () => {
    t = await createTestApp();
    const rows = await selectRows<{ name: string; status: string; by_member: boolean }>(
      t.db,
      sql`select i.name, i.status, i.company_id <> p.company_id as by_member from investors i
          join projects p on p.id = i.project_id where p.code = 'GR2026BJ1000401' order by i.id`,
    );
    expect(rows).toEqual([
      { name: '北京示范能源投资有限公司', status: 'qualified', by_member: false },
      { name: '上海示范创业投资有限公司', status: 'submitted', by_member: true },
      { name: '孙明', status: 'submitted', by_member: false },
    ]);
  });

  it('gives every registry demo rows: the transferor its records, the member its customers, land its parcels', async () => {
    t = await createTestApp();
    const rows = await selectRows<{ company: string; registry: string; n: number }>(
      t.db,
      sql`select c.name as company, r.registry, count(*)::int as n from registry_rows r
          join companies c on c.id = r.company_id group by c.name, r.registry order by c.name, r.registry`,
    );
    const of = (company: string) =>
      Object.fromEntries(rows.filter((row) => row.company === company).map((row) => [row.registry, row.n]));
    expect(of('北京示范国有资产经营有限公司')).toEqual({
      assets: 6,
      bank: 1,
      businessOpportunity: 2,
      customer: 2,
      invoicing: 1,
      personalCustomer: 1,
      stockright: 2,
    });
    expect(of('示范产权经纪有限公司')).toEqual({ customer: 2 });
    expect(of('示范土地储备中心')).toEqual({ land: 3 });
  });

  it('gives the transferor a finished deal: its order billed by the default schedule, its returned payout a ticket', async () => {
    t = await createTestApp();
    const token = await loginAs(t.app, 'transferor');
    const call = async <T>(url: string, payload: object) =>
      readJson<T>(await t!.app.inject({ method: 'POST', url, headers: bearer(token), payload }));
    const orders = await call<PageResult<ServiceFeeOrder>>('/api/order/list', { page: 1, size: 10 });
    const order = orders.data.list.find((row) => row.projectCode === DEMO_DEAL_CODE);
    expect(order).toMatchObject({
      fee: computeServiceFee(SERVICE_FEE_DEFAULT, 'bulk', order?.dealAmount ?? 0).fee,
      payState: 'unpaid',
      invoiceState: 'none',
    });
    const tickets = await call<PageResult<RefundTicket>>('/api/refundTicket/list', { page: 1, size: 10 });
    expect(tickets.data.list).toHaveLength(1);
    expect(tickets.data.list[0]).toMatchObject({
      projectCode: DEMO_DEAL_CODE,
      payoutKind: 'price',
      state: 'pending',
      amount: order?.dealAmount,
    });
  });

  it('gives member and agent work of their own on their first page', async () => {
    t = await createTestApp();
    const call = async <T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      readJson<T>(
        await t!.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }),
      );
    const page = { page: 1, size: 10 };

    // the member: the two equity projects and the unified lease entrusted to it, a registration the exchange sent
    // back, and the investor it registered on the capital increase (its audit waiting: 我发起的 lists it beside the
    // applications)
    const member = await loginAs(t.app, 'member');
    const memberHome = await call<HomepageCounts>(member, 'GET', '/api/homepage/count');
    expect(memberHome.data).toMatchObject({ projects: 3, todo: 1, launch: 3, done: 2 });
    const memberTodo = await call<PageResult<TaskRow>>(member, 'POST', '/api/task/list/todo', page);
    expect(memberTodo.data.list.map((row) => [row.type, row.action, row.projectCode])).toEqual([
      ['MfyRrn', 'registration', 'GR2026BJ1000301'],
    ]);

    // the agent member: its own small-lot batches (the draft awaiting its estimate, the dealt one awaiting
    // delivery, the disclosing one) and the bulk projects it acts for (the finished deal and the disclosing one)
    const agent = await loginAs(t.app, 'agent');
    const agentHome = await call<HomepageCounts>(agent, 'GET', '/api/homepage/count');
    expect(agentHome.data.projects).toBe(5);
    const agentProjects = await call<PageResult<{ code: string }>>(agent, 'POST', '/api/project/list', page);
    expect(agentProjects.data.list.map((row) => row.code)).toEqual([
      SMALL_DEMO_CODES.draft,
      SMALL_DEMO_CODES.dealt,
      SMALL_DEMO_CODES.disclosing,
      DEMO_DEAL_CODE,
      'GR2026BJ1000123',
    ]);
  });

  it('gives the exchange and the owner decisions waiting in their 待办任务, each linked to its screen', async () => {
    t = await createTestApp();
    const todoOf = async (username: string) => {
      const token = await loginAs(t!.app, username);
      const answer = readJson<PageResult<TaskRow>>(
        await t!.app.inject({
          method: 'POST',
          url: '/api/task/list/todo',
          headers: bearer(token),
          payload: { page: 1, size: 20 },
        }),
      );
      return answer.data.list.map((row) => [row.actionTitle, row.projectName, row.path.split('?')[0]]);
    };
    // gate1's account opening and the two investors submitted on the capital increase
    expect(await todoOf('admin')).toEqual(
      expect.arrayContaining([
        ['开户审核', '示范引导一号实业有限公司', '/index/companyList'],
        ['投资方审核', '北京示范新能源有限公司增资项目', '/index/capOpenInvestorAudit'],
      ]),
    );
    // the price the bank returned: the owner applies to pay it out again
    expect(await todoOf('transferor')).toEqual(
      expect.arrayContaining([['重新出金申请', expect.any(String), '/index/refundTicketApply']]),
    );
  });
});
