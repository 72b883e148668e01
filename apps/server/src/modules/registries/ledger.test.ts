// The small-lot ledger (台账 · 小宗实物) beyond the kit every registry shares (every-registry.test.ts): SH-4.14 on the
// server (no small-lot project permission, no ledger), the ledger type of a project, ticked lots starting one
// small-lot project of the agent (its lot list, the lots 挂牌中, the agent's list), lots of two owners refused, and
// the course on the engine: the disclosure e-signed and approved, the result confirmed (dealt, lots 已成交, the
// service fee billed), the goods signed for (lots 已交割); and a batch's hall, from the agent's rules for it
// (/api/project/save/auction) to its winner signing for the goods; an unsold batch disclosed again, its lowered price
// held to the dictionary's floor of its appraisal.
import {
  addCalendarDays,
  formatChineseDate,
  formatDate,
  formatFen,
  formatMessage,
  MSG,
  PRICE_APPROVAL_TAG,
  SMALL_LEDGER_REGISTRY,
  type ProjectListItem,
  type RegistryRow,
  type SmallProjectForm,
  type TaskRow,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import { SMALL_DEMO_CODES } from '../../seeds/seed-small.ts';
import { uploadRecordFile } from '../../test/capital-increase-support.ts';
import { makePng } from '../../test/files.ts';
import {
  approveAction,
  clientOf,
  enrolSigner,
  uploadApplicationFile,
  signRequest,
  type Client,
} from '../../test/workflow-support.ts';

const AGENT_MOBILE = '13800000004';
const BASE = SMALL_LEDGER_REGISTRY.apiBase;

let t: TestApp;
let phone: CapturingSmsProvider;
let agentToken: string;
let agent: Client;
let agent2: Client;
let agent2Token: string;
let exchange: Client;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  agentToken = await loginAs(t.app, 'agent');
  agent = clientOf(t, agentToken);
  agent2Token = await loginAs(t.app, 'agent2');
  agent2 = clientOf(t, agent2Token);
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'agent');
});

afterAll(async () => {
  await t.close();
});

const lot = (name: string, extra: Record<string, string> = {}) => ({
  principalName: '北京示范国有资产经营有限公司',
  name,
  category: '废旧物资',
  quantity: '2.5',
  unit: '吨',
  location: '示范路1号仓库',
  startingPrice: '40000',
  appraisedValue: '45000',
  status: '在库',
  ...extra,
});

async function saveLot(client: Client, values: Record<string, string>): Promise<RegistryRow> {
  const saved = await client.post<{ id: number }>(`${BASE}/save`, { values });
  expect(saved.status, saved.msg).toBe(0);
  return (await client.get<RegistryRow>(`${BASE}/${saved.data.id}`)).data;
}

const ref = (row: RegistryRow) => ({ id: row.id, version: row.version });

async function statusesOf(rows: readonly RegistryRow[]): Promise<unknown[]> {
  return Promise.all(
    rows.map(async (row) => (await agent.get<RegistryRow>(`${BASE}/${row.id}`)).data.values.status),
  );
}

/**
 * The pick-up recorded by the agent with its photo, then signed for: by `signer` (the winning member), or with the
 * paper receipt of a buyer off the portal when the agent signs itself.
 */
async function deliver(projectId: number, signer: Client, signerToken: string): Promise<void> {
  await uploadRecordFile(
    t,
    agentToken,
    { dataClass: 'delivery', dataId: String(projectId) },
    'deliveryPhoto',
    {
      name: '提货现场.png',
      content: makePng(),
    },
  );
  const picked = await agent.post<{ version: number }>('/api/project/delivery/pickup', {
    projectId,
    version: 0,
    pickupDate: '2026-12-20',
    place: '示范路1号仓库',
    pickedUpBy: '王师傅',
  });
  expect(picked.status, picked.msg).toBe(0);
  if (signer === agent) {
    // a buyer off the portal: the agent signs with the receipt the buyer signed on paper, and only with it
    expect(
      await agent.post('/api/project/delivery/receipt', { projectId, version: picked.data.version }),
    ).toMatchObject({ status: 1, msg: MSG.deliveryReceiptFileRequired });
    await uploadRecordFile(
      t,
      signerToken,
      { dataClass: 'delivery', dataId: String(projectId) },
      'deliveryReceipt',
    );
  }
  const signed = await signer.post('/api/project/delivery/receipt', {
    projectId,
    version: picked.data.version,
  });
  expect(signed.status, signed.msg).toBe(0);
}

