import {
  BUSINESS_TYPES,
  DEFAULT_ROLE_CODES,
  hasLedgerPermission,
  MSG,
  type LoginResult,
  type PermissionsResult,
  type ProjectPermission,
  type SessionUser,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { DEMO_PROJECT_PERMISSIONS } from '../../seeds/seed.ts';
import { verifyAuditChain } from '../audit/service.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';
import { escapeXml } from './welcome-image.ts';

describe('userinfo and permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function fetchUserInfo(username: string): Promise<SessionUser> {
    const token = await loginAs(t.app, username);
    const response = await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = readJson<SessionUser>(response);
    expect(body.status).toBe(0);
    return body.data;
  }

  it('answers the session user of a fully onboarded transferor', async () => {
    const user = await fetchUserInfo('transferor');
    expect(user).toMatchObject({
      username: 'transferor',
      nickname: '转让方演示',
      mobile: '13800000001',
      companyName: '北京示范国有资产经营有限公司',
      identityType: 1,
      examineStatus: 3,
      idType: 0,
      manager: true,
      validated: true,
      authStatus: 1,
      companyAuthStatus: 1,
      mainOperatorAuth: true,
      prompt: false,
      setupPassword: true,
      pendingPhone: null,
    });
    expect(user.id).toBeGreaterThan(0);
    expect(user.identities).toEqual([
      { id: expect.any(Number) as number, identityType: 1, companyName: '北京示范国有资产经营有限公司' },
    ]);
  });

  it('answers each demo identity with its own code', async () => {
    const expected: Record<string, number> = {
      member: 2,
      agent: 2,
      assessment: 3,
      disassembly: 4,
      land: 99,
      opsadmin: 998,
      admin: 999,
    };
    for (const [username, identityType] of Object.entries(expected)) {
      const user = await fetchUserInfo(username);
      expect(user.identityType, username).toBe(identityType);
      expect(user.examineStatus, username).toBeNull();
    }
  });

  it('stops each gateN user at onboarding gate N (spec 000 section 4)', async () => {
    const onboarded = {
      examineStatus: 3,
      idType: 0,
      setupPassword: true,
      pendingPhone: null,
      authStatus: 1,
      companyAuthStatus: 1,
      prompt: false,
      mainOperatorAuth: true,
      identityType: 1,
    };
    const gates: Record<string, Partial<SessionUser>> = {
      gate1: { ...onboarded, examineStatus: 1 },
      gate2: { ...onboarded, idType: 1 },
      gate3: { ...onboarded, setupPassword: false },
      gate4: { ...onboarded, pendingPhone: '13900000104' },
      gate5: { ...onboarded, authStatus: 2 },
      gate6: { ...onboarded, prompt: true },
      gate7: { ...onboarded, mainOperatorAuth: false },
      gate8: { ...onboarded, examineStatus: null, identityType: 99 },
    };
    for (const [username, fields] of Object.entries(gates)) {
      expect(await fetchUserInfo(username), username).toMatchObject(fields);
    }
  });

  it('answers the role codes, and the project permissions only with actualProjectData=1', async () => {
    const token = await loginAs(t.app, 'agent');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/app/user/role/permissions',
      headers: bearer(token),
    });
    const plainBody = readJson<PermissionsResult>(plain);
    expect(plainBody.status).toBe(0);
    expect(plainBody.data.permission).toEqual([...DEFAULT_ROLE_CODES.agent]);
    expect(plainBody.data.permissionProject).toEqual([]);

    const withProjects = await t.app.inject({
      method: 'GET',
      url: '/api/app/user/role/permissions?actualProjectData=1',
      headers: bearer(token),
    });
    const body = readJson<PermissionsResult>(withProjects);
    expect(body.data.permission).toEqual([...DEFAULT_ROLE_CODES.agent]);
    expect(body.data.permissionProject).toHaveLength(BUSINESS_TYPES.length);
    expect(body.data.permissionProject[0]).toEqual({ businessType: '1', projectAssetType: ['1', '2'] });
  });

  it('answers permissionProject in business-type order, index i for type i + 1; small-lot at index 4', async () => {
    const fetchProjects = async (username: string) => {
      const token = await loginAs(t.app, username);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/app/user/role/permissions?actualProjectData=1',
        headers: bearer(token),
      });
      return readJson<PermissionsResult>(response).data.permissionProject;
    };
    const agent = await fetchProjects('agent');
    expect(agent.map((p) => p.businessType)).toEqual(BUSINESS_TYPES.map((type) => type.key));
    expect(agent[4]).toEqual({ businessType: '5', projectAssetType: ['1'] });
    expect(agent[11]).toEqual({ businessType: '12', projectAssetType: [] });
    expect(hasLedgerPermission(agent)).toBe(true);

    const member = await fetchProjects('member');
    expect(member[4]).toEqual({ businessType: '5', projectAssetType: [] });
    expect(hasLedgerPermission(member)).toBe(false);

    // the other companies keep the demo permissions of every type they hold
    const transferor = await fetchProjects('transferor');
    expect(transferor.slice(0, DEMO_PROJECT_PERMISSIONS.length)).toEqual(DEMO_PROJECT_PERMISSIONS);
  });

  it('orders what the company stored, whatever order it was stored in', async () => {
    await t.db.execute(
      sql`update companies set project_permissions = ${JSON.stringify([
        { businessType: '5', projectAssetType: ['2'] },
        { businessType: '2', projectAssetType: ['1'] },
      ])}::jsonb where name = '示范土地储备中心'`,
    );
    const token = await loginAs(t.app, 'land');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/app/user/role/permissions?actualProjectData=1',
      headers: bearer(token),
    });
    const projects = readJson<PermissionsResult>(response).data.permissionProject;
    expect(projects).toHaveLength(12);
    expect(projects[1]).toEqual({ businessType: '2', projectAssetType: ['1'] });
    expect(projects[4]).toEqual({ businessType: '5', projectAssetType: ['2'] });
    expect(projects[0]).toEqual({ businessType: '1', projectAssetType: [] });
  });

  it("answers the company's permissions per business type: all in order, or the one asked for", async () => {
    const token = await loginAs(t.app, 'agent');
    const get = async (query: string) =>
      readJson<ProjectPermission[]>(
        await t.app.inject({
          method: 'GET',
          url: `/api/app/get/business/permission${query}`,
          headers: bearer(token),
        }),
      );
    const projects = readJson<PermissionsResult>(
      await t.app.inject({
        method: 'GET',
        url: '/api/app/user/role/permissions?actualProjectData=1',
        headers: bearer(token),
      }),
    ).data.permissionProject;
    const all = await get('');
    expect(all.status).toBe(0);
    expect(all.data).toEqual(projects);
    expect(all.data.map((entry) => entry.businessType)).toEqual(BUSINESS_TYPES.map((type) => type.key));
    expect((await get('?businessType=5')).data).toEqual([{ businessType: '5', projectAssetType: ['1'] }]);
    expect((await get('?businessType=12')).data).toEqual([{ businessType: '12', projectAssetType: [] }]);
    // another company answers its own
    const member = await loginAs(t.app, 'member');
    const memberSmall = await t.app.inject({
      method: 'GET',
      url: '/api/app/get/business/permission?businessType=5',
      headers: bearer(member),
    });
    expect(readJson(memberSmall).data).toEqual([{ businessType: '5', projectAssetType: [] }]);
  });

  it('refuses a business type that does not exist, and answers 401 without a session', async () => {
    const token = await loginAs(t.app, 'agent');
    for (const businessType of ['13', '0', '', 'abc', '5 ']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/app/get/business/permission?businessType=${encodeURIComponent(businessType)}`,
        headers: bearer(token),
      });
      expect(response.statusCode, businessType).toBe(200);
      expect(response.json(), businessType).toEqual({ status: 1, msg: MSG.businessTypeUnknown, data: null });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/app/get/business/permission' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the business-permission call in /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    expect(paths['/api/app/get/business/permission']?.get?.tags).toEqual(['user']);
  });

  it('answers each identity its default role', async () => {
    const token = await loginAs(t.app, 'assessment');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/app/user/role/permissions',
      headers: bearer(token),
    });
    expect(readJson<PermissionsResult>(response).data.permission).toEqual([...DEFAULT_ROLE_CODES.assessment]);
  });

  it('answers 401 to both calls without a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/app/userinfo' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/app/user/role/permissions' })).statusCode).toBe(
      401,
    );
  });

  it('accepts userinfo posted with an empty JSON body', async () => {
    const token = await loginAs(t.app, 'member');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/userinfo',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect(readJson<SessionUser>(response).data.username).toBe('member');
  });
});

describe('identity switch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const userInfo = async (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) });
  const switchTo = async (token: string, id: number | string) =>
    t.app.inject({ method: 'POST', url: `/api/app/switch/${id}`, headers: bearer(token) });

  it('switches to another identity of the same person: new token, old token revoked, audit row', async () => {
    const token = await loginAs(t.app, 'transferor2');
    const before = readJson<SessionUser>(await userInfo(token)).data;
    expect(before.identityType).toBe(1);
    expect(before.identities.map((i) => [i.identityType, i.companyName])).toEqual([
      [1, '华北示范实业集团有限公司'],
      [2, '示范产权经纪有限公司'],
    ]);
    const memberIdentity = before.identities[1]?.id ?? 0;

    const response = await switchTo(token, memberIdentity);
    expect(response.statusCode).toBe(200);
    const body = readJson<LoginResult>(response);
    expect(body).toMatchObject({ status: 0, msg: MSG.identitySwitched });
    expect(body.data.identityType).toBe(2);
    expect(body.data.access_token).not.toBe(token);
    expect(body.data.expires_in).toBe(t.config.sessionTtlS);

    const after = readJson<SessionUser>(await userInfo(body.data.access_token)).data;
    expect(after).toMatchObject({
      username: 'transferor2',
      identityType: 2,
      companyName: '示范产权经纪有限公司',
    });
    const permissions = await t.app.inject({
      method: 'GET',
      url: '/api/app/user/role/permissions',
      headers: bearer(body.data.access_token),
    });
    expect(readJson<PermissionsResult>(permissions).data.permission).toEqual([...DEFAULT_ROLE_CODES.member]);
    expect((await userInfo(token)).statusCode).toBe(401);

    const rows = await selectRows<{ action: string; operator_id: number; detail: unknown }>(
      t.db,
      sql`select action, operator_id, detail from audit_log where action = 'switch'`,
    );
    expect(rows).toEqual([
      {
        action: 'switch',
        operator_id: memberIdentity,
        detail: { fromOperatorId: before.identities[0]?.id, toOperatorId: memberIdentity },
      },
    ]);
    // and back
    const back = await switchTo(body.data.access_token, before.identities[0]?.id ?? 0);
    expect(readJson<LoginResult>(back).data.identityType).toBe(1);
  });

  it("answers 404 for another person's identity or an unknown id, and changes nothing", async () => {
    const other = readJson<SessionUser>(await userInfo(await loginAs(t.app, 'transferor'))).data;
    const token = await loginAs(t.app, 'member');
    // every row but the refusals' own access.denied rows
    const countChanges = async (): Promise<number> =>
      (
        await selectRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from audit_log where action <> 'access.denied'`,
        )
      )[0]?.n ?? -1;
    const changesBefore = await countChanges();
    for (const id of [other.identities[0]?.id ?? 0, 999_999, 'abc', 0]) {
      const response = await switchTo(token, id);
      expect(response.json(), String(id)).toEqual({ status: 404, msg: MSG.notFound, data: null });
    }
    expect(readJson<SessionUser>(await userInfo(token)).data.username).toBe('member');
    expect(await countChanges()).toBe(changesBefore);
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);
  });

  it('switches a session once, even when two switches race', async () => {
    const token = await loginAs(t.app, 'transferor2');
    const identities = readJson<SessionUser>(await userInfo(token)).data.identities;
    const target = identities[1]?.id ?? 0;
    const outcomes = await Promise.all([switchTo(token, target), switchTo(token, target)]);
    expect(outcomes.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/app/switch/1' })).statusCode).toBe(401);
  });
});

