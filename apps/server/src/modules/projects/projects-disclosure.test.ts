// The first disclosure of a bulk project through the engine: submit runs the listing rules (with the price
// approval file on the project), creates and submits the disclosure application (letter 信息披露申请函), the
// applicant e-signs it, the exchange passes it, and the project is disclosing from the approval day to the
// working-day deadline. Also: a return reopens the form; scope, permissions and sessions of the submit call.
import {
  addWorkdays,
  MSG,
  type ActionView,
  type BulkProjectForm,
  type ProjectFormView,
  type TaskRow,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
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
import { clientOf, enrolSigner, signRequest, type Client } from '../../test/workflow-support.ts';

const MOBILE = '13800000001';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let owner: Client;
let foreign: Client;
let exchange: Client;
let ops: Client;
let anonymous: Client;

const form: BulkProjectForm = {
  name: '报废车辆一批',
  assetCategory: 'vehicle',
  listingPrice: 80_000_00,
  appraisalPrice: 100_000_00,
  disclosureDays: 9,
  paymentMode: 'instalment',
  firstPaymentRatio: 0.3,
  instalmentMonths: 12,
  hasGuarantee: true,
  contactName: '王五',
  contactMobile: MOBILE,
};

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  owner = clientOf(t, ownerToken);
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  ops = clientOf(t, await loginAs(t.app, 'opsadmin'));
  anonymous = clientOf(t, undefined);
  await enrolSigner(t, 'transferor');
});

afterAll(async () => {
  await t.close();
});

async function projectRow(id: number) {
  const rows = await selectRows<{
    status: string;
    version: number;
    disclosure_start: string | null;
    disclosure_end: string | null;
  }>(t.db, sql`select status, version, disclosure_start, disclosure_end from projects where id = ${id}`);
  return rows[0];
}

