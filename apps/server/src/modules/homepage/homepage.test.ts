import { formatDate, MSG, type CalendarEvent, type CalendarMonth, type HomepageCounts } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionContext } from '../../platform/auth.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { clientOf, findProjectId, uploadApplicationFile } from '../../test/workflow-support.ts';
import { createHomepageService, monthOf, weekStartOf } from './service.ts';
import { createTestClock } from '../../test/harness.ts';

const ZERO: HomepageCounts = { todo: 0, done: 0, launch: 0, projects: 0, messages: 0 };

describe('home page counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (token?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/homepage/count',
      headers: token === undefined ? {} : bearer(token),
    });

  it('answers every counter for GJS_INDEX and GJS_INDEX_ADMIN holders, from the modules that own the data', async () => {
    // the demo projects (one bulk, two equity, one capital increase) are the transferor's, a bulk draft is
    // transferor2's, and the exchange sees every project; the member they are entrusted to is not a GJS_INDEX holder here; their courses are the
    // transferor's five disclosures (signed and launched) and the member's two registrations, all seven reviewed
    // by the exchange; the newest of the transferor's review notifications is unread; its returned payout waits for
    // its 重新出金申请 (todo and launch) and the appraisal it engaged waits at the appraiser (launch); its two vehicle
    // disposals are its projects too, their applications signed (done) and launched, the dealt one's receiving
    // waiting at the dismantler (launch); its unified lease (disclosed: done and launch) and claim draft too
    const expected: Record<string, HomepageCounts> = {
      transferor: { ...ZERO, projects: 9, todo: 1, done: 11, launch: 14, messages: 1 },
      // the second owner's draft
      transferor2: { ...ZERO, projects: 1 },
      // the exchange's reviews wait in its 待办任务: the resubmitted account opening and the submitted investors; it
      // sees the agent's three small-lot batches too and reviewed their three applications
      admin: { ...ZERO, projects: 13, todo: 3, done: 16 },
      opsadmin: ZERO,
    };
    for (const [username, data] of Object.entries(expected)) {
      const response = await count(await loginAs(t.app, username));
      expect(response.json(), username).toEqual({ status: 0, msg: MSG.ok, data });
    }
  });

  it("counts the task centre's tasks: a submitted application is its owner's todo and launch", async () => {
    const token = await loginAs(t.app, 'transferor');
    const owner = clientOf(t, token);
    const projectId = await findProjectId(t);
    const created = await owner.post<{ id: number; version: number }>('/api/project/bulk/abort/create', {
      projectId,
    });
    const saved = await owner.post<{ version: number }>('/api/project/bulk/abort/save', {
      id: created.data.id,
      version: created.data.version,
      form: { reason: '权属待确认' },
    });
    // a draft opens no task yet
    const seeded = { ...ZERO, projects: 9, todo: 1, done: 11, launch: 14, messages: 1 };
    expect(readJson<HomepageCounts>(await count(token)).data).toEqual(seeded);
    await uploadApplicationFile(t, token, created.data.id);
    const submitted = await owner.post('/api/project/bulk/abort/submit', {
      id: created.data.id,
      version: saved.data.version,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    expect(readJson<HomepageCounts>(await count(token)).data).toEqual({ ...seeded, todo: 2, launch: 15 });
  });

  it('answers 403 without either code, 401 without a session', async () => {
    await t.db.execute(sql`
      with role as (insert into roles (name, codes) values ('无首页', '{GJS_ASSETS_LT}') returning id)
      update operators set role_id = (select id from role)
      where user_id = (select id from users where username = 'member')`);
    const refused = await count(await loginAs(t.app, 'member'));
    expect(refused.statusCode).toBe(403);
    expect((await count()).statusCode).toBe(401);
  });

  it('answers what a registered counter counts, for the signed-in operator', async () => {
    const homepage = createHomepageService({ clock: createTestClock() });
    homepage.registerCounter('todo', (session) => Promise.resolve(session.operatorId * 10));
    const session: SessionContext = {
      sessionId: 1,
      userId: 2,
      operatorId: 3,
      companyId: 4,
      identityType: 1,
      codes: [],
    };
    expect(await homepage.count(session)).toEqual({ ...ZERO, todo: 30 });
    expect(() => homepage.registerCounter('todo', () => Promise.resolve(1))).toThrow();
    expect(readJson<HomepageCounts>(await count(await loginAs(t.app, 'transferor2'))).data).toEqual({
      ...ZERO,
      projects: 1,
    });
  });
});

