// 代理意向登记: the demo agent member registers a buyer on a disclosing bulk project of the demo owner that asks a
// deposit, draws and e-signs the letter (the signed copy among its 电签文件), and the owner is told; the owner
// passes it, the exchange cannot confirm it while the deposit is unpaid, records the deposit (its amount, the day
// it arrived, the bank's reference; a wrong amount refused), confirms it; one qualified buyer leads to an
// agreement, two to the bidding hall. Another member sees none of it and changes nothing; a member registers one
// buyer per project; registrations close with the disclosure's last day; a registration is withdrawn (a paid
// deposit then owed back and recorded refunded), returned with a reason and signed again; a certificate number
// registers once per project; bad input gets its Chinese message, a stale version 409; the housekeeping reminds
// of a deposit due once and disqualifies one unpaid after its deadline; the deal's settlement makes the winner won
// and the others lost, the project 待签约 and its process log says so; the agreement waits for the registrations
// to close.
import {
  checkIntention,
  composeCreditCode,
  formatMessage,
  INTENTION_DATA_CLASS,
  INTENTION_FILE_TAG,
  MSG,
  SIGNED_LETTER_TAG,
  type IntentionDetail,
  type IntentionView,
  type NotificationRow,
  type OpenProject,
  type PageResult,
  type TaskRow,
  type ProcessLogRow,
  type SignedFile,
  type UploadResult,
} from '@cqjy/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows, type Db } from '../../db/client.ts';
import { buildMultipart, makePdf } from '../../test/files.ts';
import {
  bearer,
  createCapturingSmsProvider,
  createTestApp,
  createTestClock,
  loginAs,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import { SYSTEM_ACTOR } from '../../platform/audit.ts';
import { createAuditService } from '../audit/service.ts';
import { createNotificationsService } from '../notifications/service.ts';
import { projects } from '../projects/tables.ts';
import type { ProjectEventInput } from '../workflow/process-log.ts';
import {
  clientOf,
  copyProject,
  enrolSigner,
  findProjectId,
  type Client,
} from '../../test/workflow-support.ts';
import type { ProjectsService } from '../projects/service.ts';
import { createIntentionsService, type IntentionsDeps } from './service.ts';
import { listQualified, settleDeal } from './settle.ts';

const AGENT_MOBILE = '13800000004';
const MEMBER_MOBILE = '13800000003';
/** A Tuesday, 10:00 in Beijing: the deposit deadlines below are counted from it. */
const START = new Date('2026-12-01T10:00:00+08:00');
const DEPOSIT = 100_000_00;
const FAR_DEADLINE = '2027-06-30';

let t: TestApp;
let phone: CapturingSmsProvider;
let agent: Client;
let member: Client;
let owner: Client;
let owner2: Client;
let exchange: Client;
let agentToken: string;
let projectId: number;

/** A copy of the demo bulk project (disclosing, no agent member) asking `deposit`, or none. */
async function makeProject(
  code: string,
  deposit: { amount: number; deadline: string } | null,
): Promise<number> {
  const id = await copyProject(t, code);
  const demo = await findProjectId(t);
  const form =
    deposit === null
      ? sql`(details->'form') - 'depositAmount' - 'depositDeadline'`
      : sql`(details->'form') || jsonb_build_object('depositAmount', ${deposit.amount}::bigint, 'depositDeadline', ${deposit.deadline}::text)`;
  await t.db.execute(sql`
    update projects set details = jsonb_build_object('form', (select ${form} from projects where id = ${demo}))
    where id = ${id}`);
  return id;
}

let serial = 0;
/** A buyer (an organisation) with a fresh, valid credit code. */
function buyer(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  serial += 1;
  return {
    kind: 'company',
    name: `示范意向受让企业${serial}`,
    certType: 'creditCode',
    certNo: composeCreditCode('110108', String(71_000_000 + serial)),
    contactName: '赵经理',
    contactMobile: '13900000001',
    amount: 120_000_000,
    note: '',
    ...overrides,
  };
}

async function snapshot(): Promise<string> {
  const rows = await selectRows(t.db, sql`select * from intention_registrations order by id`);
  return JSON.stringify(rows);
}

/** The caller's open tasks about registration `id`: their title and screen (without the task's own id). */
async function waitingOn(client: Client, id: number): Promise<[string, string][]> {
  const todo = await client.post<PageResult<TaskRow>>('/api/task/list/todo', { page: 1, size: 50 });
  expect(todo.status, todo.msg).toBe(0);
  return todo.data.list
    .filter((row) => row.subject === 'intention' && row.subjectId === id)
    .map((row) => [row.actionTitle, row.path.replace(/&taskId=\d+$/, '')]);
}

async function show(client: Client, id: number): Promise<IntentionDetail> {
  const shown = await client.get<IntentionDetail>(`/api/intention/${id}`);
  expect(shown.status, shown.msg).toBe(0);
  return shown.data;
}

async function save(client: Client, body: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const saved = await client.post<{ id: number; version: number }>('/api/intention/save', body);
  expect(saved.status, saved.msg).toBe(0);
  return saved.data;
}

/** Draws the letter and signs it with the code sent to `mobile`; answers the new version. */
async function drawAndSign(client: Client, mobile: string, id: number, version: number): Promise<number> {
  const drawn = await client.post<{ version: number }>(`/api/intention/letter/${id}`, { version });
  expect(drawn, drawn.msg).toMatchObject({ status: 0, msg: MSG.intentionLetterMade });
  t.clock.advance(61_000);
  const sent = await client.post(`/api/intention/sign/otp/${id}`);
  expect(sent.status, sent.msg).toBe(0);
  const signed = await client.post<{ version: number }>(`/api/intention/signature/${id}`, {
    version: drawn.data.version,
    otp: phone.lastCodeTo(mobile),
  });
  expect(signed, signed.msg).toMatchObject({ status: 0, msg: MSG.intentionSigned });
  return signed.data.version;
}

/** The deposit's record as the exchange types it: the amount owed, arrived today, with a bank reference. */
function receipt(amount = DEPOSIT, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount,
    arrivedOn: t.clock.now().toISOString().slice(0, 10),
    reference: 'HX-20261201-0001',
    ...overrides,
  };
}