async function countInstances(projectId: number): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from action_instances where project_id = ${projectId}`,
  );
  return rows[0]?.n ?? 0;
}

async function uploadPriceApproval(projectId: number): Promise<void> {
  const { payload, headers } = buildMultipart(
    { command: 'upload', tag: 'priceApproval', dataClass: 'project', dataId: String(projectId) },
    { name: '低于评估值挂牌批准文件.pdf', content: makePdf() },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(ownerToken) },
    payload,
  });
  const body = readJson(response);
  expect(body.status, body.msg).toBe(0);
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

async function reviewTask(actionId: number): Promise<number> {
  const list = await exchange.post<{ list: TaskRow[] }>('/api/task/list/todo', { page: 1, size: 100 });
  const task = list.data.list.find((row) => row.actionId === actionId && row.type === 'Review');
  expect(task).toMatchObject({ routeName: 'bulkEicSre' });
  return task?.id ?? 0;
}

describe('bulk project submission and first disclosure', () => {
  let id: number;
  let version: number;
  let actionId: number;
  let taskId: number;

  beforeAll(async () => {
    const created = await owner.post<{ id: number; version: number }>('/api/project/bulk', { form });
    expect(created.status, created.msg).toBe(0);
    id = created.data.id;
    version = created.data.version;
  });

  it('the listing rules refuse the submission with the rule message, and nothing starts', async () => {
    expect(await owner.post(`/api/project/bulk/submit/${id}`, { version })).toMatchObject({
      status: 1,
      msg: '披露期不得少于10个工作日',
    });
    const fixed = await owner.post<{ version: number }>(`/api/project/bulk/update/${id}`, {
      version,
      form: { ...form, disclosureDays: 10 },
    });
    version = fixed.data.version;
    expect(await owner.post(`/api/project/bulk/submit/${id}`, { version })).toMatchObject({
      status: 1,
      msg: MSG.projectsPriceApprovalRequired,
    });
    const approved = await owner.post<{ version: number }>(`/api/project/bulk/update/${id}`, {
      version,
      form: { ...form, disclosureDays: 10, reserveBelowAppraisalApproved: true },
    });
    version = approved.data.version;
    // approved, but the approval file is still missing
    expect(await owner.post(`/api/project/bulk/submit/${id}`, { version })).toMatchObject({
      status: 1,
      msg: MSG.projectsPriceApprovalRequired,
    });
    expect(await countInstances(id)).toBe(0);
    expect(await projectRow(id)).toMatchObject({ status: 'draft', version });
  });

  it('another company 404, missing permission 403, no session 401, a stale version 409: nothing starts', async () => {
    await uploadPriceApproval(id);
    expect((await foreign.post(`/api/project/bulk/submit/${id}`, { version })).status).toBe(404);
    expect((await exchange.post(`/api/project/bulk/submit/${id}`, { version })).status).toBe(404);
    expect((await ops.raw('POST', `/api/project/bulk/submit/${id}`, { version })).statusCode).toBe(403);
    expect((await anonymous.raw('POST', `/api/project/bulk/submit/${id}`, { version })).statusCode).toBe(401);
    expect((await owner.post(`/api/project/bulk/submit/${id}`, { version: version - 1 })).status).toBe(409);
    expect(await countInstances(id)).toBe(0);
  });

  it("the engine's own disclosure calls are refused: the listing rules cannot be bypassed", async () => {
    expect(await owner.post('/api/project/bulk/disclosure/create', { projectId: id })).toMatchObject({
      status: 1,
      msg: MSG.projectsDisclosureFromForm,
    });
    expect(await owner.post('/api/project/bulk/disclosure/submit', { id: 1, version: 1 })).toMatchObject({
      status: 1,
      msg: MSG.projectsDisclosureFromForm,
    });
    expect(await countInstances(id)).toBe(0);
  });

  it('submit creates and submits the disclosure application; the form is locked meanwhile', async () => {
    const body = await owner.post<{ id: number; actionId: number; taskId: number }>(
      `/api/project/bulk/submit/${id}`,
      { version },
    );
    expect(body.status, body.msg).toBe(0);
    expect(body.data.id).toBe(id);
    actionId = body.data.actionId;
    taskId = body.data.taskId;
    const action = await owner.get<ActionView>(`/api/project/bulk/disclosure/show/${actionId}`);
    expect(action.data).toMatchObject({
      status: 'letterGenerated',
      actionTitle: '信息披露',
      form: { disclosureDays: 10 },
      openTask: { id: taskId, type: 'EicSre', routeName: 'bulkEicSre' },
    });
    expect(action.data.letter?.name).toContain('信息披露申请函');
    const shown = await owner.post<ProjectFormView>('/api/project/bulk/show', { id });
    expect(shown.data).toMatchObject({
      status: 'draft',
      openTask: { id: taskId, type: 'EicSre', routeName: 'bulkEicSre', actionId },
    });
    expect(shown.data.attachments.priceApproval).toHaveLength(1);
    expect(await owner.post(`/api/project/bulk/update/${id}`, { version, form })).toMatchObject({
      status: 1,
      msg: MSG.projectsNotEditable,
    });
    expect(await owner.post(`/api/project/delete/${id}`)).toMatchObject({
      status: 1,
      msg: MSG.projectsNotDeletable,
    });
    expect(await owner.post(`/api/project/bulk/submit/${id}`, { version })).toMatchObject({
      status: 1,
      msg: MSG.projectsNotSubmittable,
    });
  });

  it('a return reopens the form; the resubmission answers the same application', async () => {
    await sign(actionId, taskId);
    const back = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({ dataId: actionId, taskId: await reviewTask(actionId), type: 'Review' }),
      result: 'back',
      reason: '请补充车辆行驶证复印件',
    });
    expect(back.status, back.msg).toBe(0);
    const updated = await owner.post<{ version: number }>(`/api/project/bulk/update/${id}`, {
      version,
      form: { ...form, disclosureDays: 12, reserveBelowAppraisalApproved: true },
    });
    expect(updated.status, updated.msg).toBe(0);
    version = updated.data.version;
    const again = await owner.post<{ actionId: number; taskId: number }>(`/api/project/bulk/submit/${id}`, {
      version,
    });
    expect(again.status, again.msg).toBe(0);
    expect(again.data.actionId).toBe(actionId);
    taskId = again.data.taskId;
    expect(await countInstances(id)).toBe(1);
  });

  it('approval by the exchange: disclosing from the approval day for the working days of the form', async () => {
    await sign(actionId, taskId);
    const reviewId = await reviewTask(actionId);
    const approvedAt = t.clock.now();
    const pass = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({ dataId: actionId, taskId: reviewId, type: 'Review' }),
      result: 'pass',
    });
    expect(pass.status, pass.msg).toBe(0);
    const shown = await owner.post<ProjectFormView>('/api/project/bulk/show', { id });
    expect(shown.data).toMatchObject({ status: 'disclosing', statusLabel: '披露中', openTask: null });
    expect(shown.data.disclosureStart).toBe(approvedAt.toISOString());
    expect(shown.data.disclosureEnd).toBe(addWorkdays(approvedAt, 12).date.toISOString());
    expect(await owner.post(`/api/project/delete/${id}`)).toMatchObject({
      status: 1,
      msg: MSG.projectsNotDeletable,
    });
  });
});

describe('coll (抵质押资产): the same form, rules and disclosure under its own calls', () => {
  const collForm: BulkProjectForm = {
    ...form,
    name: '抵押房产一处',
    assetCategory: 'house',
    appraisalPrice: 80_000_00,
    disclosureDays: 10,
  };
  let collId = 0;

  it('creates a coll draft of business type 7; the bulk calls do not answer for it', async () => {
    const created = await owner.post<{ id: number; version: number }>('/api/project/coll', {
      form: collForm,
    });
    expect(created.status, created.msg).toBe(0);
    collId = created.data.id;
    const shown = await owner.post<ProjectFormView>('/api/project/coll/show', { id: collId });
    expect(shown.data).toMatchObject({ family: 'coll', name: '抵押房产一处', status: 'draft' });
    const rows = await selectRows<{ business_type: string }>(
      t.db,
      sql`select business_type from projects where id = ${collId}`,
    );
    expect(rows[0]?.business_type).toBe('7');
    expect((await owner.post('/api/project/bulk/show', { id: collId })).status).toBe(404);
    expect((await owner.post(`/api/project/bulk/submit/${collId}`, { version: 1 })).status).toBe(404);
    expect((await owner.post(`/api/project/bulk/update/${collId}`, { version: 1, form })).status).toBe(404);
  });

  it('submits, signs on collEicSre and is approved into disclosure', async () => {
    const submitted = await owner.post<{ actionId: number; taskId: number }>(
      `/api/project/coll/submit/${collId}`,
      {
        version: 1,
      },
    );
    expect(submitted.status, submitted.msg).toBe(0);
    const action = await owner.get<ActionView>(
      `/api/project/coll/disclosure/show/${submitted.data.actionId}`,
    );
    expect(action.data.openTask).toMatchObject({ type: 'EicSre', routeName: 'collEicSre' });
    t.clock.advance(61_000);
    expect((await owner.post('/api/workflow/sign/otp', { dataId: submitted.data.actionId })).status).toBe(0);
    const signed = await owner.post(
      '/api/project/coll/disclosure/signature',
      signRequest({
        dataId: submitted.data.actionId,
        taskId: submitted.data.taskId,
        type: 'EicSre',
        otp: phone.lastCodeTo(MOBILE),
      }),
    );
    expect(signed.status, signed.msg).toBe(0);
    const review = await exchange.get<ActionView>(
      `/api/project/coll/disclosure/show/${submitted.data.actionId}`,
    );
    expect(review.data.openTask).toMatchObject({ type: 'Review', routeName: 'collEicSre' });
    const pass = await exchange.post('/api/task/signoff/bulk', {
      ...signRequest({
        dataId: submitted.data.actionId,
        taskId: review.data.openTask?.id ?? 0,
        type: 'Review',
      }),
      result: 'pass',
    });
    expect(pass.status, pass.msg).toBe(0);
    expect((await projectRow(collId))?.status).toBe('disclosing');
  });
});