async function projectStatus(id: number): Promise<string | undefined> {
  const rows = await selectRows<{ status: string }>(t.db, sql`select status from projects where id = ${id}`);
  return rows[0]?.status;
}

describe('SH-4.14 on the server', () => {
  it('a member without the small-lot project permission (index 4) is refused every ledger call, and nothing is stored', async () => {
    const [{ id: companyId } = { id: 0 }] = await selectRows<{ id: number }>(
      t.db,
      sql`select company_id as id from operators o join users u on u.id = o.user_id where u.username = 'agent2'`,
    );
    const kept = await selectRows<{ p: unknown }>(
      t.db,
      sql`select project_permissions as p from companies where id = ${companyId}`,
    );
    await t.db.execute(sql`update companies set project_permissions = '[]'::jsonb where id = ${companyId}`);
    try {
      expect((await agent2.raw('POST', `${BASE}/list`, { page: 1, size: 10 })).statusCode).toBe(403);
      expect((await agent2.raw('POST', `${BASE}/save`, { values: lot('废铁') })).statusCode).toBe(403);
      expect((await agent2.raw('GET', `${BASE}/export`)).statusCode).toBe(403);
      expect((await agent2.raw('POST', `${BASE}/project`, { family: 'small', rows: [] })).statusCode).toBe(
        403,
      );
      expect(await agent2.get('/api/project/ledger/type/by/project')).toMatchObject({
        status: 0,
        data: { types: [], projectType: null },
      });
      const stored = await selectRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from registry_rows where company_id = ${companyId}`,
      );
      expect(stored[0]?.n).toBe(0);
    } finally {
      await t.db.execute(
        sql`update companies set project_permissions = ${JSON.stringify(kept[0]?.p ?? [])}::jsonb where id = ${companyId}`,
      );
    }
    expect((await agent2.raw('POST', `${BASE}/list`, { page: 1, size: 10 })).statusCode).toBe(200);
  });

  it('the exchange and a plain member hold no ledger code: 403', async () => {
    expect((await exchange.raw('POST', `${BASE}/list`, { page: 1, size: 10 })).statusCode).toBe(403);
    const member = clientOf(t, await loginAs(t.app, 'member'));
    expect((await member.raw('GET', '/api/project/ledger/type/by/project')).statusCode).toBe(403);
  });
});

describe('ticked lots start one small-lot project of the agent', () => {
  let lots: RegistryRow[];
  let projectId: number;

  beforeAll(async () => {
    lots = [
      await saveLot(agent, lot('废钢')),
      await saveLot(agent, lot('废铜', { wasteCode: '900-041-49' })),
      await saveLot(agent, lot('废旧电机', { category: '闲置设备', quantity: '3', unit: '台' })),
    ];
  });

  it('refuses lots of two owners, naming them, and changes nothing', async () => {
    const other = await saveLot(agent, lot('旧办公桌', { principalName: '北京示范科技有限公司' }));
    expect(
      await agent.post(`${BASE}/project`, { family: 'small', rows: [ref(lots[0]!), ref(other)] }),
    ).toMatchObject({
      status: 1,
      msg: '所选标的属于不同委托方（北京示范国有资产经营有限公司、北京示范科技有限公司），请按委托方分别发起项目',
    });
    expect(await statusesOf([lots[0]!, other])).toEqual(['在库', '在库']);
  });

  it('another agent cannot start them (404), nor read the ledger type of the project', async () => {
    expect(await agent2.post(`${BASE}/project`, { family: 'small', rows: lots.map(ref) })).toMatchObject({
      status: 404,
    });
  });

  it('starts the project: the lots become its lot list and read 挂牌中, the ledger type names it', async () => {
    const started = await agent.post<{ id: number; family: string; code: string }>(`${BASE}/project`, {
      family: 'small',
      rows: lots.map(ref),
    });
    expect(started.status, started.msg).toBe(0);
    projectId = started.data.id;
    expect(started.data.family).toBe('small');
    expect(await statusesOf(lots)).toEqual(['挂牌中', '挂牌中', '挂牌中']);
    const sheet = await selectRows<{ category: string; name: string }>(
      t.db,
      sql`select category, values ->> 'name' as name from project_assets where project_id = ${projectId} order by id`,
    );
    expect(sheet).toEqual([
      { category: 'lot', name: '废钢' },
      { category: 'lot', name: '废铜' },
      { category: 'lot', name: '废旧电机' },
    ]);
    const shown = await agent.post<{ details: { form: SmallProjectForm } }>(`/api/project/show/${projectId}`);
    expect(shown.data.details.form).toMatchObject({
      name: '废钢等3项标的',
      principalName: '北京示范国有资产经营有限公司',
      listingPrice: 12_000_000,
      appraisalPrice: 13_500_000,
      isScrap: true,
    });
    expect(await agent.get(`/api/project/ledger/type/by/project?projectId=${projectId}`)).toMatchObject({
      data: { types: [{ type: 'small', route: 'ledgerSmall' }], projectType: 'small' },
    });
    expect(await agent2.get(`/api/project/ledger/type/by/project?projectId=${projectId}`)).toMatchObject({
      data: { projectType: null },
    });
    // the agent's 代理项目方 list holds its own batch beside the projects it acts for
    const listed = await agent.post<{ list: ProjectListItem[] }>('/api/project/list', { page: 1, size: 50 });
    expect(listed.data.list.map((row) => row.id)).toContain(projectId);
  });

  it('the appraisal firm it names gives its estimate on 评估项目: no net assets asked, the form takes the value', async () => {
    const version = (
      await selectRows<{ version: number }>(t.db, sql`select version from projects where id = ${projectId}`)
    )[0]?.version;
    const shown = await agent.post<{ details: { form: SmallProjectForm } }>(`/api/project/show/${projectId}`);
    const named = await agent.post(`/api/project/small/update/${projectId}`, {
      version,
      form: { ...shown.data.details.form, appraisalFirm: '示范资产评估有限公司' },
    });
    expect(named.status, named.msg).toBe(0);
    const firmToken = await loginAs(t.app, 'assessment');
    const firm = clientOf(t, firmToken);
    const todo = await firm.post<{ list: TaskRow[] }>('/api/task/list/todoEstimate', { page: 1, size: 50 });
    expect(todo.data.list.find((row) => row.projectId === projectId)).toMatchObject({
      actionTitle: '出具评估报告',
    });
    await uploadRecordFile(
      t,
      firmToken,
      { dataClass: 'project', dataId: String(projectId) },
      'appraisalReport',
    );
    const estimate = { appraisalBaseDate: '2026-11-20', appraisalValue: 12_800_000 };
    expect(
      await firm.post(`/api/project/evaluation/submit/${projectId}`, { ...estimate, appraisalValue: 0 }),
    ).toMatchObject({ status: 1, msg: MSG.evaluationValueInvalid });
    const submitted = await firm.post(`/api/project/evaluation/submit/${projectId}`, estimate);
    expect(submitted.status, submitted.msg).toBe(0);
    const after = await agent.post<{ details: { form: SmallProjectForm } }>(`/api/project/show/${projectId}`);
    expect(after.data.details.form).toMatchObject({
      appraisalPrice: 12_800_000,
      appraisalBaseDate: '2026-11-20',
    });
    expect(after.data.details.form).not.toHaveProperty('netAssetValue');
  });

  it('runs the course: disclosed, result confirmed (dealt, 已成交, billed), delivered (已交割)', async () => {
    const version = (
      await selectRows<{ version: number }>(t.db, sql`select version from projects where id = ${projectId}`)
    )[0]?.version;
    const completed = await agent.post<{ version: number }>(`/api/project/small/update/${projectId}`, {
      version,
      form: {
        name: '废钢等3项标的',
        principalName: '北京示范国有资产经营有限公司',
        disposalMethod: 'auction',
        listingPrice: 12_000_000,
        disclosureDays: 10,
        viewingPlace: '示范路1号仓库',
        viewingFrom: '2026-12-01',
        viewingTo: '2026-12-04',
        viewingContact: '赵六',
        viewingMobile: AGENT_MOBILE,
        paymentDays: 5,
        pickupDays: 10,
        isScrap: true,
        wasteCategory: 'HW49 其他废物',
        buyerLicence: '危险废物经营许可证',
        contactName: '赵六',
        contactMobile: AGENT_MOBILE,
      },
    });
    expect(completed.status, completed.msg).toBe(0);
    const submitted = await agent.post<{ actionId: number; taskId: number }>(
      `/api/project/small/submit/${projectId}`,
      { version: completed.data.version },
    );
    expect(submitted.status, submitted.msg).toBe(0);
    t.clock.advance(61_000);
    expect((await agent.post('/api/workflow/sign/otp', { dataId: submitted.data.actionId })).status).toBe(0);
    const signed = await agent.post(
      '/api/project/small/disclosure/signature',
      signRequest({
        dataId: submitted.data.actionId,
        taskId: submitted.data.taskId,
        type: 'EicSre',
        otp: phone.lastCodeTo(AGENT_MOBILE),
      }),
    );
    expect(signed.status, signed.msg).toBe(0);
    const todo = await exchange.post<{ list: TaskRow[] }>('/api/task/list/todo', { page: 1, size: 100 });
    const review = todo.data.list.find((row) => row.actionId === submitted.data.actionId);
    expect(review).toMatchObject({ type: 'Review', routeName: 'smallEicSre' });
    const passed = await exchange.post('/api/task/signoff/small', {
      ...signRequest({ dataId: submitted.data.actionId, taskId: review?.id ?? 0, type: 'Review' }),
      result: 'pass',
    });
    expect(passed.status, passed.msg).toBe(0);
    expect(await projectStatus(projectId)).toBe('disclosing');

    const parties = { t, phone, mobile: AGENT_MOBILE, ownerToken: agentToken, exchange, projectId };
    await approveAction({
      ...parties,
      family: 'small',
      action: 'resultConfirm',
      form: {
        transfereeName: '北京再生资源回收有限公司',
        dealPrice: 15_000_000,
        content: '经网络竞价产生买受人',
      },
    });
    expect(await projectStatus(projectId)).toBe('dealt');
    expect(await statusesOf(lots)).toEqual(['已成交', '已成交', '已成交']);
    const orders = await selectRows<{ deal_amount: number }>(
      t.db,
      sql`select deal_amount::int as deal_amount from service_fee_orders where project_id = ${projectId}`,
    );
    expect(orders).toEqual([{ deal_amount: 15_000_000 }]);

    // the delivery: the pick-up recorded with its photo, the buyer's paper receipt signed for (deliveries.test.ts
    // has the rest of its rules): the lots read 已交割
    await deliver(projectId, agent, agentToken);
    expect(await statusesOf(lots)).toEqual(['已交割', '已交割', '已交割']);
    // a delivered lot starts nothing again
    const code = (await agent.get<RegistryRow>(`${BASE}/${lots[0]!.id}`)).data.values.projectCode;
    expect(await agent.post(`${BASE}/project`, { family: 'small', rows: [ref(lots[0]!)] })).toMatchObject({
      status: 1,
      msg: `标的“废钢”已转入项目${String(code)}，不能重复发起`,
    });
  });
});

describe("a batch's hall, from the agent's rules to the winner signing for the goods", () => {
  it('the rules saved, two members’ buyers bid, the result confirmed (已成交), the winner signs for the goods (已交割)', async () => {
    const [batch] = await selectRows<{ id: number }>(
      t.db,
      sql`select id from projects where code = ${SMALL_DEMO_CODES.disclosing}`,
    );
    const projectId = batch?.id ?? 0;
    const companyOf = async (username: string) =>
      (
        await selectRows<{ id: number }>(
          t.db,
          sql`select o.company_id as id from operators o join users u on u.id = o.user_id
              where u.username = ${username} and o.is_default`,
        )
      )[0]?.id ?? 0;
    // the registrations as the intentions module leaves them once qualified, their deposits paid
    const register = async (companyId: number, name: string, certNo: string) =>
      (
        await selectRows<{ id: number }>(
          t.db,
          sql`insert into intention_registrations
                (project_id, company_id, status, kind, name, cert_type, cert_no, contact_name, contact_mobile,
                 deposit_amount, deposit_paid_at)
              values (${projectId}, ${companyId}, 'qualified', 'company', ${name}, 'creditCode', ${certNo},
                      '联系人', '13900000000', 100000, ${t.clock.now()})
              returning id`,
        )
      )[0]?.id ?? 0;
    const memberReg = await register(await companyOf('member'), '甲再生资源有限公司', '91110000MA0000101X');
    const agent2Reg = await register(await companyOf('agent2'), '乙再生资源有限公司', '91110000MA0000102X');
    // the agent's rules for the hall: not before the disclosure's end, not below the disclosed starting price
    const [disclosed] = await selectRows<{ end: Date; price: number }>(
      t.db,
      sql`select disclosure_end as end, (details -> 'form' ->> 'listingPrice')::bigint as price
          from projects where id = ${projectId}`,
    );
    const dayAfterEnd = new Date(`${formatDate(addCalendarDays(disclosed!.end, 1))}T10:00:00+08:00`);
    const rules = {
      projectId,
      version: 0,
      startAt: dayAfterEnd.toISOString(),
      freeSeconds: 300,
      timedSeconds: 60,
      startingPrice: Number(disclosed!.price),
      increment: 100_000,
    };
    const SAVE = '/api/project/save/auction';
    expect(await agent.post(SAVE, { ...rules, startAt: t.clock.now().toISOString() })).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.auctionRulesStartTooEarly, { end: formatChineseDate(disclosed!.end) }),
    });
    expect(await agent.post(SAVE, { ...rules, startingPrice: rules.startingPrice - 1 })).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.auctionRulesPriceTooLow, { price: formatFen(rules.startingPrice) }),
    });
    expect(await agent.post(SAVE, { ...rules, increment: 0 })).toMatchObject({
      status: 1,
      msg: MSG.biddingIncrementInvalid,
    });
    expect((await agent2.post(SAVE, rules)).status).toBe(404);
    expect((await agent2.get(`/api/project/auction/${projectId}`)).status).toBe(404);
    expect((await agent.get(`/api/project/auction/${projectId}`)).data).toBeNull();
    const saved = await agent.post<{ version: number }>(SAVE, rules);
    expect(saved.status, saved.msg).toBe(0);
    expect((await agent.post(SAVE, rules)).status).toBe(409);
    expect(await exchange.get(`/api/project/auction/${projectId}`)).toMatchObject({
      data: { startAt: rules.startAt, freeSeconds: 300, timedSeconds: 60, increment: 100_000, version: 1 },
    });
    // the registrations closed with the disclosure
    await t.db.execute(
      sql`update projects set disclosure_end = ${new Date(t.clock.now().getTime() - 86_400_000)} where id = ${projectId}`,
    );
    const opened = await exchange.post<{ id: number }>('/api/bidding/open', {
      projectId,
      startAt: t.clock.now().toISOString(),
      freeSeconds: 60,
      timedSeconds: 30,
      startingPrice: 8_465_000,
      increment: 100_000,
    });
    expect(opened.status, opened.msg).toBe(0);
    const member = clientOf(t, await loginAs(t.app, 'member'));
    const bid = (client: Client, registrationId: number, amount: number) =>
      client.post(`/api/bidding/bid/${opened.data.id}`, { registrationId, amount });
    expect((await bid(member, memberReg, 8_465_000)).status).toBe(0);
    expect((await bid(agent2, agent2Reg, 8_565_000)).status).toBe(0);
    const hall = await exchange.get<{ endsAt: string }>(`/api/bidding/${opened.data.id}`);
    t.clock.set(new Date(Date.parse(hall.data.endsAt) + 1));
    const closed = await agent.get<{ status: string; winnerName: string | null }>(
      `/api/bidding/${opened.data.id}`,
    );
    expect(closed.data).toMatchObject({ status: 'closed', winnerName: '乙再生资源有限公司' });
    expect(await projectStatus(projectId)).toBe('awaitingContract');

    await approveAction({
      t,
      phone,
      mobile: AGENT_MOBILE,
      ownerToken: agentToken,
      exchange,
      projectId,
      family: 'small',
      action: 'resultConfirm',
      form: { transfereeName: '乙再生资源有限公司', dealPrice: 8_565_000, content: '网络竞价结果' },
    });
    expect(await projectStatus(projectId)).toBe('dealt');
    const lots = await agent.post<{ list: RegistryRow[] }>(`${BASE}/list`, {
      page: 1,
      size: 50,
      filters: { status: '已成交' },
    });
    expect(lots.data.list.filter((row) => row.values.projectId === projectId)).toHaveLength(3);
    // no rules change once the hall has been held and the batch dealt
    expect(await agent.post(SAVE, { ...rules, version: 1 })).toMatchObject({
      status: 1,
      msg: MSG.auctionRulesStatus,
    });

    // the losing member does not reach the delivery; the winner's member signs for the goods: 已交割
    expect((await member.get(`/api/project/delivery/${projectId}`)).status).toBe(404);
    expect(await agent2.get(`/api/project/delivery/${projectId}`)).toMatchObject({
      data: { buyerName: '乙再生资源有限公司', isBuyerOnPortal: true, canRecordPickup: false },
    });
    await deliver(projectId, agent2, agent2Token);
    const delivered = await agent.post<{ list: RegistryRow[] }>(`${BASE}/list`, {
      page: 1,
      size: 50,
      filters: { status: '已交割' },
    });
    expect(delivered.data.list.filter((row) => row.values.projectId === projectId)).toHaveLength(3);
  });
});

describe('an unsold batch disclosed again at a lowered starting price (smallRediscovery)', () => {
  it('is held to the dictionary’s floor of its appraisal unless the approving body consents; the new price is listed', async () => {
    const rows = [
      await saveLot(agent, lot('旧叉车（再披露）')),
      await saveLot(agent, lot('旧货架（再披露）')),
    ];
    const started = await agent.post<{ id: number }>(`${BASE}/project`, {
      family: 'small',
      rows: rows.map(ref),
    });
    expect(started.status, started.msg).toBe(0);
    const projectId = started.data.id;
    // its disclosure ended without a buyer; its appraisal 100,000 yuan, its starting price 95,000
    await t.db.execute(
      sql`update projects set status = 'ended',
            details = jsonb_set(jsonb_set(details, '{form,appraisalPrice}', '10000000'), '{form,listingPrice}', '9500000')
          where id = ${projectId}`,
    );
    // the exchange raises the floor from the regulation's 90% to 92% as of today
    const ops = clientOf(t, await loginAs(t.app, 'opsadmin'));
    const raised = await ops.post('/api/dict/rule/save', {
      key: 'rediscoveryPriceFloor',
      value: 92,
      effectiveFrom: formatDate(t.clock.now()),
    });
    expect(raised.status, raised.msg).toBe(0);

    const base = '/api/project/small/rediscovery';
    const created = await agent.post<{ id: number; version: number }>(`${base}/create`, { projectId });
    expect(created.status, created.msg).toBe(0);
    const saved = await agent.post<{ version: number }>(`${base}/save`, {
      ...created.data,
      form: {
        reason: '披露期满未征集到意向受让方，降价重新披露',
        disclosureDays: 10,
        startingPrice: 9_100_000,
      },
    });
    expect(saved.status, saved.msg).toBe(0);
    await uploadApplicationFile(t, agentToken, created.data.id);
    // 91,000 yuan is below 92% of 100,000: refused, naming the least price without consent
    expect(
      await agent.post(`${base}/submit`, { id: created.data.id, version: saved.data.version }),
    ).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.rediscoveryPriceBelowFloor, { percent: 92, min: '92,000.00' }),
    });
    // with the approving body's written consent it goes on, through the signature and the exchange's review
    await uploadRecordFile(
      t,
      agentToken,
      { dataClass: 'actionInstance', dataId: String(created.data.id) },
      PRICE_APPROVAL_TAG,
    );
    const submitted = await agent.post<{ taskId: number }>(`${base}/submit`, {
      id: created.data.id,
      version: saved.data.version,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    t.clock.advance(61_000);
    expect((await agent.post('/api/workflow/sign/otp', { dataId: created.data.id })).status).toBe(0);
    const signed = await agent.post(
      `${base}/signature`,
      signRequest({
        dataId: created.data.id,
        taskId: submitted.data.taskId,
        type: 'EicSre',
        otp: phone.lastCodeTo(AGENT_MOBILE),
      }),
    );
    expect(signed.status, signed.msg).toBe(0);
    const review = await exchange.get<{ openTask: { id: number } | null }>(`${base}/show/${created.data.id}`);
    const passed = await exchange.post('/api/task/signoff/small', {
      ...signRequest({ dataId: created.data.id, taskId: review.data.openTask?.id ?? 0, type: 'Review' }),
      result: 'pass',
    });
    expect(passed.status, passed.msg).toBe(0);
    expect(await projectStatus(projectId)).toBe('disclosing');
    const shown = await agent.post<{ details: { form: SmallProjectForm } }>(`/api/project/show/${projectId}`);
    expect(shown.data.details.form.listingPrice).toBe(9_100_000);
  });
});
