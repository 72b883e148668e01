// The project calls beyond create/update/show/list: copy, the generic submit, again submit, submit from a task,
// withdrawing the disclosure application before it is signed, the status counts and options, the transferor;
// and the access sweep: another company lists none of the owner's projects, and every project call on one of
// them answers 404 and changes nothing.
import {
  MSG,
  type ActionView,
  type BulkProjectForm,
  type ProjectFormView,
  type ProjectListRow,
  type ProjectStatusCount,
  type ProjectTransferor,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { clientOf, enrolSigner, findProjectId, type Client } from '../../test/workflow-support.ts';

let t: TestApp;
let owner: Client;
let foreign: Client;
let exchange: Client;
let demoId: number;

const form: BulkProjectForm = {
  name: '闲置叉车一批',
  assetCategory: 'vehicle',
  listingPrice: 300_000_00,
  appraisalPrice: 310_000_00,
  disclosureDays: 10,
  paymentMode: 'lump',
  contactName: '赵六',
  contactMobile: '13800000001',
};

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  owner = clientOf(t, await loginAs(t.app, 'transferor'));
  foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  await enrolSigner(t, 'transferor');
  demoId = await findProjectId(t);
});

afterAll(async () => {
  await t.close();
});

async function createDraft(values: BulkProjectForm = form): Promise<{ id: number; version: number }> {
  const body = await owner.post<{ id: number; version: number }>('/api/project/bulk', { form: values });
  expect(body.status, body.msg).toBe(0);
  return body.data;
}

/** Everything a call could change about a project: its row, its assets, its applications, its files. */
async function fingerprint(id: number): Promise<string> {
  const [project] = await selectRows(t.db, sql`select * from projects where id = ${id}`);
  const counts = await selectRows(
    t.db,
    sql`select (select count(*) from project_assets where project_id = ${id})::int as assets,
               (select count(*) from action_instances where project_id = ${id})::int as actions,
               (select count(*) from attachments where data_class = 'project' and data_id = ${String(id)})::int as files,
               (select count(*) from projects)::int as projects`,
  );
  return JSON.stringify({ project, counts });
}

