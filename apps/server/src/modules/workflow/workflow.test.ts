// The abort flow end to end (BF-3.1, BF-5.1, BF-7.3 and the workflow contract): create, save, submit (letter),
// a sign code bound to the letter, signature verified by pdfsig, a return with a reason, update and resubmit,
// a second signature, pass -> project suspended, and the process log; plus scoping, permissions and input.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  listWorkflowRoutes,
  familiesOfScreens,
  findStepByRouteName,
  findAction,
  isModuleAction,
  MSG,
  type ActionView,
  type NotificationRow,
  type ProcessLogRow,
  type ProcessLogStage,
  type ProjectView,
  type TaskCounts,
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
import { verifyAuditChain } from '../audit/service.ts';
import {
  clientOf,
  copyProject,
  enrolSigner,
  findProjectId,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../../test/workflow-support.ts';

const BASE = '/api/project/bulk/abort';
const MOBILE = '13800000001';
const scratch = mkdtempSync(join(tmpdir(), 'cqjy-workflow-test-'));

let t: TestApp;
let phone: CapturingSmsProvider;
let applicant: Client;
let applicantToken: string;
let foreign: Client;
let exchange: Client;
let land: Client;
let ops: Client;
let anonymous: Client;
let projectId: number;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  applicantToken = await loginAs(t.app, 'transferor');
  applicant = clientOf(t, applicantToken);
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  land = clientOf(t, await loginAs(t.app, 'land'));
  ops = clientOf(t, await loginAs(t.app, 'opsadmin'));
  anonymous = clientOf(t, undefined);
  await enrolSigner(t, 'transferor');
  projectId = await findProjectId(t);
});

afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function show(client: Client, id: number): Promise<ActionView> {
  const body = await client.get<ActionView>(`${BASE}/show/${id}`);
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

async function sendCode(client: Client, dataId: number): Promise<string> {
  t.clock.advance(61_000);
  const body = await client.post('/api/workflow/sign/otp', { dataId });
  expect(body.status, body.msg).toBe(0);
  return phone.lastCodeTo(MOBILE);
}

async function fetchFile(client: Client, uuid: string): Promise<Buffer> {
  const response = await client.raw('GET', `/api/attachment/download/${uuid}`);
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

function pdfsig(bytes: Buffer): string {
  const path = join(scratch, `signed-${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(path, bytes);
  const result = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

async function countRows(table: string, where = sql`true`): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
  );
  return rows[0]?.n ?? 0;
}

async function projectStatus(id: number): Promise<string> {
  const rows = await selectRows<{ status: string }>(t.db, sql`select status from projects where id = ${id}`);
  return rows[0]?.status ?? '';
}

describe('the abort flow (bulk)', () => {
  let id = 0;
  let version = 0;
  let eicTaskId = 0;

  it('create -> a draft; a second create of the same project and action is refused', async () => {
    const created = await applicant.post<{ id: number; version: number }>(`${BASE}/create`, { projectId });
    expect(created.status, created.msg).toBe(0);
    ({ id, version } = created.data);
    const again = await applicant.post(`${BASE}/create`, { projectId });
    expect(again).toMatchObject({ status: 1, msg: MSG.workflowInstanceOpen });
    expect(await countRows('action_instances', sql`action = 'abort'`)).toBe(1);
    const view = await show(applicant, id);
    expect(view).toMatchObject({
      status: 'draft',
      statusLabel: '草稿',
      actionTitle: '项目中止',
      letter: null,
    });
    expect(view.project).toMatchObject({ id: projectId, code: 'GR2026BJ1000123', status: 'disclosing' });
  });

  it('save checks the form: too long a reason is refused and nothing changes', async () => {
    const tooLong = await applicant.post(`${BASE}/save`, { id, version, form: { reason: '因'.repeat(501) } });
    expect(tooLong).toMatchObject({ status: 1, msg: '申请原因不能超过500个字符' });
    const badDate = await applicant.post(`${BASE}/save`, {
      id,
      version,
      form: { reason: '权属待确认', expectedResumeDate: '2026-02-30' },
    });
    expect(badDate).toMatchObject({ status: 1, msg: MSG.workflowResumeDateInvalid });
    expect((await show(applicant, id)).version).toBe(version);
  });

  it('submit refuses a form without a reason, then without the application file', async () => {
    const noReason = await applicant.post(`${BASE}/submit`, { id, version });
    expect(noReason).toMatchObject({ status: 1, msg: '请填写申请原因' });
    const saved = await applicant.post<{ version: number }>(`${BASE}/save`, {
      id,
      version,
      form: {
        reason: '标的资产权属需进一步确认',
        remark: '请尽快处理',
        expectedResumeDate: '2026-12-01',
        junk: 'x',
      },
    });
    expect(saved.status, saved.msg).toBe(0);
    version = saved.data.version;
    const noFile = await applicant.post(`${BASE}/submit`, { id, version });
    expect(noFile).toMatchObject({ status: 1, msg: '请上传申请材料' });
    expect((await show(applicant, id)).form).toEqual({
      reason: '标的资产权属需进一步确认',
      remark: '请尽快处理',
      expectedResumeDate: '2026-12-01',
    });
  });

  it('a stale version is refused with 409', async () => {
    const stale = await applicant.post(`${BASE}/save`, { id, version: version - 1, form: { reason: 'x' } });
    expect(stale.status).toBe(409);
  });

  it('nothing is signed before it is submitted', async () => {
    const early = await applicant.post('/api/workflow/sign/otp', { dataId: id });
    expect(early).toMatchObject({ status: 1, msg: MSG.workflowNotSignable });
    const sign = await applicant.post(
      `${BASE}/signature`,
      signRequest({ dataId: id, taskId: 1, type: 'EicSre', otp: '123456' }),
    );
    expect(sign).toMatchObject({ status: 1, msg: MSG.workflowNotSignable });
  });

  it('submit renders the letter PDF and opens the e-signature task', async () => {
    await uploadApplicationFile(t, await loginAs(t.app, 'transferor'), id);
    const submitted = await applicant.post<{ version: number; taskId: number }>(`${BASE}/submit`, {
      id,
      version,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    version = submitted.data.version;
    eicTaskId = submitted.data.taskId;
    const view = await show(applicant, id);
    expect(view.status).toBe('letterGenerated');
    expect(view.letter?.name).toBe('项目中止申请函（第1版）.pdf');
    expect(view.openTask).toEqual({ id: eicTaskId, type: 'EicSre', routeName: 'bulkAbortEicSre' });
    expect(view.revisions).toHaveLength(1);
    const pdf = await fetchFile(applicant, view.letter?.uuid ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const todo = await applicant.post<{ list: TaskRow[]; total: number }>('/api/task/list/todo', {
      page: 1,
      size: 10,
    });
    expect(todo.data.list[0]).toMatchObject({
      id: eicTaskId,
      type: 'EicSre',
      routeName: 'bulkAbortEicSre',
      projectCode: 'GR2026BJ1000123',
      applicantCompany: '北京示范国有资产经营有限公司',
    });
    // the exchange sees the letter too; another company does not
    expect((await exchange.raw('GET', `/api/attachment/download/${view.letter?.uuid}`)).statusCode).toBe(200);
    expect((await foreign.raw('GET', `/api/attachment/download/${view.letter?.uuid}`)).json()).toMatchObject({
      status: 404,
    });
  });

  it('a code bound to another letter never signs this one', async () => {
    // A second abort on another project of the same company, submitted: its own letter.
    const otherProject = await copyProject(t, 'GR2026BJ1000124');
    const other = await applicant.post<{ id: number; version: number }>(`${BASE}/create`, {
      projectId: otherProject,
    });
    const saved = await applicant.post<{ version: number }>(`${BASE}/save`, {
      id: other.data.id,
      version: other.data.version,
      form: { reason: '另一个项目' },
    });
    await uploadApplicationFile(t, await loginAs(t.app, 'transferor'), other.data.id);
    const otherSubmitted = await applicant.post<{ taskId: number }>(`${BASE}/submit`, {
      id: other.data.id,
      version: saved.data.version,
    });
    expect(otherSubmitted.status, otherSubmitted.msg).toBe(0);
    const codeForOther = await sendCode(applicant, other.data.id);
    const checked = await applicant.post('/api/workflow/sign/otp/check', {
      mobile: MOBILE,
      otp: codeForOther,
      dataId: id,
    });
    expect(checked).toMatchObject({ status: 1, msg: MSG.workflowOtpOtherLetter });
    const refusedSign = await applicant.post(
      `${BASE}/signature`,
      signRequest({ dataId: id, taskId: eicTaskId, type: 'EicSre', otp: codeForOther }),
    );
    expect(refusedSign).toMatchObject({ status: 1, msg: MSG.workflowOtpOtherLetter });
    expect((await show(applicant, id)).status).toBe('letterGenerated');
    // the same code still checks against its own letter
    const own = await applicant.post('/api/workflow/sign/otp/check', {
      mobile: MOBILE,
      otp: codeForOther,
      dataId: other.data.id,
    });
    expect(own.status, own.msg).toBe(0);
  });

  it('SH: a malformed code is refused before anything is checked (BF-5.1)', async () => {
    const body = await applicant.post(
      `${BASE}/signature`,
      signRequest({ dataId: id, taskId: eicTaskId, type: 'EicSre', otp: '12ab' }),
    );
    expect(body).toMatchObject({ status: 1, msg: MSG.otpFormat });
  });

  it('signature: the signed PDF verifies with pdfsig and the exchange gets the review task', async () => {
    const code = await sendCode(applicant, id);
    const check = await applicant.post('/api/workflow/sign/otp/check', {
      mobile: '138****0001',
      otp: code,
      dataId: id,
    });
    expect(check.status, check.msg).toBe(0);
    const signed = await applicant.post<{ version: number }>(
      `${BASE}/signature`,
      signRequest({ dataId: id, taskId: eicTaskId, type: 'EicSre', otp: code }),
    );
    expect(signed.status, signed.msg).toBe(0);
    const view = await show(applicant, id);
    expect(view.status).toBe('underReview');
    expect(view.openTask).toBeNull();
    const signedPdf = await fetchFile(applicant, view.signedLetter?.uuid ?? '');
    expect(pdfsig(signedPdf)).toContain('Signature is Valid');
    // the code is used up
    const reuse = await applicant.post('/api/workflow/sign/otp/check', {
      mobile: MOBILE,
      otp: code,
      dataId: id,
    });
    expect(reuse.status).toBe(1);
    // visible on the project too
    const project = await applicant.post<ProjectView>(`/api/project/show/${projectId}`);
    expect(project.data.signedLetters).toHaveLength(1);
  });

  it('SH-5.6: a return needs a reason; the applicant gets the MfyRrn task', async () => {
    const review = (
      await exchange.post<{ list: TaskRow[] }>('/api/task/list/todo', { page: 1, size: 10 })
    ).data.list.find((row) => row.actionId === id);
    expect(review).toMatchObject({ type: 'Review', routeName: 'bulkAbortEicSre' });
    const reviewId = review?.id ?? 0;
    const noReason = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({ dataId: id, taskId: reviewId, type: 'Review' }),
      result: 'back',
    });
    expect(noReason).toMatchObject({ status: 1, msg: MSG.returnReasonRequired });
    // the applicant can never approve its own
    const own = await applicant.post('/api/task/signoff/bulk', {
      ...signRequest({ dataId: id, taskId: reviewId, type: 'Review' }),
      result: 'pass',
    });
    expect(own.status).toBe(403);
    expect((await show(applicant, id)).status).toBe('underReview');
    const back = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({ dataId: id, taskId: reviewId, type: 'Review', reason: '请补充权属证明材料' }),
      result: 'back',
    });
    expect(back.status, back.msg).toBe(0);
    const again = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({ dataId: id, taskId: reviewId, type: 'Review', reason: '再退一次' }),
      result: 'back',
    });
    expect(again.status).toBe(409);
    const view = await show(applicant, id);
    expect(view).toMatchObject({ status: 'returned', statusLabel: '已退回' });
    expect(view.returns).toEqual([
      { reason: '请补充权属证明材料', by: '交易所管理员', at: expect.any(String) },
    ]);
    expect(view.openTask).toMatchObject({ type: 'MfyRrn', routeName: 'bulkAbortMfyRrn' });
    version = view.version;
    // BF-7.3: the handled review task answers 409; the open return task 0
    expect((await exchange.post(`/api/task/validate/status/${reviewId}`)).status).toBe(409);
    expect((await applicant.post(`/api/task/validate/status/${view.openTask?.id}`)).status).toBe(0);
    expect(await foreign.post(`/api/task/validate/status/${view.openTask?.id}`)).toMatchObject({
      status: 409,
      msg: MSG.workflowTaskHandled,
    });
  });

  it('update + submit regenerates the letter (revision 2); sign again; pass suspends the project', async () => {
    const updated = await applicant.post<{ version: number }>(`${BASE}/update/${id}`, {
      version,
      form: { reason: '标的资产权属需进一步确认，已补充权属证明', expectedResumeDate: '2026-12-15' },
    });
    expect(updated.status, updated.msg).toBe(0);
    const submitted = await applicant.post<{ version: number; taskId: number }>(`${BASE}/submit`, {
      id,
      version: updated.data.version,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    const view = await show(applicant, id);
    expect(view.revisions.map((r) => r.no)).toEqual([1, 2]);
    expect(view.letter?.name).toBe('项目中止申请函（第2版）.pdf');
    expect(view.openTask?.type).toBe('EicSre');
    const code = await sendCode(applicant, id);
    const signed = await applicant.post(
      `${BASE}/signature`,
      signRequest({ dataId: id, taskId: submitted.data.taskId, type: 'EicSre', otp: code }),
    );
    expect(signed.status, signed.msg).toBe(0);
    const reviewId = (await exchange.get<TaskRow[]>('/api/task/batch/tasks/bulk/abort')).data.find(
      (row) => row.actionId === id,
    )?.id;
    // an approval's opinion is optional, but within the return reason's limit: too long changes nothing
    const tooLong = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({ dataId: id, taskId: reviewId ?? 0, type: 'Review', reason: '意'.repeat(501) }),
      result: 'pass',
    });
    expect(tooLong).toMatchObject({ status: 1, msg: '审核意见不能超过500个字符' });
    expect((await show(applicant, id)).status).toBe('underReview');
    const pass = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({
        dataId: id,
        taskId: reviewId ?? 0,
        type: 'Review',
        reason: '权属证明已补齐，同意中止',
      }),
      result: 'pass',
    });
    expect(pass.status, pass.msg).toBe(0);
    // each submission keeps the project's form as it was submitted, for the review's comparison
    const revisions = (await show(exchange, id)).revisions;
    expect(revisions.map((r) => r.projectForm?.name)).toEqual([
      '北京示范国有资产经营有限公司废旧设备一批',
      '北京示范国有资产经营有限公司废旧设备一批',
    ]);
    expect((await show(applicant, id)).status).toBe('approved');
    expect(await projectStatus(projectId)).toBe('suspended');
    const status = await applicant.get<{ status: string; statusLabel: string }>(
      `/api/project/status/${projectId}`,
    );
    expect(status.data).toMatchObject({ status: 'suspended', statusLabel: '已中止' });
  });

  it('the process log shows every step with who and when', async () => {
    const log = await applicant.get<ProcessLogRow[]>(`/api/project/${projectId}/processLog`);
    // the demo project's course (its disclosure, seeded) comes first
    expect(log.data.slice(0, 3).map((row) => [row.stage, row.step])).toEqual([
      ['信息披露', 'submit'],
      ['信息披露', 'sign'],
      ['信息披露', 'pass'],
    ]);
    const abort = log.data.slice(3);
    expect(abort.map((row) => [row.step, row.result, row.actorName, row.companyName])).toEqual([
      ['submit', '已提交', '转让方演示', '北京示范国有资产经营有限公司'],
      ['sign', '已签章', '转让方演示', '北京示范国有资产经营有限公司'],
      ['back', '退回', '交易所管理员', '示范产权交易所'],
      ['submit', '已提交', '转让方演示', '北京示范国有资产经营有限公司'],
      ['sign', '已签章', '转让方演示', '北京示范国有资产经营有限公司'],
      ['pass', '通过', '交易所管理员', '示范产权交易所'],
    ]);
    expect(abort.every((row) => row.stage === '项目中止' && !Number.isNaN(Date.parse(row.at)))).toBe(true);
    expect(abort[2]?.reason).toBe('请补充权属证明材料');
    expect(abort[5]?.reason).toBe('权属证明已补齐，同意中止');
    const bulk = await exchange.get<ProcessLogRow[]>(`/api/project/bulk/${projectId}/processLog`);
    expect(bulk.data).toEqual(log.data);
    const stages = await applicant.get<ProcessLogStage[]>(`/api/project/${projectId}/processLog/stage`);
    expect(stages.data).toHaveLength(2);
    expect(stages.data[1]?.rows).toHaveLength(6);
    expect((await foreign.get(`/api/project/${projectId}/processLog`)).status).toBe(404);
  });

  it('the applicant is notified of each decision with the opinion and where to go on; nobody else is', async () => {
    const inbox = await applicant.get<{ list: NotificationRow[] }>('/api/message/list?page=1&size=20');
    const decisions = inbox.data.list.filter((row) => row.title.includes('项目中止'));
    expect(decisions.map((row) => [row.kind, row.link])).toEqual([
      ['workflow.pass', `/index/bulkShowProject?id=${projectId}`],
      ['workflow.back', `/index/bulkAbortMfyRrn?id=${id}`],
    ]);
    expect(decisions[0]?.body).toContain('权属证明已补齐，同意中止');
    expect(decisions[1]?.body).toContain('请补充权属证明材料');
    const others = await foreign.get<{ list: NotificationRow[] }>('/api/message/list?page=1&size=20');
    expect(others.data.list.filter((row) => row.title.includes('项目中止'))).toEqual([]);
  });

  it('task counts and lists: done, launch', async () => {
    const counts = await applicant.get<TaskCounts>('/api/task/counts');
    // todo: this file's returned application and the demo's returned payout to apply for again; launch: the two
    // applications of this file, the five disclosures of the demo projects' courses, the demo deal's disclosure,
    // contract and price payout, its returned payout, the investor the owner registered on the capital increase
    // (waiting for the exchange's audit), the two demo vehicle disposals' applications and the dealt one's receiving
    // (the other's appraisal waits in the firm's estimate list, not the project lists), the unified lease's disclosure
    expect(counts.data).toMatchObject({ todo: 2, launch: 16 });
    expect(counts.data.done).toBeGreaterThanOrEqual(3);
    const done = await exchange.post<{ list: TaskRow[]; total: number }>('/api/task/list/done', {
      page: 1,
      size: 1,
    });
    // the two reviews of this file, the seven of the demo projects' courses, the demo deal's three, the three of
    // the agent's small-lot batches (two disclosures and a confirmed result), the two vehicle disposals'
    // applications and the unified lease's disclosure
    expect(done.data.total).toBe(18);
    expect(done.data.list).toHaveLength(1);
    const filtered = await applicant.post<{ total: number }>('/api/task/list/launch', {
      page: 1,
      size: 10,
      keyword: '1000124',
    });
    expect(filtered.data.total).toBe(1);
    const estimate = await applicant.post<{ total: number }>('/api/task/list/todoEstimate', {
      page: 1,
      size: 10,
    });
    expect(estimate.data.total).toBe(0);
  });

  it('the audit chain holds one row per transition and stays valid', async () => {
    expect(await countRows('audit_log', sql`action = 'workflow.review' and result = 'pass'`)).toBe(1);
    expect(await countRows('audit_log', sql`action = 'workflow.sign'`)).toBe(2);
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);
  });
});

describe('withdrawal, batch and project calls', () => {
  it('termination/terminate discards a draft never submitted, with its files, and leaves no application', async () => {
    const other = await copyProject(t, 'GR2026BJ1000125');
    const created = await applicant.post<{ id: number; version: number }>('/api/project/bulk/end/create', {
      projectId: other,
    });
    expect(created.status, created.msg).toBe(0);
    const file = await uploadApplicationFile(t, applicantToken, created.data.id);
    const foreignTry = await foreign.post('/api/project/bulk/end/termination/terminate', created.data);
    expect(foreignTry.status).toBe(404);
    const stale = await applicant.post('/api/project/bulk/end/termination/terminate', {
      ...created.data,
      version: created.data.version + 1,
    });
    expect(stale.status).toBe(409);
    const discarded = await applicant.post('/api/project/bulk/end/termination/terminate', created.data);
    expect(discarded).toMatchObject({ status: 0, msg: MSG.workflowDraftDiscarded });
    expect((await applicant.get(`/api/project/bulk/end/show/${created.data.id}`)).status).toBe(404);
    const live = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from attachments where id = ${file} and deleted_at is null`,
    );
    expect(live[0]?.n).toBe(0);
    const actions = await applicant.get<{ id: number }[]>(`/api/project/${other}/actions`);
    expect(actions.data.map((row) => row.id)).not.toContain(created.data.id);
    const audited = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'workflow.discard' and target = ${String(created.data.id)}`,
    );
    expect(audited[0]?.n).toBe(1);
  });

  it('termination/terminate withdraws a submitted application; a withdrawn one cannot be withdrawn again', async () => {
    const other = await copyProject(t, 'GR2026BJ1000126');
    const created = await applicant.post<{ id: number; version: number }>('/api/project/bulk/end/create', {
      projectId: other,
    });
    const saved = await applicant.post<{ id: number; version: number }>('/api/project/bulk/end/save', {
      ...created.data,
      form: { reason: '标的已另行处置' },
    });
    expect(saved.status, saved.msg).toBe(0);
    await uploadApplicationFile(t, applicantToken, created.data.id);
    const submitted = await applicant.post<{ version: number }>('/api/project/bulk/end/submit', saved.data);
    expect(submitted.status, submitted.msg).toBe(0);
    const withdrawn = await applicant.post('/api/project/bulk/end/termination/terminate', {
      id: created.data.id,
      version: submitted.data.version,
    });
    expect(withdrawn).toMatchObject({ status: 0, msg: MSG.workflowWithdrawn });
    const view = await applicant.get<ActionView>(`/api/project/bulk/end/show/${created.data.id}`);
    expect(view.data).toMatchObject({ status: 'cancelled', statusLabel: '已撤回' });
    const again = await applicant.post('/api/project/bulk/end/termination/terminate', {
      id: created.data.id,
      version: view.data.version,
    });
    expect(again).toMatchObject({ status: 1, msg: MSG.workflowNotWithdrawable });
    // a new application may start once the old one is withdrawn
    expect((await applicant.post('/api/project/bulk/end/create', { projectId: other })).status).toBe(0);
  });

  it('create adopts the files uploaded under the screen draft id (createId) before the first save', async () => {
    const other = await copyProject(t, 'GR2026BJ1000127');
    const createId = 'draft-7f3c2a';
    const file = await uploadApplicationFile(t, applicantToken, undefined, createId);
    const created = await applicant.post<{ id: number; version: number }>('/api/project/bulk/end/create', {
      projectId: other,
      createId,
    });
    expect(created.status, created.msg).toBe(0);
    const view = await applicant.get<ActionView>(`/api/project/bulk/end/show/${created.data.id}`);
    expect(
      Object.values(view.data.attachments)
        .flat()
        .map((item) => item.uuid),
    ).toEqual([file]);
  });

  it('an action the project status does not allow is refused (recovery of a disclosing project)', async () => {
    const other = await findProjectId(t, 'GR2026BJ1000125');
    const body = await applicant.post('/api/project/bulk/recovery/create', { projectId: other });
    expect(body).toMatchObject({ status: 1, msg: MSG.workflowProjectStatusRefused });
  });

  it('whether/batch: two open tasks of one action and step are a batch, one is not', async () => {
    const reviews = (await exchange.get<TaskRow[]>('/api/task/batch/tasks/bulk/abort')).data;
    const ids = reviews.map((row) => row.id);
    const single = await exchange.post<{ batch: boolean }>('/api/task/whether/batch', {
      taskIds: ids.slice(0, 1),
    });
    expect(single.data.batch).toBe(false);
    const mine = (await applicant.get<TaskRow[]>('/api/task/batch/tasks/bulk/abort')).data;
    const foreignBatch = await foreign.post<{ batch: boolean }>('/api/task/whether/batch', {
      taskIds: mine.map((row) => row.id),
    });
    expect(foreignBatch.data.batch).toBe(false);
  });

  it('project list is scoped to the caller company; the exchange sees all', async () => {
    // the demo bulk project, the demo deal, the two equity demo projects, the capital increase, the two vehicle
    // disposals, the two unified projects, and the four bulk projects these tests added
    const own = await applicant.post<{ total: number }>('/api/project/list', { page: 1, size: 10 });
    expect(own.data.total).toBe(13);
    // the other company lists its own draft alone
    const other = await foreign.post<{ total: number }>('/api/project/list', { page: 1, size: 10 });
    expect(other.data.total).toBe(1);
    const all = await exchange.post<{ total: number }>('/api/project/list', {
      page: 1,
      size: 10,
      keyword: 'GR2026',
    });
    // and the other company's draft, and the agent's three small-lot batches
    expect(all.data.total).toBe(17);
    expect((await foreign.post(`/api/project/show/${projectId}`)).status).toBe(404);
    expect((await foreign.get(`/api/project/status/${projectId}`)).status).toBe(404);
  });
});

describe('scoping, permissions and input', () => {
  it('another company: create, show, save, submit, sign code -> 404 and nothing changes', async () => {
    const before = await countRows('action_instances');
    expect((await foreign.post(`${BASE}/create`, { projectId })).status).toBe(404);
    expect(await countRows('action_instances')).toBe(before);
    const rows = await selectRows<{ id: number; version: number }>(
      t.db,
      sql`select id, version from action_instances order by id limit 1`,
    );
    const target = rows[0] ?? { id: 0, version: 0 };
    expect((await foreign.get(`${BASE}/show/${target.id}`)).status).toBe(404);
    expect((await foreign.post(`${BASE}/save`, { ...target, form: { reason: 'x' } })).status).toBe(404);
    expect((await foreign.post(`${BASE}/submit`, target)).status).toBe(404);
    expect((await foreign.post('/api/workflow/sign/otp', { dataId: target.id })).status).toBe(404);
    const after = await selectRows<{ version: number }>(
      t.db,
      sql`select version from action_instances where id = ${target.id}`,
    );
    expect(after[0]?.version).toBe(target.version);
  });

  it('missing permission -> 403 (land has no task menu, ops no project menu)', async () => {
    expect((await land.raw('POST', '/api/task/list/todo', { page: 1, size: 10 })).statusCode).toBe(403);
    expect((await land.raw('GET', '/api/task/counts')).statusCode).toBe(403);
    expect((await ops.raw('POST', `${BASE}/create`, { projectId })).statusCode).toBe(403);
    expect((await ops.raw('GET', `/api/project/${projectId}/processLog`)).statusCode).toBe(403);
  });

  it('unauthenticated -> 401', async () => {
    for (const [method, url] of [
      ['POST', `${BASE}/create`],
      ['GET', `${BASE}/show/1`],
      ['POST', '/api/task/signoff/bulk'],
      ['POST', '/api/task/list/todo'],
      ['POST', '/api/workflow/sign/otp'],
      ['GET', `/api/project/${projectId}/processLog`],
      ['POST', '/api/project/list'],
    ] as const) {
      expect((await anonymous.raw(method, url, {})).statusCode, url).toBe(401);
    }
  });

  it('bad input answers status 1 with a Chinese message', async () => {
    expect(await applicant.post(`${BASE}/create`, { projectId: 'x' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    expect(
      await exchange.post('/api/task/signoff/bulk', {
        ...signRequest({ dataId: 1, taskId: 1, type: 'Review' }),
        result: 'maybe',
      }),
    ).toMatchObject({
      status: 1,
      msg: MSG.workflowResultRequired,
    });
    expect(
      (
        await exchange.post('/api/task/signoff/nowhere', {
          ...signRequest({ dataId: 1, taskId: 1, type: 'Review' }),
          result: 'pass',
        })
      ).status,
    ).toBe(404);
    // a path that does not parse names nothing, as the sign-off of an unknown flow above
    expect((await applicant.post('/api/task/list/nowhere', { page: 1, size: 10 })).status).toBe(404);
    expect(await applicant.post('/api/project/bulk/supplement/create', {})).toMatchObject({ status: 1 });
  });
});

describe('the registry', () => {
  it('every route name resolves to its screen group, action and step', () => {
    for (const route of listWorkflowRoutes()) {
      expect(findStepByRouteName(route.name), route.name).toEqual({
        screens: route.screens,
        action: route.action,
        step: route.step,
      });
    }
  });

  it('every action with an application step is served, and each task screen is a route of the registry', async () => {
    const names = new Set(listWorkflowRoutes().map((route) => route.name));
    const withAon = listWorkflowRoutes().filter((route) => route.step === 'Aon');
    expect(withAon.length).toBeGreaterThan(50);
    // the investor screens are the investors module's, the vehicles' entry and receiving the vehicles module's
    const moduleRoutes = withAon.filter((route) => isModuleAction(route.screens, route.action));
    expect(moduleRoutes.map((route) => route.name)).toEqual([
      'capInvestorAon',
      'vehicleInfoAon',
      'disposalReceivingAon',
    ]);
    expect(findAction('cap', 'investor')).toBeUndefined();
    for (const route of withAon.filter((each) => !isModuleAction(each.screens, each.action))) {
      for (const family of familiesOfScreens(route.screens)) {
        const config = findAction(family, route.action);
        expect(config, route.name).toBeDefined();
        for (const name of Object.values(config?.routes ?? {})) expect(names.has(name), name).toBe(true);
        // the route exists (an unknown instance answers 404, not a missing route)
        const body = await applicant.get(`/api/project/${family}/${route.action}/show/999999`);
        expect(body.status, `${family} ${route.name}`).toBe(404);
      }
    }
  });
});
