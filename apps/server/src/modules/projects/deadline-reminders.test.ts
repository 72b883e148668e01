// 消息提醒 of a disclosure about to end: the housekeeping's run tells the owner of each disclosure ending within
// three working days (and the member acting for it) once, with a link to the project; a later run tells nobody
// again; a disclosure further off is not told yet.
import { addWorkdays, MSG, type NotificationRow, type PageResult, type ProjectListRow } from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

const DEMO_CODE = 'GR2026BJ1000123';

let t: TestApp;
let owner: Client;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
});

afterAll(async () => {
  await t.close();
});

async function deadlines(client: Client): Promise<NotificationRow[]> {
  const page = await client.get<PageResult<NotificationRow>>('/api/message/list?page=1&size=100');
  expect(page.status, page.msg).toBe(0);
  return page.data.list.filter((row) => row.kind === 'disclosure.deadline');
}

describe('披露到期提醒', () => {
  it('tells the owner once when its disclosure ends within three working days', async () => {
    const list = await owner.post<PageResult<ProjectListRow>>('/api/project/list', {
      page: 1,
      size: 10,
      keyword: DEMO_CODE,
    });
    const project = list.data.list[0];
    const end = new Date(project?.disclosureEnd ?? '');
    expect(Number.isNaN(end.getTime())).toBe(false);
    const before = (await deadlines(owner)).length;

    // four working days before the end: not yet (signed in again at each time: the sessions of the day before end)
    t.clock.set(addWorkdays(end, -4).date);
    await t.app.housekeeping.runOnce();
    owner = clientOf(t, await loginAs(t.app, 'transferor'));
    expect((await deadlines(owner)).length).toBe(before);

    // two working days before: told, with the project's link
    t.clock.set(addWorkdays(end, -2).date);
    const report = await t.app.housekeeping.runOnce();
    owner = clientOf(t, await loginAs(t.app, 'transferor'));
    expect(report?.deadlineReminders).toBeGreaterThanOrEqual(1);
    const told = await deadlines(owner);
    expect(told.length).toBe(before + 1);
    expect(told[0]).toMatchObject({
      title: MSG.notificationsDeadlineTitle,
      link: `/index/bulkShowProject?id=${project?.id}`,
      isRead: false,
    });
    expect(told[0]?.body).toContain(DEMO_CODE);

    // the next run tells nobody again
    t.clock.advance(3_600_000);
    expect((await t.app.housekeeping.runOnce())?.deadlineReminders).toBe(0);
    expect((await deadlines(owner)).length).toBe(before + 1);
    // another company hears nothing of it
    const foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
    expect((await deadlines(foreign)).some((row) => row.body.includes(DEMO_CODE))).toBe(false);
  });
});
