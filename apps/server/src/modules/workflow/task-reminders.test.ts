// 消息提醒 任务提醒: an application that reaches the exchange's review (a task assigned to the exchange) tells the
// exchange, with the applicant, the project and a link to the review screen of that task; the applicant is not
// told of its own step, and another company hears nothing.
import { type NotificationRow, type PageResult } from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import {
  approveAction,
  clientOf,
  copyProject,
  enrolSigner,
  type Client,
} from '../../test/workflow-support.ts';

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

async function tasksOf(client: Client): Promise<NotificationRow[]> {
  const page = await client.get<PageResult<NotificationRow>>('/api/message/list?page=1&size=100');
  expect(page.status, page.msg).toBe(0);
  return page.data.list.filter((row) => row.kind === 'task.assigned');
}

describe('任务提醒', () => {
  it('tells the exchange of the signed application awaiting its review, with the link to that task', async () => {
    const before = (await tasksOf(exchange)).length;
    const projectId = await copyProject(t, 'GR2026BJ7200001');
    const id = await approveAction({
      t,
      phone,
      mobile: '13800000001',
      ownerToken,
      exchange,
      projectId,
      action: 'abort',
      form: { reason: '标的权属需进一步确认' },
    });
    const told = await tasksOf(exchange);
    expect(told.length).toBe(before + 1);
    expect(told[0]).toMatchObject({
      title: '待审核：项目中止申请',
      kindLabel: '任务提醒',
      link: expect.stringMatching(new RegExp(`^/index/bulkAbortEicSre\\?id=${id}&taskId=\\d+$`)),
    });
    expect(told[0]?.body).toContain('北京示范国有资产经营有限公司');
    expect(told[0]?.body).toContain('GR2026BJ7200001');
    // the applicant is told of the decision only, never of its own step
    expect(await tasksOf(owner)).toEqual([]);
    const foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
    expect(await tasksOf(foreign)).toEqual([]);
  });
});
