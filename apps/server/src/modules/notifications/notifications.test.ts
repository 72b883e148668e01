// Notifications (消息提醒): a service raises one inside its own transaction (rolled back with it); the receiving
// company lists it, counts it among its unread ones and marks it read; another company neither sees it nor can
// mark it (404, exactly the answer to an id that exists nowhere, and nothing changes); one raised for a single user
// is that user's only; 全部标为已读 marks the reader's and nobody else's; reading is never audited. The demo owner
// starts with the notifications of its seeded approvals, the newest unread.
import { MSG, type LoginResult, type NotificationRow, type PageResult, type UnreadCount } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';
import { createNotificationsService, type NotificationsService } from './service.ts';

let t: TestApp;
let service: NotificationsService;
let owner: Client;
let foreign: Client;
let ownerCompanyId: number;
let foreignCompanyId: number;

async function companyIdOf(username: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    t.db,
    sql`select o.company_id as id from operators o join users u on u.id = o.user_id
        where u.username = ${username} and o.is_default`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no company of ${username}`);
  return id;
}

async function userIdOf(username: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(t.db, sql`select id from users where username = ${username}`);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no user ${username}`);
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  service = createNotificationsService({ db: t.db, clock: t.clock });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  ownerCompanyId = await companyIdOf('transferor');
  foreignCompanyId = await companyIdOf('transferor2');
});

afterAll(async () => {
  await t.close();
});

/** Raises a notification in a transaction of its own, a second after the last one (the newest comes first). */
async function raise(input: {
  companyId: number;
  userId?: number;
  title?: string;
  body?: string;
  link?: string | null;
}): Promise<number> {
  t.clock.advance(1000);
  const { id } = await t.db.transaction((tx) =>
    service.raise(tx, {
      kind: 'workflow.back',
      title: '信息披露申请已被退回',
      body: '请按审核意见修改后重新提交。审核意见：请补充评估报告',
      link: '/index/bulkShowProject?id=3',
      ...input,
    }),
  );
  return id;
}

