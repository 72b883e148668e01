// 数据字典 of the exchange: every admin call (types with counts, entries with the retired ones, adding with a key
// unique in its dictionary, changing and retiring without touching the key; rule parameters listed with their
// versions, a new version from a day, replaced while its day is to come, withdrawn); 403 for a transferor, 401
// without a session; bad input refused with its message and nothing stored; and the course the versions exist for: a
// new minimum effective tomorrow leaves today's rules alone, a bulk project submitted before it keeps its days when
// approved after, and one submitted after is held to the new minimum.
import {
  addWorkdays,
  computeServiceFee,
  DAY_MS,
  DISCLOSURE_PERIOD_DEFAULTS,
  formatDate,
  formatMessage,
  MSG,
  SERVICE_FEE_DEFAULT,
  type BulkProjectForm,
  type DictDataRow,
  type DictItem,
  type DictTypeRow,
  type ProjectFormView,
  type RuleList,
  type ServiceFeeSchedule,
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
import { createAuditService } from '../audit/service.ts';
import { createUsersService } from '../users/service.ts';
import { clientOf, enrolSigner, signRequest, type Client } from '../../test/workflow-support.ts';
import { carryOverPeriodDays } from './seed.ts';
import { createDictionariesService } from './service.ts';

const MOBILE = '13800000001';

let t: TestApp;
let phone: CapturingSmsProvider;
let ops: Client;
let exchange: Client;
let owner: Client;
let anonymous: Client;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({
    smsProvider: phone,
    // the clock moves on by days: sessions must outlive it
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000', SESSION_TTL_S: String(30 * 86_400) },
  });
  ops = clientOf(t, await loginAs(t.app, 'opsadmin'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  anonymous = clientOf(t, undefined);
  await enrolSigner(t, 'transferor');
});

afterAll(async () => {
  await t.close();
});

const dayAfter = (days: number): string => formatDate(t.clock.now().getTime() + days * DAY_MS);

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const rows = await selectRows<{ n: number }>(t.db, query);
  return rows[0]?.n ?? 0;
}

const countAudit = (action: string) =>
  count(sql`select count(*)::int as n from audit_log where action = ${action}`);
const countEntries = (code: string) =>
  count(sql`select count(*)::int as n from dict_data where type_code = ${code}`);
const countVersions = (key?: string) =>
  count(
    key === undefined
      ? sql`select count(*)::int as n from rule_parameters`
      : sql`select count(*)::int as n from rule_parameters where key = ${key}`,
  );