describe('welcome prompt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('draws the welcome banner for a signed-in user', async () => {
    const token = await loginAs(t.app, 'gate6');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/operator/welcome/image',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(response.body).toContain(MSG.portalName);
    expect(response.body).toContain('引导演示六');
    expect(response.body).toContain('示范引导六号实业有限公司');
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/welcome/image' })).statusCode).toBe(401);
  });

  it('escapes names so they cannot open markup', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('gate 6: cancelling the prompt clears the flag userinfo answers, with an audit row', async () => {
    const token = await loginAs(t.app, 'gate6');
    const info = async () =>
      readJson<SessionUser>(
        await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) }),
      ).data;
    expect((await info()).prompt).toBe(true);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/operator/cancel/prompt',
      headers: bearer(token),
    });
    expect(response.json()).toEqual({ status: 0, msg: MSG.ok, data: null });
    expect((await info()).prompt).toBe(false);
    const rows = await selectRows<{ action: string; result: string }>(
      t.db,
      sql`select action, result from audit_log where action = 'prompt.cancel'`,
    );
    expect(rows).toEqual([{ action: 'prompt.cancel', result: 'ok' }]);
  });
});

describe('secondary role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds the chosen codes the company role allows, never more, and the route guard follows', async () => {
    // a transferor operator whose own role grants the home page only
    await t.db.execute(sql`
      with company as (select id from companies where name = '北京示范国有资产经营有限公司'),
           role as (insert into roles (company_id, name, codes)
                    select id, '首页查看', '{GJS_INDEX}' from company returning id)
      update operators set role_id = (select id from role) where company_id = (select id from company)`);
    const token = await loginAs(t.app, 'transferor');
    const permissions = async () =>
      readJson<PermissionsResult>(
        await t.app.inject({ method: 'GET', url: '/api/app/user/role/permissions', headers: bearer(token) }),
      ).data.permission;
    expect(await permissions()).toEqual(['GJS_INDEX']);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/user/sec/role',
      headers: bearer(token),
      payload: {
        codes: ['GJS_ASSETS_LT', 'GJS_SYSTEM_SMS_ADMIN', 'GJS_PROJECT_EVALUATION_LT', 'GJS_INDEX', 'NO_SUCH'],
      },
    });
    expect(response.json()).toEqual({ status: 0, msg: MSG.ok, data: null });
    // evaluation codes are not a transferor's, admin codes never are
    expect(await permissions()).toEqual(['GJS_INDEX', 'GJS_ASSETS_LT']);
    const sms = await t.app.inject({ method: 'POST', url: '/api/sms/list', headers: bearer(token) });
    expect(sms.statusCode).toBe(403);

    const rows = await selectRows<{ detail: unknown }>(
      t.db,
      sql`select detail from audit_log where action = 'role.secondary'`,
    );
    expect(rows).toEqual([
      {
        detail: {
          codes: ['GJS_ASSETS_LT', 'GJS_SYSTEM_SMS_ADMIN', 'GJS_PROJECT_EVALUATION_LT', 'GJS_INDEX'],
        },
      },
    ]);

    await t.app.inject({
      method: 'POST',
      url: '/api/app/user/sec/role',
      headers: bearer(token),
      payload: { codes: [] },
    });
    expect(await permissions()).toEqual(['GJS_INDEX']);
  });

  it('refuses a body without a list of codes', async () => {
    const token = await loginAs(t.app, 'member');
    for (const payload of [{}, { codes: 'GJS_INDEX' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/app/user/sec/role',
        headers: bearer(token),
        payload,
      });
      expect(response.json()).toEqual({ status: 1, msg: MSG.badRequest, data: null });
    }
  });
});