/** Ends the project's disclosure: its last day was the day before the clock's (the registrations closed). */
async function endDisclosure(project: number): Promise<void> {
  const dayBefore = new Date(t.clock.now().getTime() - 86_400_000);
  await t.db.execute(sql`update projects set disclosure_end = ${dayBefore} where id = ${project}`);
}

async function review(
  client: Client,
  id: number,
  body: { version: number; result: 'pass' | 'back'; reason?: string },
): Promise<number> {
  const reviewed = await client.post<{ version: number }>(`/api/intention/review/${id}`, body);
  expect(reviewed.status, reviewed.msg).toBe(0);
  return reviewed.data.version;
}

/** A registration of `client` on `project` taken to qualified: signed, passed, its deposit recorded, confirmed. */
async function qualify(client: Client, mobile: string, project: number): Promise<number> {
  const saved = await save(client, { projectId: project, ...buyer() });
  let version = await drawAndSign(client, mobile, saved.id, saved.version);
  version = await review(owner, saved.id, { version, result: 'pass' });
  const shown = await show(exchange, saved.id);
  if (shown.depositState === 'unpaid') {
    const paid = await exchange.post<{ version: number }>(`/api/intention/deposit/${saved.id}`, {
      version,
      ...receipt(shown.depositAmount ?? 0),
    });
    expect(paid.status, paid.msg).toBe(0);
    version = paid.data.version;
  }
  await review(exchange, saved.id, { version, result: 'pass' });
  return saved.id;
}

/** The projects module's part of a settlement, as the test's own statements on its table (its repo is its own). */
const testProjects = {
  findById: async (id: number, tx: Db = t.db) =>
    (await tx.select().from(projects).where(eq(projects.id, id)))[0],
  lockStatus: async (tx: Db, id: number) =>
    (await tx.select({ status: projects.status }).from(projects).where(eq(projects.id, id)).for('update'))[0]
      ?.status,
  updateGuarded: async (
    tx: Db,
    id: number,
    version: number,
    patch: Parameters<ProjectsService['updateGuarded']>[3],
  ) =>
    (
      await tx
        .update(projects)
        .set({ ...patch, version: sql`${projects.version} + 1` })
        .where(and(eq(projects.id, id), eq(projects.version, version)))
        .returning()
    )[0],
};

/**
 * The intentions service as a bank's adapter holds it: the database, the clock and the audit are all a deposit's
 * notice uses; anything else answers that it is not for a notice.
 */
function bankAdapter() {
  const unused = new Proxy(
    {},
    {
      get: () => () => {
        throw new Error('not used by a deposit notice');
      },
    },
  );
  const deps = {
    db: t.db,
    clock: t.clock,
    audit: createAuditService({ clock: t.clock }),
    users: unused,
    otp: unused,
    notifications: unused,
    signatures: unused,
    projects: unused,
    processLog: unused,
    attachments: { registerRecordVisibility: () => undefined, registerRecordWriteRule: () => undefined },
    isOwnCustomer: () => Promise.resolve(false),
  };
  return createIntentionsService(deps as unknown as IntentionsDeps);
}

async function messagesOf(client: Client): Promise<NotificationRow[]> {
  return (await client.get<PageResult<NotificationRow>>('/api/message/list?page=1&size=50')).data.list;
}

async function auditActions(target: number): Promise<string[]> {
  const rows = await selectRows<{ action: string }>(
    t.db,
    sql`select action from audit_log where target = ${String(target)} and action like 'intention.%' order by id`,
  );
  return rows.map((row) => row.action);
}

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({
    smsProvider: phone,
    clock: createTestClock(START),
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' },
  });
  agentToken = await loginAs(t.app, 'agent');
  agent = clientOf(t, agentToken);
  member = clientOf(t, await loginAs(t.app, 'member'));
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  owner2 = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'agent');
  await enrolSigner(t, 'member');
  projectId = await makeProject('GR2026BJ9000001', { amount: DEPOSIT, deadline: FAR_DEADLINE });
});

afterAll(async () => {
  await t.close();
});

