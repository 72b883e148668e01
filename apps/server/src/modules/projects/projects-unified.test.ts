// The unified family (综合类, spec 001 sections 1, 2 and 7): its categories from the dictionary with the fields each
// adds (a category the exchange adds takes 其他权益's), the closing day of a disclosure counted in working days both
// ways (work/date), a draft of each category saved and checked (a category not in the dictionary, a closing day
// that does not follow the working days, a claim without its debtor refused with their messages, nothing stored),
// another company's project 404; then the course: the lease submitted, e-signed and approved into its disclosure,
// a member's buyer registered and passed by the owner and the exchange, the member's e-signed review naming it (a
// buyer not registered refused), the transaction with it at no less than the listing price: the project dealt, the
// registration won.
import {
  composeCreditCode,
  formatFen,
  formatMessage,
  MSG,
  type ProjectFormView,
  type ProjectView,
} from '@cqjy/domain';
import type { KindCategory, WorkDate } from '@cqjy/domain/contracts/project-kinds';
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
import { companyIdOf, OWNER_MOBILE } from '../../test/vehicle-support.ts';
import {
  approveAction,
  clientOf,
  enrolSigner,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../../test/workflow-support.ts';

const MEMBER_MOBILE = '13800000003';
const LISTING = 360_000_00;

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let memberToken: string;
let owner: Client;
let member: Client;
let foreign: Client;
let exchange: Client;
let memberCompanyId: number;

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
  memberCompanyId = await companyIdOf(t, 'member');
});

afterAll(async () => {
  await t.close();
});

/** A lease (招租) complete for its submission, closing 10 working days after a Tuesday. */
function leaseForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '示范大厦三层写字楼招租',
    category: 'lease',
    listingPrice: LISTING,
    disclosureStartDate: '2026-12-01',
    disclosureDays: 10,
    disclosureEndDate: '2026-12-15',
    leaseAddress: '北京市西城区示范路1号示范大厦三层',
    leaseArea: 1200,
    leaseUse: '办公',
    leaseTermMonths: 36,
    rentFreeMonths: 3,
    contactName: '王经理',
    contactMobile: OWNER_MOBILE,
    agentCompanyId: memberCompanyId,
    description: '示范大厦三层整层招租，租期三年。',
    ...overrides,
  };
}

async function projectRows(): Promise<string> {
  return JSON.stringify(
    await selectRows(t.db, sql`select * from projects where family = 'unified' order by id`),
  );
}

async function create(form: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const saved = await owner.post<{ id: number; version: number }>('/api/project/unified/save', { form });
  expect(saved.status, saved.msg).toBe(0);
  return saved.data;
}

