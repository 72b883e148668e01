// 意向受让方: the buyer an intention registration names, read by whoever reads the registration (its member always,
// the project's owner and the exchange once signed; anyone else 404), and its state-funded background derived from
// the account openings on the portal: a company whose opening named a 国家出资企业, the 国家出资企业 such an opening
// named, and no one else (a person never). The registrations are written straight into their table: how they come
// to be is the intentions test's business.
import { composeCreditCode, INTENTION_STATUS_LABELS, maskIdCard, MSG } from '@cqjy/domain';
import type { StateFunded, TransfereeView } from '@cqjy/domain/contracts/transferees';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, copyProject, findProjectId, type Client } from '../../test/workflow-support.ts';
import { intentionRegistrations } from './tables.ts';

/** The 国家出资企业 the buyer company's account opening names. */
const STATE_ENTERPRISE = {
  name: '重庆市示范国有资本运营有限公司',
  code: composeCreditCode('500000', '88000001'),
};
/** A demo company on the portal (华北示范实业集团有限公司), the buyer of the state-funded registration. */
const FUNDED_BUYER_CODE = composeCreditCode('130100', '20000002');
const PERSON_ID = '110101199003070011';

let t: TestApp;
let agent: Client;
let owner: Client;
let exchange: Client;
let member: Client;
let owner2: Client;
/** registrations of the agent member: signed ones on four projects of the demo owner, and a draft */
const ids = { funded: 0, enterprise: 0, unknown: 0, person: 0, draft: 0 };
let projectName = '';

async function companyIdOf(username: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    t.db,
    sql`select o.company_id as id from operators o join users u on u.id = o.user_id
        where u.username = ${username} and o.is_default`,
  );
  return rows[0]?.id ?? 0;
}

async function register(
  projectId: number,
  buyer: { kind: 'person' | 'company'; name: string; certNo: string },
  status: 'submitted' | 'draft' = 'submitted',
): Promise<number> {
  const [row] = await t.db
    .insert(intentionRegistrations)
    .values({
      projectId,
      companyId: await companyIdOf('agent'),
      status,
      kind: buyer.kind,
      name: buyer.name,
      certType: buyer.kind === 'person' ? 'idCard' : 'creditCode',
      certNo: buyer.certNo,
      contactName: '赵经理',
      contactMobile: '13900000001',
      amount: 120_000_000,
    })
    .returning({ id: intentionRegistrations.id });
  return row?.id ?? 0;
}

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  agent = clientOf(t, await loginAs(t.app, 'agent'));
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  member = clientOf(t, await loginAs(t.app, 'member'));
  owner2 = clientOf(t, await loginAs(t.app, 'transferor2'));
  await t.db.execute(sql`
    update companies set state_funded_enter = ${STATE_ENTERPRISE.name}, state_credit_code = ${STATE_ENTERPRISE.code}
    where credit_code = ${FUNDED_BUYER_CODE}`);
  const demo = await findProjectId(t);
  projectName = (
    await selectRows<{ name: string }>(t.db, sql`select name from projects where id = ${demo}`)
  )[0]?.name as string;
  // a member holds one registration per project: one project each
  const projects = [
    demo,
    await copyProject(t, 'GR2026BJ9100001'),
    await copyProject(t, 'GR2026BJ9100002'),
    await copyProject(t, 'GR2026BJ9100003'),
    await copyProject(t, 'GR2026BJ9100004'),
  ] as const;
  ids.funded = await register(projects[0], {
    kind: 'company',
    name: '华北示范实业集团有限公司',
    certNo: FUNDED_BUYER_CODE,
  });
  ids.enterprise = await register(projects[1], {
    kind: 'company',
    name: STATE_ENTERPRISE.name,
    certNo: STATE_ENTERPRISE.code,
  });
  ids.unknown = await register(projects[2], {
    kind: 'company',
    name: '示范民营投资有限公司',
    certNo: composeCreditCode('110108', '71999999'),
  });
  ids.person = await register(projects[3], { kind: 'person', name: '王五', certNo: PERSON_ID });
  ids.draft = await register(
    projects[4],
    // a company on the portal whose account opening named no 国家出资企业
    { kind: 'company', name: '示范产权经纪有限公司', certNo: composeCreditCode('110108', '30000001') },
    'draft',
  );
});

afterAll(async () => {
  await t.close();
});

const NOT_FOUND = { status: 404, msg: MSG.transfereeNotFound, data: null };