describe('代理意向登记', () => {
  let id: number;
  let version: number;
  let certNo: string;

  it('offers the disclosing projects with their price and deposit terms', async () => {
    const listed = await agent.post<OpenProject[]>('/api/intention/projects', { keyword: 'GR2026BJ9000001' });
    expect(listed.status, listed.msg).toBe(0);
    expect(listed.data).toEqual([
      expect.objectContaining({
        id: projectId,
        family: 'bulk',
        depositAmount: DEPOSIT,
        depositDeadline: FAR_DEADLINE,
        listingPrice: expect.any(Number),
      }),
    ]);
    expect((await agent.post('/api/intention/projects', { keyword: '长'.repeat(51) })).msg).toBe(
      MSG.intentionKeywordTooLong,
    );
  });

  it('refuses bad input with its Chinese message, and nothing changes', async () => {
    const before = await snapshot();
    const good = { projectId, ...buyer() };
    const refusedWith = async (client: Client, body: Record<string, unknown>, msg: string) => {
      expect(await client.post('/api/intention/save', body)).toMatchObject({ status: 1, msg });
    };
    await refusedWith(agent, { ...good, name: ' ' }, '请填写意向受让方名称');
    await refusedWith(agent, { ...good, kind: 'robot' }, '请选择意向受让方类型');
    const nameless: Record<string, unknown> = { ...good, amount: undefined, note: undefined };
    delete nameless.name;
    await refusedWith(agent, nameless, '请填写意向受让方名称');
    // text PostgreSQL cannot hold is refused, not a server error
    await refusedWith(agent, { ...good, name: '示范\u0000企业' }, MSG.badRequest);
    expect(await agent.post('/api/intention/list', { keyword: '\u0000' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    const badCode = { ...good, certNo: '91110000ABCDEFGHIJ' };
    await refusedWith(agent, badCode, checkIntention(badCode).message ?? '');
    await refusedWith(agent, { ...good, amount: -5 }, MSG.intentionAmountInvalid);
    await refusedWith(agent, { ...good, amount: 1.5 }, MSG.intentionAmountInvalid);
    await refusedWith(
      agent,
      { ...good, contactMobile: '12' },
      checkIntention({ ...good, contactMobile: '12' }).message ?? '',
    );
    await refusedWith(
      agent,
      { ...good, note: '长'.repeat(501) },
      checkIntention({ ...good, note: '长'.repeat(501) }).message ?? '',
    );
    await refusedWith(agent, { ...good, projectId: 987_654_321 }, MSG.intentionProjectNotFound);
    await refusedWith(agent, { ...good, projectId: 'x' }, MSG.intentionProjectNotFound);
    const closed = await makeProject('GR2026BJ9000002', null);
    await t.db.execute(sql`update projects set status = 'dealt' where id = ${closed}`);
    await refusedWith(agent, { ...good, projectId: closed }, MSG.intentionProjectClosed);
    // only a member registers; the exchange has no such call
    await refusedWith(owner, good, MSG.intentionNotMember);
    expect((await exchange.post('/api/intention/save', good)).status).toBe(403);
    expect((await agent.post('/api/intention/list', { status: 'lost-ish' })).msg).toBe(MSG.badRequest);
    expect(await snapshot()).toBe(before);
  });

  it("keeps the customer a registration was filled from: the member's own, never another company's", async () => {
    const customerOf = async (username: string): Promise<number> => {
      const [row] = await selectRows<{ id: number }>(
        t.db,
        sql`insert into registry_rows (registry, company_id, values)
            select 'personalCustomer', o.company_id, '{"name":"钱客户"}'::jsonb
            from operators o join users u on u.id = o.user_id where u.username = ${username}
            returning id`,
      );
      return row?.id ?? 0;
    };
    const [theirs, ours] = [await customerOf('member'), await customerOf('agent')];
    const before = await snapshot();
    // a project of its own, so that the draft left here takes no number of the course's project
    const body = { projectId: await makeProject('GR2026BJ9000006', null), ...buyer() };
    for (const customerId of [theirs, 987_654_321]) {
      expect(await agent.post('/api/intention/save', { ...body, customerId })).toMatchObject({
        status: 1,
        msg: MSG.intentionCustomerUnknown,
      });
    }
    expect(await snapshot()).toBe(before);
    const saved = await save(agent, { ...body, customerId: ours });
    expect((await show(agent, saved.id)).customerId).toBe(ours);
    // an edit may not swap it for another company's either
    expect(
      await agent.post(`/api/intention/update/${saved.id}`, {
        ...body,
        version: saved.version,
        customerId: theirs,
      }),
    ).toMatchObject({ status: 1, msg: MSG.intentionCustomerUnknown });
    expect((await show(agent, saved.id)).customerId).toBe(ours);
  });

  it('saves a draft with the files uploaded under its draft id; nobody else sees it', async () => {
    const createId = 'intention-draft-1';
    const { payload, headers } = buildMultipart(
      { command: 'upload', tag: INTENTION_FILE_TAG, dataClass: INTENTION_DATA_CLASS, createId },
      { name: '营业执照.pdf', content: makePdf() },
    );
    const uploaded = readJson<UploadResult>(
      await t.app.inject({
        method: 'POST',
        url: '/api/attachment/upload',
        headers: { ...headers, ...bearer(agentToken) },
        payload,
      }),
    );
    expect(uploaded.status, uploaded.msg).toBe(0);
    const form = buyer();
    certNo = String(form.certNo);
    const saved = await agent.post<{ id: number; version: number }>('/api/intention/save', {
      projectId,
      ...form,
      createId,
    });
    expect(saved).toMatchObject({ status: 0, msg: MSG.intentionSaved });
    ({ id, version } = saved.data);
    expect(await show(agent, id)).toMatchObject({
      status: 'draft',
      statusLabel: '草稿',
      projectId,
      memberName: '示范综合服务代理有限公司',
      depositState: 'none',
      certNo,
      viewRoute: 'bulkShow',
      files: [{ name: '营业执照.pdf', tag: INTENTION_FILE_TAG }],
    });
    // a draft is the member's own business
    expect((await owner.get(`/api/intention/${id}`)).status).toBe(404);
    expect((await exchange.get(`/api/intention/${id}`)).status).toBe(404);
    const theirs = await owner.post<IntentionView[]>('/api/intention/list', { projectId });
    expect(theirs.data.map((row) => row.id)).not.toContain(id);
    const mine = await agent.post<IntentionView[]>('/api/intention/list', {});
    expect(mine.data.map((row) => row.id)).toContain(id);
  });

  it('edits the draft from its version: a stale one is 409, a blank number keeps the stored one', async () => {
    const before = await snapshot();
    const stale = await agent.post(`/api/intention/update/${id}`, {
      ...buyer(),
      certNo,
      version: version + 1,
    });
    expect(stale.status).toBe(409);
    expect(await snapshot()).toBe(before);
    const updated = await agent.post<{ version: number }>(`/api/intention/update/${id}`, {
      ...buyer({ name: '北京示范意向投资有限公司' }),
      certNo: '',
      version,
    });
    expect(updated.status, updated.msg).toBe(0);
    version = updated.data.version;
    expect(await show(agent, id)).toMatchObject({ name: '北京示范意向投资有限公司', certNo });
  });

  it('draws the letter with the deposit, signs it with the code: submitted, the owner told, filed as signed', async () => {
    expect(await agent.post(`/api/intention/sign/otp/${id}`)).toMatchObject({
      status: 1,
      msg: MSG.intentionNotAllowed,
    });
    const drawn = await agent.post<{ version: number }>(`/api/intention/letter/${id}`, { version });
    expect(drawn).toMatchObject({ status: 0, msg: MSG.intentionLetterMade });
    version = drawn.data.version;
    const letter = await show(agent, id);
    // the letter carries the deposit: it is owed from now on, in every view (never 无需交纳 beside an amount due)
    expect(letter).toMatchObject({
      status: 'letterGenerated',
      depositAmount: DEPOSIT,
      depositDeadline: FAR_DEADLINE,
      depositState: 'unpaid',
      depositStateLabel: '未交纳',
    });
    const listed = await agent.post<IntentionView[]>('/api/intention/list', { projectId });
    expect(listed.data.find((row) => row.id === id)).toMatchObject({ depositState: 'unpaid' });
    // the drawn letter is no file of the registration's own
    expect(letter.files.map((file) => file.name)).toEqual(['营业执照.pdf']);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/attachment/download/${letter.letterId}`,
      headers: bearer(agentToken),
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // still unsigned: the owner does not see it
    expect((await owner.get(`/api/intention/${id}`)).status).toBe(404);

    t.clock.advance(61_000);
    expect((await agent.post(`/api/intention/sign/otp/${id}`)).status).toBe(0);
    const code = phone.lastCodeTo(AGENT_MOBILE);
    expect((await agent.post(`/api/intention/sign/otp/check/${id}`, { otp: code })).status).toBe(0);
    const before = await snapshot();
    expect(await agent.post(`/api/intention/signature/${id}`, { version, otp: '000000' })).toMatchObject({
      status: 1,
    });
    expect(
      (await agent.post(`/api/intention/signature/${id}`, { version: version + 1, otp: code })).status,
    ).toBe(409);
    expect(await snapshot()).toBe(before);
    const unread = (await owner.get<{ count: number }>('/api/message/unread/count')).data.count;
    const signed = await agent.post<{ version: number }>(`/api/intention/signature/${id}`, {
      version,
      otp: code,
    });
    expect(signed).toMatchObject({ status: 0, msg: MSG.intentionSigned });
    version = signed.data.version;
    const shown = await show(agent, id);
    expect(shown).toMatchObject({ status: 'submitted', depositState: 'unpaid', depositStateLabel: '未交纳' });
    expect(shown.signedFileId).not.toBeNull();

    // the owner: told, and sees it now
    expect((await owner.get<{ count: number }>('/api/message/unread/count')).data.count).toBe(unread + 1);
    expect((await messagesOf(owner))[0]).toMatchObject({
      kind: 'intention.submitted',
      title: '新的意向登记：北京示范意向投资有限公司',
      link: `/index/bulkShow?id=${id}`,
    });
    expect((await show(owner, id)).status).toBe('submitted');
    const ownerList = await owner.post<IntentionView[]>('/api/intention/list', { projectId });
    expect(ownerList.data.map((row) => row.id)).toContain(id);
    const all = await exchange.post<IntentionView[]>('/api/intention/list', { keyword: '北京示范意向投资' });
    expect(all.data.map((row) => row.id)).toEqual([id]);

    // the signed letter among the member's 电签文件, named as an intention registration
    const files = await agent.get<PageResult<SignedFile>>('/api/file/signed/list?page=1&size=20');
    expect(files.status, files.msg).toBe(0);
    expect(files.data.list.find((file) => file.id === shown.signedFileId)).toMatchObject({
      source: { kind: '意向登记' },
    });
    const related = await agent.post<{ uuid: string; tag: string }[]>('/api/file/related', {
      dataClass: INTENTION_DATA_CLASS,
      dataId: String(id),
    });
    expect(related.data.filter((file) => file.tag === SIGNED_LETTER_TAG).map((file) => file.uuid)).toEqual([
      shown.signedFileId,
    ]);
  });

  it('another member and another owner see none of it and change nothing', async () => {
    const before = await snapshot();
    expect((await member.get(`/api/intention/${id}`)).status).toBe(404);
    expect((await owner2.get(`/api/intention/${id}`)).status).toBe(404);
    const writes: [string, unknown][] = [
      [`/api/intention/update/${id}`, { ...buyer(), version }],
      [`/api/intention/letter/${id}`, { version }],
      [`/api/intention/sign/otp/${id}`, {}],
      [`/api/intention/sign/otp/check/${id}`, { otp: '123456' }],
      [`/api/intention/signature/${id}`, { version, otp: '123456' }],
      [`/api/intention/withdraw/${id}`, { version }],
      [`/api/intention/review/${id}`, { version, result: 'pass' }],
    ];
    for (const [url, body] of writes) {
      expect((await member.post(url, body)).status, url).toBe(404);
    }
    expect((await owner2.post(`/api/intention/review/${id}`, { version, result: 'pass' })).status).toBe(404);
    // the deposit's records are the exchange's alone
    expect((await member.post(`/api/intention/deposit/${id}`, { version })).status).toBe(403);
    expect((await member.post(`/api/intention/deposit/refund/${id}`, { version })).status).toBe(403);
    const theirs = await member.post<IntentionView[]>('/api/intention/list', {});
    expect(theirs.data.map((row) => row.id)).not.toContain(id);
    expect((await owner2.post('/api/intention/list', { projectId })).status).toBe(404);
    expect((await owner2.get(`/api/intention/course/${projectId}`)).status).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('the owner passes it; the exchange confirms it only once the deposit is recorded', async () => {
    expect(await owner.post(`/api/intention/review/${id}`, { version, result: 'maybe' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    version = await review(owner, id, { version, result: 'pass', reason: '符合受让条件' });
    expect(await show(owner, id)).toMatchObject({ status: 'ownerApproved', ownerOpinion: '符合受让条件' });
    // the owner's part is done; the exchange has not confirmed yet
    expect(await owner.post(`/api/intention/review/${id}`, { version, result: 'pass' })).toMatchObject({
      status: 1,
      msg: MSG.intentionNotAllowed,
    });
    expect(await agent.post(`/api/intention/withdraw/${id}`, { version })).toMatchObject({
      status: 1,
      msg: MSG.intentionNotAllowed,
    });
    const before = await snapshot();
    expect(await exchange.post(`/api/intention/review/${id}`, { version, result: 'pass' })).toMatchObject({
      status: 1,
      msg: MSG.intentionDepositUnpaid,
    });
    expect(
      (await exchange.post(`/api/intention/deposit/${id}`, { version: version + 1, ...receipt() })).status,
    ).toBe(409);
    expect(await exchange.post(`/api/intention/deposit/refund/${id}`, { version })).toMatchObject({
      status: 1,
      msg: MSG.intentionDepositNotRefunding,
    });
    // the record must be the deposit owed, arrived by today, with the bank's reference
    const refusals: [Record<string, unknown>, string][] = [
      [receipt(DEPOSIT - 100), '到账金额99,999.00元与应交保证金100,000.00元不一致'],
      [receipt(DEPOSIT, { amount: undefined }), MSG.intentionDepositAmountInvalid],
      [receipt(DEPOSIT, { arrivedOn: '2026-12-02' }), MSG.intentionDepositDateFuture],
      [receipt(DEPOSIT, { arrivedOn: '2026/12/01' }), MSG.intentionDepositDateInvalid],
      [receipt(DEPOSIT, { reference: ' ' }), MSG.intentionDepositReferenceRequired],
    ];
    for (const [body, msg] of refusals) {
      expect(await exchange.post(`/api/intention/deposit/${id}`, { version, ...body })).toMatchObject({
        status: 1,
        msg,
      });
    }
    expect(await snapshot()).toBe(before);
    const paid = await exchange.post<{ version: number }>(`/api/intention/deposit/${id}`, {
      version,
      ...receipt(DEPOSIT, { arrivedOn: '2026-11-30', reference: ' HX20261130-8848 ' }),
    });
    expect(paid).toMatchObject({ status: 0, msg: MSG.intentionDepositRecorded });
    version = paid.data.version;
    // the record shows on the registration's view, and the audit keeps it
    expect(await show(agent, id)).toMatchObject({
      depositState: 'paid',
      depositReceivedAmount: DEPOSIT,
      depositArrivedOn: '2026-11-30',
      depositReference: 'HX20261130-8848',
    });
    const [audited] = await selectRows<{ detail: Record<string, unknown> }>(
      t.db,
      sql`select detail from audit_log where target = ${String(id)} and action = 'intention.deposit'`,
    );
    expect(audited?.detail).toMatchObject({
      amount: DEPOSIT,
      arrivedOn: '2026-11-30',
      reference: 'HX20261130-8848',
      source: 'exchange',
    });
    expect(await exchange.post(`/api/intention/deposit/${id}`, { version, ...receipt() })).toMatchObject({
      status: 1,
      msg: MSG.intentionDepositNotDue,
    });
    version = await review(exchange, id, { version, result: 'pass' });
    expect(await show(agent, id)).toMatchObject({ status: 'qualified', depositState: 'frozen' });
    expect((await messagesOf(agent))[0]).toMatchObject({
      kind: 'intention.reviewed',
      title: '意向登记已通过资格审核：北京示范意向投资有限公司',
      link: `/index/bulkShow?id=${id}`,
    });
    expect(await auditActions(id)).toEqual([
      'intention.create',
      'intention.update',
      'intention.letter',
      'intention.sign',
      'intention.review',
      'intention.deposit',
      'intention.review',
    ]);
  });

  it('one qualified buyer makes an agreement, two the bidding hall', async () => {
    expect((await owner.get(`/api/intention/course/${projectId}`)).data).toMatchObject({
      course: 'agreement',
      qualified: 1,
    });
    await qualify(member, MEMBER_MOBILE, projectId);
    for (const client of [owner, exchange, agent]) {
      expect((await client.get(`/api/intention/course/${projectId}`)).data).toMatchObject({
        course: 'bidding',
        qualified: 2,
      });
    }
  });

  it('takes one buyer per member on a project: a second is refused until the first is withdrawn', async () => {
    const before = await snapshot();
    // the agent holds a registration on the project already (qualified): another buyer of its own is refused
    expect(await agent.post('/api/intention/save', { projectId, ...buyer() })).toMatchObject({
      status: 1,
      msg: MSG.intentionMemberTaken,
    });
    expect(await snapshot()).toBe(before);
    const other = await makeProject('GR2026BJ9000008', null);
    const first = await save(agent, { projectId: other, ...buyer() });
    // a draft holds the place too
    expect(await agent.post('/api/intention/save', { projectId: other, ...buyer() })).toMatchObject({
      status: 1,
      msg: MSG.intentionMemberTaken,
    });
    // and the database holds it, whatever a racing call found when it checked
    await expect(
      t.db.execute(sql`
        insert into intention_registrations
          (project_id, company_id, kind, name, cert_type, cert_no, contact_name, contact_mobile)
        select project_id, company_id, kind, name || '乙', cert_type, 'X' || cert_no, contact_name, contact_mobile
        from intention_registrations where id = ${first.id}`),
    ).rejects.toThrow();
    // another member registers its own buyer
    await save(member, { projectId: other, ...buyer() });
    const withdrawn = await agent.post(`/api/intention/withdraw/${first.id}`, { version: first.version });
    expect(withdrawn.status, withdrawn.msg).toBe(0);
    await save(agent, { projectId: other, ...buyer() });
  });

  it("closes the registrations with the disclosure's last day; the course waits for it", async () => {
    const closing = await makeProject('GR2026BJ9000009', null);
    const day = t.clock.now().toISOString().slice(0, 10);
    const lastDay = new Date(`${day}T09:00:00+08:00`);
    await t.db.execute(sql`update projects set disclosure_end = ${lastDay} where id = ${closing}`);
    // the last day itself is in time
    const saved = await save(agent, { projectId: closing, ...buyer() });
    // while the registrations are open, neither the hall nor the agreement may come, and the course says why
    const signed = await drawAndSign(agent, AGENT_MOBILE, saved.id, saved.version);
    await review(exchange, saved.id, {
      version: await review(owner, saved.id, { version: signed, result: 'pass' }),
      result: 'pass',
    });
    const open = await exchange.get(`/api/intention/course/${closing}`);
    expect(open.data).toEqual({
      course: 'agreement',
      qualified: 1,
      canOpenBidding: false,
      canAgree: false,
      reason: `意向登记截止日（披露期满）为${day}，截止后方可确定成交`,
    });
    expect(await exchange.post(`/api/intention/agreement/${closing}`, {})).toMatchObject({
      status: 1,
      msg: `意向登记截止日（披露期满）为${day}，截止后方可确定成交`,
    });
    // the day after: closed to new registrations, open to the deal
    await endDisclosure(closing);
    const before = await snapshot();
    expect(await member.post('/api/intention/save', { projectId: closing, ...buyer() })).toMatchObject({
      status: 1,
      msg: MSG.intentionProjectClosed,
    });
    expect(await snapshot()).toBe(before);
    expect((await exchange.get(`/api/intention/course/${closing}`)).data).toMatchObject({
      canAgree: true,
      reason: null,
    });
    const listed = await agent.post<OpenProject[]>('/api/intention/projects', { keyword: 'GR2026BJ9000009' });
    expect(listed.data).toEqual([]);
  });

  it('registers a certificate number once per project, again once withdrawn', async () => {
    const before = await snapshot();
    expect(await member.post('/api/intention/save', { projectId, ...buyer({ certNo }) })).toMatchObject({
      status: 1,
      msg: MSG.intentionCertNoTaken,
    });
    expect(await snapshot()).toBe(before);
    const other = await makeProject('GR2026BJ9000003', null);
    const elsewhere = await save(member, { projectId: other, ...buyer({ certNo }) });
    // withdrawn, the number is free on its project again
    const withdrawn = await member.post(`/api/intention/withdraw/${elsewhere.id}`, {
      version: elsewhere.version,
    });
    expect(withdrawn).toMatchObject({ status: 0, msg: MSG.intentionWithdrawn });
    await save(agent, { projectId: other, ...buyer({ certNo }) });
  });

  it('withdraws before the review; a paid deposit is then owed back and recorded refunded', async () => {
    // a project of its own: the agent represents one buyer per project
    const withdrawing = await makeProject('GR2026BJ9000010', { amount: DEPOSIT, deadline: FAR_DEADLINE });
    const saved = await save(agent, { projectId: withdrawing, ...buyer() });
    let current = await drawAndSign(agent, AGENT_MOBILE, saved.id, saved.version);
    const paid = await exchange.post<{ version: number }>(`/api/intention/deposit/${saved.id}`, {
      version: current,
      ...receipt(),
    });
    expect(paid.status, paid.msg).toBe(0);
    current = paid.data.version;
    expect((await agent.post(`/api/intention/withdraw/${saved.id}`, { version: current + 1 })).status).toBe(
      409,
    );
    const withdrawn = await agent.post<{ version: number }>(`/api/intention/withdraw/${saved.id}`, {
      version: current,
    });
    expect(withdrawn).toMatchObject({ status: 0, msg: MSG.intentionWithdrawn });
    current = withdrawn.data.version;
    expect(await show(exchange, saved.id)).toMatchObject({ status: 'withdrawn', depositState: 'refunding' });
    expect(await agent.post(`/api/intention/withdraw/${saved.id}`, { version: current })).toMatchObject({
      status: 1,
      msg: MSG.intentionNotAllowed,
    });
    const refunded = await exchange.post(`/api/intention/deposit/refund/${saved.id}`, { version: current });
    expect(refunded).toMatchObject({ status: 0, msg: MSG.intentionDepositRefunded });
    const shown = await show(agent, saved.id);
    expect(shown).toMatchObject({ depositState: 'refunded', depositStateLabel: '已退还' });
    expect(shown.depositRefundedAt).not.toBeNull();
  });

  it('returned with a reason, edited, drawn and signed again; the exchange may return it too', async () => {
    // a project of its own: the agent represents one buyer per project
    const returning = await makeProject('GR2026BJ9000011', { amount: DEPOSIT, deadline: FAR_DEADLINE });
    const saved = await save(agent, { projectId: returning, ...buyer() });
    let current = await drawAndSign(agent, AGENT_MOBILE, saved.id, saved.version);
    const before = await snapshot();
    expect(
      await owner.post(`/api/intention/review/${saved.id}`, { version: current, result: 'back' }),
    ).toMatchObject({ status: 1, msg: MSG.intentionReasonRequired });
    expect(
      await owner.post(`/api/intention/review/${saved.id}`, {
        version: current,
        result: 'back',
        reason: '长'.repeat(501),
      }),
    ).toMatchObject({ status: 1, msg: formatMessage(MSG.intentionReasonTooLong, { max: 500 }) });
    // the exchange's turn comes after the owner's
    expect(
      await exchange.post(`/api/intention/review/${saved.id}`, { version: current, result: 'pass' }),
    ).toMatchObject({ status: 1, msg: MSG.intentionNotAllowed });
    expect(await snapshot()).toBe(before);

    // each decision waits in its party's 待办任务, linked to the screen where it is taken
    expect(await waitingOn(owner, saved.id)).toEqual([
      ['意向登记资格审核', `/index/bulkShowProject?id=${returning}`],
    ]);
    expect(await waitingOn(agent, saved.id)).toEqual([]);
    current = await review(owner, saved.id, { version: current, result: 'back', reason: '请补充财务报表' });
    expect(await show(agent, saved.id)).toMatchObject({ status: 'returned', reviewReason: '请补充财务报表' });
    expect(await waitingOn(owner, saved.id)).toEqual([]);
    expect(await waitingOn(agent, saved.id)).toEqual([
      ['意向登记退回修改', `/index/addIntention?id=${saved.id}`],
    ]);
    expect((await messagesOf(agent))[0]).toMatchObject({
      kind: 'intention.reviewed',
      body: expect.stringContaining('请补充财务报表') as unknown,
    });
    const edited = await agent.post<{ version: number }>(`/api/intention/update/${saved.id}`, {
      ...buyer({ note: '已补充2025年度审计报告' }),
      certNo: '',
      version: current,
    });
    expect(edited.status, edited.msg).toBe(0);
    current = await drawAndSign(agent, AGENT_MOBILE, saved.id, edited.data.version);
    expect(await show(owner, saved.id)).toMatchObject({
      status: 'submitted',
      note: '已补充2025年度审计报告',
      reviewReason: '',
      depositState: 'unpaid',
    });
    current = await review(owner, saved.id, { version: current, result: 'pass' });
    expect(await waitingOn(exchange, saved.id)).toEqual([
      ['意向登记资格确认', `/index/bulkShowProject?id=${returning}`],
    ]);
    // a second review from the same stale view: the task was handled, nothing changes
    expect(
      await owner.post(`/api/intention/review/${saved.id}`, {
        version: current - 1,
        result: 'back',
        reason: '重复',
      }),
    ).toMatchObject({ status: 409, msg: MSG.workflowTaskHandled });
    current = await review(exchange, saved.id, {
      version: current,
      result: 'back',
      reason: '保证金账户信息有误',
    });
    expect(await waitingOn(exchange, saved.id)).toEqual([]);
    expect(await waitingOn(agent, saved.id)).toEqual([
      ['意向登记退回修改', `/index/addIntention?id=${saved.id}`],
    ]);
    expect(await show(agent, saved.id)).toMatchObject({
      status: 'returned',
      reviewReason: '保证金账户信息有误',
    });
  });

  it('settles the deal: the winner won, its deposit applied; the other lost, its deposit owed back', async () => {
    const qualified = await t.db.transaction((tx) => listQualified(tx, projectId));
    expect(qualified).toHaveLength(2);
    const [winner, loser] = qualified;
    if (winner === undefined || loser === undefined) throw new Error('two qualified expected');
    const clock = t.clock;
    const logged: ProjectEventInput[] = [];
    const context = {
      notifications: createNotificationsService({ db: t.db, clock }),
      // the projects module's part, as the test's own statements on its table (its repo is its own)
      projects: testProjects,
      // the process log's part: what was recorded
      processLog: {
        recordProjectEvent: (_tx: Db, input: ProjectEventInput): Promise<void> => {
          logged.push(input);
          return Promise.resolve();
        },
      },
      audit: createAuditService({ clock }),
      at: clock.now(),
    };
    // a winner that is not qualified on the project is refused, nothing changes
    const before = await snapshot();
    const terms = {
      source: 'bidding' as const,
      dealPrice: 150_000_000,
      biddingId: 9,
      bidderNo: 'J001',
      decidedAt: clock.now(),
    };
    await expect(
      t.db.transaction((tx) => settleDeal(tx, projectId, 987_654_321, terms, context)),
    ).rejects.toThrow();
    expect(await snapshot()).toBe(before);
    const settled = await t.db.transaction((tx) => settleDeal(tx, projectId, winner.id, terms, context));
    const dealResult = {
      source: 'bidding',
      transfereeName: winner.name,
      dealPrice: 150_000_000,
      registrationId: winner.id,
      biddingId: 9,
      decidedAt: clock.now().toISOString(),
    };
    expect(settled).toEqual({ wonId: winner.id, lostIds: [loser.id], dealResult });
    // the project keeps the deal, from which its contract starts
    const [kept] = await selectRows<{ deal: unknown; status: string }>(
      t.db,
      sql`select details->'dealResult' as deal, status from projects where id = ${projectId}`,
    );
    expect(kept?.deal).toEqual(dealResult);
    // the deal decided, the contract is next; the process log records it
    expect(kept?.status).toBe('awaitingContract');
    expect(logged).toEqual([
      expect.objectContaining({
        projectId,
        event: 'biddingWon',
        reason: `${winner.name}（竞买号J001）以1,500,000.00元竞得`,
        actor: null,
      }),
    ]);
    expect(await show(exchange, winner.id)).toMatchObject({ status: 'won', depositState: 'applied' });
    expect(await show(exchange, loser.id)).toMatchObject({ status: 'lost', depositState: 'refunding' });
    expect(
      (await messagesOf(agent)).find((row) => row.link === `/index/bulkShow?id=${winner.id}`),
    ).toMatchObject({ title: `意向受让方已成交：${winner.name}` });
    expect((await messagesOf(member))[0]).toMatchObject({ title: `意向受让方未成交：${loser.name}` });
    // the course stays what it was: two buyers passed the qualification
    expect((await owner.get(`/api/intention/course/${projectId}`)).data).toMatchObject({
      course: 'bidding',
      qualified: 2,
      canOpenBidding: false,
      reason: MSG.intentionDealDecided,
    });
  });

  it('confirms an agreement with the one qualified buyer at the listing price, and only then', async () => {
    const single = await makeProject('GR2026BJ9000005', { amount: DEPOSIT, deadline: FAR_DEADLINE });
    // nobody qualified (on a project whose registrations closed empty): refused, nothing changes
    const empty = await makeProject('GR2026BJ9000013', null);
    await endDisclosure(empty);
    const before = await snapshot();
    expect(await exchange.post(`/api/intention/agreement/${empty}`, {})).toMatchObject({
      status: 1,
      msg: MSG.intentionAgreementNotOne,
    });
    expect(await snapshot()).toBe(before);
    const winnerId = await qualify(agent, AGENT_MOBILE, single);
    // the exchange's alone: the owner and the member have no right to it
    for (const client of [owner, agent]) {
      expect(await client.post(`/api/intention/agreement/${single}`, {})).toMatchObject({ status: 403 });
    }
    // the deal waits for the registrations to close with the disclosure
    expect(await exchange.post(`/api/intention/agreement/${single}`, {})).toMatchObject({
      status: 1,
      msg: expect.stringContaining('截止后方可确定成交') as unknown,
    });
    await endDisclosure(single);
    const agreed = await exchange.post<{ transfereeName: string; dealPrice: number; source: string }>(
      `/api/intention/agreement/${single}`,
      {},
    );
    expect(agreed.status, agreed.msg).toBe(0);
    // the copy of the demo project lists at 1,860,000 yuan
    expect(agreed.data).toMatchObject({
      source: 'agreement',
      transfereeName: (await show(agent, winnerId)).name,
      dealPrice: 1_860_000_00,
    });
    expect(await show(agent, winnerId)).toMatchObject({ status: 'won', depositState: 'applied' });
    // decided once
    expect(await exchange.post(`/api/intention/agreement/${single}`, {})).toMatchObject({
      status: 1,
      msg: MSG.intentionDealDecided,
    });
    // the project waits for its contract, and its process log names the agreement and who confirmed it
    const project = await owner.get<{ status: string; statusLabel: string }>(`/api/project/status/${single}`);
    expect(project.data).toMatchObject({ status: 'awaitingContract', statusLabel: '待签约' });
    const log = await owner.get<ProcessLogRow[]>(`/api/project/${single}/processLog`);
    expect(log.status, log.msg).toBe(0);
    expect(log.data.at(-1)).toMatchObject({
      stage: '协议转让',
      stepLabel: '成交确认',
      result: '成交',
      reason: `唯一合格意向受让方${(await show(agent, winnerId)).name}以挂牌价1,860,000.00元成交`,
      companyName: '示范产权交易所',
    });
  });

  it("takes a bank's notice of a deposit with the exchange's checks", async () => {
    const noticed = await makeProject('GR2026BJ9000012', { amount: DEPOSIT, deadline: FAR_DEADLINE });
    const saved = await save(agent, { projectId: noticed, ...buyer() });
    const version = await drawAndSign(agent, AGENT_MOBILE, saved.id, saved.version);
    const bank = bankAdapter();
    const system = SYSTEM_ACTOR;
    const before = await snapshot();
    await expect(bank.recordDepositNotice(system, saved.id, receipt(DEPOSIT + 1))).rejects.toMatchObject({
      message: '到账金额100,000.01元与应交保证金100,000.00元不一致',
    });
    await expect(
      bank.recordDepositNotice(system, saved.id, receipt(DEPOSIT, { reference: '' })),
    ).rejects.toMatchObject({ message: MSG.intentionDepositReferenceRequired });
    expect(await snapshot()).toBe(before);
    await bank.recordDepositNotice(system, saved.id, {
      version,
      ...receipt(DEPOSIT, { reference: 'BANK-77' }),
    });
    expect(await show(exchange, saved.id)).toMatchObject({
      depositState: 'paid',
      depositReceivedAmount: DEPOSIT,
      depositReference: 'BANK-77',
    });
  });

  it('reminds of a deposit due once, and disqualifies a registration still unpaid after its deadline', async () => {
    // due the next day: within the reminder's working days
    const soon = await makeProject('GR2026BJ9000004', { amount: DEPOSIT, deadline: '2026-12-02' });
    const saved = await save(agent, { projectId: soon, ...buyer() });
    const current = await drawAndSign(agent, AGENT_MOBILE, saved.id, saved.version);
    const first = await t.app.housekeeping.runOnce();
    expect(first?.depositDeadlines).toMatchObject({ disqualified: 0, reminded: 1 });
    const link = `/index/bulkShow?id=${saved.id}`;
    const due = (await messagesOf(agent)).filter(
      (row) => row.link === link && row.kind === 'intention.deposit',
    );
    expect(due).toEqual([
      expect.objectContaining({ title: `保证金即将到期：${String((await show(agent, saved.id)).name)}` }),
    ]);
    expect((await t.app.housekeeping.runOnce())?.depositDeadlines).toMatchObject({ reminded: 0 });

    // the deadline's day is still in time; the day after it is not
    t.clock.set(new Date('2026-12-02T23:59:00+08:00'));
    expect((await t.app.housekeeping.runOnce())?.depositDeadlines).toMatchObject({ disqualified: 0 });
    t.clock.set(new Date('2026-12-03T00:01:00+08:00'));
    const report = await t.app.housekeeping.runOnce();
    expect(report?.depositDeadlines).toMatchObject({ disqualified: 1 });
    const [row] = await selectRows<{ status: string; version: number }>(
      t.db,
      sql`select status, version from intention_registrations where id = ${saved.id}`,
    );
    expect(row).toMatchObject({ status: 'disqualified', version: current + 1 });
    expect(await auditActions(saved.id)).toContain('intention.disqualify');
    // signed in again: the sessions of the earlier day have ended
    const fresh = clientOf(t, await loginAs(t.app, 'agent'));
    expect((await messagesOf(fresh))[0]).toMatchObject({
      kind: 'intention.deposit',
      title: expect.stringContaining('保证金逾期未交纳') as unknown,
      link,
    });
    expect((await t.app.housekeeping.runOnce())?.depositDeadlines).toEqual({ disqualified: 0, reminded: 0 });
  });
});
