// Plans (我的计划 / 计划管理) and POST /api/plan/to/project: the owner company saves, changes and deletes its
// plans (bad input refused with the rule's message, nothing changed); another company sees none of them and every
// call on one answers 404 and changes nothing; the exchange reads every company's and changes none; turning a plan
// into a project makes one draft of its family with the plan's facts, the plan then read only; two turning it at
// once leave one project; deleting that draft makes it a plan again.
import { MSG, type ProjectFormView, type PlanForm, type PlanListRow, type PlanView } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { PLAN_FORM } from '../../test/fixtures.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let owner: Client;
let foreign: Client;
let exchange: Client;

const form: PlanForm = { ...PLAN_FORM, name: '2027年闲置设备处置计划' };

type Page = { list: PlanListRow[]; total: number };

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
});

afterAll(async () => {
  await t.close();
});

async function savePlan(values: PlanForm = form): Promise<{ id: number; version: number }> {
  const body = await owner.post<{ id: number; version: number }>('/api/plan/save', { form: values });
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

/**
 * Everything a plan call could change: the plan's row, and how many plans, projects and audit rows there are (a
 * refusal's own access.denied row aside).
 */
async function fingerprint(id: number): Promise<string> {
  const [plan] = await selectRows(t.db, sql`select * from plans where id = ${id}`);
  const counts = await selectRows(
    t.db,
    sql`select (select count(*) from plans)::int as plans, (select count(*) from projects)::int as projects,
               (select count(*) from audit_log where action <> 'access.denied')::int as audit`,
  );
  return JSON.stringify({ plan, counts });
}

describe('saving a plan', () => {
  it('saves a plan of the caller company with its code, audited, and shows it', async () => {
    const saved = await savePlan();
    const shown = await owner.get<PlanView>(`/api/plan/show/${saved.id}`);
    expect(shown.status).toBe(0);
    expect(shown.data).toMatchObject({
      id: saved.id,
      name: form.name,
      family: 'bulk',
      familyLabel: '实物资产',
      status: 'planned',
      statusLabel: '待转项目',
      listingPrice: form.listingPrice,
      plannedDate: '2027-03-01',
      project: null,
      companyName: '北京示范国有资产经营有限公司',
      isOwn: true,
      version: 1,
      form,
    });
    expect(shown.data.code).toMatch(/^JH\d{4}\d{7}$/);
    const audit = await selectRows(
      t.db,
      sql`select action from audit_log where target = ${String(saved.id)} and action like 'plan.%'`,
    );
    expect(audit).toEqual([{ action: 'plan.create' }]);
  });

  it.each([
    [{ ...form, name: '计' }, MSG.plansNameInvalid],
    [{ ...form, family: undefined }, MSG.plansFamilyRequired],
    [{ ...form, family: 'stock' }, MSG.plansFamilyRequired],
    [{ ...form, plannedDate: '2027-02-30' }, MSG.plansPlannedDateInvalid],
    [{ ...form, listingPrice: -5 }, MSG.projectsListingPriceInvalid],
    [{ ...form, contactMobile: '1380000' }, MSG.telephoneInvalid],
  ])('refuses %j with the rule message and saves nothing', async (bad, message) => {
    const [before] = await selectRows(t.db, sql`select count(*)::int as n from plans`);
    const body = await owner.post('/api/plan/save', { form: bad });
    expect(body).toMatchObject({ status: 1, msg: message });
    const [after] = await selectRows(t.db, sql`select count(*)::int as n from plans`);
    expect(after).toEqual(before);
  });

  it('updates at the version it was read, and answers 409 to a stale one', async () => {
    const saved = await savePlan();
    const changed = { ...form, name: '闲置设备处置计划（调整）', family: 'coll' as const };
    const first = await owner.post<{ version: number }>(`/api/plan/update/${saved.id}`, {
      version: saved.version,
      form: changed,
    });
    expect(first).toMatchObject({ status: 0, msg: MSG.planSaved, data: { version: 2 } });
    const before = await fingerprint(saved.id);
    const stale = await owner.post(`/api/plan/update/${saved.id}`, { version: saved.version, form });
    expect(stale).toMatchObject({ status: 409, msg: MSG.conflict });
    expect(await fingerprint(saved.id)).toBe(before);
    const shown = await owner.get<PlanView>(`/api/plan/show/${saved.id}`);
    expect(shown.data).toMatchObject({ name: changed.name, family: 'coll', familyLabel: '抵质押资产' });
  });

  it('deletes a plan at its version', async () => {
    const saved = await savePlan();
    const body = await owner.post(`/api/plan/delete/${saved.id}`, { version: saved.version });
    expect(body).toMatchObject({ status: 0, msg: MSG.planDeleted });
    expect((await owner.raw('GET', `/api/plan/show/${saved.id}`)).json()).toMatchObject({ status: 404 });
  });
});

describe('who sees a plan', () => {
  it('lists the caller company plans only, searched by keyword and status', async () => {
    const saved = await savePlan({ ...form, name: '仓库存货处置计划' });
    const own = await owner.post<Page>('/api/plan/list', { page: 1, size: 100 });
    expect(own.data.list.some((row) => row.id === saved.id)).toBe(true);
    expect(own.data.list.every((row) => row.isOwn)).toBe(true);

    const found = await owner.post<Page>('/api/plan/list', { page: 1, size: 10, keyword: '仓库存货' });
    expect(found.data.list.map((row) => row.id)).toEqual([saved.id]);
    const converted = await owner.post<Page>('/api/plan/list', { page: 1, size: 100, status: 'converted' });
    expect(converted.data.list.every((row) => row.status === 'converted')).toBe(true);

    const other = await foreign.post<Page>('/api/plan/list', { page: 1, size: 100 });
    expect(other.data.list.filter((row) => row.companyName === '北京示范国有资产经营有限公司')).toEqual([]);
  });

  it('lets the exchange read every company plan (计划管理) and change none', async () => {
    const saved = await savePlan();
    const all = await exchange.post<Page>('/api/plan/list', { page: 1, size: 100 });
    const row = all.data.list.find((item) => item.id === saved.id);
    expect(row).toMatchObject({ isOwn: false, companyName: '北京示范国有资产经营有限公司' });
    expect((await exchange.get<PlanView>(`/api/plan/show/${saved.id}`)).status).toBe(0);
    const before = await fingerprint(saved.id);
    const update = await exchange.post(`/api/plan/update/${saved.id}`, { version: 1, form });
    expect(update.status).toBe(404);
    const convert = await exchange.post('/api/plan/to/project', { id: saved.id, version: 1 });
    expect(convert.status).toBe(404);
    expect(await fingerprint(saved.id)).toBe(before);
  });

  it('answers another company 404 on every call and changes nothing', async () => {
    const saved = await savePlan();
    const before = await fingerprint(saved.id);
    const calls: [string, () => Promise<{ status: number }>][] = [
      ['show', () => foreign.get(`/api/plan/show/${saved.id}`)],
      ['update', () => foreign.post(`/api/plan/update/${saved.id}`, { version: 1, form })],
      ['delete', () => foreign.post(`/api/plan/delete/${saved.id}`, { version: 1 })],
      ['to/project', () => foreign.post('/api/plan/to/project', { id: saved.id, version: 1 })],
    ];
    for (const [name, call] of calls) {
      expect((await call()).status, name).toBe(404);
    }
    expect(await fingerprint(saved.id)).toBe(before);
  });

  it('refuses a caller without GJS_PLAN_LT', async () => {
    const assessment = clientOf(t, await loginAs(t.app, 'assessment'));
    const response = await assessment.raw('POST', '/api/plan/list', { page: 1, size: 10 });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /api/plan/to/project', () => {
  it('makes a draft project of the plan family with its facts; the plan is then read only', async () => {
    const saved = await savePlan({ ...form, family: 'coll' });
    const body = await owner.post<{ id: number; family: string; code: string }>('/api/plan/to/project', {
      id: saved.id,
      version: saved.version,
    });
    expect(body).toMatchObject({ status: 0, msg: MSG.planToProjectDone, data: { family: 'coll' } });
    expect(body.data.code).toMatch(/^GR\d{4}BJ\d{7}$/);

    const project = await owner.post<ProjectFormView>('/api/project/coll/show', { id: body.data.id });
    expect(project.data).toMatchObject({
      status: 'draft',
      name: form.name,
      family: 'coll',
      form: {
        name: form.name,
        assetCategory: 'machinery',
        listingPrice: form.listingPrice,
        appraisalPrice: form.appraisalPrice,
        contactName: form.contactName,
        contactMobile: form.contactMobile,
        description: form.description,
      },
    });

    const plan = await owner.get<PlanView>(`/api/plan/show/${saved.id}`);
    expect(plan.data).toMatchObject({
      status: 'converted',
      statusLabel: '已转项目',
      project: { id: body.data.id, code: body.data.code },
      version: 2,
    });
    const audit = await selectRows(
      t.db,
      sql`select action, target from audit_log
          where action in ('plan.toProject', 'project.fromPlan') order by id desc limit 2`,
    );
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'plan.toProject', target: String(saved.id) },
        { action: 'project.fromPlan', target: String(body.data.id) },
      ]),
    );

    const before = await fingerprint(saved.id);
    const again = await owner.post('/api/plan/to/project', { id: saved.id, version: 2 });
    expect(again).toMatchObject({ status: 1, msg: MSG.plansConverted });
    const update = await owner.post(`/api/plan/update/${saved.id}`, { version: 2, form });
    expect(update).toMatchObject({ status: 1, msg: MSG.plansConverted });
    const remove = await owner.post(`/api/plan/delete/${saved.id}`, { version: 2 });
    expect(remove).toMatchObject({ status: 1, msg: MSG.plansConverted });
    expect(await fingerprint(saved.id)).toBe(before);
  });

  it('answers 409 to a stale version and leaves no project behind', async () => {
    const saved = await savePlan();
    await owner.post(`/api/plan/update/${saved.id}`, { version: saved.version, form });
    const before = await fingerprint(saved.id);
    const stale = await owner.post('/api/plan/to/project', { id: saved.id, version: saved.version });
    expect(stale).toMatchObject({ status: 409, msg: MSG.conflict });
    expect(await fingerprint(saved.id)).toBe(before);
  });

  it('turns a plan into one project when ten people turn it at once', async () => {
    const saved = await savePlan();
    const [projectsBefore] = await selectRows(t.db, sql`select count(*)::int as n from projects`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        owner.post('/api/plan/to/project', { id: saved.id, version: saved.version }),
      ),
    );
    // one wins; the others lost the race (409) or came after it and found the plan turned (refused)
    expect(answers.filter((answer) => answer.status === 0)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 0)) {
      expect([
        { status: 409, msg: MSG.conflict },
        { status: 1, msg: MSG.plansConverted },
      ]).toContainEqual({ status: answer.status, msg: answer.msg });
    }
    const [projectsAfter] = await selectRows(t.db, sql`select count(*)::int as n from projects`);
    expect(projectsAfter).toEqual({ n: (projectsBefore as { n: number }).n + 1 });
  });

  it('makes the plan a plan again when its draft project is deleted', async () => {
    const saved = await savePlan();
    const project = await owner.post<{ id: number }>('/api/plan/to/project', {
      id: saved.id,
      version: saved.version,
    });
    expect(project.status).toBe(0);
    expect((await owner.post(`/api/project/delete/${project.data.id}`)).status).toBe(0);
    const plan = await owner.get<PlanView>(`/api/plan/show/${saved.id}`);
    expect(plan.data).toMatchObject({ status: 'planned', project: null });
    const again = await owner.post('/api/plan/to/project', { id: saved.id, version: plan.data.version });
    expect(again.status).toBe(0);
  });
});