async function dataOf(code: string, keyword?: string): Promise<DictDataRow[]> {
  const body = await ops.post<DictDataRow[]>('/api/dict/data/list', { code, keyword });
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

async function publicLabels(code: string): Promise<string[]> {
  const body = await owner.get<DictItem[]>(`/api/app/dict/data/list/${code}`);
  expect(body.status, body.msg).toBe(0);
  return body.data.map((item) => item.label);
}

async function rules(client: Client = ops): Promise<RuleList> {
  const body = await client.post<RuleList>('/api/dict/rule/list');
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

function kindSettingsService() {
  const audit = createAuditService({ clock: t.clock });
  const users = createUsersService({ db: t.db, audit, clock: t.clock, config: t.config });
  return createDictionariesService({ db: t.db, users, clock: t.clock });
}

describe('dictionaries (POST /api/dict/type/list, /api/dict/data/list)', () => {
  it('lists every dictionary with its entry counts, for the operations admin and the exchange', async () => {
    const body = await ops.post<DictTypeRow[]>('/api/dict/type/list');
    expect(body.status, body.msg).toBe(0);
    expect(body.data.find((type) => type.code === 'scale')).toMatchObject({
      name: expect.any(String) as string,
      itemCount: 4,
      activeCount: 4,
      isRuleBacked: false,
    });
    expect(body.data.find((type) => type.code === 'disclosurePeriod')).toMatchObject({
      itemCount: 6,
      isRuleBacked: true,
    });
    const byAdmin = await exchange.post<DictTypeRow[]>('/api/dict/type/list', {});
    expect(byAdmin.data).toEqual(body.data);
    const searched = await ops.post<DictTypeRow[]>('/api/dict/type/list', { keyword: 'CURRENCY' });
    expect(searched.data.map((type) => type.code)).toEqual(['currency']);
  });

  it('lists a dictionary’s entries with their parents, narrowed by a keyword; an unknown one 404', async () => {
    const scale = await dataOf('scale');
    expect(scale.map((row) => row.label)).toEqual(['大型', '中型', '小型', '微型']);
    expect(scale[0]).toMatchObject({ key: '1', status: 1, parentKey: null, parentLabel: null, remark: null });
    const regulators = await dataOf('regulatoryBodies');
    expect(regulators.find((row) => row.key === 'A02002001')).toMatchObject({
      parentKey: 'A02002',
      parentLabel: regulators.find((row) => row.key === 'A02002')?.label,
    });
    expect((await dataOf('scale', '中')).map((row) => row.key)).toEqual(['2']);
    expect((await dataOf('scale', '%')).length).toBe(0);
    expect((await ops.post('/api/dict/data/list', { code: 'noSuchCode' })).status).toBe(404);
    expect((await ops.post('/api/dict/data/list', {})).status).toBe(1);
  });

  it('the disclosure periods are names only; their days come from the rule parameters', async () => {
    const periods = await dataOf('disclosurePeriod');
    expect(periods.map((row) => row.label)).toEqual([
      '实物资产信息披露期',
      '实物资产挂牌价超过1000万元的信息披露期',
      '产权转让信息预披露期',
      '产权转让正式信息披露期',
      '增资扩股信息预披露期',
      '增资扩股正式信息披露期',
    ]);
    expect(await publicLabels('disclosurePeriod')).toContain('产权转让正式信息披露期（20个工作日）');
  });
});

describe('entries (POST /api/dict/data/save, /api/dict/data/update/{id})', () => {
  let added: DictDataRow;

  it('adds an entry, in use at once on the forms’ lists, audited', async () => {
    const audited = await countAudit('dict.data.save');
    const body = await ops.post<DictDataRow>('/api/dict/data/save', {
      code: 'currency',
      key: 'SGD',
      label: ' 新加坡元 ',
      sort: 90,
      remark: '',
    });
    expect(body).toMatchObject({ status: 0, msg: MSG.dictSaved });
    added = body.data;
    expect(added).toMatchObject({ typeCode: 'currency', key: 'SGD', label: '新加坡元', sort: 90, status: 1 });
    expect(added.remark).toBeNull();
    expect(await publicLabels('currency')).toContain('新加坡元');
    expect(await countAudit('dict.data.save')).toBe(audited + 1);
  });

  it('adds a child under a parent of the same dictionary', async () => {
    const body = await exchange.post<DictDataRow>('/api/dict/data/save', {
      code: 'regulatoryBodies',
      key: 'A02002099',
      label: '示例下级监管机构',
      parentKey: 'A02002',
      sort: 99,
      remark: '测试用',
    });
    expect(body.status, body.msg).toBe(0);
    expect(body.data).toMatchObject({ parentKey: 'A02002', parentLabel: expect.any(String) as string });
    const tree = await owner.get<{ key: string; children: { key: string }[] }[]>(
      '/api/app/dict/data/list/regulatoryBodies/tree',
    );
    const parent = tree.data.find((node) => node.key === 'A02002');
    expect(parent?.children.map((child) => child.key)).toContain('A02002099');
  });

  it('refuses a taken key, a bad key, an empty name, a missing parent, a bad order; nothing stored', async () => {
    const before = await countEntries('currency');
    const save = (body: object) =>
      ops.post('/api/dict/data/save', { code: 'currency', key: 'XAU', label: '黄金', sort: 1, ...body });
    expect(await save({ key: 'SGD' })).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.dictKeyTaken, { key: 'SGD' }),
    });
    expect(await save({ key: 'CNY' })).toMatchObject({
      status: 1,
      msg: '该字典中已有键值“CNY”，请换一个键值',
    });
    expect(await save({ key: '人民币' })).toMatchObject({ status: 1, msg: MSG.dictKeyInvalid });
    expect(await save({ key: 'A'.repeat(33) })).toMatchObject({ status: 1, msg: MSG.dictKeyInvalid });
    expect(await save({ label: '  ' })).toMatchObject({ status: 1, msg: MSG.dictLabelInvalid });
    expect(await save({ label: '长'.repeat(51) })).toMatchObject({ status: 1, msg: MSG.dictLabelInvalid });
    expect(await save({ parentKey: 'NOPE' })).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.dictParentMissing, { key: 'NOPE' }),
    });
    expect(await save({ parentKey: 'XAU' })).toMatchObject({ status: 1, msg: MSG.dictParentSelf });
    expect(await save({ sort: -1 })).toMatchObject({ status: 1, msg: MSG.dictSortInvalid });
    expect(await save({ sort: 1.5 })).toMatchObject({ status: 1, msg: MSG.dictSortInvalid });
    expect(await save({ remark: '备'.repeat(201) })).toMatchObject({ status: 1, msg: MSG.dictRemarkTooLong });
    expect((await save({ code: 'noSuchCode' })).status).toBe(404);
    expect(await countEntries('currency')).toBe(before);
  });

  it('changes the name, order and remark, never the key; a retired entry leaves the forms and comes back', async () => {
    const audited = await countAudit('dict.data.update');
    const changed = await ops.post<DictDataRow>(`/api/dict/data/update/${added.id}`, {
      label: '新加坡币',
      sort: 91,
      status: 1,
      remark: '东南亚项目常用',
      key: 'CHANGED',
    });
    expect(changed).toMatchObject({ status: 0, msg: MSG.dictSaved });
    expect(changed.data).toMatchObject({ key: 'SGD', label: '新加坡币', sort: 91, remark: '东南亚项目常用' });
    const retired = await ops.post<DictDataRow>(`/api/dict/data/update/${added.id}`, {
      label: '新加坡币',
      sort: 91,
      status: 0,
    });
    expect(retired.data).toMatchObject({ status: 0, remark: null });
    expect(await publicLabels('currency')).not.toContain('新加坡币');
    // the admin list keeps it, retired
    expect((await dataOf('currency')).find((row) => row.key === 'SGD')).toMatchObject({ status: 0 });
    const types = await ops.post<DictTypeRow[]>('/api/dict/type/list');
    const currency = types.data.find((type) => type.code === 'currency');
    expect((currency?.itemCount ?? 0) - (currency?.activeCount ?? 0)).toBe(1);
    await ops.post(`/api/dict/data/update/${added.id}`, { label: '新加坡币', sort: 91, status: 1 });
    expect(await publicLabels('currency')).toContain('新加坡币');
    expect(await countAudit('dict.data.update')).toBe(audited + 3);
    const [row] = await selectRows<{ detail: { before: object; after: object } }>(
      t.db,
      sql`select detail from audit_log where action = 'dict.data.update' order by id desc limit 1`,
    );
    expect(row?.detail).toMatchObject({ before: { status: 0 }, after: { status: 1 } });
  });

  it('refuses a bad status, name or order and an unknown entry; nothing changed', async () => {
    const update = (body: object, id = added.id) =>
      ops.post(`/api/dict/data/update/${id}`, { label: '新加坡元', sort: 1, status: 1, ...body });
    expect(await update({ status: 2 })).toMatchObject({ status: 1, msg: MSG.dictStatusInvalid });
    expect(await update({ label: '' })).toMatchObject({ status: 1, msg: MSG.dictLabelInvalid });
    expect(await update({ sort: 100_000 })).toMatchObject({ status: 1, msg: MSG.dictSortInvalid });
    expect((await update({}, 99_999_999)).status).toBe(404);
    expect((await update({}, 'x' as never)).status).toBe(404);
    expect((await dataOf('currency')).find((row) => row.key === 'SGD')).toMatchObject({
      label: '新加坡币',
      sort: 91,
      status: 1,
    });
  });

  it('keeps the disclosure periods’ entries: none added or retired, no days in a name', async () => {
    const [physical] = await dataOf('disclosurePeriod');
    const id = physical?.id ?? 0;
    expect(
      await ops.post('/api/dict/data/save', {
        code: 'disclosurePeriod',
        key: 'other',
        label: '其他',
        sort: 9,
      }),
    ).toMatchObject({ status: 1, msg: '“信息披露期下限（工作日）”的条目对应规则参数，不能新增' });
    expect(
      await ops.post(`/api/dict/data/update/${id}`, { label: '实物资产信息披露期', sort: 1, status: 0 }),
    ).toMatchObject({ status: 1, msg: '“信息披露期下限（工作日）”的条目对应规则参数，不能停用' });
    expect(
      await ops.post(`/api/dict/data/update/${id}`, {
        label: '实物资产信息披露期（15个工作日）',
        sort: 1,
        status: 1,
      }),
    ).toMatchObject({ status: 1, msg: MSG.dictRuleBackedLabel });
    expect(await countEntries('disclosurePeriod')).toBe(6);
    // a new name is fine; the forms read it with the days in force
    const renamed = await ops.post(`/api/dict/data/update/${id}`, {
      label: '实物资产挂牌披露期',
      sort: 1,
      status: 1,
    });
    expect(renamed.status, renamed.msg).toBe(0);
    expect(await publicLabels('disclosurePeriod')).toContain('实物资产挂牌披露期（10个工作日）');
  });
});