describe('copy', () => {
  it('copies the form (renamed) and the asset list into a new draft of the caller, audited', async () => {
    const body = await owner.post<{ id: number }>(`/api/project/bulk/copy/${demoId}`);
    expect(body).toMatchObject({ status: 0, msg: MSG.projectCopied });
    const copy = await owner.post<ProjectFormView>('/api/project/bulk/show', { id: body.data.id });
    expect(copy.data).toMatchObject({
      status: 'draft',
      name: '北京示范国有资产经营有限公司废旧设备一批（复制）',
      form: { assetCategory: 'machinery', listingPrice: 1_860_000_00 },
    });
    const assets = await owner.post<{ total: number }>('/api/project/bulk/asset/list', {
      projectId: body.data.id,
      page: 1,
      size: 10,
    });
    expect(assets.data.total).toBe(4);
    const audit = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'project.copy' and target = ${String(body.data.id)}`,
    );
    expect(audit[0]?.n).toBe(1);
  });

  it('keeps a copy of a long name within the limit', async () => {
    const long = await createDraft({ name: '设'.repeat(100) });
    const copied = await owner.post<{ id: number }>(`/api/project/bulk/copy/${long.id}`);
    const shown = await owner.post<ProjectFormView>('/api/project/bulk/show', { id: copied.data.id });
    expect([...shown.data.name]).toHaveLength(100);
    expect(shown.data.name.endsWith('（复制）')).toBe(true);
  });
});

describe('submit, again, from a task, and withdrawing before the signature', () => {
  let id = 0;
  let version = 0;

  it('the generic submit runs the family submit (its rules first)', async () => {
    ({ id, version } = await createDraft({ ...form, disclosureDays: 3 }));
    expect(await owner.post('/api/project/submit', { id, version })).toMatchObject({
      status: 1,
      msg: '披露期不得少于10个工作日',
    });
    const updated = await owner.post<{ version: number }>(`/api/project/bulk/update/${id}`, {
      version,
      form,
    });
    version = updated.data.version;
    const submitted = await owner.post<{ actionId: number }>('/api/project/submit', { id, version });
    expect(submitted.status, submitted.msg).toBe(0);
  });

  it('again submit is refused while the application is not returned', async () => {
    expect(await owner.post(`/api/project/bulk/again/submit/${id}`, { version })).toMatchObject({
      status: 1,
      msg: MSG.projectsNotResubmittable,
    });
  });

  it('withdrawing before the signature makes the form editable again; the letter can no longer be signed', async () => {
    const shown = await owner.post<ProjectFormView>('/api/project/bulk/show', { id });
    const actionId = shown.data.openTask?.actionId ?? 0;
    expect(await owner.get(`/api/project/common/cancel/${id}`)).toMatchObject({
      status: 0,
      msg: MSG.projectsCancelled,
    });
    const action = await owner.get<ActionView>(`/api/project/bulk/disclosure/show/${actionId}`);
    expect(action.data).toMatchObject({ status: 'cancelled', openTask: null });
    expect((await owner.post('/api/workflow/sign/otp', { dataId: actionId })).msg).toBe(
      MSG.workflowNotSignable,
    );
    const again = await owner.post<{ version: number }>(`/api/project/bulk/update/${id}`, {
      version,
      form: { ...form, description: '更正后重新提交' },
    });
    expect(again.status, again.msg).toBe(0);
    version = again.data.version;
    expect(await owner.get(`/api/project/common/cancel/${id}`)).toMatchObject({
      status: 1,
      msg: MSG.projectsNotCancellable,
    });
  });

  it('submit from a task needs the caller’s open task on it', async () => {
    const submitted = await owner.post<{ taskId: number }>(`/api/project/bulk/submit/${id}`, { version });
    expect(submitted.status, submitted.msg).toBe(0);
    expect(
      await owner.post('/api/project/bulk/task/submit', {
        id,
        version,
        taskId: submitted.data.taskId + 1000,
      }),
    ).toMatchObject({ status: 409, msg: MSG.workflowTaskHandled });
  });
});

describe('status counts, options and the transferor', () => {
  it('counts the caller’s projects per status (of a business type)', async () => {
    const body = await owner.post<ProjectStatusCount[]>('/api/project/searchs/statusCategory', { type: '2' });
    expect(body.status, body.msg).toBe(0);
    expect(body.data.find((row) => row.value === 'disclosing')).toMatchObject({ label: '披露中', count: 1 });
    expect(body.data.find((row) => row.value === 'draft')?.count).toBeGreaterThan(0);
    const none = await owner.post<ProjectStatusCount[]>('/api/project/searchs/statusCategory', { type: '5' });
    expect(none.data.every((row) => row.count === 0)).toBe(true);
    // the other company counts its own projects only: its one draft
    const foreignCounts = await foreign.post<ProjectStatusCount[]>('/api/project/searchs/statusCategory', {});
    expect(foreignCounts.data.filter((row) => row.count > 0)).toEqual([
      expect.objectContaining({ value: 'draft', count: 1 }),
    ]);
    expect(await owner.post('/api/project/searchs/statusCategory', { type: 'x' })).toMatchObject({
      status: 1,
      msg: MSG.badRequest,
    });
    const options = await owner.post<{ value: string; label: string }[]>('/api/project/searchs/status', {});
    expect(options.data.map((o) => o.label)).toContain('已成交');
  });

  it('answers the caller’s own company; another company only to the exchange', async () => {
    const own = await owner.get<ProjectTransferor>('/api/project/transferor?businessType=2');
    expect(own.data).toMatchObject({ companyName: '北京示范国有资产经营有限公司' });
    expect(own.data.projectCount).toBeGreaterThan(1);
    const other = await foreign.get<ProjectTransferor>('/api/project/transferor');
    expect((await owner.get(`/api/project/transferor?companyId=${other.data.companyId}`)).status).toBe(404);
    expect(
      (await exchange.get<ProjectTransferor>(`/api/project/transferor?companyId=${own.data.companyId}`)).data
        .companyName,
    ).toBe('北京示范国有资产经营有限公司');
  });
});

describe('access: another company', () => {
  it('lists none of the owner’s projects', async () => {
    const body = await foreign.post<{ list: ProjectListRow[] }>('/api/project/list', { page: 1, size: 100 });
    const owned = await selectRows<{ id: number }>(
      t.db,
      sql`select p.id from projects p join operators o on o.company_id = p.company_id
          join users u on u.id = o.user_id where u.username = 'transferor'`,
    );
    const ids = new Set(owned.map((row) => row.id));
    expect(ids.size).toBeGreaterThan(0);
    expect(body.data.list.filter((row) => ids.has(row.id))).toEqual([]);
  });

  it('every project call on one of them answers 404 and changes nothing', async () => {
    const draft = await createDraft({ ...form, name: '受访问测试的草稿' });
    const callsOn = (id: number): [string, string, 'GET' | 'POST', unknown?][] => [
      ['show', `/api/project/show/${id}`, 'POST', {}],
      ['status', `/api/project/status/${id}`, 'GET'],
      ['delete', `/api/project/delete/${id}`, 'POST', {}],
      ['bulk show', '/api/project/bulk/show', 'POST', { id }],
      ['bulk update', `/api/project/bulk/update/${id}`, 'POST', { version: draft.version, form }],
      ['bulk submit', `/api/project/bulk/submit/${id}`, 'POST', { version: draft.version }],
      ['again submit', `/api/project/bulk/again/submit/${id}`, 'POST', { version: draft.version }],
      ['task submit', '/api/project/bulk/task/submit', 'POST', { id, version: draft.version, taskId: 1 }],
      ['submit', '/api/project/submit', 'POST', { id, version: draft.version }],
      ['copy', `/api/project/bulk/copy/${id}`, 'POST', {}],
      ['cancel', `/api/project/common/cancel/${id}`, 'GET'],
      ['process log', `/api/project/${id}/processLog`, 'GET'],
      ['process log stage', `/api/project/${id}/processLog/stage`, 'GET'],
      ['bulk process log', `/api/project/bulk/${id}/processLog`, 'GET'],
      ['actions', `/api/project/${id}/actions`, 'GET'],
      ['abort create', '/api/project/bulk/abort/create', 'POST', { projectId: id }],
      ['asset list', '/api/project/bulk/asset/list', 'POST', { projectId: id, page: 1, size: 10 }],
      ['asset delete', '/api/project/bulk/asset/delete', 'POST', { projectId: id, ids: [1] }],
      ['asset export', `/api/project/bulk/export/machinery/${id}`, 'GET'],
      ['files', '/api/file/related', 'POST', { dataClass: 'project', dataId: String(id) }],
    ];
    for (const target of [draft.id, demoId]) {
      const before = await fingerprint(target);
      for (const [name, url, method, body] of callsOn(target)) {
        const response = await foreign.raw(method, url, body);
        const answer = response.json<{ status: number; data: unknown }>();
        if (name === 'files') {
          // the related-files call answers the files the caller may see: none of another company's project
          expect(answer, name).toMatchObject({ status: 0, data: [] });
        } else {
          expect(answer.status, `${name} on ${target}`).toBe(404);
        }
      }
      expect(await fingerprint(target), `project ${target}`).toBe(before);
    }
  });
});
