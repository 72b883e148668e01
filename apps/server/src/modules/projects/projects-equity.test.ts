// Equity projects (股权/产权转让) on their project kinds: the listing rules refuse a submission with the rule's
// Chinese message and store nothing; a state-owned (stock) project is pre-disclosed before its formal disclosure;
// a non-state (privateStock) project runs the whole course — formal disclosure signed on rightEicSre and approved
// into a working-day period, a buyer registered by the entrusted member, its qualification returned once and
// confirmed, the contract, the price payout and the transaction-assurance letter — and shows as dealt with its
// process log; the shareholder structure and the financial data are imported from their templates.
import {
  addWorkdays,
  composeCreditCode,
  EQUITY_APPROVAL_TAG,
  formatDate,
  formatMessage,
  MSG,
  PRICE_REDUCTION_APPROVAL_TAG,
  TRANSFEREE_FILE_TAG,
  type ActionView,
  type EquityProjectForm,
  type IntendedTransferee,
  type ProcessLogRow,
  type ProjectSheetRow,
  type ProjectView,
  type SheetImportPreview,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { buildMultipart, makePdf } from '../../test/files.ts';
import {
  bearer,
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import {
  clientOf,
  enrolSigner,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../../test/workflow-support.ts';

const OWNER_MOBILE = '13800000001';
const MEMBER_MOBILE = '13800000003';
const CREDIT = composeCreditCode('110000', '20240001');
const BUYER = '北京意向投资有限公司';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let memberToken: string;
let owner: Client;
let member: Client;
let foreign: Client;
let exchange: Client;
let memberCompanyId: number;

function completeForm(name: string): EquityProjectForm {
  return {
    name,
    targetName: '北京示范科技有限公司',
    targetCreditCode: CREDIT,
    targetLegalRepresentative: '李明',
    targetRegisteredCapital: 50_000_000_00,
    targetFoundedOn: '2008-06-18',
    targetRegion: '110100',
    targetIndustry: 'I',
    targetEconomyType: '2',
    targetEnterpriseType: '1',
    targetScale: '2',
    targetEmployees: 186,
    transferors: [
      { name: '北京示范国有资产经营有限公司', creditCode: CREDIT, heldShare: 600_000, offeredShare: 400_000 },
    ],
    appraisalFirm: '北京示范资产评估有限公司',
    appraisalBaseDate: '2026-06-30',
    netAssetValue: 80_000_000_00,
    shareAppraisalValue: 32_000_000_00,
    listingPrice: 32_000_000_00,
    approvalType: '1',
    approvalBody: '北京市人民政府国有资产监督管理委员会',
    approvalDocumentNo: '京国资产权〔2026〕18号',
    transfereeConditions: '意向受让方应为依法设立并有效存续的企业法人。',
    depositAmount: 3_000_000_00,
    depositDeadline: '2027-01-20',
    paymentMode: 'lump',
    employeePlacement: '标的企业职工劳动关系不变。',
    preDisclosureDays: 20,
    disclosureDays: 20,
    announcement: '北京示范国有资产经营有限公司拟转让所持北京示范科技有限公司40%股权。',
    contactName: '王经理',
    contactMobile: OWNER_MOBILE,
    agentCompanyId: memberCompanyId,
  };
}

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  memberToken = await loginAs(t.app, 'member');
  owner = clientOf(t, ownerToken);
  member = clientOf(t, memberToken);
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'transferor');
  await enrolSigner(t, 'member');
  const members = await owner.get<{ id: number; name: string }[]>('/api/project/members');
  expect(members.status, members.msg).toBe(0);
  memberCompanyId = members.data.find((company) => company.name === '示范产权经纪有限公司')?.id ?? 0;
  expect(memberCompanyId).toBeGreaterThan(0);
});

afterAll(async () => {
  await t.close();
});

async function uploadFile(token: string, projectId: number, tag: string, name: string, content: Buffer) {
  const { payload, headers } = buildMultipart(
    { command: 'upload', tag, dataClass: 'project', dataId: String(projectId) },
    { name, content },
  );
  const body = readJson<Record<string, { uuid: string }[]>>(
    await t.app.inject({
      method: 'POST',
      url: '/api/attachment/upload',
      headers: { ...headers, ...bearer(token) },
      payload,
    }),
  );
  expect(body.status, body.msg).toBe(0);
  const uuid = body.data[tag]?.[0]?.uuid;
  if (uuid === undefined) throw new Error('no upload');
  return uuid;
}