async function listOf(client: Client, query = 'page=1&size=100'): Promise<PageResult<NotificationRow>> {
  const body = await client.get<PageResult<NotificationRow>>(`/api/message/list?${query}`);
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

async function unreadOf(client: Client): Promise<number> {
  const body = await client.get<UnreadCount>('/api/message/unread/count');
  expect(body.status, body.msg).toBe(0);
  return body.data.count;
}

/** The notifications table and the audit log (a refusal's own access.denied row aside). */
async function fingerprint(): Promise<string> {
  const rows = await selectRows(t.db, sql`select * from notifications order by id`);
  const audit = await selectRows(
    t.db,
    sql`select count(*)::int as n from audit_log where action <> 'access.denied'`,
  );
  return JSON.stringify({ rows, audit });
}

describe('the demo owner', () => {
  it('starts with the notifications of its approved applications, the newest unread', async () => {
    const page = await listOf(owner);
    // the demo projects' approvals: five disclosures, the finished deal's disclosure, contract and price, the
    // two vehicle disposals' applications and the unified lease's disclosure
    expect(page.total).toBe(11);
    expect(page.list.map((row) => row.isRead)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(page.list.every((row) => row.kind === 'workflow.pass' && row.kindLabel === '审核通过')).toBe(true);
    // the newest: the vehicle disposal approved two working days ago
    expect(page.list[0]).toMatchObject({
      title: '处置申请已审核通过',
      body: '您提交的项目“北京示范国有资产经营有限公司报废公务车辆处置（第一批）”（GR2026BJ1000601）处置申请已审核通过。审核意见：无',
    });
    expect(page.list[0]?.link).toMatch(/^\/index\/vehicleShowProject\?id=\d+$/);
    expect(page.list.find((row) => row.title === '信息预披露申请已审核通过')?.link).toMatch(
      /^\/index\/rightShowProject\?id=\d+&family=stock$/,
    );
    expect(page.list.find((row) => row.body.includes('GR2026BJ1000123'))?.link).toMatch(
      /^\/index\/bulkShowProject\?id=\d+$/,
    );
    expect(await unreadOf(owner)).toBe(1);
    expect(await listOf(foreign)).toEqual({ list: [], total: 0 });
  });
});

describe('raising', () => {
  it('shows a raised notification to the receiving company only, first and unread', async () => {
    const ownerBefore = await unreadOf(owner);
    const foreignBefore = await unreadOf(foreign);
    const id = await raise({ companyId: ownerCompanyId });
    const page = await listOf(owner);
    expect(page.list[0]).toEqual({
      id,
      kind: 'workflow.back',
      kindLabel: '审核退回',
      title: '信息披露申请已被退回',
      body: '请按审核意见修改后重新提交。审核意见：请补充评估报告',
      link: '/index/bulkShowProject?id=3',
      isRead: false,
      readAt: null,
      createdAt: t.clock.now().toISOString(),
    });
    expect(await unreadOf(owner)).toBe(ownerBefore + 1);
    expect(await unreadOf(foreign)).toBe(foreignBefore);
    expect((await listOf(foreign)).list.some((row) => row.id === id)).toBe(false);
  });

  it('leaves nothing behind when the caller transaction rolls back', async () => {
    const before = await fingerprint();
    await expect(
      t.db.transaction(async (tx) => {
        await service.raise(tx, {
          companyId: ownerCompanyId,
          kind: 'workflow.pass',
          title: '通过',
          body: '',
        });
        throw new Error('the approval failed');
      }),
    ).rejects.toThrow('the approval failed');
    expect(await fingerprint()).toBe(before);
  });

  it('refuses a link that leaves the portal, and cuts an overlong body', async () => {
    for (const link of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/index/a b']) {
      await expect(raise({ companyId: ownerCompanyId, link }), link).rejects.toThrow(/in-app/);
    }
    const id = await raise({ companyId: foreignCompanyId, body: '意'.repeat(5000), link: null });
    const row = (await listOf(foreign)).list.find((item) => item.id === id);
    expect(row?.link).toBeNull();
    expect(Array.from(row?.body ?? '')).toHaveLength(2000);
    expect(row?.body.endsWith('…')).toBe(true);
  });

  it('shows a notification raised for one user to that user only', async () => {
    const memberCompanyId = await companyIdOf('member');
    const member = clientOf(t, await loginAs(t.app, 'member'));
    const id = await raise({ companyId: memberCompanyId, userId: await userIdOf('transferor2') });
    expect((await listOf(member)).list.some((row) => row.id === id)).toBe(false);
    expect((await member.post(`/api/message/read/${id}`)).status).toBe(404);

    // transferor2 also operates for the member company: there it sees it
    const identities = await selectRows<{ id: number }>(
      t.db,
      sql`select o.id from operators o join users u on u.id = o.user_id
          where u.username = 'transferor2' and o.company_id = ${memberCompanyId}`,
    );
    const token = await loginAs(t.app, 'transferor2');
    const switched = readJson<LoginResult>(
      await t.app.inject({
        method: 'POST',
        url: `/api/app/switch/${identities[0]?.id ?? 0}`,
        headers: bearer(token),
      }),
    );
    expect(switched.status, switched.msg).toBe(0);
    const asMember = clientOf(t, switched.data.access_token);
    expect((await listOf(asMember)).list.find((row) => row.id === id)).toMatchObject({ isRead: false });
  });
});

describe('reading', () => {
  it('answers another company 404 exactly as an unknown id, and changes nothing', async () => {
    const id = await raise({ companyId: ownerCompanyId });
    const before = await fingerprint();
    const foreignAnswer = await foreign.raw('POST', `/api/message/read/${id}`);
    const unknownAnswer = await foreign.raw('POST', '/api/message/read/999999999');
    expect(foreignAnswer.statusCode).toBe(unknownAnswer.statusCode);
    expect(foreignAnswer.json()).toEqual(unknownAnswer.json());
    expect(foreignAnswer.json()).toMatchObject({ status: 404, msg: MSG.notFound });
    expect(await fingerprint()).toBe(before);
    expect((await listOf(owner)).list.find((row) => row.id === id)).toMatchObject({ isRead: false });
  });

  it('marks one read for the company, keeps the first read time, and audits nothing', async () => {
    const id = await raise({ companyId: ownerCompanyId });
    const unread = await unreadOf(owner);
    const [audit] = await selectRows(t.db, sql`select count(*)::int as n from audit_log`);
    const body = await owner.post<{ id: number }>(`/api/message/read/${id}`);
    expect(body).toMatchObject({ status: 0, data: { id } });
    const readAt = t.clock.now().toISOString();
    expect(await unreadOf(owner)).toBe(unread - 1);
    t.clock.advance(60_000);
    expect((await owner.post(`/api/message/read/${id}`)).status).toBe(0);
    expect((await listOf(owner)).list.find((row) => row.id === id)).toMatchObject({ isRead: true, readAt });
    expect(await selectRows(t.db, sql`select count(*)::int as n from audit_log`)).toEqual([audit]);
  });

  it('lists the unread ones only when asked, paged', async () => {
    await raise({ companyId: ownerCompanyId, title: '第一条' });
    await raise({ companyId: ownerCompanyId, title: '第二条' });
    const unread = await listOf(owner, 'page=1&size=100&unread=1');
    expect(unread.total).toBe(await unreadOf(owner));
    expect(unread.list.every((row) => !row.isRead)).toBe(true);
    const all = await listOf(owner);
    expect(all.total).toBeGreaterThan(unread.total);
    const first = await listOf(owner, 'page=1&size=1');
    const second = await listOf(owner, 'page=2&size=1');
    expect(first.list.map((row) => row.title)).toEqual(['第二条']);
    expect(second.list.map((row) => row.title)).toEqual(['第一条']);
    expect(first.total).toBe(all.total);
  });

  it('marks every unread notification of the reader read, and no other company', async () => {
    const foreignId = await raise({ companyId: foreignCompanyId });
    await raise({ companyId: ownerCompanyId });
    const unread = await unreadOf(owner);
    expect(unread).toBeGreaterThan(0);
    const foreignUnread = await unreadOf(foreign);
    const body = await owner.post<{ count: number }>('/api/message/read/all');
    expect(body).toMatchObject({ status: 0, msg: MSG.notificationsAllRead, data: { count: unread } });
    expect(await unreadOf(owner)).toBe(0);
    expect((await listOf(owner, 'unread=true')).list).toEqual([]);
    expect(await unreadOf(foreign)).toBe(foreignUnread);
    expect((await listOf(foreign)).list.find((row) => row.id === foreignId)).toMatchObject({ isRead: false });
    expect((await owner.post<{ count: number }>('/api/message/read/all')).data).toEqual({ count: 0 });
  });
});

describe('access', () => {
  it('needs GJS_MESSAGE for the list and the marking; the unread count only a session', async () => {
    const assessment = clientOf(t, await loginAs(t.app, 'assessment'));
    expect((await assessment.raw('GET', '/api/message/list')).statusCode).toBe(403);
    expect((await assessment.raw('POST', '/api/message/read/all')).statusCode).toBe(403);
    expect(await unreadOf(assessment)).toBe(0);
    const anonymous = clientOf(t, undefined);
    expect((await anonymous.raw('GET', '/api/message/unread/count')).statusCode).toBe(401);
    expect((await anonymous.raw('GET', '/api/message/list')).statusCode).toBe(401);
    // the exchange holds GJS_MESSAGE_ADMIN and reads its own company's notifications only
    const exchange = clientOf(t, await loginAs(t.app, 'admin'));
    expect(await listOf(exchange)).toEqual({ list: [], total: 0 });
  });

  it('refuses a query out of range', async () => {
    for (const query of ['size=101', 'page=0', 'unread=maybe', 'page=abc']) {
      const body = await owner.get(`/api/message/list?${query}`);
      expect(body.status, query).not.toBe(0);
    }
  });
});
