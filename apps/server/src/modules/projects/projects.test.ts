// The project calls (issue 7 first slice): bulk drafts created, updated, shown and deleted by their company;
// the list scoped in SQL (own company, the exchange all, an agent member the projects it acts for) with its
// filters; ownerProject and searchs; and per call: bad input refused with the Chinese message and nothing
// changed, another company's project 404 and nothing changed, missing permission 403, no session 401.
import {
  LIST_COUNT_CAP,
  MSG,
  type BulkProjectForm,
  type ProjectFormView,
  type ProjectListRow,
  type ProjectSearchOptions,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, findProjectId, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let owner: Client;
let foreign: Client;
let exchange: Client;
let ops: Client;
let agent: Client;
let anonymous: Client;
let demoId: number;

const form: BulkProjectForm = {
  name: '闲置机床一批',
  assetCategory: 'machinery',
  listingPrice: 120_000_00,
  appraisalPrice: 125_000_00,
  disclosureDays: 10,
  paymentMode: 'lump',
  contactName: '李四',
  contactMobile: '13800000001',
  description: '数控机床五台',
};

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  ops = clientOf(t, await loginAs(t.app, 'opsadmin'));
  agent = clientOf(t, await loginAs(t.app, 'agent'));
  anonymous = clientOf(t, undefined);
  demoId = await findProjectId(t);
});

afterAll(async () => {
  await t.close();
});

type Snapshot = { name: string; version: number; status: string; details: unknown } | undefined;

async function snapshot(id: number): Promise<Snapshot> {
  const rows = await selectRows<NonNullable<Snapshot>>(
    t.db,
    sql`select name, version, status, details from projects where id = ${id}`,
  );
  return rows[0];
}

