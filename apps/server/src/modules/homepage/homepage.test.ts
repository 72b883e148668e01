import { MSG, type HomepageCounts } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionContext } from '../../platform/auth.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
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

  it('answers every counter for GJS_INDEX and GJS_INDEX_ADMIN holders; nothing exists to count yet', async () => {
    for (const username of ['transferor', 'admin', 'opsadmin']) {
      const response = await count(await loginAs(t.app, username));
      expect(response.json(), username).toEqual({ status: 0, msg: MSG.ok, data: ZERO });
    }
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
    expect(readJson<HomepageCounts>(await count(await loginAs(t.app, 'transferor'))).data).toEqual(ZERO);
  });
});
