// The investors of a capital increase (spec 001 section 7, Investor and Capital increase), on both families: a
// disclosing capital increase gets three investors (two by its owner, one by a member for its customer), drafts
// with their qualification files submitted; the exchange refuses one with a reason (the registrant is told) and
// passes two; the agreement is refused until the owner's selection chooses among the qualified; then the agreement
// and the payment of the new capital run through the engine with their letters. Bad bodies answer in Chinese and
// store nothing; another company's investor or project answers 404; stale versions 409; the list exports read back.
import {
  composeCreditCode,
  INVESTOR_ATTACHMENTS,
  MSG,
  formatMessage,
  type ActionView,
  type InvestorCustomer,
  type InvestorView,
  type NotificationRow,
  type OpenCapitalIncrease,
  type ProjectView,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import {
  discloseCapitalIncrease,
  signAndApprove,
  uploadRecordFile,
  type CourseParties,
} from '../../test/capital-increase-support.ts';
import { clientOf, enrolSigner, uploadApplicationFile, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let memberToken: string;
let owner: Client;
let member: Client;
let foreign: Client;
let exchange: Client;
let parties: CourseParties & { ownerToken: string };

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
  parties = { t, phone, owner, exchange, ownerToken };
});

afterAll(async () => {
  await t.close();
});