async function countAudit(action: string): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where action = ${action}`,
  );
  return rows[0]?.n ?? 0;
}

async function createDraft(client: Client = owner, values: BulkProjectForm = form): Promise<number> {
  const body = await client.post<{ id: number; version: number }>('/api/project/bulk', { form: values });
  expect(body.status, body.msg).toBe(0);
  return body.data.id;
}

async function listOf(client: Client, query: Record<string, unknown> = {}) {
  const body = await client.post<{ list: ProjectListRow[]; total: number; isTotalCapped?: boolean }>(
    '/api/project/list',
    {
      page: 1,
      size: 100,
      ...query,
    },
  );
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

describe('bulk drafts', () => {
  it('create: a draft of the caller company with a code from its id, audited', async () => {
    const before = await countAudit('project.create');
    const body = await owner.post<{ id: number; version: number }>('/api/project/bulk', {
      form: { ...form, unknownKey: 'x' },
    });
    expect(body).toMatchObject({ status: 0, msg: MSG.projectSaved, data: { version: 1 } });
    const shown = await owner.post<ProjectFormView>('/api/project/bulk/show', { id: body.data.id });
    expect(shown.data).toMatchObject({
      id: body.data.id,
      name: form.name,
      status: 'draft',
      statusLabel: '草稿',
      form,
      version: 1,
      disclosureStart: null,
      disclosureEnd: null,
      companyName: expect.any(String) as string,
      openTask: null,
    });
    expect(shown.data.code).toMatch(/^GR\d{4}BJ\d{7}$/);
    expect(shown.data.form).not.toHaveProperty('unknownKey');
    expect(await countAudit('project.create')).toBe(before + 1);
  });

  it('create: bad input is refused with the rule message and nothing is stored', async () => {
    const before = await listOf(owner);
    expect(await owner.post('/api/project/bulk', { form: { ...form, name: 'a' } })).toMatchObject({
      status: 1,
      msg: MSG.projectsNameInvalid,
    });
    expect(await owner.post('/api/project/bulk', { form: { ...form, listingPrice: -5 } })).toMatchObject({
      status: 1,
      msg: MSG.projectsListingPriceInvalid,
    });
    expect(await owner.post('/api/project/bulk', { form: { ...form, contactMobile: '12' } })).toMatchObject({
      status: 1,
      msg: MSG.telephoneInvalid,
    });
    expect((await owner.post('/api/project/bulk', { form: 'x' })).status).not.toBe(0);
    expect((await listOf(owner)).total).toBe(before.total);
  });

  it('update: a draft at its version; a stale version 409; bad input refused; nothing changed', async () => {
    const id = await createDraft();
    const updated = await owner.post<{ id: number; version: number }>(`/api/project/bulk/update/${id}`, {
      version: 1,
      form: { ...form, name: '闲置机床一批（更新）', disclosureDays: 15 },
    });
    expect(updated).toMatchObject({ status: 0, data: { id, version: 2 } });
    const stale = await owner.raw('POST', `/api/project/bulk/update/${id}`, { version: 1, form });
    expect(stale.json()).toMatchObject({ status: 409 });
    const bad = await owner.post(`/api/project/bulk/update/${id}`, {
      version: 2,
      form: { ...form, assetCategory: 'ship' },
    });
    expect(bad).toMatchObject({ status: 1, msg: MSG.projectsAssetCategoryRequired });
    expect(await snapshot(id)).toMatchObject({ name: '闲置机床一批（更新）', version: 2 });
  });

  it('update and delete: only drafts; a disclosing project is refused and unchanged', async () => {
    const before = await snapshot(demoId);
    expect(
      await owner.post(`/api/project/bulk/update/${demoId}`, { version: before?.version, form }),
    ).toMatchObject({ status: 1, msg: MSG.projectsNotEditable });
    expect(await owner.post(`/api/project/delete/${demoId}`)).toMatchObject({
      status: 1,
      msg: MSG.projectsNotDeletable,
    });
    expect(await snapshot(demoId)).toEqual(before);
  });

  it('delete: a draft goes, audited', async () => {
    const id = await createDraft();
    const before = await countAudit('project.delete');
    expect(await owner.post(`/api/project/delete/${id}`)).toMatchObject({ status: 0, data: { id } });
    expect(await snapshot(id)).toBeUndefined();
    expect(await countAudit('project.delete')).toBe(before + 1);
    expect((await owner.get(`/api/project/status/${id}`)).status).toBe(404);
  });
});

describe('another company: 404 per call and nothing changed', () => {
  it('update, show, delete, status of transferor projects answer 404 to transferor2', async () => {
    const id = await createDraft();
    const before = await snapshot(id);
    expect((await foreign.post(`/api/project/bulk/update/${id}`, { version: 1, form })).status).toBe(404);
    expect((await foreign.post('/api/project/bulk/show', { id })).status).toBe(404);
    expect((await foreign.post(`/api/project/delete/${id}`)).status).toBe(404);
    expect((await foreign.get(`/api/project/status/${id}`)).status).toBe(404);
    expect((await foreign.post(`/api/project/show/${id}`)).status).toBe(404);
    expect(await snapshot(id)).toEqual(before);
  });

  it('the exchange sees the draft but cannot edit or delete another company draft', async () => {
    const id = await createDraft();
    const before = await snapshot(id);
    expect((await exchange.post('/api/project/bulk/show', { id })).status).toBe(0);
    expect((await exchange.post(`/api/project/bulk/update/${id}`, { version: 1, form })).status).toBe(404);
    expect((await exchange.post(`/api/project/delete/${id}`)).status).toBe(404);
    expect(await snapshot(id)).toEqual(before);
  });

  it('a missing id answers 404 everywhere', async () => {
    expect((await owner.post('/api/project/bulk/update/999999', { version: 1, form })).status).toBe(404);
    expect((await owner.post('/api/project/bulk/show', { id: 999999 })).status).toBe(404);
    expect((await owner.post('/api/project/delete/abc')).status).toBe(404);
  });
});

describe('list, ownerProject, searchs', () => {
  it('transferor2 lists none of transferor projects; the exchange lists them all', async () => {
    const id = await createDraft();
    const own = await listOf(owner);
    expect(own.list.map((row) => row.id)).toEqual(expect.arrayContaining([id, demoId]));
    const row = own.list.find((r) => r.id === id);
    expect(row).toMatchObject({
      family: 'bulk',
      familyLabel: '实物资产',
      status: 'draft',
      statusLabel: '草稿',
      listingPrice: form.listingPrice,
      disclosureEnd: null,
    });
    const foreignIds = (await listOf(foreign)).list.map((r) => r.id);
    expect(foreignIds).not.toContain(id);
    expect(foreignIds).not.toContain(demoId);
    const all = (await listOf(exchange)).list.map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining([id, demoId]));
  });

  it('filters by status, keyword and family, pages and sorts in SQL', async () => {
    const disclosing = await listOf(owner, { status: 'disclosing' });
    expect(disclosing.list.every((r) => r.status === 'disclosing')).toBe(true);
    expect(disclosing.list.map((r) => r.id)).toContain(demoId);
    const drafts = await listOf(owner, { status: 'draft' });
    expect(drafts.list.every((r) => r.status === 'draft')).toBe(true);
    expect((await listOf(owner, { keyword: '废旧设备' })).list.map((r) => r.id)).toEqual([demoId]);
    // the code in any case; % and _ are searched for, not wildcards; name and code do not run into each other
    expect((await listOf(owner, { keyword: 'gr2026bj1000123' })).list.map((r) => r.id)).toEqual([demoId]);
    expect((await listOf(owner, { keyword: '废旧%设备' })).total).toBe(0);
    expect((await listOf(owner, { keyword: '一批GR2026' })).total).toBe(0);
    expect((await listOf(owner, { family: 'coll' })).total).toBe(0);
    const page = await owner.post<{ list: ProjectListRow[]; total: number }>('/api/project/list', {
      page: 1,
      size: 1,
      sort: 'oldest',
    });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0]?.id).toBe(demoId);
    expect(page.data.total).toBeGreaterThan(1);
    expect((await owner.post('/api/project/list', { page: 1, size: 10, status: 'bogus' })).status).not.toBe(
      0,
    );
  });

  it('an agent member lists the projects naming its company as agent and its own, and only those', async () => {
    const id = await createDraft();
    const before = await listOf(agent);
    expect(before.list.map((r) => r.id)).not.toContain(id);
    const dealId = await findProjectId(t, 'GR2026BJ1000188');
    const agentCompany = await selectRows<{ company_id: number }>(
      t.db,
      sql`select o.company_id from operators o join users u on u.id = o.user_id
          where u.username = 'agent' and o.is_default`,
    );
    const companyId = agentCompany[0]?.company_id ?? 0;
    await t.db.execute(sql`update projects set agent_company_id = ${companyId} where id = ${id}`);
    const after = await listOf(agent);
    // the new one beside its own small-lot batches and the seeded demo projects it acts for (the deal, the
    // disclosing one), and nothing else
    const own = await selectRows<{ id: number }>(
      t.db,
      sql`select id from projects where company_id = ${companyId} order by id desc`,
    );
    expect(own).toHaveLength(3);
    expect(after.list.map((r) => r.id)).toEqual([id, ...own.map((r) => r.id), dealId, demoId]);
    expect(after.list.map((r) => r.id)).toEqual([id, ...before.list.map((r) => r.id)]);
    expect((await agent.post('/api/project/bulk/show', { id })).status).toBe(0);
    // acting for a project does not make it the agent's to edit
    expect((await agent.post(`/api/project/delete/${id}`)).status).toBe(404);
  });

  it(`counts exactly up to ${LIST_COUNT_CAP} rows and says when there are more`, async () => {
    const owned = await selectRows<{ company_id: number }>(
      t.db,
      sql`select o.company_id from operators o join users u on u.id = o.user_id
          where u.username = 'transferor2' and o.is_default`,
    );
    const companyId = owned[0]?.company_id ?? 0;
    const exact = await listOf(foreign);
    expect(exact.isTotalCapped).toBe(false);
    await t.db.execute(sql`
      insert into projects (company_id, family, business_type, name, code, status)
      select ${companyId}, 'bulk', '2', '批量项目' || n, 'CAP' || n, 'draft'
      from generate_series(0, ${LIST_COUNT_CAP}) as n`);
    const capped = await listOf(foreign, { size: 10 });
    expect(capped).toMatchObject({ total: LIST_COUNT_CAP, isTotalCapped: true });
    expect(capped.list).toHaveLength(10);
    // a page past the end has no rows, and still the total
    const past = await listOf(foreign, { page: 5000, size: 10 });
    expect(past).toMatchObject({ list: [], total: LIST_COUNT_CAP, isTotalCapped: true });
    const pastExact = await listOf(foreign, { page: 5000, size: 10, keyword: '批量项目1000' });
    expect(pastExact).toMatchObject({ list: [], total: 1, isTotalCapped: false });
    await t.db.execute(sql`delete from projects where code like 'CAP%'`);
  });

  it('ownerProject answers the caller projects of one business type', async () => {
    const body = await owner.post<ProjectListRow[]>('/api/project/ownerProject', { businessType: '2' });
    expect(body.status, body.msg).toBe(0);
    expect(body.data.map((r) => r.id)).toContain(demoId);
    expect(
      (await owner.post<ProjectListRow[]>('/api/project/ownerProject', { businessType: '5' })).data,
    ).toEqual([]);
    expect(
      (await foreign.post<ProjectListRow[]>('/api/project/ownerProject', { businessType: '2' })).data.map(
        (r) => r.id,
      ),
    ).not.toContain(demoId);
  });

  it('searchs answers every status and family with Chinese labels', async () => {
    const body = await owner.get<ProjectSearchOptions>('/api/project/searchs');
    expect(body.data.statuses).toContainEqual({ value: 'disclosing', label: '披露中' });
    expect(body.data.families).toContainEqual({ value: 'bulk', label: '实物资产' });
  });
});

describe('permissions and sessions', () => {
  it('missing permission -> 403 (ops has no project menu) and nothing stored', async () => {
    const before = await countAudit('project.create');
    const calls: ['GET' | 'POST', string, unknown][] = [
      ['POST', '/api/project/bulk', { form }],
      ['POST', `/api/project/bulk/update/${demoId}`, { version: 1, form }],
      ['POST', '/api/project/bulk/show', { id: demoId }],
      ['POST', `/api/project/delete/${demoId}`, {}],
      ['POST', '/api/project/list', { page: 1, size: 10 }],
      ['POST', '/api/project/ownerProject', { businessType: '2' }],
      ['GET', '/api/project/searchs', undefined],
      ['GET', `/api/project/status/${demoId}`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      expect((await ops.raw(method, url, payload)).statusCode, url).toBe(403);
      expect((await anonymous.raw(method, url, payload)).statusCode, url).toBe(401);
    }
    expect(await countAudit('project.create')).toBe(before);
  });
});