describe('access', () => {
  const calls: [string, object][] = [
    ['/api/dict/type/list', {}],
    ['/api/dict/data/list', { code: 'scale' }],
    ['/api/dict/data/save', { code: 'currency', key: 'XAG', label: '白银', sort: 1 }],
    ['/api/dict/data/update/1', { label: '大型', sort: 1, status: 0 }],
    ['/api/dict/rule/list', {}],
    ['/api/dict/rule/save', { key: 'physical', value: 12, effectiveFrom: '2099-01-01' }],
    ['/api/dict/rule/cancel', { key: 'physical', effectiveFrom: '2099-01-01' }],
  ];

  it('answers 403 to a transferor and 401 without a session, and changes nothing', async () => {
    const entries = await count(sql`select count(*)::int as n from dict_data`);
    const versions = await countVersions();
    for (const [url, body] of calls) {
      expect((await owner.raw('POST', url, body)).statusCode, url).toBe(403);
      expect((await anonymous.raw('POST', url, body)).statusCode, url).toBe(401);
    }
    expect(await count(sql`select count(*)::int as n from dict_data`)).toBe(entries);
    expect(await countVersions()).toBe(versions);
    expect((await dataOf('scale'))[0]).toMatchObject({ status: 1 });
  });
});

describe('rule parameters (POST /api/dict/rule/list, /api/dict/rule/save, /api/dict/rule/cancel)', () => {
  it('lists every parameter with its definition and the default in force before any version', async () => {
    const list = await rules();
    expect(list.today).toBe(formatDate(t.clock.now()));
    expect(list.list.map((rule) => rule.key)).toEqual([
      ...Object.keys(DISCLOSURE_PERIOD_DEFAULTS),
      'serviceFee',
      'rediscoveryPriceFloor',
      'reservePriceLeadHours',
      'depositRefundWorkdays',
      'depositBarDays',
      'biddingOfferDays',
      'sandboxSpeed',
    ]);
    expect(list.list.find((rule) => rule.key === 'depositBarDays')).toMatchObject({
      kind: 'count',
      groupLabel: '保证金',
      unit: '天',
      min: 0,
      max: 1095,
      current: { value: 180, effectiveFrom: null },
    });
    expect(list.list.find((rule) => rule.key === 'rediscoveryPriceFloor')).toMatchObject({
      kind: 'percent',
      group: 'price',
      groupLabel: '价格规则',
      unit: '%',
      min: 90,
      max: 100,
      current: { value: 90, effectiveFrom: null },
    });
    expect(list.list.find((rule) => rule.key === 'capitalIncrease')).toMatchObject({
      kind: 'workdays',
      name: '增资扩股正式信息披露期',
      group: 'disclosure',
      groupLabel: '信息披露期',
      unit: '个工作日',
      min: 40,
      max: 200,
      defaultValue: 40,
      current: { value: 40, effectiveFrom: null },
      next: null,
      versions: [],
    });
    expect(list.list.find((rule) => rule.key === 'serviceFee')).toMatchObject({
      kind: 'feeSchedule',
      current: { value: SERVICE_FEE_DEFAULT, effectiveFrom: null },
    });
    expect(await rules(exchange)).toEqual(list);
  });

  it('refuses a bad value, day, key or note with its message; nothing stored', async () => {
    const before = await countVersions();
    const save = (body: object) =>
      ops.post('/api/dict/rule/save', { key: 'physical', value: 12, effectiveFrom: dayAfter(3), ...body });
    expect(await save({ value: 9 })).toMatchObject({
      status: 1,
      msg: '实物资产信息披露期须为10至200之间的整数（个工作日）',
    });
    expect(await save({ value: '12' })).toMatchObject({
      status: 1,
      msg: '实物资产信息披露期须为10至200之间的整数（个工作日）',
    });
    expect(await save({ key: 'capitalIncrease', value: 39 })).toMatchObject({
      status: 1,
      msg: '增资扩股正式信息披露期须为40至200之间的整数（个工作日）',
    });
    expect(await save({ key: 'nothing' })).toMatchObject({ status: 1, msg: MSG.dictRuleUnknown });
    expect(await save({ effectiveFrom: '2026-02-30' })).toMatchObject({
      status: 1,
      msg: MSG.dictRuleDayInvalid,
    });
    expect(await save({ effectiveFrom: 'tomorrow' })).toMatchObject({
      status: 1,
      msg: MSG.dictRuleDayInvalid,
    });
    expect(await save({ effectiveFrom: dayAfter(-1) })).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.dictRuleDayPast, { today: dayAfter(0) }),
    });
    expect(await save({ value: 10 })).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.dictRuleUnchanged, { day: dayAfter(3) }),
    });
    expect(await save({ note: '说'.repeat(201) })).toMatchObject({ status: 1, msg: MSG.dictRuleNoteTooLong });
    const badFee = { ...SERVICE_FEE_DEFAULT, equity: { tiers: [{ upTo: 100, ratePermille: 1 }], minFee: 0 } };
    expect(await save({ key: 'serviceFee', value: badFee })).toMatchObject({
      status: 1,
      msg: '产权转让最后一档不设上限，其余各档须填上限',
    });
    expect(await save({ key: 'serviceFee', value: [] })).toMatchObject({
      status: 1,
      msg: MSG.dictRuleFeeInvalid,
    });
    expect(await countVersions()).toBe(before);
  });

  it('a version from a later day is scheduled; the same day again replaces it; it may be withdrawn', async () => {
    const day = dayAfter(5);
    const first = await ops.post('/api/dict/rule/save', { key: 'equity', value: 25, effectiveFrom: day });
    expect(first).toMatchObject({
      status: 0,
      msg: formatMessage(MSG.dictRuleSaved, { day }),
      data: { key: 'equity', effectiveFrom: day },
    });
    const second = await exchange.post('/api/dict/rule/save', {
      key: 'equity',
      value: 30,
      effectiveFrom: day,
      note: '按新办法调整',
    });
    expect(second.status, second.msg).toBe(0);
    expect(await countVersions('equity')).toBe(1);
    const equity = (await rules()).list.find((rule) => rule.key === 'equity');
    expect(equity).toMatchObject({
      current: { value: 20, effectiveFrom: null },
      next: {
        value: 30,
        effectiveFrom: day,
        note: '按新办法调整',
        state: 'scheduled',
        createdByName: expect.any(String) as string,
      },
    });
    expect(equity?.versions).toHaveLength(1);
    const [replaced] = await selectRows<{ detail: Record<string, unknown> }>(
      t.db,
      sql`select detail from audit_log where action = 'dict.rule.save' order by id desc limit 1`,
    );
    expect(replaced?.detail).toMatchObject({ effectiveFrom: day, value: 30, replaced: 25 });

    expect(
      await ops.post('/api/dict/rule/cancel', { key: 'equity', effectiveFrom: dayAfter(6) }),
    ).toMatchObject({
      status: 1,
      msg: MSG.dictRuleNotScheduled,
    });
    expect(await ops.post('/api/dict/rule/cancel', { key: 'equity', effectiveFrom: day })).toMatchObject({
      status: 0,
      msg: formatMessage(MSG.dictRuleCancelled, { day }),
    });
    expect(await countVersions('equity')).toBe(0);
    expect(await countAudit('dict.rule.cancel')).toBe(1);
  });

  it('a version from today applies at once and, its day begun, is not rewritten nor withdrawn', async () => {
    const today = dayAfter(0);
    const saved = await ops.post('/api/dict/rule/save', {
      key: 'capitalIncreasePre',
      value: 25,
      effectiveFrom: today,
    });
    expect(saved.status, saved.msg).toBe(0);
    expect((await rules()).list.find((rule) => rule.key === 'capitalIncreasePre')).toMatchObject({
      current: { value: 25, effectiveFrom: today },
      next: null,
      versions: [{ value: 25, effectiveFrom: today, state: 'current' }],
    });
    expect(await publicLabels('disclosurePeriod')).toContain('增资扩股信息预披露期（25个工作日）');
    expect(
      await ops.post('/api/dict/rule/save', { key: 'capitalIncreasePre', value: 30, effectiveFrom: today }),
    ).toMatchObject({ status: 1, msg: formatMessage(MSG.dictRuleDayTaken, { day: today }) });
    expect(
      await ops.post('/api/dict/rule/cancel', { key: 'capitalIncreasePre', effectiveFrom: today }),
    ).toMatchObject({
      status: 1,
      msg: MSG.dictRuleNotScheduled,
    });
    expect(await countVersions('capitalIncreasePre')).toBe(1);
  });

  it('a fee schedule version bills deals from its day; earlier days keep the default', async () => {
    const schedule: ServiceFeeSchedule = {
      ...SERVICE_FEE_DEFAULT,
      physical: {
        tiers: [
          { upTo: 100_000_000, ratePermille: 12 },
          { upTo: null, ratePermille: 6 },
        ],
        minFee: 300_000,
      },
    };
    const day = dayAfter(2);
    const saved = await ops.post('/api/dict/rule/save', {
      key: 'serviceFee',
      value: schedule,
      effectiveFrom: day,
    });
    expect(saved.status, saved.msg).toBe(0);
    const service = kindSettingsService();
    const amount = 300_000_000;
    expect(await service.serviceFeeQuote('bulk', amount, dayAfter(1))).toEqual({
      ...computeServiceFee(SERVICE_FEE_DEFAULT, 'bulk', amount),
      scheduleFrom: '',
    });
    expect(await service.serviceFeeQuote('bulk', amount, day)).toEqual({
      fee: 1_200_000 + 1_200_000,
      lines: [
        { from: 0, to: 100_000_000, ratePermille: 12, amount: 1_200_000 },
        { from: 100_000_000, to: amount, ratePermille: 6, amount: 1_200_000 },
      ],
      scheduleFrom: day,
    });
    expect(await service.serviceFeeQuote('vehicle', amount, day)).toBeUndefined();
    expect(await service.ruleValue('serviceFee', new Date(t.clock.now().getTime() + 2 * DAY_MS))).toEqual(
      schedule,
    );
  });
});

