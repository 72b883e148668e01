// Shared by the workflow tests: a signed-in client of the engine's calls, the e-signature credentials of a demo
// operator (what an enrolment would issue), and the demo project.
import { signOffFlow, type ActionView, type Envelope, type FamilyKey, type UploadResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { selectRows } from '../db/client.ts';
import { buildMultipart, makePdf } from './files.ts';
import { bearer, readJson, type CapturingSmsProvider, type TestApp } from './harness.ts';
import { createAuditService } from '../modules/audit/service.ts';
import { createSigningCredentials } from '../modules/signatures/credentials.ts';
import { createUsersService } from '../modules/users/service.ts';

export const DEMO_PROJECT_CODE = 'GR2026BJ1000123';

export async function findOperatorId(t: TestApp, username: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    t.db,
    sql`select o.id from operators o join users u on u.id = o.user_id where u.username = ${username} and o.is_default`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no operator ${username}`);
  return id;
}

/** Issues the company and operator credentials of a demo operator, as its enrolment would. */
export async function enrolSigner(t: TestApp, username: string): Promise<void> {
  const audit = createAuditService({ clock: t.clock });
  const users = createUsersService({ db: t.db, audit, clock: t.clock, config: t.config });
  const credentials = createSigningCredentials({
    db: t.db,
    config: t.config,
    clock: t.clock,
    log: t.app.log,
    audit,
    users,
  });
  const facts = await credentials.findSignerFacts(await findOperatorId(t, username));
  if (facts === undefined) throw new Error(`no signer facts for ${username}`);
  await credentials.ensureCredentials(facts, {
    actor: { userId: null, operatorId: null, companyId: null, identityType: null, ip: null, userAgent: null },
    action: 'signature.enrol.seeded',
    isRefreshing: false,
  });
}

export async function findProjectId(t: TestApp, code: string = DEMO_PROJECT_CODE): Promise<number> {
  const rows = await selectRows<{ id: number }>(t.db, sql`select id from projects where code = ${code}`);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`no project ${code}`);
  return id;
}

/** Another bulk project of the same company as `from`, disclosing, for tests that need a second one. */
export async function copyProject(
  t: TestApp,
  code: string,
  from: string = DEMO_PROJECT_CODE,
): Promise<number> {
  await t.db.execute(sql`
    insert into projects (company_id, family, business_type, name, code, status, disclosure_start, disclosure_end)
    select company_id, family, business_type, name || '（二）', ${code}, 'disclosing', disclosure_start, disclosure_end
    from projects where code = ${from}`);
  return findProjectId(t, code);
}

export type Client = {
  post<T = unknown>(url: string, payload?: unknown): Promise<Envelope<T>>;
  get<T = unknown>(url: string): Promise<Envelope<T>>;
  raw(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
};

export function clientOf(t: TestApp, token: string | undefined): Client {
  const headers = token === undefined ? {} : bearer(token);
  const raw = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    raw,
    post: async <T>(url: string, payload?: unknown) => readJson<T>(await raw('POST', url, payload ?? {})),
    get: async <T>(url: string) => readJson<T>(await raw('GET', url)),
  };
}

/** Uploads the application file of an instance (tag applicationFile). */
/**
 * Uploads an application file to instance `instanceId` (or, before the instance exists, under the screen's draft
 * id `createId`); answers the file's uuid.
 */
export async function uploadApplicationFile(
  t: TestApp,
  token: string,
  instanceId: number | undefined,
  createId?: string,
): Promise<string> {
  const record: Record<string, string> =
    instanceId === undefined ? { createId: createId ?? '' } : { dataId: String(instanceId) };
  const { payload, headers } = buildMultipart(
    { command: 'upload', tag: 'applicationFile', dataClass: 'actionInstance', ...record },
    { name: '中止申请材料.pdf', content: makePdf() },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/attachment/upload',
    headers: { ...headers, ...bearer(token) },
    payload,
  });
  const body = readJson<UploadResult>(response);
  expect(body.status, body.msg).toBe(0);
  const uuid = body.data.applicationFile?.[0]?.uuid;
  if (uuid === undefined) throw new Error('upload answered no file');
  return uuid;
}

/** The SignRequest of BF-3.1 for a task. */
export function signRequest(input: {
  dataId: number;
  taskId: number;
  type: string;
  otp?: string;
  reason?: string;
}): Record<string, unknown> {
  return {
    dataId: input.dataId,
    passDate: '2026-11-22 10:00:00',
    otp: input.otp ?? '',
    category: 'bulk',
    task: { type: input.type, id: input.taskId, actionId: input.dataId },
    transferees: [{ taskId: input.taskId }],
    reason: input.reason ?? '',
  };
}

/**
 * An action of `family` (bulk unless given) applied for by `owner` on `projectId`, its application file uploaded,
 * signed with the code sent to `mobile` when it has a letter, and passed by `exchange` on the family's sign-off
 * flow; answers the instance's id.
 */
export async function approveAction(input: {
  family?: FamilyKey;
  t: TestApp;
  phone: CapturingSmsProvider;
  mobile: string;
  ownerToken: string;
  exchange: Client;
  projectId: number;
  action: string;
  form: Record<string, unknown>;
}): Promise<number> {
  const { t, phone, ownerToken, exchange } = input;
  const owner = clientOf(t, ownerToken);
  const family = input.family ?? 'bulk';
  const base = `/api/project/${family}/${input.action}`;
  const created = await owner.post<{ id: number; version: number }>(`${base}/create`, {
    projectId: input.projectId,
  });
  expect(created.status, created.msg).toBe(0);
  const saved = await owner.post<{ version: number }>(`${base}/save`, { ...created.data, form: input.form });
  expect(saved.status, saved.msg).toBe(0);
  await uploadApplicationFile(t, ownerToken, created.data.id);
  const submitted = await owner.post<{ taskId: number }>(`${base}/submit`, {
    id: created.data.id,
    version: saved.data.version,
  });
  expect(submitted.status, submitted.msg).toBe(0);
  const view = await owner.get<ActionView>(`${base}/show/${created.data.id}`);
  if (view.data.openTask?.type === 'EicSre') {
    t.clock.advance(61_000);
    expect((await owner.post('/api/workflow/sign/otp', { dataId: created.data.id })).status).toBe(0);
    const signed = await owner.post(
      `${base}/signature`,
      signRequest({
        dataId: created.data.id,
        taskId: submitted.data.taskId,
        type: 'EicSre',
        otp: phone.lastCodeTo(input.mobile),
      }),
    );
    expect(signed.status, signed.msg).toBe(0);
  }
  const review = await exchange.get<ActionView>(`${base}/show/${created.data.id}`);
  const passed = await exchange.post(`/api/task/signoff/${signOffFlow(family)}`, {
    ...signRequest({ dataId: created.data.id, taskId: review.data.openTask?.id ?? 0, type: 'Review' }),
    result: 'pass',
  });
  expect(passed.status, passed.msg).toBe(0);
  return created.data.id;
}
