// The task centre: every decision someone must take waits as a task in that person's 待办任务, linked to its screen,
// and leaves it when taken — for the exchange (an account opening to review) as for a company (a returned payout to
// apply for again, then its letter to sign). Nobody else sees it; a task decided meanwhile answers 409.
import {
  API_STATUS,
  type CompanyListItem,
  type PageResult,
  type RefundTicket,
  type TaskCounts,
  type TaskRow,
} from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let admin: Client;
let admin2: Client;
let owner: Client;
let foreign: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  admin = clientOf(t, await loginAs(t.app, 'admin'));
  // a second sign-in of the exchange: two reviewers at once
  admin2 = clientOf(t, await loginAs(t.app, 'admin'));
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
});

afterAll(async () => {
  await t.close();
});

async function listOf(client: Client, kind: 'todo' | 'done' | 'launch'): Promise<TaskRow[]> {
  const answer = await client.post<PageResult<TaskRow>>(`/api/task/list/${kind}`, { page: 1, size: 50 });
  expect(answer.status, answer.msg).toBe(0);
  return answer.data.list;
}

async function countsOf(client: Client): Promise<TaskCounts> {
  return (await client.get<TaskCounts>('/api/task/counts')).data;
}

describe('the exchange reviews an account opening from its 待办任务', () => {
  let application: CompanyListItem;
  let task: TaskRow;

  it('lists the application waiting, linked to its review on 机构管理', async () => {
    const companies = await admin.post<PageResult<CompanyListItem>>('/api/company/list', {
      keyword: '示范引导一号',
      page: 1,
      size: 10,
    });
    const found = companies.data.list[0];
    if (found === undefined) throw new Error('gate1 has no application');
    application = found;
    const waiting = (await listOf(admin, 'todo')).find(
      (row) => row.subject === 'accountOpening' && row.subjectId === application.id,
    );
    if (waiting === undefined) throw new Error('the application is not in the exchange’s 待办任务');
    task = waiting;
    expect(task).toMatchObject({
      type: 'Review',
      actionTitle: '开户审核',
      projectId: null,
      projectName: application.name,
      status: 'open',
    });
    const path = new URL(task.path, 'http://portal');
    expect(path.pathname).toBe('/index/companyList');
    expect(Object.fromEntries(path.searchParams)).toEqual({
      tab: 'opening',
      id: String(application.id),
      taskId: String(task.id),
    });
    expect((await admin.post(`/api/task/validate/status/${task.id}`)).status).toBe(API_STATUS.ok);
  });

  it('is nobody else’s: another company neither lists it nor may open it', async () => {
    expect((await listOf(foreign, 'todo')).some((row) => row.id === task.id)).toBe(false);
    expect((await foreign.post(`/api/task/validate/status/${task.id}`)).status).toBe(409);
  });

  it('leaves the list once decided; the reviewer who came second is told so and changes nothing', async () => {
    const before = await countsOf(admin);
    const decide = (client: Client, reason: string) =>
      client.post(`/api/company/examine/${application.id}`, {
        pass: false,
        reason,
        version: application.version,
      });
    const answers = await Promise.all([
      decide(admin, '请补充法定代表人身份证明'),
      decide(admin2, '地址有误'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([0, 409]);
    expect((await listOf(admin, 'todo')).some((row) => row.id === task.id)).toBe(false);
    expect((await countsOf(admin)).todo).toBe(before.todo - 1);
    const done = (await listOf(admin, 'done')).find((row) => row.id === task.id);
    expect(done).toMatchObject({ status: 'done', actionTitle: '开户审核' });
    expect((await admin.post(`/api/task/validate/status/${task.id}`)).status).toBe(409);
  });
});

describe('a returned payout waits on its company, step by step', () => {
  it('asks the owner to apply again, then to sign the letter of its application', async () => {
    const tickets = await owner.post<PageResult<RefundTicket>>('/api/refundTicket/list', {
      page: 1,
      size: 10,
    });
    const ticket = tickets.data.list[0];
    if (ticket === undefined) throw new Error('the demo has no returned payout');
    const apply = (await listOf(owner, 'todo')).find(
      (row) => row.subject === 'refundTicket' && row.subjectId === ticket.id,
    );
    expect(apply).toMatchObject({
      actionTitle: '重新出金申请',
      type: 'Aon',
      projectCode: ticket.projectCode,
      path: `/index/refundTicketApply?id=${ticket.id}&taskId=${apply?.id}`,
    });
    // nobody at the exchange has to act yet
    expect((await listOf(admin, 'todo')).some((row) => row.subject === 'refundTicket')).toBe(false);

    const banks = await owner.post<PageResult<{ id: number }>>('/api/bank/list', { page: 1, size: 10 });
    const bankId = banks.data.list[0]?.id;
    const applied = await owner.post(`/api/refundTicket/apply/${ticket.id}`, {
      version: ticket.version,
      bankId,
      remark: '原账户已销户，改付新开立的基本户',
    });
    expect(applied.status, applied.msg).toBe(0);
    const todo = (await listOf(owner, 'todo')).filter((row) => row.subject === 'refundTicket');
    expect(todo.map((row) => [row.actionTitle, row.type])).toEqual([['重新出金申请签章', 'EicSre']]);
    const launched = (await listOf(owner, 'launch')).filter((row) => row.subject === 'refundTicket');
    expect(launched.map((row) => row.actionTitle)).toEqual(['重新出金申请签章']);
    const done = (await listOf(owner, 'done')).find((row) => row.id === apply?.id);
    expect(done).toMatchObject({ status: 'done' });
  });
});

describe('an investor registered on a capital increase waits for the exchange’s audit', () => {
  it('leaves the exchange’s 待办任务 once audited', async () => {
    const waiting = (await listOf(admin, 'todo')).filter((row) => row.subject === 'investor');
    const first = waiting[0];
    if (first === undefined) throw new Error('no investor waits for its audit');
    expect(first).toMatchObject({ actionTitle: '投资方审核', type: 'Review', family: 'capOpen' });
    expect(new URL(first.path, 'http://portal').searchParams.get('projectId')).toBe(String(first.projectId));
    const investor = await admin.get<{ version: number }>(`/api/investor/${first.subjectId}`);
    const audited = await admin.post(`/api/project/capOpen/investor/audit/${first.subjectId}`, {
      version: investor.data.version,
      result: 'pass',
      reason: '',
    });
    expect(audited.status, audited.msg).toBe(0);
    const after = (await listOf(admin, 'todo')).filter((row) => row.subject === 'investor');
    expect(after.map((row) => row.id)).toEqual(waiting.slice(1).map((row) => row.id));
  });
});
