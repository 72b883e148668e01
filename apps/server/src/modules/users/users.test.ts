import { DEFAULT_ROLE_CODES, type PermissionsResult, type SessionUser } from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT_PERMISSIONS } from '../../db/seed.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from '../../test/harness.ts';

describe('userinfo and permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
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
    expect(body.data.permissionProject).toEqual(DEMO_PROJECT_PERMISSIONS);
    expect(body.data.permissionProject).toHaveLength(11);
    expect(body.data.permissionProject[0]).toEqual({ businessType: '1', projectAssetType: ['1', '2'] });
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
