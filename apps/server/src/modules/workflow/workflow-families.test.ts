// The actions of the later families on the same engine (BF-2.4): the member's intention registration, applied
// for by the member company representing the project and by no one else; an information record of a Page screen
// (small-lot asset transfer: no letter, straight to review, recorded on approval); the equity families'
// transaction-assurance letter under its EicSreF screen.
import { MSG, type ActionView, type ProjectActionRow, type ProjectView } from '@cqjy/domain';
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
import {
  clientOf,
  DEMO_PROJECT_CODE,
  enrolSigner,
  findProjectId,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../../test/workflow-support.ts';

const AGENT_MOBILE = '13800000004';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let agentToken: string;
let owner: Client;
let agent: Client;
let member: Client;
let exchange: Client;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  agentToken = await loginAs(t.app, 'agent');
  owner = clientOf(t, ownerToken);
  agent = clientOf(t, agentToken);
  member = clientOf(t, await loginAs(t.app, 'member'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'agent');
  await enrolSigner(t, 'transferor');
});

afterAll(async () => {
  await t.close();
});

/** A project of `family` in `status`, of the demo project's owner and represented by its agent member. */
async function projectOf(family: string, status: string, code: string): Promise<number> {
  await t.db.execute(sql`
    insert into projects (company_id, agent_company_id, family, business_type, name, code, status,
      disclosure_start, disclosure_end)
    select company_id, agent_company_id, ${family}, business_type, name || '（' || ${code} || '）', ${code},
      ${status}, disclosure_start, disclosure_end
    from projects where code = ${DEMO_PROJECT_CODE}`);
  return findProjectId(t, code);
}

async function detailsOf(projectId: number): Promise<Record<string, unknown>> {
  const body = await owner.post<ProjectView>(`/api/project/show/${projectId}`);
  expect(body.status, body.msg).toBe(0);
  return body.data.details;
}

