// What registry rows start: assets a bulk project whose asset list they become (each in its category's list,
// marked 挂牌中 and linked to the project), a holding an equity project, a land parcel a land project, a lead a
// plan or a project of its subject's family; a row started once, a stale version, another company's row, a row a
// category's list cannot take: refused, nothing stored. The enterprise customers' regulator fields and their
// cascade (SH-5.10).
import { composeCreditCode, type RegistryRow } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let owner: Client;
let foreign: Client;
let exchange: Client;
let land: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  land = clientOf(t, await loginAs(t.app, 'land'));
});

afterAll(async () => {
  await t.close();
});

const countProjects = async (): Promise<number> =>
  (await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from projects`))[0]?.n ?? 0;

async function save(client: Client, base: string, values: Record<string, unknown>) {
  const saved = await client.post<{ id: number; version: number }>(`${base}/save`, { values });
  expect(saved.status, saved.msg).toBe(0);
  return saved.data;
}

const rowOf = async (client: Client, base: string, id: number) =>
  (await client.get<RegistryRow>(`${base}/${id}`)).data;

type Started = { id: number; family: string; code: string };

describe('我的资产 start a bulk project', () => {
  const machine = {
    name: '数控车床',
    category: '机器设备',
    quantity: '4',
    unit: '台',
    appraisedValue: '50000',
    status: '在库',
  };
  const house = {
    name: '1号厂房',
    category: '房产',
    quantity: '1',
    unit: '栋',
    area: '3200.5',
    location: '北京市大兴区示范路1号',
    appraisedValue: '8000000',
    status: '在库',
  };
  const truck = {
    name: '厢式货车',
    category: '车辆',
    quantity: '1',
    unit: '辆',
    vin: 'LSVAU2180N2183294',
    appraisedValue: '120000',
    status: '在库',
  };

  it('turns three assets into one draft whose asset lists hold them, and links each asset to it', async () => {
    const rows = [];
    for (const values of [machine, house, truck]) rows.push(await save(owner, '/api/assets', values));
    const before = await countProjects();

    // a stale version of one row: 409, and no project
    const stale = rows.map((row, i) => ({ id: row.id, version: i === 1 ? row.version + 1 : row.version }));
    expect(await owner.post('/api/assets/project', { family: 'bulk', rows: stale })).toMatchObject({
      status: 409,
    });
    // another company's rows: 404; the exchange does not start projects of companies' assets
    expect(await foreign.post('/api/assets/project', { family: 'bulk', rows })).toMatchObject({
      status: 404,
    });
    expect((await exchange.post('/api/assets/project', { family: 'bulk', rows })).status).not.toBe(0);
    // an equity family is not what assets start
    expect((await owner.post('/api/assets/project', { family: 'stock', rows })).status).not.toBe(0);
    expect(await countProjects()).toBe(before);

    const started = await owner.post<Started>('/api/assets/project', { family: 'bulk', rows });
    expect(started.status, started.msg).toBe(0);
    expect(started.msg).toContain(started.data.code);
    expect(await countProjects()).toBe(before + 1);

    const form = await owner.post<{ form: Record<string, unknown> }>(`/api/project/bulk/show`, {
      id: started.data.id,
    });
    expect(form.data.form).toMatchObject({ name: '数控车床等3项资产', appraisalPrice: 817_000_000 });
    const listed = await selectRows<{ category: string; values: Record<string, unknown> }>(
      t.db,
      sql`select category, "values" from project_assets where project_id = ${started.data.id} order by id`,
    );
    expect(listed.map((row) => row.category)).toEqual(['machinery', 'house', 'vehicle']);
    expect(listed[0]?.values).toMatchObject({ name: '数控车床', quantity: 4, unit: '台' });
    expect(listed[1]?.values).toMatchObject({ buildingArea: '3200.5', location: house.location });
    expect(listed[2]?.values).toMatchObject({ vin: truck.vin, appraisalValue: 12_000_000 });

    const linked = await rowOf(owner, '/api/assets', rows[0]?.id ?? 0);
    expect(linked.values).toMatchObject({
      status: '挂牌中',
      projectId: started.data.id,
      projectCode: started.data.code,
      projectFamily: 'bulk',
    });
    // an edit keeps the link; starting again is refused naming the project
    const edited = await owner.post(`/api/assets/update/${linked.id}`, {
      version: linked.version,
      values: { ...machine, status: '挂牌中', note: '已挂牌' },
    });
    expect(edited.status, edited.msg).toBe(0);
    const again = await rowOf(owner, '/api/assets', linked.id);
    expect(again.values.projectCode).toBe(started.data.code);
    const twice = await owner.post('/api/assets/project', {
      family: 'bulk',
      rows: [{ id: again.id, version: again.version }],
    });
    expect(twice.status).toBe(1);
    expect(twice.msg).toContain(started.data.code);
  });

  it('refuses an asset its category list cannot take, naming what it lacks', async () => {
    const bare = await save(owner, '/api/assets', { ...house, name: '2号厂房', area: '' });
    const before = await countProjects();
    const answer = await owner.post('/api/assets/project', { family: 'bulk', rows: [bare] });
    expect(answer.status).toBe(1);
    expect(answer.msg).toContain('2号厂房');
    expect(answer.msg).toContain('建筑面积');
    expect(await countProjects()).toBe(before);
    expect((await rowOf(owner, '/api/assets', bare.id)).values.status).toBe('在库');
    expect(await owner.post('/api/assets/project', { family: 'bulk', rows: [] })).toMatchObject({
      status: 1,
      msg: '请选择要发起项目的资产',
    });
  });
});

describe('我的股权 start an equity project', () => {
  it('names the holding the target and the company its transferor', async () => {
    const holding = await save(owner, '/api/stockright', {
      enterpriseName: '北京示范科技有限公司',
      creditCode: composeCreditCode('110108', '50000009'),
      share: '40',
      contribution: '20000000',
    });
    const started = await owner.post<Started>('/api/stockright/project', {
      family: 'stock',
      rows: [holding],
    });
    expect(started.status, started.msg).toBe(0);
    const form = await owner.post<{ form: Record<string, unknown> }>(`/api/project/stock/show`, {
      id: started.data.id,
    });
    expect(form.data.form).toMatchObject({
      name: '北京示范科技有限公司40%股权转让',
      targetName: '北京示范科技有限公司',
      targetCreditCode: composeCreditCode('110108', '50000009'),
    });
    const [transferor] = form.data.form.transferors as { name: string; heldShare: number }[];
    expect(transferor).toMatchObject({ heldShare: 400_000 });
    expect(transferor?.name).toMatch(/示范/);
    // one holding starts one project
    const second = await save(owner, '/api/stockright', {
      enterpriseName: '天津示范科技有限公司',
      creditCode: composeCreditCode('120101', '50000010'),
      share: '10',
      contribution: '100000',
    });
    const third = await save(owner, '/api/stockright', {
      enterpriseName: '河北示范科技有限公司',
      creditCode: composeCreditCode('130102', '50000011'),
      share: '10',
      contribution: '100000',
    });
    expect(
      (await owner.post('/api/stockright/project', { family: 'stock', rows: [second, third] })).status,
    ).toBe(1);
  });
});

describe('土地资产管理 (/api/land) for the land identity', () => {
  const parcel = {
    parcelNo: 'DK-2026-001',
    name: '大兴区示范地块',
    region: '北京市大兴区',
    location: '大兴区示范路以南',
    area: '25000',
    usage: '工业用地',
    rightType: '出让',
    appraisedValue: '36000000',
    status: '储备中',
  };

  it('registers a parcel once (its number), and starts a land project from it', async () => {
    expect(await land.post('/api/land/save', { values: { ...parcel, area: '' } })).toMatchObject({
      status: 1,
      msg: '请填写土地面积（平方米）',
    });
    const saved = await save(land, '/api/land', parcel);
    expect(await land.post('/api/land/save', { values: parcel })).toMatchObject({
      status: 1,
      msg: '该宗地编号已登记',
    });
    expect((await owner.get(`/api/land/${saved.id}`)).status).toBe(404);

    const started = await land.post<Started>('/api/land/project', { family: 'bulk', rows: [saved] });
    expect(started.status, started.msg).toBe(0);
    const form = await land.post<{ form: Record<string, unknown> }>(`/api/project/bulk/show`, {
      id: started.data.id,
    });
    expect(form.data.form).toMatchObject({ assetCategory: 'land', appraisalPrice: 3_600_000_000 });
    const listed = await selectRows<{ category: string; values: Record<string, unknown> }>(
      t.db,
      sql`select category, "values" from project_assets where project_id = ${started.data.id}`,
    );
    expect(listed).toEqual([
      {
        category: 'land',
        values: expect.objectContaining({
          landArea: '25000',
          usage: '工业用地',
          rightType: '出让',
        }) as unknown,
      },
    ]);
    expect((await rowOf(land, '/api/land', saved.id)).values).toMatchObject({
      status: '挂牌中',
      projectCode: started.data.code,
    });
  });
});

describe('我的商机 become a plan or a project', () => {
  const lead = {
    name: '示范设备处置',
    customerName: '北京示范投资有限公司',
    subject: '实物资产转让',
    stage: '需求确认',
    expectedAmount: '500000',
    expectedOn: '2027-03-01',
    contactName: '赵经理',
    contactMobile: '13900000021',
  };

  it('turns a physical-asset lead into a plan, then refuses to start it again', async () => {
    const saved = await save(owner, '/api/businessOpportunity', lead);
    const plan = await owner.post<{ id: number; code: string }>('/api/businessOpportunity/plan', {
      rows: [saved],
    });
    expect(plan.status, plan.msg).toBe(0);
    const shown = await owner.get<{ name: string; family: string; listingPrice: number | null }>(
      `/api/plan/show/${plan.data.id}`,
    );
    expect(shown.data).toMatchObject({ name: lead.name, family: 'bulk' });
    const row = await rowOf(owner, '/api/businessOpportunity', saved.id);
    expect(row.values).toMatchObject({ stage: '已立项', planCode: plan.data.code });
    const again = await owner.post('/api/businessOpportunity/project', {
      family: 'bulk',
      rows: [{ id: row.id, version: row.version }],
    });
    expect(again.status).toBe(1);
    expect(again.msg).toContain(plan.data.code);
  });

  it("starts a project of the lead's subject only", async () => {
    const equity = await save(owner, '/api/businessOpportunity', {
      ...lead,
      name: '示范股权转让',
      subject: '产权转让',
    });
    expect(
      (await owner.post('/api/businessOpportunity/project', { family: 'bulk', rows: [equity] })).status,
    ).toBe(1);
    expect((await owner.post('/api/businessOpportunity/plan', { rows: [equity] })).status).toBe(1);
    const started = await owner.post<Started>('/api/businessOpportunity/project', {
      family: 'privateStock',
      rows: [equity],
    });
    expect(started.status, started.msg).toBe(0);
    expect(started.data.family).toBe('privateStock');
    const other = await save(owner, '/api/businessOpportunity', {
      ...lead,
      name: '其他商机',
      subject: '其他',
    });
    expect((await owner.post('/api/businessOpportunity/plan', { rows: [other] })).msg).toBe(
      '商机“其他商机”不能转为计划',
    );
  });
});

describe('企业客户 regulator fields (SH-5.10)', () => {
  const customer = {
    name: '示范国有控股有限公司',
    creditCode: composeCreditCode('110101', '40000077'),
    kind: '意向受让方',
    contactName: '孙经理',
    contactMobile: '13900000031',
  };

  it('needs none, or the province and city its regulator names, with the state-funded enterprise', async () => {
    const state = {
      regulatoryBodies: 'A02005',
      regulatoryBodiesProvince: '440000',
      regulatoryBodiesCity: '440300',
      stateFundedEnter: '深圳市示范集团有限公司',
      stateCreditCode: composeCreditCode('440300', '40000078'),
    };
    expect(
      await owner.post('/api/customer/save', {
        values: { ...customer, ...state, regulatoryBodiesCity: '' },
      }),
    ).toMatchObject({ status: 1, msg: '请选择监管机构所在市' });
    expect(
      await owner.post('/api/customer/save', { values: { ...customer, ...state, stateCreditCode: '' } }),
    ).toMatchObject({ status: 1 });
    const saved = await save(owner, '/api/customer', { ...customer, ...state });
    expect((await rowOf(owner, '/api/customer', saved.id)).values).toMatchObject(state);
    // a national regulator needs no province: what was sent for it is dropped
    const national = await save(owner, '/api/customer', {
      ...customer,
      name: '示范央企子公司',
      creditCode: composeCreditCode('110101', '40000079'),
      ...state,
      regulatoryBodies: 'A02001',
    });
    const values = (await rowOf(owner, '/api/customer', national.id)).values;
    expect(values.regulatoryBodies).toBe('A02001');
    expect(values.regulatoryBodiesProvince).toBeUndefined();
    // no regulator: an ordinary customer
    const plain = await save(owner, '/api/customer', {
      ...customer,
      name: '示范民营有限公司',
      creditCode: composeCreditCode('110101', '40000080'),
    });
    expect((await rowOf(owner, '/api/customer', plain.id)).values.regulatoryBodies).toBeUndefined();
  });
});

describe('从客户中选择 (/api/customer/pick)', () => {
  it("answers the caller's own customers of both kinds, the numbers whole", async () => {
    const picked = await owner.post<{ key: string; kind: string; name: string; certNo: string }[]>(
      '/api/customer/pick',
      { keyword: '' },
    );
    expect(picked.status, picked.msg).toBe(0);
    expect(picked.data.map((customer) => customer.kind)).toEqual(
      expect.arrayContaining(['company', 'person']),
    );
    const north = picked.data.find((customer) => customer.name === '华北建设集团有限公司');
    expect(north?.certNo).toMatch(/^[0-9A-Z]{18}$/);
    const narrowed = await owner.post<{ name: string }[]>('/api/customer/pick', { keyword: '李明' });
    expect(narrowed.data.map((customer) => customer.name)).toEqual(['李明']);
    // another company's customers are its own
    const theirs = await foreign.post<{ name: string }[]>('/api/customer/pick', { keyword: '华北建设' });
    expect(theirs.data).toEqual([]);
    // a company without customers' codes: refused
    expect((await land.post('/api/customer/pick', { keyword: '' })).status).not.toBe(0);
  });
});