describe('综合类项目的类别与披露期', () => {
  it('answers the categories of the dictionary with the fields each adds; one the exchange adds takes 其他权益’s', async () => {
    await t.db.execute(sql`
      insert into dict_data (type_code, key, label, sort) values ('unifiedCategory', 'adRight', '广告经营权', 9)`);
    const answer = await owner.get<KindCategory[]>('/api/project/unified/category');
    expect(answer.status, answer.msg).toBe(0);
    const byKey = new Map(answer.data.map((category) => [category.key, category]));
    expect(answer.data.map((category) => category.label)).toEqual([
      '房屋出租（招租）',
      '债权',
      '知识产权',
      '特许经营权',
      '其他权益',
      '广告经营权',
    ]);
    expect(byKey.get('lease')?.fields.map((each) => each.label)).toEqual([
      '房屋坐落',
      '出租面积（平方米）',
      '租赁用途',
      '租赁期限（月）',
      '免租期（月）',
      '租金递增方式',
    ]);
    expect(byKey.get('claim')?.fields.map((each) => each.name)).toContain('debtorName');
    expect(byKey.get('adRight')?.fields).toEqual([{ name: 'rightDescription', label: '权利内容' }]);
  });

  it('counts the closing day from the working days and back, on the PRC calendar', async () => {
    const forward = await owner.post<WorkDate>('/api/project/unified/work/date', {
      startDate: '2026-12-01',
      days: 10,
    });
    expect(forward.data).toMatchObject({ startDate: '2026-12-01', days: 10, endDate: '2026-12-15' });
    // a weekend is no working day: Friday + 1 is the Monday
    const weekend = await owner.post<WorkDate>('/api/project/unified/work/date', {
      startDate: '2026-12-04',
      days: 1,
    });
    expect(weekend.data.endDate).toBe('2026-12-07');
    const back = await owner.post<WorkDate>('/api/project/unified/work/date', {
      startDate: '2026-12-01',
      endDate: '2026-12-15',
    });
    expect(back.data).toMatchObject({ days: 10, endDate: '2026-12-15' });
  });

  it('refuses a bad period with its Chinese message', async () => {
    const zero = await owner.post('/api/project/unified/work/date', { startDate: '2026-12-01', days: 0 });
    expect(zero.msg).toBe(formatMessage(MSG.workDateDaysInvalid, { max: 250 }));
    const both = await owner.post('/api/project/unified/work/date', {
      startDate: '2026-12-01',
      days: 5,
      endDate: '2026-12-09',
    });
    expect(both.msg).toBe(MSG.workDateOneOf);
    const badDay = await owner.post('/api/project/unified/work/date', { startDate: '2026-02-30', days: 5 });
    expect(badDay.msg).toBe(MSG.workDateStartInvalid);
    const earlier = await owner.post('/api/project/unified/work/date', {
      startDate: '2026-12-09',
      endDate: '2026-12-01',
    });
    expect([earlier.status, earlier.msg]).toEqual([1, MSG.workDateEndInvalid]);
  });
});