async function countInstances(projectId: number): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from action_instances where project_id = ${projectId}`,
  );
  return rows[0]?.n ?? -1;
}

/** The exchange passes the instance's review task in the family's sign-off flow. */
async function pass(base: string, id: number, flow: string): Promise<void> {
  const view = await exchange.get<ActionView>(`${base}/show/${id}`);
  expect(view.data.openTask?.type).toBe('Review');
  const answer = await exchange.post(`/api/task/signoff/${flow}`, {
    ...signRequest({ dataId: id, taskId: view.data.openTask?.id ?? 0, type: 'Review' }),
    result: 'pass',
  });
  expect(answer.status, answer.msg).toBe(0);
}

describe("the member's intention registration (registrationEicSre)", () => {
  const base = '/api/project/stock/registration';

  it('is applied for only by the member representing the project: the owner and another member get 404', async () => {
    const projectId = await projectOf('stock', 'disclosing', 'GR2026BJ8000001');
    for (const stranger of [owner, member]) {
      expect(await stranger.post(`${base}/create`, { projectId })).toMatchObject({ status: 404 });
    }
    expect(await countInstances(projectId)).toBe(0);
  });

  it('the member registers, e-signs the letter and the exchange approves: the registration is recorded', async () => {
    const projectId = await projectOf('stock', 'disclosing', 'GR2026BJ8000002');
    const created = await agent.post<{ id: number; version: number }>(`${base}/create`, { projectId });
    expect(created.status, created.msg).toBe(0);
    const id = created.data.id;
    const saved = await agent.post<{ version: number }>(`${base}/save`, {
      id,
      version: created.data.version,
      form: { reason: '受让方拟参与竞买', transfereeName: '北京意向投资有限公司', amount: 2_000_000_00 },
    });
    expect(saved.status, saved.msg).toBe(0);
    await uploadApplicationFile(t, agentToken, id);
    const submitted = await agent.post<{ taskId: number }>(`${base}/submit`, {
      id,
      version: saved.data.version,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    const letter = await agent.get<ActionView>(`${base}/show/${id}`);
    expect(letter.data.openTask).toMatchObject({ type: 'EicSre', routeName: 'registrationEicSre' });

    t.clock.advance(61_000);
    expect((await agent.post('/api/workflow/sign/otp', { dataId: id })).status).toBe(0);
    const signed = await agent.post(
      `${base}/signature`,
      signRequest({
        dataId: id,
        taskId: submitted.data.taskId,
        type: 'EicSre',
        otp: phone.lastCodeTo(AGENT_MOBILE),
      }),
    );
    expect(signed.status, signed.msg).toBe(0);
    await pass(base, id, 'right');

    expect((await detailsOf(projectId)).registration).toEqual([
      expect.objectContaining({ transfereeName: '北京意向投资有限公司', amount: 2_000_000_00 }),
    ]);
    // each side lists the applications it may open: the agent its registration, the owner none of them
    const agentRows = await agent.get<ProjectActionRow[]>(`/api/project/${projectId}/actions`);
    expect(agentRows.data.map((row) => [row.action, row.status])).toEqual([['registration', 'approved']]);
    const ownerRows = await owner.get<ProjectActionRow[]>(`/api/project/${projectId}/actions`);
    expect(ownerRows.data).toEqual([]);
    expect(await owner.get(`${base}/show/${id}`)).toMatchObject({ status: 404 });
  });
});

describe('an information record of a Page screen (smallAssetTransfer)', () => {
  const base = '/api/project/small/assetTransfer';

  it('asks for its facts, not a reason; goes straight to review and is recorded on approval', async () => {
    const projectId = await projectOf('small', 'dealt', 'GR2026BJ8000003');
    const created = await owner.post<{ id: number; version: number }>(`${base}/create`, { projectId });
    expect(created.status, created.msg).toBe(0);
    const id = created.data.id;
    const partial = await owner.post<{ version: number }>(`${base}/save`, {
      id,
      version: created.data.version,
      form: { eventDate: '2026-11-30', partyName: '北京再生资源回收有限公司' },
    });
    expect(partial.status, partial.msg).toBe(0);
    await uploadApplicationFile(t, ownerToken, id);
    const refused = await owner.post(`${base}/submit`, { id, version: partial.data.version });
    expect(refused).toMatchObject({ status: 1, msg: '请填写移交说明' });

    const saved = await owner.post<{ version: number }>(`${base}/update/${id}`, {
      version: partial.data.version,
      form: { eventDate: '2026-11-30', partyName: '北京再生资源回收有限公司', content: '设备已清点移交' },
    });
    expect(saved.status, saved.msg).toBe(0);
    const submitted = await owner.post(`${base}/submit`, { id, version: saved.data.version });
    expect(submitted.status, submitted.msg).toBe(0);
    const view = await exchange.get<ActionView>(`${base}/show/${id}`);
    expect(view.data).toMatchObject({ status: 'underReview', letter: null });
    expect(view.data.openTask).toMatchObject({ type: 'Review', routeName: 'smallAssetTransfer' });
    await pass(base, id, 'small');

    expect((await detailsOf(projectId)).assetTransfer).toEqual([
      expect.objectContaining({
        eventDate: '2026-11-30',
        partyName: '北京再生资源回收有限公司',
        content: '设备已清点移交',
      }),
    ]);
  });

  it('is refused while the project is not dealt, and nothing is created', async () => {
    const projectId = await projectOf('small', 'disclosing', 'GR2026BJ8000004');
    const answer = await owner.post(`${base}/create`, { projectId });
    expect(answer).toMatchObject({ status: 1, msg: MSG.workflowProjectStatusRefused });
    expect(await countInstances(projectId)).toBe(0);
  });
});

describe('the transaction-assurance letter (rightEicSreF)', () => {
  it('is a letter the owner e-signs on its EicSreF screen', async () => {
    const projectId = await projectOf('stock', 'dealt', 'GR2026BJ8000005');
    const base = '/api/project/stock/assurance';
    const created = await owner.post<{ id: number; version: number }>(`${base}/create`, { projectId });
    expect(created.status, created.msg).toBe(0);
    const saved = await owner.post<{ version: number }>(`${base}/save`, {
      id: created.data.id,
      version: created.data.version,
      form: {
        reason: '申请出具交易鉴证书',
        contractNo: 'HT-2026-0100',
        transfereeName: '北京意向投资有限公司',
        dealPrice: 2_100_000_00,
      },
    });
    expect(saved.status, saved.msg).toBe(0);
    await uploadApplicationFile(t, ownerToken, created.data.id);
    const submitted = await owner.post(`${base}/submit`, {
      id: created.data.id,
      version: saved.data.version,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    const view = await owner.get<ActionView>(`${base}/show/${created.data.id}`);
    expect(view.data.status).toBe('letterGenerated');
    expect(view.data.openTask).toMatchObject({ type: 'EicSre', routeName: 'rightEicSreF' });
  });
});
