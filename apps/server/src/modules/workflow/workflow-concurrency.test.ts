// 20 concurrent pass sign-offs of one review task: exactly one wins, the other 19 answer 409, and the approval
// is written once (one audit row, one effect on the project).
import { MSG, type TaskRow } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createCapturingSmsProvider, createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import {
  clientOf,
  enrolSigner,
  findProjectId,
  signRequest,
  uploadApplicationFile,
} from '../../test/workflow-support.ts';

const BASE = '/api/project/bulk/abort';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    smsProvider: createCapturingSmsProvider(),
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000', OTP_FIXED: '246810' },
  });
  await enrolSigner(t, 'transferor');
});

afterAll(async () => {
  await t.close();
});

it('BF-7.3: 20 concurrent pass sign-offs of one task -> 1 success, 19 x 409, one approval audit row', async () => {
  const token = await loginAs(t.app, 'transferor');
  const applicant = clientOf(t, token);
  const exchange = clientOf(t, await loginAs(t.app, 'admin'));
  const projectId = await findProjectId(t);
  const created = await applicant.post<{ id: number; version: number }>(`${BASE}/create`, { projectId });
  const id = created.data.id;
  const saved = await applicant.post<{ version: number }>(`${BASE}/save`, {
    id,
    version: created.data.version,
    form: { reason: '并发测试' },
  });
  await uploadApplicationFile(t, token, id);
  const submitted = await applicant.post<{ taskId: number }>(`${BASE}/submit`, {
    id,
    version: saved.data.version,
  });
  expect(submitted.status, submitted.msg).toBe(0);
  expect((await applicant.post('/api/workflow/sign/otp', { dataId: id })).status).toBe(0);
  const signed = await applicant.post(
    `${BASE}/signature`,
    signRequest({ dataId: id, taskId: submitted.data.taskId, type: 'EicSre', otp: '246810' }),
  );
  expect(signed.status, signed.msg).toBe(0);
  const review = (await exchange.post<{ list: TaskRow[] }>('/api/task/list/todo', { page: 1, size: 10 })).data
    .list[0];
  expect(review?.type).toBe('Review');

  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      exchange.post('/api/task/signoff/bulk', {
        ...signRequest({ dataId: id, taskId: review?.id ?? 0, type: 'Review' }),
        result: 'pass',
      }),
    ),
  );
  expect(answers.filter((a) => a.status === 0)).toHaveLength(1);
  const conflicts = answers.filter((a) => a.status === 409);
  expect(conflicts).toHaveLength(19);
  expect(conflicts.every((a) => a.msg === MSG.workflowTaskHandled || a.msg === MSG.conflict)).toBe(true);

  const audits = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where action = 'workflow.review' and result = 'pass'`,
  );
  expect(audits[0]?.n).toBe(1);
  const logs = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from process_logs where step = 'pass' and instance_id = ${id}`,
  );
  expect(logs[0]?.n).toBe(1);
  const project = await selectRows<{ status: string; version: number }>(
    t.db,
    sql`select status, version from projects where id = ${projectId}`,
  );
  expect(project[0]).toEqual({ status: 'suspended', version: 2 });
});
