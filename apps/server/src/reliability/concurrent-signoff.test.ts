// Row 8, concurrent sign-off: 200 sign-offs of one review task sent at once (POST /api/task/signoff/{flow}) end
// with exactly one success and 199 answers 409, one audit row, one process-log row, one closed task and one
// effect on the project; then the same race with passes and returns mixed, from two exchange sessions. Runs on
// PGlite, or on PostgreSQL when TEST_DATABASE_URL is set (see src/test/global-setup.ts).
import { inject } from 'vitest';
import { MSG, type ActionView, type Envelope } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { verifyAuditChain } from '../modules/audit/service.ts';
import {
  clientOf,
  copyProject,
  enrolSigner,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../test/workflow-support.ts';
import { createCapturingSmsProvider, createTestApp, loginAs, type TestApp } from '../test/harness.ts';

const BASE = '/api/project/bulk/abort';
const CALLS = 200;
const OTP = '246810';

let t: TestApp;
let ownerToken: string;
let owner: Client;
let exchange: Client;
let exchange2: Client;

beforeAll(async () => {
  t = await createTestApp({
    smsProvider: createCapturingSmsProvider(),
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000', OTP_FIXED: OTP },
  });
  await enrolSigner(t, 'transferor');
  ownerToken = await loginAs(t.app, 'transferor');
  owner = clientOf(t, ownerToken);
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  exchange2 = clientOf(t, await loginAs(t.app, 'admin'));
});

afterAll(async () => {
  await t.close();
});

/** A signed abort application of a fresh copy of the demo project: its id, project and open review task. */
async function underReview(code: string): Promise<{ id: number; projectId: number; taskId: number }> {
  const projectId = await copyProject(t, code);
  const created = await owner.post<{ id: number; version: number }>(`${BASE}/create`, { projectId });
  expect(created.status, created.msg).toBe(0);
  const id = created.data.id;
  const saved = await owner.post<{ version: number }>(`${BASE}/save`, {
    id,
    version: created.data.version,
    form: { reason: '并发审核测试' },
  });
  await uploadApplicationFile(t, ownerToken, id);
  const submitted = await owner.post<{ taskId: number }>(`${BASE}/submit`, {
    id,
    version: saved.data.version,
  });
  expect(submitted.status, submitted.msg).toBe(0);
  t.clock.advance(61_000);
  expect((await owner.post('/api/workflow/sign/otp', { dataId: id })).status).toBe(0);
  const signed = await owner.post(
    `${BASE}/signature`,
    signRequest({ dataId: id, taskId: submitted.data.taskId, type: 'EicSre', otp: OTP }),
  );
  expect(signed.status, signed.msg).toBe(0);
  const view = await exchange.get<ActionView>(`${BASE}/show/${id}`);
  expect(view.data.openTask?.type).toBe('Review');
  return { id, projectId, taskId: view.data.openTask?.id ?? 0 };
}

type Timed = { answer: Envelope<unknown>; httpStatus: number; ms: number; result: 'pass' | 'back' };

async function signOff(client: Client, id: number, taskId: number, result: 'pass' | 'back'): Promise<Timed> {
  const startedAt = performance.now();
  const response = await client.raw('POST', '/api/task/signoff/bulk', {
    ...signRequest({
      dataId: id,
      taskId,
      type: 'Review',
      reason: result === 'back' ? '材料不全，请补充' : '',
    }),
    result,
  });
  return {
    answer: response.json<Envelope<unknown>>(),
    httpStatus: response.statusCode,
    ms: performance.now() - startedAt,
    result,
  };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
}

async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const rows = await selectRows<{ n: number }>(t.db, query);
  return rows[0]?.n ?? -1;
}