describe('home page calendar', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const session: SessionContext = {
    sessionId: 1,
    userId: 2,
    operatorId: 3,
    companyId: 4,
    identityType: 999,
    codes: [],
  };

  it('takes no month, or no body at all, as the current month (+08:00, by the server clock)', async () => {
    const token = await loginAs(t.app, 'transferor');
    const ask = (payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/homepage/calendar/reminder',
        headers: bearer(token),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    for (const answer of [await ask({}), await ask()]) {
      const body = readJson<CalendarMonth>(answer);
      expect(body.status, `${body.msg} ${answer.body}`).toBe(0);
      // the answer is taken between two readings of the clock, which a month's turn may separate
      expect([monthOf(new Date(Date.now() - 60_000)), monthOf(new Date())]).toContain(body.data.month);
      expect(body.data.days[0]?.date).toBe(`${body.data.month}-01`);
    }
    // a month given is still checked
    const bad = readJson(await ask({ month: '2026-13' }));
    expect(bad).toMatchObject({ status: 1, msg: MSG.calendarMonthInvalid });
  });

  it("reads the current month from the service's clock, in +08:00", async () => {
    // 17:30 UTC on 31 March is already 1 April in Beijing
    const clock = createTestClock(new Date('2026-03-31T17:30:00Z'));
    const homepage = createHomepageService({ clock });
    const month = await homepage.calendar(session);
    expect(month.month).toBe('2026-04');
    expect(month.days).toHaveLength(30);
    expect((await homepage.calendar(session, '2026-02')).days).toHaveLength(28);
  });

  it('answers the disclosure deadlines of this week, Monday to Sunday, in date order', async () => {
    // Wednesday 2026-03-18 (+08:00)
    const clock = createTestClock(new Date('2026-03-18T02:00:00Z'));
    const homepage = createHomepageService({ clock });
    const asked: [string, string][] = [];
    homepage.registerCalendarSource((_session, from, to) => {
      asked.push([from.toISOString(), to.toISOString()]);
      return Promise.resolve<CalendarEvent[]>([
        {
          kind: 'disclosureEnd',
          date: '2026-03-22',
          title: '乙项目（GR2）',
          link: '/index/bulkShowProject?id=2',
        },
        { kind: 'disclosureStart', date: '2026-03-17', title: '丙项目（GR3）', link: null },
        {
          kind: 'disclosureEnd',
          date: '2026-03-16',
          title: '甲项目（GR1）',
          link: '/index/bulkShowProject?id=1',
        },
      ]);
    });
    const week = await homepage.closingThisWeek(session);
    expect(asked).toEqual([['2026-03-15T16:00:00.000Z', '2026-03-22T16:00:00.000Z']]);
    expect(week).toEqual({
      from: '2026-03-16',
      to: '2026-03-22',
      events: [
        {
          kind: 'disclosureEnd',
          date: '2026-03-16',
          title: '甲项目（GR1）',
          link: '/index/bulkShowProject?id=1',
        },
        {
          kind: 'disclosureEnd',
          date: '2026-03-22',
          title: '乙项目（GR2）',
          link: '/index/bulkShowProject?id=2',
        },
      ],
    });
    // a Sunday night belongs to the week that began six days before
    expect(weekStartOf(new Date('2026-03-22T15:59:00Z')).toISOString()).toBe('2026-03-15T16:00:00.000Z');
    expect(weekStartOf(new Date('2026-03-22T16:00:00Z')).toISOString()).toBe('2026-03-22T16:00:00.000Z');
  });

  it("lists every company's deadlines of this week to the exchange, and only its own to a company", async () => {
    const closing = async (username: string) =>
      readJson<{ from: string; to: string; events: CalendarEvent[] }>(
        await t.app.inject({
          method: 'GET',
          url: '/api/homepage/closing',
          headers: bearer(await loginAs(t.app, username)),
        }),
      ).data;
    const exchange = await closing('admin');
    expect(exchange.from).toBe(formatDate(weekStartOf(new Date())));
    expect(exchange.events.every((event) => event.kind === 'disclosureEnd')).toBe(true);
    expect(exchange.events.every((event) => event.date >= exchange.from && event.date <= exchange.to)).toBe(
      true,
    );
    // the exchange sees every project, so every deadline a company sees is among its own
    const own = await closing('transferor');
    expect(exchange.events).toEqual(expect.arrayContaining(own.events));
    expect((await closing('transferor2')).events).toEqual([]);
  });
});