async function create(family: string, form: EquityProjectForm): Promise<{ id: number; version: number }> {
  const created = await owner.post<{ id: number; version: number }>(`/api/project/${family}/right/save`, {
    form,
  });
  expect(created.status, created.msg).toBe(0);
  return created.data;
}

async function projectRow(id: number) {
  const rows = await selectRows<{ status: string; version: number; details: Record<string, unknown> }>(
    t.db,
    sql`select status, version, details from projects where id = ${id}`,
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no project ${id}`);
  return row;
}

async function instancesOf(projectId: number): Promise<{ action: string; status: string }[]> {
  return selectRows(
    t.db,
    sql`select action, status from action_instances where project_id = ${projectId} order by id`,
  );
}

/** Signs the instance's letter with the applicant's SMS code. */
async function sign(client: Client, mobile: string, base: string, actionId: number, taskId: number) {
  t.clock.advance(61_000);
  const sent = await client.post('/api/workflow/sign/otp', { dataId: actionId });
  expect(sent.status, sent.msg).toBe(0);
  const signed = await client.post(
    `${base}/signature`,
    signRequest({ dataId: actionId, taskId, type: 'EicSre', otp: phone.lastCodeTo(mobile) }),
  );
  expect(signed.status, signed.msg).toBe(0);
}

/** The exchange passes (or returns) the instance's review task on the right flow. */
async function review(base: string, actionId: number, result: 'pass' | 'back', reason = ''): Promise<void> {
  const view = await exchange.get<ActionView>(`${base}/show/${actionId}`);
  expect(view.data.openTask?.type, view.msg).toBe('Review');
  const answer = await exchange.post('/api/task/signoff/right', {
    ...signRequest({ dataId: actionId, taskId: view.data.openTask?.id ?? 0, type: 'Review', reason }),
    result,
  });
  expect(answer.status, answer.msg).toBe(0);
}

/** An action of the project through the engine: created, saved, its file, submitted, signed when it has a letter. */
async function apply(
  client: Client,
  token: string,
  mobile: string,
  base: string,
  projectId: number,
  form: Record<string, unknown>,
): Promise<number> {
  const created = await client.post<{ id: number; version: number }>(`${base}/create`, { projectId });
  expect(created.status, created.msg).toBe(0);
  const saved = await client.post<{ id: number; version: number }>(`${base}/save`, { ...created.data, form });
  expect(saved.status, saved.msg).toBe(0);
  await uploadApplicationFile(t, token, saved.data.id);
  const submitted = await client.post<{ id: number; taskId: number }>(`${base}/submit`, saved.data);
  expect(submitted.status, submitted.msg).toBe(0);
  const view = await client.get<ActionView>(`${base}/show/${saved.data.id}`);
  if (view.data.openTask?.type === 'EicSre')
    await sign(client, mobile, base, saved.data.id, submitted.data.taskId);
  return saved.data.id;
}

describe('the listing rules of a stock project refuse with the rule, and store nothing', () => {
  let id: number;
  let version: number;

  beforeAll(async () => {
    ({ id, version } = await create('stock', completeForm('北京示范科技有限公司40%股权（规则）')));
  });

  async function refusedWith(form: EquityProjectForm, message: string, call = 'submit'): Promise<void> {
    const updated = await owner.post<{ version: number }>(`/api/project/stock/update/${id}`, {
      version,
      form,
    });
    expect(updated.status, updated.msg).toBe(0);
    version = updated.data.version;
    expect(await owner.post(`/api/project/stock/${call}/${id}`, { version })).toMatchObject({
      status: 1,
      msg: message,
    });
    expect(await instancesOf(id)).toEqual([]);
    expect(await projectRow(id)).toMatchObject({ status: 'draft', version });
  }

  it('the formal disclosure of state-owned equity waits for the pre-disclosure', async () => {
    expect(await owner.post(`/api/project/stock/submitFormal/${id}`, { version })).toMatchObject({
      status: 1,
      msg: MSG.equityPreDisclosureFirst,
    });
    expect(await instancesOf(id)).toEqual([]);
  });

  it('shares: the transferors offer more than 100% of the company', async () => {
    const form = completeForm('北京示范科技有限公司40%股权（规则）');
    await refusedWith(
      {
        ...form,
        transferors: [
          { name: '甲公司', creditCode: CREDIT, heldShare: 600_000, offeredShare: 600_000 },
          { name: '乙公司', creditCode: CREDIT, heldShare: 400_001, offeredShare: 400_001 },
        ],
      },
      formatMessage(MSG.equityHeldOverWhole, { sum: '100.0001' }),
    );
  });

  it('price below the appraisal of the shares offered, a reduction below 90% without consent, instalments', async () => {
    const form = completeForm('北京示范科技有限公司40%股权（规则）');
    // the price rules are the formal disclosure's: a stock project is pre-disclosed first
    const restored = await owner.post<{ version: number }>(`/api/project/stock/update/${id}`, {
      version,
      form,
    });
    const pre = await owner.post<{ actionId: number; taskId: number }>(`/api/project/stock/submit/${id}`, {
      version: restored.data.version,
    });
    expect(pre.status, pre.msg).toBe(0);
    await sign(owner, OWNER_MOBILE, '/api/project/stock/preDisclosure', pre.data.actionId, pre.data.taskId);
    await review('/api/project/stock/preDisclosure', pre.data.actionId, 'pass');
    ({ version } = await projectRow(id));
    await uploadFile(ownerToken, id, EQUITY_APPROVAL_TAG, '批准文件.pdf', makePdf());

    const refuse = async (changed: EquityProjectForm, message: string) => {
      const updated = await owner.post<{ version: number }>(`/api/project/stock/update/${id}`, {
        version,
        form: changed,
      });
      expect(updated.status, updated.msg).toBe(0);
      version = updated.data.version;
      expect(await owner.post(`/api/project/stock/submitFormal/${id}`, { version })).toMatchObject({
        status: 1,
        msg: message,
      });
      expect((await instancesOf(id)).map((row) => row.action)).toEqual(['preDisclosure']);
      expect(await projectRow(id)).toMatchObject({ status: 'preDisclosing', version });
    };
    await refuse(
      { ...form, listingPrice: 31_999_999_99 },
      formatMessage(MSG.equityPriceBelowAppraisal, { value: '32,000,000.00' }),
    );
    await refuse(
      {
        ...form,
        isPriceReduction: true,
        previousProjectCode: 'GR2026BJ0000001',
        listingPrice: 28_000_000_00,
      },
      MSG.equityReductionApprovalRequired,
    );
    await refuse(
      {
        ...form,
        paymentMode: 'instalment',
        firstPaymentRatio: 0.2,
        instalmentMonths: 12,
        hasGuarantee: true,
      },
      MSG.projectsFirstPaymentRatioMin,
    );
    await refuse(
      {
        ...form,
        paymentMode: 'instalment',
        firstPaymentRatio: 0.3,
        instalmentMonths: 13,
        hasGuarantee: true,
      },
      MSG.projectsInstalmentMonthsMax,
    );
    await refuse(
      { ...form, paymentMode: 'instalment', firstPaymentRatio: 0.3, instalmentMonths: 12 },
      MSG.projectsGuaranteeRequired,
    );
    // with the approving body's consent filed, the reduced price is accepted: the formal disclosure starts
    await uploadFile(ownerToken, id, PRICE_REDUCTION_APPROVAL_TAG, '同意降价批复.pdf', makePdf());
    const reduced = await owner.post<{ version: number }>(`/api/project/stock/update/${id}`, {
      version,
      form: {
        ...form,
        isPriceReduction: true,
        previousProjectCode: 'GR2026BJ0000001',
        listingPrice: 28_000_000_00,
      },
    });
    const formal = await owner.post(`/api/project/stock/submitFormal/${id}`, {
      version: reduced.data.version,
    });
    expect(formal.status, formal.msg).toBe(0);
  });
});

describe('a stock project: pre-disclosure, then formal disclosure', () => {
  it('is pre-disclosed for its period on rightPreEicSre, then formally disclosed on rightEicSre', async () => {
    const { id, version } = await create('stock', completeForm('北京示范科技有限公司40%股权（预披露）'));
    expect(await foreign.post(`/api/project/stock/submit/${id}`, { version })).toMatchObject({ status: 404 });
    const pre = await owner.post<{ actionId: number; taskId: number }>(`/api/project/stock/submit/${id}`, {
      version,
    });
    expect(pre.status, pre.msg).toBe(0);
    const letter = await owner.get<ActionView>(`/api/project/stock/preDisclosure/show/${pre.data.actionId}`);
    expect(letter.data).toMatchObject({
      actionTitle: '信息预披露',
      form: { disclosureDays: 20 },
      openTask: { type: 'EicSre', routeName: 'rightPreEicSre' },
    });
    await sign(owner, OWNER_MOBILE, '/api/project/stock/preDisclosure', pre.data.actionId, pre.data.taskId);
    const approvedAt = t.clock.now();
    await review('/api/project/stock/preDisclosure', pre.data.actionId, 'pass');
    const preDisclosed = await owner.post<ProjectView>(`/api/project/show/${id}`);
    expect(preDisclosed.data).toMatchObject({ status: 'preDisclosing', statusLabel: '预披露中' });
    expect(formatDate(preDisclosed.data.disclosureEnd ?? '')).toBe(
      formatDate(addWorkdays(approvedAt, 20).date),
    );

    await uploadFile(ownerToken, id, EQUITY_APPROVAL_TAG, '批准文件.pdf', makePdf());
    const formal = await owner.post<{ actionId: number; taskId: number }>(
      `/api/project/stock/submitFormal/${id}`,
      {
        version: preDisclosed.data.version,
      },
    );
    expect(formal.status, formal.msg).toBe(0);
    const view = await owner.get<ActionView>(`/api/project/stock/disclosure/show/${formal.data.actionId}`);
    expect(view.data.openTask).toMatchObject({ type: 'EicSre', routeName: 'rightEicSre' });
    await sign(
      owner,
      OWNER_MOBILE,
      '/api/project/stock/disclosure',
      formal.data.actionId,
      formal.data.taskId,
    );
    await review('/api/project/stock/disclosure', formal.data.actionId, 'pass');
    expect(await projectRow(id)).toMatchObject({ status: 'disclosing' });
  });
});

describe('a privateStock project runs the whole course', () => {
  let id: number;

  it('imports its shareholder structure and financial data, the bad row previewed, shares above 100% refused', async () => {
    ({ id } = await create('privateStock', {
      ...completeForm('深圳示范电子有限公司25%股权'),
      approvalType: undefined,
      approvalBody: undefined,
      approvalDocumentNo: undefined,
      preDisclosureDays: undefined,
    }));
    const template = async (key: string) => {
      const response = await owner.raw('GET', `/api/project/privateStock/template/${key}`);
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return workbook;
    };
    const filled = async (key: string, rows: unknown[][]) => {
      const workbook = await template(key);
      for (const row of rows) workbook.worksheets[0]?.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const structures = await uploadFile(
      ownerToken,
      id,
      'assetImport',
      '股权结构.xlsx',
      await filled('structures', [
        ['深圳示范控股有限公司', '民营', 6_000_000, 6_000_000, '60'],
        ['张三', '自然人', 3_000_000, '', '30.12345'],
        ['李四', '自然人', 1_000_000, '', '40'],
      ]),
    );
    const preview = await owner.post<SheetImportPreview>(
      '/api/project/privateStock/structures/import/preview',
      {
        projectId: id,
        uuid: structures,
      },
    );
    expect(preview.data).toMatchObject({ total: 3, valid: 2, invalid: 1 });
    expect(preview.data.rows[1]?.errors).toEqual([
      formatMessage(MSG.sheetsShareInvalid, { label: '持股比例（%）' }),
    ]);
    // the two good rows hold 100%: together with a third they would not
    expect(preview.data.problems).toEqual([]);
    const imported = await owner.post('/api/project/privateStock/structures/import', {
      projectId: id,
      uuid: structures,
    });
    expect(imported).toMatchObject({ status: 0, data: { imported: 2, skipped: 1 } });

    const tooMuch = await uploadFile(
      ownerToken,
      id,
      'assetImport',
      '股权结构（超）.xlsx',
      await filled('structures', [
        ['深圳示范控股有限公司', '民营', '', '', '60'],
        ['张三', '自然人', '', '', '40.0001'],
      ]),
    );
    const over = formatMessage(MSG.equityStructureOverWhole, { sum: '100.0001' });
    expect(
      (
        await owner.post<SheetImportPreview>('/api/project/privateStock/structures/import/preview', {
          projectId: id,
          uuid: tooMuch,
        })
      ).data.problems,
    ).toEqual([over]);
    expect(
      await owner.post('/api/project/privateStock/structures/import', { projectId: id, uuid: tooMuch }),
    ).toMatchObject({
      status: 1,
      msg: over,
    });

    const financials = await uploadFile(
      ownerToken,
      id,
      'assetImport',
      '财务数据.xlsx',
      await filled('financials', [
        [
          '2025年度',
          '年度审计报告',
          120_000_000,
          70_000_000,
          50_000_000,
          90_000_000,
          -2_000_000,
          -1_500_000.5,
          '示范会计师事务所',
        ],
      ]),
    );
    expect(
      await owner.post('/api/project/privateStock/financials/import', { projectId: id, uuid: financials }),
    ).toMatchObject({
      status: 0,
      data: { imported: 1, skipped: 0 },
    });
    const rows = await owner.post<{ list: ProjectSheetRow[] }>('/api/project/privateStock/structures/list', {
      projectId: id,
      page: 1,
      size: 10,
    });
    expect(rows.data.list.map((row) => row.values.share)).toEqual([600_000, 400_000]);
    const money = await owner.post<{ list: ProjectSheetRow[] }>('/api/project/privateStock/financials/list', {
      projectId: id,
      page: 1,
      size: 10,
    });
    expect(money.data.list[0]?.values).toMatchObject({
      netProfit: -150_000_050,
      totalAssets: 12_000_000_000,
    });
  });

  it('is formally disclosed without a pre-disclosure, for 20 working days from the approval', async () => {
    const { version } = await projectRow(id);
    const formal = await owner.post<{ actionId: number; taskId: number }>(
      `/api/project/privateStock/submitFormal/${id}`,
      { version },
    );
    expect(formal.status, formal.msg).toBe(0);
    const base = '/api/project/privateStock/disclosure';
    expect((await owner.get<ActionView>(`${base}/show/${formal.data.actionId}`)).data.openTask).toMatchObject(
      {
        routeName: 'rightEicSre',
      },
    );
    await sign(owner, OWNER_MOBILE, base, formal.data.actionId, formal.data.taskId);
    const approvedAt = t.clock.now();
    await review(base, formal.data.actionId, 'pass');
    const shown = await owner.post<ProjectView>(`/api/project/show/${id}`);
    expect(shown.data).toMatchObject({ status: 'disclosing', family: 'privateStock', businessType: '8' });
    expect(formatDate(shown.data.disclosureEnd ?? '')).toBe(formatDate(addWorkdays(approvedAt, 20).date));
  });

  it('the entrusted member registers a buyer; the owner may not, another member does not see the project', async () => {
    const base = '/api/project/privateStock/registration';
    expect((await owner.post(`${base}/create`, { projectId: id })).status).toBe(404);
    expect(
      (await clientOf(t, await loginAs(t.app, 'agent')).post(`${base}/create`, { projectId: id })).status,
    ).toBe(404);
    const actionId = await apply(member, memberToken, MEMBER_MOBILE, base, id, {
      reason: '代理意向受让方报名参与受让',
      transfereeName: BUYER,
      amount: 8_500_000_00,
    });
    await review(base, actionId, 'pass');
    const list = await owner.post<IntendedTransferee[]>('/api/project/privateStock/customer/list', {
      projectId: id,
    });
    expect(list.data).toEqual([
      expect.objectContaining({ name: BUYER, amount: 8_500_000_00, isQualified: false, files: [] }),
    ]);
    expect((await foreign.post('/api/project/privateStock/customer/list', { projectId: id })).status).toBe(
      404,
    );
  });

  it('the qualification review is returned once with a reason, corrected, then confirmed', async () => {
    const base = '/api/project/privateStock/intentionReview';
    const actionId = await apply(owner, ownerToken, OWNER_MOBILE, base, id, {
      transfereeName: BUYER,
      content: '符合受让条件',
    });
    await review(base, actionId, 'back', '请说明意向受让方的资金来源');
    const returned = await owner.get<ActionView>(`${base}/show/${actionId}`);
    expect(returned.data).toMatchObject({
      status: 'returned',
      openTask: { type: 'MfyRrn', routeName: 'rightIntentionReviewMfyRrn' },
    });
    expect(returned.data.returns[0]?.reason).toBe('请说明意向受让方的资金来源');
    const updated = await owner.post<{ id: number; version: number }>(`${base}/update/${actionId}`, {
      version: returned.data.version,
      form: { transfereeName: BUYER, content: '符合受让条件，资金为自有资金' },
    });
    expect(updated.status, updated.msg).toBe(0);
    expect((await owner.post(`${base}/submit`, updated.data)).status).toBe(0);
    await review(base, actionId, 'pass');
    const list = await owner.post<IntendedTransferee[]>('/api/project/privateStock/customer/list', {
      projectId: id,
    });
    expect(list.data[0]).toMatchObject({ isQualified: true, opinion: '符合受让条件，资金为自有资金' });

    const uuid = await uploadFile(ownerToken, id, TRANSFEREE_FILE_TAG, '受让方承诺函.pdf', makePdf());
    expect(
      await owner.post('/api/project/privateStock/upload/transferee', {
        projectId: id,
        name: '不存在的公司',
        uuid,
      }),
    ).toMatchObject({ status: 1, msg: MSG.transfereeUnknown });
    const linked = await owner.post<IntendedTransferee>('/api/project/privateStock/upload/transferee', {
      projectId: id,
      name: BUYER,
      uuid,
    });
    expect(linked.data.files.map((file) => file.name)).toEqual(['受让方承诺函.pdf']);
  });

  it('the contract makes it dealt; the price payout and the transaction-assurance letter are recorded', async () => {
    const contract = '/api/project/privateStock/contract';
    await review(
      contract,
      await apply(owner, ownerToken, OWNER_MOBILE, contract, id, {
        reason: '与意向受让方签订产权交易合同',
        contractNo: 'HT-2026-0088',
        transfereeName: BUYER,
        dealPrice: 8_500_000_00,
        signDate: '2026-11-20',
      }),
      'pass',
    );
    expect(await projectRow(id)).toMatchObject({ status: 'dealt' });
    const price = '/api/project/privateStock/price';
    const priceId = await apply(owner, ownerToken, OWNER_MOBILE, price, id, {
      reason: '交易价款划转至转让方账户',
      payoutAmount: 8_500_000_00,
      payeeName: '北京示范国有资产经营有限公司',
      payeeBank: '中国工商银行北京分行',
      payeeAccount: '0200001234567890123',
    });
    expect((await owner.get<ActionView>(`${price}/show/${priceId}`)).data.signedLetter).not.toBeNull();
    await review(price, priceId, 'pass');
    const assurance = '/api/project/privateStock/assurance';
    const assuranceId = await apply(owner, ownerToken, OWNER_MOBILE, assurance, id, {
      reason: '申请出具交易鉴证书',
      contractNo: 'HT-2026-0088',
      transfereeName: BUYER,
      dealPrice: 8_500_000_00,
    });
    await review(assurance, assuranceId, 'pass');

    const { details } = await projectRow(id);
    expect(details.contract).toMatchObject({ contractNo: 'HT-2026-0088', dealPrice: 8_500_000_00 });
    expect(details.price).toEqual([expect.objectContaining({ payoutAmount: 8_500_000_00 })]);
    expect(details.assurance).toMatchObject({ contractNo: 'HT-2026-0088' });
    const log = await owner.get<ProcessLogRow[]>(`/api/project/privateStock/${id}/processLog`);
    const stages = new Set(log.data.map((row) => row.stage));
    for (const stage of ['信息披露', '意向登记', '意向资格审核', '合同信息登记', '价款划转', '交易鉴证']) {
      expect(stages.has(stage), stage).toBe(true);
    }
    expect(log.data.some((row) => row.reason === '请说明意向受让方的资金来源')).toBe(true);
    expect((await owner.post<ProjectView>(`/api/project/show/${id}`)).data.statusLabel).toBe('已成交');
  });
});