/** What one race left behind: answers, rows and the project. */
async function judge(race: Timed[], target: { id: number; projectId: number; taskId: number }) {
  const wins = race.filter((r) => r.answer.status === 0);
  const conflicts = race.filter((r) => r.answer.status === 409);
  expect(race.every((r) => r.httpStatus === 200)).toBe(true);
  expect(wins).toHaveLength(1);
  expect(conflicts).toHaveLength(CALLS - 1);
  expect(
    conflicts.every((r) => r.answer.msg === MSG.workflowTaskHandled || r.answer.msg === MSG.conflict),
  ).toBe(true);
  const winner = wins[0]?.result ?? 'pass';
  const id = String(target.id);
  expect(
    await countOf(
      sql`select count(*)::int as n from audit_log where action = 'workflow.review' and target = ${id}`,
    ),
  ).toBe(1);
  const audit = await selectRows<{ result: string }>(
    t.db,
    sql`select result from audit_log where action = 'workflow.review' and target = ${id}`,
  );
  expect(audit[0]?.result).toBe(winner);
  expect(
    await countOf(
      sql`select count(*)::int as n from process_logs where instance_id = ${target.id} and step in ('pass', 'back')`,
    ),
  ).toBe(1);
  const task = await selectRows<{ status: string; result: string }>(
    t.db,
    sql`select status, result from tasks where id = ${target.taskId}`,
  );
  expect(task[0]).toEqual({ status: 'done', result: winner });
  const instance = await selectRows<{ status: string }>(
    t.db,
    sql`select status from action_instances where id = ${target.id}`,
  );
  expect(instance[0]?.status).toBe(winner === 'pass' ? 'approved' : 'returned');
  const project = await selectRows<{ status: string; version: number }>(
    t.db,
    sql`select status, version from projects where id = ${target.projectId}`,
  );
  // a pass suspends the project once (version 1 -> 2); a return leaves it as it was
  expect(project[0]).toEqual(
    winner === 'pass' ? { status: 'suspended', version: 2 } : { status: 'disclosing', version: 1 },
  );
  const openReturnTasks = await countOf(
    sql`select count(*)::int as n from tasks where subject = 'action' and subject_id = ${target.id} and type = 'MfyRrn' and status = 'open'`,
  );
  expect(openReturnTasks).toBe(winner === 'back' ? 1 : 0);
  return {
    winner,
    successes: wins.length,
    conflicts: conflicts.length,
    msPerCall: {
      p50: percentile(
        race.map((r) => r.ms),
        50,
      ),
      p95: percentile(
        race.map((r) => r.ms),
        95,
      ),
    },
  };
}

it(`${CALLS} concurrent pass sign-offs of one task: 1 success, ${CALLS - 1} x 409, one audit row`, async () => {
  const target = await underReview('GRRACE0000001');
  const startedAt = performance.now();
  const race = await Promise.all(
    Array.from({ length: CALLS }, () => signOff(exchange, target.id, target.taskId, 'pass')),
  );
  const wallMs = Math.round(performance.now() - startedAt);
  const figures = await judge(race, target);
  expect((await verifyAuditChain(t.db)).isValid).toBe(true);
  console.log(
    `[reliability row 8] ${JSON.stringify({
      database: inject('testDatabase').kind,
      calls: CALLS,
      ...figures,
      wallMs,
    })}`,
  );
});

it(`${CALLS} concurrent sign-offs mixing pass and return from two sessions: still exactly one wins`, async () => {
  const target = await underReview('GRRACE0000002');
  const startedAt = performance.now();
  const race = await Promise.all(
    Array.from({ length: CALLS }, (_, i) =>
      signOff(i % 2 === 0 ? exchange : exchange2, target.id, target.taskId, i % 4 < 2 ? 'pass' : 'back'),
    ),
  );
  const wallMs = Math.round(performance.now() - startedAt);
  const figures = await judge(race, target);
  expect((await verifyAuditChain(t.db)).isValid).toBe(true);
  console.log(
    `[reliability row 8, mixed] ${JSON.stringify({
      database: inject('testDatabase').kind,
      calls: CALLS,
      ...figures,
      wallMs,
    })}`,
  );
});
