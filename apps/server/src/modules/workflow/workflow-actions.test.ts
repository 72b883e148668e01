// The actions beyond suspension and disclosure, on the same engine: the online bidding activity (its rules across
// fields refused at submission, the activity recorded on approval), the contract (the project is dealt), the
// price payout (each recorded), the asset handover (no letter: straight to review; the project is closed), and
// the letter-only withdrawal (one screen for every step; the disclosure starts again).
import { findAction, MSG, type ActionView, type ProjectActionRow, type ProjectView } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import {
  clientOf,
  copyProject,
  enrolSigner,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../../test/workflow-support.ts';

const MOBILE = '13800000001';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let owner: Client;
let exchange: Client;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  owner = clientOf(t, ownerToken);
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'transferor');
});

afterAll(async () => {
  await t.close();
});

async function setStatus(projectId: number, status: string): Promise<void> {
  await t.db.execute(sql`update projects set status = ${status} where id = ${projectId}`);
}

async function projectOf(id: number): Promise<ProjectView> {
  const body = await owner.post<ProjectView>(`/api/project/show/${id}`);
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

/** Creates, saves and submits an application; answers the instance and its open task after submission. */
async function applyFor(family: string, action: string, projectId: number, form: Record<string, unknown>) {
  const base = `/api/project/${family}/${action}`;
  const created = await owner.post<{ id: number; version: number }>(`${base}/create`, { projectId });
  expect(created.status, created.msg).toBe(0);
  const saved = await owner.post<{ version: number }>(`${base}/save`, {
    id: created.data.id,
    version: created.data.version,
    form,
  });
  expect(saved.status, saved.msg).toBe(0);
  await uploadApplicationFile(t, ownerToken, created.data.id);
  const submitted = await owner.post<{ taskId: number; version: number }>(`${base}/submit`, {
    id: created.data.id,
    version: saved.data.version,
  });
  return { base, id: created.data.id, submitted };
}

/** Signs the submitted letter with a fresh code. */
async function sign(base: string, id: number, taskId: number): Promise<void> {
  t.clock.advance(61_000);
  expect((await owner.post('/api/workflow/sign/otp', { dataId: id })).status).toBe(0);
  const signed = await owner.post(
    `${base}/signature`,
    signRequest({ dataId: id, taskId, type: 'EicSre', otp: phone.lastCodeTo(MOBILE) }),
  );
  expect(signed.status, signed.msg).toBe(0);
}

/** The exchange passes the instance's review task. */
async function pass(base: string, id: number): Promise<void> {
  const view = await exchange.get<ActionView>(`${base}/show/${id}`);
  const task = view.data.openTask;
  expect(task?.type).toBe('Review');
  const family = base.split('/')[3] === 'coll' ? 'bulk' : base.split('/')[3];
  const answer = await exchange.post(`/api/task/signoff/${family}`, {
    ...signRequest({ dataId: id, taskId: task?.id ?? 0, type: 'Review' }),
    result: 'pass',
  });
  expect(answer.status, answer.msg).toBe(0);
}

describe('online bidding', () => {
  const activity = {
    reason: '组织网络竞价',
    biddingStart: '2026-12-01 09:30',
    biddingEnd: '2026-12-01 11:30',
    startingPrice: 1_000_000_00,
    increment: 10_000_00,
    extensionMinutes: 5,
  };

  it('refuses an end before the start at submission, with the rule named, and keeps the draft', async () => {
    const projectId = await copyProject(t, 'GR2026BJ7000001');
    const { id, submitted } = await applyFor('bulk', 'online', projectId, {
      ...activity,
      biddingEnd: '2026-12-01 08:00',
    });
    expect(submitted).toMatchObject({ status: 1, msg: MSG.workflowBiddingEndBeforeStart });
    const view = await owner.get<ActionView>(`/api/project/bulk/online/show/${id}`);
    expect(view.data.status).toBe('draft');
  });

  it('approval records the activity on the project, which keeps disclosing', async () => {
    const projectId = await copyProject(t, 'GR2026BJ7000002');
    const { base, id, submitted } = await applyFor('bulk', 'online', projectId, activity);
    expect(submitted.status, submitted.msg).toBe(0);
    await sign(base, id, submitted.data.taskId);
    await pass(base, id);
    const project = await projectOf(projectId);
    expect(project.status).toBe('disclosing');
    expect(project.details.online).toMatchObject({
      biddingStart: '2026-12-01 09:30',
      startingPrice: 1_000_000_00,
      extensionMinutes: 5,
    });
  });
});

describe('contract, payout and handover', () => {
  let projectId: number;

  it('the contract deals the project and is recorded', async () => {
    projectId = await copyProject(t, 'GR2026BJ7000003');
    const { base, id, submitted } = await applyFor('bulk', 'contract', projectId, {
      reason: '成交签约',
      contractNo: 'HT-2026-0001',
      transfereeName: '示范受让有限公司',
      dealPrice: 1_880_000_00,
      signDate: '2026-11-20',
    });
    expect(submitted.status, submitted.msg).toBe(0);
    await sign(base, id, submitted.data.taskId);
    await pass(base, id);
    const project = await projectOf(projectId);
    expect(project.status).toBe('dealt');
    expect(project.details.contract).toMatchObject({ contractNo: 'HT-2026-0001', dealPrice: 1_880_000_00 });
  });

  it('each approved payout is added to the project', async () => {
    for (const amount of [1_000_000_00, 880_000_00]) {
      const { base, id, submitted } = await applyFor('bulk', 'price', projectId, {
        reason: '价款划转',
        payoutAmount: amount,
        payeeName: '北京示范国有资产经营有限公司',
        payeeBank: '中国工商银行北京分行',
        payeeAccount: '0200001234567890123',
      });
      expect(submitted.status, submitted.msg).toBe(0);
      await sign(base, id, submitted.data.taskId);
      await pass(base, id);
    }
    const project = await projectOf(projectId);
    expect((project.details.price as { payoutAmount: number }[]).map((p) => p.payoutAmount)).toEqual([
      1_000_000_00, 880_000_00,
    ]);
  });

  it('the handover has no letter: submitted straight to review, nothing to sign; approval closes the project', async () => {
    const config = findAction('bulk', 'transfer');
    expect(config?.isSigned).toBe(false);
    const { base, id, submitted } = await applyFor('bulk', 'transfer', projectId, {
      reason: '资产已交割',
      handoverDate: '2026-12-05',
    });
    expect(submitted.status, submitted.msg).toBe(0);
    const view = await owner.get<ActionView>(`${base}/show/${id}`);
    expect(view.data).toMatchObject({ status: 'underReview', letter: null });
    expect((await owner.post('/api/workflow/sign/otp', { dataId: id })).msg).toBe(MSG.workflowNotSignable);
    const review = await exchange.get<ActionView>(`${base}/show/${id}`);
    expect(review.data.openTask).toMatchObject({ type: 'Review', routeName: 'bulkTransferAon' });
    await pass(base, id);
    expect((await projectOf(projectId)).status).toBe('closed');
  });

  it("a refund cash-out letter (a participant's deposit paid back) is recorded once approved", async () => {
    const { base, id, submitted } = await applyFor('bulk', 'refundCashout', projectId, {
      reason: '未成交意向受让方保证金退还',
      payeeName: '示范竞买有限公司',
      payoutAmount: 50_000_00,
      payeeBank: '中国银行北京分行',
      payeeAccount: '3300001234567',
    });
    expect(submitted.status, submitted.msg).toBe(0);
    await sign(base, id, submitted.data.taskId);
    await pass(base, id);
    expect((await projectOf(projectId)).details.refundCashout).toEqual([
      expect.objectContaining({ payeeName: '示范竞买有限公司', payoutAmount: 50_000_00 }),
    ]);
  });

  it('a payout is refused once the project is closed', async () => {
    const created = await owner.post('/api/project/bulk/price/create', { projectId });
    expect(created).toMatchObject({ status: 1, msg: MSG.workflowProjectStatusRefused });
  });
});

describe('the letter-only withdrawal', () => {
  it('one screen for every step; approval starts the disclosure again', async () => {
    const projectId = await copyProject(t, 'GR2026BJ7000004');
    await setStatus(projectId, 'ended');
    // a bulk project is not found through the coll calls
    expect((await owner.post('/api/project/coll/withdrawal/create', { projectId })).status).toBe(404);
    const { base, id, submitted } = await applyFor('bulk', 'withdrawal', projectId, {
      reason: '挂牌期满未征集到受让方，摘牌后重新披露',
      disclosureDays: 15,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    const view = await owner.get<ActionView>(`${base}/show/${id}`);
    expect(view.data.openTask).toMatchObject({ type: 'EicSre', routeName: 'bulkWithdrawalEicSre' });
    await sign(base, id, submitted.data.taskId);
    await pass(base, id);
    expect((await projectOf(projectId)).status).toBe('disclosing');
  });
});

describe("a project's applications", () => {
  it('lists them newest first with the screen to open each on; another company is told 404', async () => {
    const projectId = await copyProject(t, 'GR2026BJ7000005');
    const first = await applyFor('bulk', 'survey', projectId, {
      reason: '已组织意向方现场踏勘',
      eventDate: '2026-11-25',
    });
    expect(first.submitted.status, first.submitted.msg).toBe(0);
    const draft = await owner.post<{ id: number }>('/api/project/bulk/abort/create', { projectId });
    const rows = await owner.get<ProjectActionRow[]>(`/api/project/${projectId}/actions`);
    expect(rows.data.map((row) => [row.action, row.status, row.routeName])).toEqual([
      ['abort', 'draft', 'bulkAbortAon'],
      ['survey', 'letterGenerated', 'bulkSurveyEicSre'],
    ]);
    expect(rows.data[1]?.openTask).toMatchObject({ type: 'EicSre', routeName: 'bulkSurveyEicSre' });
    expect(rows.data[0]?.id).toBe(draft.data.id);
    const foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
    expect((await foreign.get(`/api/project/${projectId}/actions`)).status).toBe(404);
  });

  it('the process log answers under the family variants of its path too', async () => {
    const projectId = await copyProject(t, 'GR2026BJ7000006');
    const applied = await applyFor('bulk', 'exhibition', projectId, {
      reason: '已在交易大厅展示',
      eventDate: '2026-11-26',
    });
    expect(applied.submitted.status).toBe(0);
    const generic = await owner.get<unknown[]>(`/api/project/${projectId}/processLog`);
    expect(generic.data).toHaveLength(1);
    for (const variant of [
      'bulk',
      'coll',
      'stock',
      'privateStock',
      'small',
      'cap',
      'unified',
      'motorVehicle',
    ]) {
      expect((await owner.get(`/api/project/${variant}/${projectId}/processLog`)).data).toEqual(generic.data);
      expect((await owner.get(`/api/project/${variant}/${projectId}/processLog/stage`)).status).toBe(0);
    }
  });
});