describe('a new minimum from tomorrow', () => {
  const form: BulkProjectForm = {
    name: '闲置叉车一批',
    assetCategory: 'machinery',
    listingPrice: 120_000_00,
    appraisalPrice: 125_000_00,
    disclosureDays: 10,
    paymentMode: 'lump',
    contactName: '李四',
    contactMobile: MOBILE,
    description: '叉车三台',
  };
  let before: { id: number; actionId: number; taskId: number };

  async function createBulk(values: BulkProjectForm): Promise<{ id: number; version: number }> {
    const created = await owner.post<{ id: number; version: number }>('/api/project/bulk', { form: values });
    expect(created.status, created.msg).toBe(0);
    return created.data;
  }

  async function sign(actionId: number, taskId: number): Promise<void> {
    t.clock.advance(61_000);
    const sent = await owner.post('/api/workflow/sign/otp', { dataId: actionId });
    expect(sent.status, sent.msg).toBe(0);
    const signed = await owner.post(
      '/api/project/bulk/disclosure/signature',
      signRequest({ dataId: actionId, taskId, type: 'EicSre', otp: phone.lastCodeTo(MOBILE) }),
    );
    expect(signed.status, signed.msg).toBe(0);
  }

  async function approve(actionId: number): Promise<void> {
    const list = await exchange.post<{ list: TaskRow[] }>('/api/task/list/todo', { page: 1, size: 100 });
    const task = list.data.list.find((row) => row.actionId === actionId && row.type === 'Review');
    expect(task).toBeDefined();
    const pass = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({ dataId: actionId, taskId: task?.id ?? 0, type: 'Review' }),
      result: 'pass',
    });
    expect(pass.status, pass.msg).toBe(0);
  }

  it('a bulk project is submitted today under the 10-day minimum', async () => {
    const { id, version } = await createBulk(form);
    const submitted = await owner.post<{ id: number; actionId: number; taskId: number }>(
      `/api/project/bulk/submit/${id}`,
      { version },
    );
    expect(submitted.status, submitted.msg).toBe(0);
    before = submitted.data;
  });

  it('a version effective tomorrow leaves today’s settings alone and applies from tomorrow', async () => {
    const tomorrow = dayAfter(1);
    const saved = await ops.post('/api/dict/rule/save', {
      key: 'physical',
      value: 15,
      effectiveFrom: tomorrow,
      note: '实物资产披露期延长',
    });
    expect(saved.status, saved.msg).toBe(0);
    const service = kindSettingsService();
    expect((await service.kindSettings()).disclosureDays.physical).toBe(10);
    expect(
      (await service.kindSettings(new Date(t.clock.now().getTime() + DAY_MS))).disclosureDays.physical,
    ).toBe(15);
    expect(await service.ruleValue('physical')).toBe(10);
    expect(await publicLabels('disclosurePeriod')).toContain('实物资产挂牌披露期（10个工作日）');
    // still today: a submission is checked against the 10 days in force
    const { id, version } = await createBulk({ ...form, name: '闲置叉车二批' });
    const today = await owner.post(`/api/project/bulk/submit/${id}`, { version });
    expect(today.status, today.msg).toBe(0);

    t.clock.advance(DAY_MS);
    expect((await service.kindSettings()).disclosureDays.physical).toBe(15);
    expect(await publicLabels('disclosurePeriod')).toContain('实物资产挂牌披露期（15个工作日）');
    expect((await rules()).list.find((rule) => rule.key === 'physical')).toMatchObject({
      current: { value: 15, effectiveFrom: tomorrow },
      next: null,
    });
  });

  it('the project submitted before keeps its 10 days when approved after the change', async () => {
    await sign(before.actionId, before.taskId);
    const approvedAt = t.clock.now();
    await approve(before.actionId);
    const shown = await owner.post<ProjectFormView>('/api/project/bulk/show', { id: before.id });
    expect(shown.data).toMatchObject({ status: 'disclosing' });
    expect(shown.data.disclosureEnd).toBe(addWorkdays(approvedAt, 10).date.toISOString());
  });

  it('a project submitted after the change is held to the new minimum', async () => {
    const { id, version } = await createBulk({ ...form, name: '闲置叉车三批' });
    expect(await owner.post(`/api/project/bulk/submit/${id}`, { version })).toMatchObject({
      status: 1,
      msg: formatMessage(MSG.projectsDisclosureDaysMin, { days: 15 }),
    });
    expect(await count(sql`select count(*)::int as n from action_instances where project_id = ${id}`)).toBe(
      0,
    );
    const fixed = await owner.post<{ version: number }>(`/api/project/bulk/update/${id}`, {
      version,
      form: { ...form, name: '闲置叉车三批', disclosureDays: 15 },
    });
    expect(fixed.status, fixed.msg).toBe(0);
    const submitted = await owner.post(`/api/project/bulk/submit/${id}`, { version: fixed.data.version });
    expect(submitted.status, submitted.msg).toBe(0);
  });
});

