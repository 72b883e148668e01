import { MSG, type HomepageCounts } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionContext } from '../../platform/auth.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { clientOf, findProjectId, uploadApplicationFile } from '../workflow/test-support.ts';
import { createHomepageService } from './service.ts';

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
    // the demo projects (one bulk, two equity, one capital increase) are the transferor's, and the exchange sees
    // every project; the member they are entrusted to is not a GJS_INDEX holder here; their courses are the
    // transferor's five disclosures (signed and launched) and the member's two registrations, all seven reviewed
    // by the exchange; the newest of the transferor's review notifications is unread
    const expected: Record<string, HomepageCounts> = {
      transferor: { ...ZERO, projects: 5, done: 8, launch: 8, messages: 1 },
      transferor2: ZERO,
      admin: { ...ZERO, projects: 5, done: 10 },
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
    const seeded = { ...ZERO, projects: 5, done: 8, launch: 8, messages: 1 };
    expect(readJson<HomepageCounts>(await count(token)).data).toEqual(seeded);
    await uploadApplicationFile(t, token, created.data.id);
    const submitted = await owner.post('/api/project/bulk/abort/submit', {
      id: created.data.id,
      version: saved.data.version,
    });
    expect(submitted.status, submitted.msg).toBe(0);
    expect(readJson<HomepageCounts>(await count(token)).data).toEqual({ ...seeded, todo: 1, launch: 9 });
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
    const homepage = createHomepageService();
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
    expect(readJson<HomepageCounts>(await count(await loginAs(t.app, 'transferor2'))).data).toEqual(ZERO);
  });
});