describe('综合类项目草稿', () => {
  it('refuses a category the dictionary does not have, and stores nothing', async () => {
    const before = await projectRows();
    const saved = await owner.post('/api/project/unified/save', { form: leaseForm({ category: 'nope' }) });
    expect([saved.status, saved.msg]).toEqual([1, MSG.projectsCategoryUnknown]);
    expect(await projectRows()).toBe(before);
  });

  it('checks the submission by the category: a claim without its debtor, a closing day off the working days', async () => {
    const claimForm = {
      name: '示范公司应收账款债权转让',
      category: 'claim',
      listingPrice: 1_000_000_00,
      disclosureStartDate: '2026-12-01',
      disclosureDays: 10,
      disclosureEndDate: '2026-12-14',
      claimPrincipal: 1_200_000_00,
      claimSecurity: '抵押',
      contactName: '王经理',
      contactMobile: OWNER_MOBILE,
    };
    const claim = { ...(await create(claimForm)), form: claimForm };
    const submitted = await owner.post(`/api/project/unified/submit/${claim.id}`, { version: claim.version });
    expect([submitted.status, submitted.msg]).toEqual([1, '请填写债务人']);
    const completed = await owner.post<{ version: number }>(`/api/project/unified/update/${claim.id}`, {
      version: claim.version,
      form: { ...claim.form, debtorName: '北京示范商贸有限公司' },
    });
    expect(completed.status, completed.msg).toBe(0);
    const offDay = await owner.post(`/api/project/unified/submit/${claim.id}`, {
      version: completed.data.version,
    });
    expect([offDay.status, offDay.msg]).toEqual([
      1,
      formatMessage(MSG.unifiedClosingDayMismatch, { day: '2026-12-15' }),
    ]);
    const stored = await owner.post<ProjectFormView>('/api/project/unified/show', { id: claim.id });
    expect(stored.data.status).toBe('draft');
  });

  it("answers another company's project 404 and leaves it as it was", async () => {
    const draft = await create(leaseForm({ name: '示范仓库招租' }));
    const before = await projectRows();
    for (const answer of [
      await foreign.post('/api/project/unified/show', { id: draft.id }),
      await foreign.post(`/api/project/unified/update/${draft.id}`, {
        version: draft.version,
        form: leaseForm(),
      }),
      await foreign.post(`/api/project/unified/copy/${draft.id}`),
      await foreign.post(`/api/project/unified/submit/${draft.id}`, { version: draft.version }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect(await projectRows()).toBe(before);
  });
});

describe('综合类项目的交易', () => {
  let projectId: number;
  let buyerName: string;
  let registrationId: number;

  it('submits the lease with its e-signed letter; the exchange approves it into its disclosure', async () => {
    const draft = await create(leaseForm());
    projectId = draft.id;
    const submitted = await owner.post<{ actionId: number; taskId: number }>(
      `/api/project/unified/submit/${projectId}`,
      { version: draft.version },
    );
    expect(submitted.status, submitted.msg).toBe(0);
    const { actionId, taskId } = submitted.data;
    t.clock.advance(61_000);
    expect((await owner.post('/api/workflow/sign/otp', { dataId: actionId })).status).toBe(0);
    const signed = await owner.post(
      '/api/project/unified/disclosure/signature',
      signRequest({ dataId: actionId, taskId, type: 'EicSre', otp: phone.lastCodeTo(OWNER_MOBILE) }),
    );
    expect(signed.status, signed.msg).toBe(0);
    const review = await exchange.get<{ openTask: { id: number } | null }>(
      `/api/project/unified/disclosure/show/${actionId}`,
    );
    const passed = await exchange.post('/api/task/signoff/unified', {
      ...signRequest({ dataId: actionId, taskId: review.data.openTask?.id ?? 0, type: 'Review' }),
      result: 'pass',
    });
    expect(passed.status, passed.msg).toBe(0);
    const project = await owner.post<ProjectView>(`/api/project/show/${projectId}`, { id: projectId });
    expect(project.data.status).toBe('disclosing');
  });

  it('takes a member’s buyer, passed by the owner and confirmed by the exchange', async () => {
    buyerName = '北京示范文化传媒有限公司';
    const saved = await member.post<{ id: number; version: number }>('/api/intention/save', {
      projectId,
      kind: 'company',
      name: buyerName,
      certType: 'creditCode',
      certNo: composeCreditCode('110108', '71009901'),
      contactName: '赵经理',
      contactMobile: '13900000001',
      amount: LISTING,
      note: '',
    });
    expect(saved.status, saved.msg).toBe(0);
    registrationId = saved.data.id;
    const drawn = await member.post<{ version: number }>(`/api/intention/letter/${saved.data.id}`, {
      version: saved.data.version,
    });
    expect(drawn.status, drawn.msg).toBe(0);
    t.clock.advance(61_000);
    expect((await member.post(`/api/intention/sign/otp/${saved.data.id}`)).status).toBe(0);
    const signed = await member.post<{ version: number }>(`/api/intention/signature/${saved.data.id}`, {
      version: drawn.data.version,
      otp: phone.lastCodeTo(MEMBER_MOBILE),
    });
    expect(signed.status, signed.msg).toBe(0);
    const byOwner = await owner.post<{ version: number }>(`/api/intention/review/${saved.data.id}`, {
      version: signed.data.version,
      result: 'pass',
    });
    expect(byOwner.status, byOwner.msg).toBe(0);
    const byExchange = await exchange.post(`/api/intention/review/${saved.data.id}`, {
      version: byOwner.data.version,
      result: 'pass',
    });
    expect(byExchange.status, byExchange.msg).toBe(0);
  });

  it("takes the member's e-signed review only of a buyer registered on the project", async () => {
    const stranger = await member.post<{ id: number; version: number }>(
      '/api/project/unified/memberIntentionReview/create',
      { projectId },
    );
    expect(stranger.status, stranger.msg).toBe(0);
    const saved = await member.post<{ version: number }>('/api/project/unified/memberIntentionReview/save', {
      ...stranger.data,
      form: { reason: '意向资格审核意见', transfereeName: '未登记的公司', content: '资格符合' },
    });
    await uploadApplicationFile(t, memberToken, stranger.data.id);
    const refused = await member.post('/api/project/unified/memberIntentionReview/submit', {
      id: stranger.data.id,
      version: saved.data.version,
    });
    expect([refused.status, refused.msg]).toEqual([
      1,
      formatMessage(MSG.unifiedReviewTransfereeUnknown, { name: '未登记的公司' }),
    ]);
    const withdrawn = await member.post('/api/project/unified/memberIntentionReview/termination/terminate', {
      id: stranger.data.id,
      version: saved.data.version,
    });
    expect(withdrawn.status, withdrawn.msg).toBe(0);
    await approveAction({
      family: 'unified',
      t,
      phone,
      mobile: MEMBER_MOBILE,
      ownerToken: memberToken,
      exchange,
      projectId,
      action: 'memberIntentionReview',
      form: {
        reason: '意向资格审核意见',
        transfereeName: buyerName,
        content: '经核查，该意向受让方符合受让条件。',
      },
    });
  });

  it('deals with the confirmed buyer at no less than the listing price: the project is dealt', async () => {
    const low = await owner.post<{ id: number; version: number }>('/api/project/unified/transaction/create', {
      projectId,
    });
    const saved = await owner.post<{ version: number }>('/api/project/unified/transaction/save', {
      ...low.data,
      form: {
        contractNo: 'ZL-2026-001',
        transfereeName: buyerName,
        dealPrice: LISTING - 100,
        signDate: '2026-12-20',
      },
    });
    await uploadApplicationFile(t, ownerToken, low.data.id);
    const refused = await owner.post('/api/project/unified/transaction/submit', {
      id: low.data.id,
      version: saved.data.version,
    });
    expect([refused.status, refused.msg]).toEqual([
      1,
      formatMessage(MSG.unifiedTransactionBelowListing, { price: formatFen(LISTING) }),
    ]);
    const withdrawn = await owner.post('/api/project/unified/transaction/termination/terminate', {
      id: low.data.id,
      version: saved.data.version,
    });
    expect(withdrawn.status, withdrawn.msg).toBe(0);
    await approveAction({
      family: 'unified',
      t,
      phone,
      mobile: OWNER_MOBILE,
      ownerToken,
      exchange,
      projectId,
      action: 'transaction',
      form: {
        contractNo: 'ZL-2026-001',
        transfereeName: buyerName,
        dealPrice: LISTING,
        signDate: '2026-12-20',
      },
    });
    const project = await owner.post<ProjectView>(`/api/project/show/${projectId}`, { id: projectId });
    expect(project.data.status).toBe('dealt');
    // the transaction was the agreement with its buyer: the registration won
    const registration = await member.get<{ status: string }>(`/api/intention/${registrationId}`);
    expect(registration.data.status).toBe('won');
  });
});

describe('/api/docs', () => {
  it('names the unified calls as the spec does', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/project/unified/save',
        '/api/project/unified/update/{id}',
        '/api/project/unified/submit/{id}',
        '/api/project/unified/category',
        '/api/project/unified/copy/{id}',
        '/api/project/unified/work/date',
        '/api/project/unified/abort/create',
        '/api/project/unified/recovery/submit',
        '/api/project/unified/termination/signature',
        '/api/project/unified/transaction/termination/terminate',
        '/api/project/unified/withdrawal/show/{id}',
        '/api/project/unified/rediscovery/save',
        '/api/project/unified/transaction/show/{id}',
        '/api/project/unified/transaction/save',
        '/api/project/unified/transaction/submit',
        '/api/project/unified/{id}/processLog',
        '/api/project/cap/submitFormal/{id}',
      ]),
    );
  });
});