const countInvestors = async (): Promise<number> =>
  (await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from investors`))[0]?.n ?? 0;

function company(name: string, serial: string, share = 100_000) {
  return {
    investorType: '1',
    name,
    certType: 'creditCode',
    certNo: composeCreditCode('110000', serial),
    contactName: '赵经理',
    contactMobile: '13900000011',
    amount: 35_000_000_00,
    share,
    note: '',
  };
}

const PERSON = {
  investorType: '2',
  name: '张伟',
  certType: 'idCard',
  certNo: '11010519491231002X',
  contactName: '张伟',
  contactMobile: '13900000012',
  amount: 30_000_000_00,
  share: 100_000,
};

async function uploadInvestorFiles(token: string, id: number): Promise<void> {
  for (const entry of INVESTOR_ATTACHMENTS.filter((each) => each.requiredMessage !== undefined)) {
    await uploadRecordFile(t, token, { dataClass: 'investor', dataId: String(id) }, entry.tag);
  }
}

/** Registers and submits an investor; answers its id and version. */
async function register(client: Client, token: string, projectId: number, investor: object) {
  const created = await client.post<{ id: number; version: number }>('/api/investor', {
    projectId,
    investor,
  });
  expect(created.status, created.msg).toBe(0);
  await uploadInvestorFiles(token, created.data.id);
  const submitted = await client.post<{ id: number; version: number }>(
    `/api/investor/submit/${created.data.id}`,
    { version: created.data.version },
  );
  expect(submitted.status, submitted.msg).toBe(0);
  return submitted.data;
}

describe.each([
  { family: 'cap' as const, base: '/api/capitalIncrease', title: '增资扩股' },
  { family: 'capOpen' as const, base: '/api/capitalIncreaseOpen', title: '公开增资' },
])('the investors of a $title project ($family)', ({ family, base }) => {
  let project: ProjectView;
  const ids = { alpha: 0, beta: 0, person: 0 };
  const serial = family === 'cap' ? '3' : '4';

  it('is disclosed and announced to registrants', async () => {
    project = await discloseCapitalIncrease(
      parties,
      family,
      `北京示范科技有限公司增资项目（投资方${family}）`,
    );
    const open = await member.get<OpenCapitalIncrease[]>(`${base}/open`);
    expect(open.status, open.msg).toBe(0);
    expect(open.data.find((each) => each.id === project.id)).toMatchObject({
      family,
      raiseMin: 60_000_000_00,
      offeredShare: 200_000,
      investorCount: 2,
    });
    const members = await owner.get<{ id: number; name: string }[]>(`${base}/members`);
    expect(members.data.length).toBeGreaterThan(0);
  });

  it('refuses bad investors with the form message, storing nothing', async () => {
    const before = await countInvestors();
    const cases: [object, string][] = [
      [{}, '请选择投资方类型'],
      [{ ...company('甲', `${serial}0000101`) }, MSG.investorsNameInvalid],
      [
        { ...company('北京甲方投资有限公司', `${serial}0000101`), certNo: '91110000ABCDEFGH' },
        '请填写正确的统一社会信用代码',
      ],
      [
        { ...company('北京甲方投资有限公司', `${serial}0000101`), certType: 'idCard' },
        MSG.investorsCertTypeMismatch,
      ],
      [{ ...company('北京甲方投资有限公司', `${serial}0000101`), amount: 0 }, MSG.investorsAmountInvalid],
      [
        { ...company('北京甲方投资有限公司', `${serial}0000101`), share: 300_000 },
        formatMessage(MSG.investorsShareOverOffered, { share: '20.0000' }),
      ],
    ];
    for (const [investor, message] of cases) {
      const answer = await owner.post('/api/investor', { projectId: project.id, investor });
      expect(answer.status).toBe(1);
      expect(answer.msg).toContain(message.replace(/号码$/, ''));
    }
    expect(await owner.post('/api/investor', { projectId: 'x', investor: {} })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(await countInvestors()).toBe(before);
  });

  it('registers by the owner and by a member; a submit without files names the missing one', async () => {
    const draft = await owner.post<{ id: number; version: number }>('/api/investor', {
      projectId: project.id,
      investor: company('北京甲方投资有限公司', `${serial}0000101`),
    });
    expect(draft.status, draft.msg).toBe(0);
    expect(
      await owner.post(`/api/investor/submit/${draft.data.id}`, { version: draft.data.version }),
    ).toMatchObject({ status: 1, msg: INVESTOR_ATTACHMENTS[0]?.requiredMessage });
    await uploadInvestorFiles(ownerToken, draft.data.id);
    const submitted = await owner.post(`/api/investor/submit/${draft.data.id}`, {
      version: draft.data.version,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    ids.alpha = draft.data.id;
    // the same number twice on one project is refused
    expect(
      await owner.post('/api/investor', {
        projectId: project.id,
        investor: company('北京甲方投资有限公司', `${serial}0000101`),
      }),
    ).toMatchObject({ status: 1, msg: MSG.investorsCertNoTaken });

    ids.beta = (
      await register(member, memberToken, project.id, company('上海乙方创业投资有限公司', `${serial}0000202`))
    ).id;
    ids.person = (await register(owner, ownerToken, project.id, PERSON)).id;

    const byMember = await member.get<InvestorView>(`/api/investor/${ids.beta}`);
    expect(byMember.data).toMatchObject({ isByMember: true, status: 'submitted', statusLabel: '待资格审核' });
    expect(byMember.data.memberCompanyName).toBe(byMember.data.registrantCompanyName);
    const person = await owner.get<InvestorView>(`/api/investor/${ids.person}`);
    expect(person.data.certNo).not.toContain('19491231');
  });

  it('keeps every investor from another company: 404, nothing changes', async () => {
    expect((await foreign.get(`/api/investor/${ids.alpha}`)).status).toBe(404);
    expect((await member.get(`/api/investor/${ids.alpha}`)).status).toBe(404);
    expect(
      await foreign.post(`/api/investor/update/${ids.alpha}`, { version: 1, investor: PERSON }),
    ).toMatchObject({ status: 404 });
    expect(await foreign.post('/api/investor/batchDelete', { ids: [ids.alpha] })).toMatchObject({
      status: 404,
    });
    expect((await foreign.get(`${base}/investors?projectId=${project.id}`)).status).toBe(404);
    // the envelope says 404; no workbook is sent
    const leaked = await foreign.raw('GET', `${base}/export?projectId=${project.id}`);
    expect(leaked.headers['content-type']).not.toContain('spreadsheetml');
    expect(leaked.json()).toMatchObject({ status: 404 });
    expect(
      await foreign.post(`/api/project/${family}/investor/audit/${ids.alpha}`, {
        version: 2,
        result: 'pass',
      }),
    ).toMatchObject({ status: 403 });
    expect(
      await foreign.post(`${base}/${project.id}/selection`, { investors: [{ id: ids.alpha, version: 2 }] }),
    ).toMatchObject({ status: 404 });
    // a member sees its own registration only; the owner every submitted one
    const mine = await member.get<InvestorView[]>(`${base}/investors?projectId=${project.id}`);
    expect(mine.data.map((each) => each.id)).toEqual([ids.beta]);
    const all = await owner.get<InvestorView[]>(`${base}/investors?projectId=${project.id}`);
    expect(all.data.map((each) => each.id)).toEqual([ids.alpha, ids.beta, ids.person]);
  });

  it('is audited by the exchange: a refusal needs its reason and tells the registrant', async () => {
    const version = async (id: number) =>
      (await exchange.get<InvestorView>(`/api/investor/${id}`)).data.version;
    expect(
      await exchange.post(`/api/project/${family}/investor/audit/${ids.person}`, {
        version: await version(ids.person),
        result: 'refuse',
        reason: '  ',
      }),
    ).toMatchObject({ status: 1, msg: MSG.investorsAuditReasonRequired });
    const refusedAudit = await exchange.post(`/api/project/${family}/investor/audit/${ids.person}`, {
      version: await version(ids.person),
      result: 'refuse',
      reason: '未提供资金来源说明',
    });
    expect(refusedAudit).toMatchObject({ status: 0, msg: MSG.investorsAuditRefused });
    const stale = await version(ids.alpha);
    expect(
      (
        await exchange.post(`/api/project/${family}/investor/audit/${ids.alpha}`, {
          version: stale,
          result: 'pass',
        })
      ).status,
    ).toBe(0);
    expect(
      await exchange.post(`/api/project/${family}/investor/audit/${ids.alpha}`, {
        version: stale,
        result: 'pass',
      }),
    ).toMatchObject({ status: 1, msg: MSG.investorsNotAuditable });
    expect(
      (
        await exchange.post(`/api/project/${family}/investor/audit/${ids.beta}`, {
          version: await version(ids.beta),
          result: 'pass',
          reason: '符合投资方资格条件',
        })
      ).status,
    ).toBe(0);

    const refusedView = await owner.get<InvestorView>(`/api/investor/${ids.person}`);
    expect(refusedView.data).toMatchObject({ status: 'refused', auditReason: '未提供资金来源说明' });
    const notices = await owner.get<{ list: NotificationRow[] }>('/api/message/list?page=1&size=20');
    expect(notices.data.list.map((row) => row.title)).toContain('投资方「张伟」资格审核未通过');
    const memberNotices = await member.get<{ list: NotificationRow[] }>('/api/message/list?page=1&size=20');
    expect(memberNotices.data.list.map((row) => row.title)).toContain(
      '投资方「上海乙方创业投资有限公司」资格审核通过',
    );
  });

  let contract = { id: 0, version: 0 };

  it('refuses the agreement until the selection names its investors', async () => {
    const created = await owner.post<{ id: number; version: number }>(
      `/api/project/${family}/contract/create`,
      {
        projectId: project.id,
      },
    );
    expect(created.status, created.msg).toBe(0);
    const saved = await owner.post<{ id: number; version: number }>(`/api/project/${family}/contract/save`, {
      ...created.data,
      form: {
        reason: '增资协议已签订',
        contractNo: `ZZ-${family}-001`,
        transfereeName: '北京甲方投资有限公司、上海乙方创业投资有限公司',
        dealPrice: 70_000_000_00,
        signDate: '2026-12-01',
      },
    });
    expect(saved.status, saved.msg).toBe(0);
    await uploadApplicationFile(t, ownerToken, created.data.id);
    contract = saved.data;
    expect(await owner.post(`/api/project/${family}/contract/submit`, contract)).toMatchObject({
      status: 1,
      msg: MSG.investorsSelectionRequired,
    });
  });

  it('records the selection among the qualified, once; a stale selection is a conflict', async () => {
    const list = async () =>
      (await owner.get<InvestorView[]>(`${base}/investors?projectId=${project.id}`)).data;
    const versions = new Map((await list()).map((each) => [each.id, each.version]));
    const pick = (id: number) => ({ id, version: versions.get(id) ?? 0 });
    expect(await owner.post(`${base}/${project.id}/selection`, { investors: [] })).toMatchObject({
      status: 1,
      msg: MSG.investorsSelectionEmpty,
    });
    expect(
      await owner.post(`${base}/${project.id}/selection`, { investors: [pick(ids.alpha), pick(ids.person)] }),
    ).toMatchObject({ status: 1, msg: MSG.investorsSelectionNotQualified });
    const chosen = await owner.post(`${base}/${project.id}/selection`, {
      investors: [pick(ids.alpha), pick(ids.beta)],
    });
    expect(chosen).toMatchObject({ status: 0, msg: formatMessage(MSG.investorsSelected, { count: 2 }) });
    expect(
      await owner.post(`${base}/${project.id}/selection`, { investors: [pick(ids.alpha)] }),
    ).toMatchObject({ status: 409 });
    expect((await list()).map((each) => each.status)).toEqual(['selected', 'selected', 'refused']);
    // the registration is closed now
    expect(
      await member.post('/api/investor', {
        projectId: project.id,
        investor: company('深圳丙方资本管理有限公司', `${serial}0000303`),
      }),
    ).toMatchObject({ status: 1, msg: MSG.investorsRegistrationClosed });
    const open = await member.get<OpenCapitalIncrease[]>(`${base}/open`);
    expect(open.data.map((each) => each.id)).not.toContain(project.id);
  });

  it('exports the list as a workbook that reads back with the same rows, and as a PDF', async () => {
    const xlsx = await owner.raw('GET', `${base}/export?projectId=${project.id}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const names: string[] = [];
    sheet?.eachRow((row, index) => {
      if (index > 1) names.push(row.getCell(1).text);
    });
    expect(names).toEqual(['北京甲方投资有限公司', '上海乙方创业投资有限公司', '张伟']);
    expect(sheet?.getRow(2).getCell(7).value).toBe(35_000_000);
    const sameRows = await owner.raw('GET', `/api/investor/export?projectId=${project.id}`);
    expect(sameRows.statusCode).toBe(200);

    const pdf = await owner.raw('GET', `${base}/export/pdf?projectId=${project.id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('runs the agreement and the payment of the new capital through the engine', async () => {
    const submitted = await owner.post<{ id: number; version: number; taskId: number }>(
      `/api/project/${family}/contract/submit`,
      contract,
    );
    expect(submitted.status, submitted.msg).toBe(0);
    await signAndApprove(
      parties,
      `/api/project/${family}/contract`,
      submitted.data.id,
      submitted.data.taskId,
    );
    expect((await owner.post<ProjectView>(`/api/project/show/${project.id}`)).data.status).toBe('dealt');

    const price = await owner.post<{ id: number; version: number }>(`/api/project/${family}/price/create`, {
      projectId: project.id,
    });
    expect(price.status, price.msg).toBe(0);
    const saved = await owner.post<{ id: number; version: number }>(`/api/project/${family}/price/save`, {
      ...price.data,
      form: {
        reason: '增资价款已到账，申请划转',
        payoutAmount: 70_000_000_00,
        payeeName: '北京示范科技有限公司',
        payeeBank: '中国工商银行北京分行',
        payeeAccount: '0200001234567890123',
      },
    });
    expect(saved.status, saved.msg).toBe(0);
    await uploadApplicationFile(t, ownerToken, price.data.id);
    const priceSubmitted = await owner.post<{ id: number; taskId: number }>(
      `/api/project/${family}/price/submit`,
      saved.data,
    );
    expect(priceSubmitted.status, priceSubmitted.msg).toBe(0);
    const letter = await owner.get<ActionView>(`/api/project/${family}/price/show/${price.data.id}`);
    expect(letter.data.openTask?.routeName).toBe(`${family}PriceEicSre`);
    await signAndApprove(parties, `/api/project/${family}/price`, price.data.id, priceSubmitted.data.taskId);
    const after = await owner.post<ProjectView>(`/api/project/show/${project.id}`);
    expect(after.data.details).toMatchObject({
      contract: { contractNo: `ZZ-${family}-001`, dealPrice: 70_000_000_00 },
      price: [{ payoutAmount: 70_000_000_00 }],
    });
  });
});

describe('drafts, customers and the calls without a project', () => {
  it('deletes drafts in a batch, all or none; offers the member its earlier customers', async () => {
    const project = await discloseCapitalIncrease(parties, 'capOpen', '北京示范科技有限公司增资项目（草稿）');
    const draft = await member.post<{ id: number; version: number }>('/api/investor', {
      projectId: project.id,
      investor: company('上海乙方创业投资有限公司', '50000202'),
    });
    expect(draft.status, draft.msg).toBe(0);
    const submitted = await register(
      member,
      memberToken,
      project.id,
      company('广州丁方投资有限公司', '50000404'),
    );
    const before = await countInvestors();
    expect(
      await member.post('/api/investor/batchDelete', { ids: [draft.data.id, submitted.id] }),
    ).toMatchObject({
      status: 1,
      msg: MSG.investorsNotEditable,
    });
    expect(await member.post('/api/investor/batchDelete', { ids: [] })).toMatchObject({
      status: 1,
      msg: MSG.investorsDeleteEmpty,
    });
    expect(await countInvestors()).toBe(before);
    expect(await member.post('/api/investor/batchDelete', { ids: [draft.data.id] })).toMatchObject({
      status: 0,
      data: { count: 1 },
    });
    expect(await countInvestors()).toBe(before - 1);

    const customers = await member.post<InvestorCustomer[]>('/api/capitalIncreaseOpen/customers', {
      keyword: '投资',
    });
    expect(customers.data.map((each) => each.name)).toEqual(
      expect.arrayContaining(['上海乙方创业投资有限公司', '广州丁方投资有限公司']),
    );
    expect(customers.data.map((each) => each.name)).not.toContain('北京甲方投资有限公司');
    // its 企业客户 come first, the number whole (the member's own record)
    const creditCode = composeCreditCode('310115', '40000091');
    const saved = await member.post('/api/customer/save', {
      values: {
        name: '上海戊方投资有限公司',
        creditCode,
        kind: '投资方',
        contactName: '吴经理',
        contactMobile: '13900000041',
      },
    });
    expect(saved.status, saved.msg).toBe(0);
    const picked = await member.post<InvestorCustomer[]>('/api/capitalIncreaseOpen/customers', {
      keyword: '投资',
    });
    expect(picked.data[0]).toMatchObject({
      name: '上海戊方投资有限公司',
      certType: 'creditCode',
      certNo: creditCode,
      investorTypeLabel: '企业法人',
      contactMobile: '13900000041',
    });
    // without a project: the member's own registrations on every project
    const mine = await member.get<InvestorView[]>('/api/capitalIncreaseOpen/investors');
    expect(mine.data.every((each) => each.registrantCompanyId === mine.data[0]?.registrantCompanyId)).toBe(
      true,
    );
    expect(mine.data.map((each) => each.name)).toContain('广州丁方投资有限公司');
  });

  it('does not register on a project that is not a disclosing capital increase', async () => {
    const bulk = await selectRows<{ id: number }>(
      t.db,
      sql`select id from projects where family = 'bulk' limit 1`,
    );
    expect(
      await owner.post('/api/investor', {
        projectId: bulk[0]?.id ?? 0,
        investor: company('北京甲方投资有限公司', '60000101'),
      }),
    ).toMatchObject({ status: 404 });
    const draft = await owner.post<{ id: number }>('/api/project/cap/check/save', {
      form: { name: '北京示范科技有限公司增资项目（未披露）' },
    });
    expect(draft.status, draft.msg).toBe(0);
    expect(
      await owner.post('/api/investor', {
        projectId: draft.data.id,
        investor: company('北京甲方投资有限公司', '60000101'),
      }),
    ).toMatchObject({ status: 1, msg: MSG.investorsRegistrationClosed });
  });
});