describe('carrying the days of the old names over to the rule parameters', () => {
  it('turns a changed number in a name into a version from the day it was changed, once', async () => {
    const changedAt = new Date('2026-01-05T10:00:00+08:00');
    await t.db
      .execute(sql`update dict_data set label = '产权转让信息预披露期（25个工作日）', updated_at = ${changedAt}
      where type_code = 'disclosurePeriod' and key = 'equityPre'`);
    await t.db.execute(sql`update dict_data set label = '增资扩股正式信息披露期（40个工作日）'
      where type_code = 'disclosurePeriod' and key = 'capitalIncrease'`);
    await carryOverPeriodDays(t.db);
    await carryOverPeriodDays(t.db);
    const versions = await selectRows<{ key: string; value: unknown; effective_from: string; note: string }>(
      t.db,
      sql`select key, value, effective_from::text, note from rule_parameters where key in ('equityPre', 'capitalIncrease')`,
    );
    expect(versions).toEqual([
      { key: 'equityPre', value: 25, effective_from: '2026-01-05', note: MSG.dictRuleCarriedNote },
    ]);
    const labels = (await dataOf('disclosurePeriod')).map((row) => row.label);
    expect(labels).toContain('产权转让信息预披露期');
    expect(labels).toContain('增资扩股正式信息披露期');
    expect(await publicLabels('disclosurePeriod')).toContain('产权转让信息预披露期（25个工作日）');
  });
});