describe('GET /api/project/transferee/show/{id}', () => {
  it("answers the buyer's facts, its status and project, to its member, the project's owner and the exchange", async () => {
    const expected: TransfereeView = {
      id: ids.funded,
      projectId: expect.any(Number) as number,
      projectName,
      kind: 'company',
      kindLabel: '法人或其他组织',
      name: '华北示范实业集团有限公司',
      certType: 'creditCode',
      certTypeLabel: '统一社会信用代码',
      certNo: FUNDED_BUYER_CODE,
      contactName: '赵经理',
      contactMobile: '13900000001',
      amount: 120_000_000,
      status: 'submitted',
      statusLabel: INTENTION_STATUS_LABELS.submitted,
    };
    for (const client of [agent, owner, exchange]) {
      expect(await client.get(`/api/project/transferee/show/${ids.funded}`)).toEqual({
        status: 0,
        msg: MSG.ok,
        data: expected,
      });
    }
  });

  it("masks a person's number, as every view of a registration does", async () => {
    const shown = await owner.get<TransfereeView>(`/api/project/transferee/show/${ids.person}`);
    expect(shown.data).toMatchObject({ kind: 'person', certType: 'idCard', certNo: maskIdCard(PERSON_ID) });
  });

  it('answers 404 to another member, another owner, the owner of a draft and an unknown id; a malformed id names nothing', async () => {
    for (const client of [member, owner2]) {
      expect(await client.get(`/api/project/transferee/show/${ids.funded}`)).toEqual(NOT_FOUND);
    }
    expect(await agent.get(`/api/project/transferee/show/${ids.draft}`)).toMatchObject({ status: 0 });
    expect(await owner.get(`/api/project/transferee/show/${ids.draft}`)).toEqual(NOT_FOUND);
    expect(await exchange.get(`/api/project/transferee/show/${ids.draft}`)).toEqual(NOT_FOUND);
    expect(await owner.get('/api/project/transferee/show/987654321')).toEqual(NOT_FOUND);
    for (const bad of ['abc', '0', '1e3']) {
      expect(await owner.get(`/api/project/transferee/show/${bad}`), bad).toEqual({
        status: 404,
        msg: MSG.notFound,
        data: null,
      });
    }
  });

  it('needs a session and a project code', async () => {
    const anonymous = await clientOf(t, undefined).raw('GET', `/api/project/transferee/show/${ids.funded}`);
    expect(anonymous.statusCode).toBe(401);
    const assessor = clientOf(t, await loginAs(t.app, 'assessment'));
    const refused = await assessor.raw('GET', `/api/project/transferee/show/${ids.funded}`);
    expect(refused.statusCode).toBe(403);
  });
});

describe('GET /api/project/transferee/state/funded/{id}', () => {
  const funded = (id: number) => `/api/project/transferee/state/funded/${id}`;

  it('answers a company whose account opening named a 国家出资企业 state-funded, with that enterprise', async () => {
    for (const client of [agent, owner, exchange]) {
      expect(await client.get(funded(ids.funded))).toEqual({
        status: 0,
        msg: MSG.ok,
        data: {
          stateFunded: true,
          stateFundedEnter: STATE_ENTERPRISE.name,
          stateCreditCode: STATE_ENTERPRISE.code,
        } satisfies StateFunded,
      });
    }
  });

  it('answers the 国家出资企业 an opening named state-funded, its own code the code', async () => {
    expect((await owner.get<StateFunded>(funded(ids.enterprise))).data).toEqual({
      stateFunded: true,
      stateFundedEnter: STATE_ENTERPRISE.name,
      stateCreditCode: STATE_ENTERPRISE.code,
    });
  });

  it('answers a code the portal knows no 国家出资企业 of, a company that named none, and a person not state-funded', async () => {
    const none: StateFunded = { stateFunded: false, stateFundedEnter: null, stateCreditCode: null };
    expect((await owner.get<StateFunded>(funded(ids.unknown))).data).toEqual(none);
    expect((await owner.get<StateFunded>(funded(ids.person))).data).toEqual(none);
    expect((await agent.get<StateFunded>(funded(ids.draft))).data).toEqual(none);
  });

  it('answers 404 to whoever may not read the registration, and to a malformed id', async () => {
    expect(await member.get(funded(ids.funded))).toEqual(NOT_FOUND);
    expect(await owner2.get(funded(ids.enterprise))).toEqual(NOT_FOUND);
    expect(await owner.get(funded(ids.draft))).toEqual(NOT_FOUND);
    expect(await owner.get(funded(987_654_321))).toEqual(NOT_FOUND);
    expect(await owner.get('/api/project/transferee/state/funded/x1')).toEqual({
      status: 404,
      msg: MSG.notFound,
      data: null,
    });
  });
});

describe('/api/docs', () => {
  it('names the transferee calls under the project tag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    for (const path of ['/api/project/transferee/show/{id}', '/api/project/transferee/state/funded/{id}']) {
      expect(paths[path]?.get?.tags, path).toEqual(['project']);
    }
  });
});
