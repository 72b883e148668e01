// A model-based test: random sequences of transitions by random identities (the applicant's operator, another
// company's operator, the exchange) against one abort instance per run. Every call is answered as the model
// says (legal -> status 0, illegal -> refused with nothing changed), and no run reaches an illegal state: nothing
// signed before it was submitted, nothing approved by the applicant, nothing changed by a foreign company.
import type { ActionStatus } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { createCapturingSmsProvider, createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import {
  clientOf,
  copyProject,
  enrolSigner,
  findOperatorId,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../../test/workflow-support.ts';

const BASE = '/api/project/bulk/abort';
const CODE = '135790';
const WHO = ['applicant', 'foreign', 'exchange'] as const;
const OPS = ['save', 'submit', 'sign', 'pass', 'back', 'terminate'] as const;
type Who = (typeof WHO)[number];
type Op = (typeof OPS)[number];

/** The model: from which status an operation is legal, and where it leads. */
const TRANSITIONS: Record<Op, { from: readonly ActionStatus[]; to: ActionStatus | 'same'; by: Who }> = {
  save: { from: ['draft', 'returned'], to: 'same', by: 'applicant' },
  submit: { from: ['draft', 'returned'], to: 'letterGenerated', by: 'applicant' },
  sign: { from: ['letterGenerated'], to: 'underReview', by: 'applicant' },
  pass: { from: ['underReview'], to: 'approved', by: 'exchange' },
  back: { from: ['underReview'], to: 'returned', by: 'exchange' },
  // (a draft never submitted is discarded instead: see the property)
  terminate: { from: ['draft', 'letterGenerated', 'returned'], to: 'cancelled', by: 'applicant' },
};

type Row = {
  status: ActionStatus;
  version: number;
  revision_no: number;
  signed_letter_id: string | null;
  letter_id: string | null;
};

let t: TestApp;
let token = '';
const clients = {} as Record<Who, Client>;
let foreignOperatorId = 0;
let runs = 0;

beforeAll(async () => {
  t = await createTestApp({
    smsProvider: createCapturingSmsProvider(),
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000', OTP_FIXED: CODE },
  });
  await enrolSigner(t, 'transferor');
  token = await loginAs(t.app, 'transferor');
  clients.applicant = clientOf(t, token);
  clients.foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
  clients.exchange = clientOf(t, await loginAs(t.app, 'admin'));
  foreignOperatorId = await findOperatorId(t, 'transferor2');
});

afterAll(async () => {
  await t.close();
});

async function readRowIfAny(id: number): Promise<Row | undefined> {
  const rows = await selectRows<Row>(
    t.db,
    sql`select status, version, revision_no, signed_letter_id, letter_id from action_instances where id = ${id}`,
  );
  return rows[0];
}

async function readRow(id: number): Promise<Row> {
  const row = await readRowIfAny(id);
  if (row === undefined) throw new Error('instance gone');
  return row;
}

async function openTaskId(id: number, type: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    t.db,
    sql`select id from tasks where subject = 'action' and subject_id = ${id} and type = ${type} and status = 'open' order by id desc limit 1`,
  );
  // an id that exists but is not this instance's open task: the call must still be refused
  return rows[0]?.id ?? 1;
}

async function perform(who: Who, op: Op, id: number, row: Row): Promise<number> {
  const client = clients[who];
  switch (op) {
    case 'save':
      return (
        await client.post(`${BASE}/save`, {
          id,
          version: row.version,
          form: { reason: `原因${row.version}` },
        })
      ).status;
    case 'submit':
      return (await client.post(`${BASE}/submit`, { id, version: row.version })).status;
    case 'sign': {
      t.clock.advance(61_000);
      await client.post('/api/workflow/sign/otp', { dataId: id });
      const taskId = await openTaskId(id, 'EicSre');
      return (
        await client.post(`${BASE}/signature`, signRequest({ dataId: id, taskId, type: 'EicSre', otp: CODE }))
      ).status;
    }
    case 'pass':
    case 'back': {
      const taskId = await openTaskId(id, 'Review');
      return (
        await client.post('/api/task/signoff/bulk', {
          ...signRequest({ dataId: id, taskId, type: 'Review', reason: op === 'back' ? '材料不全' : '' }),
          result: op,
        })
      ).status;
    }
    case 'terminate':
      return (await client.post(`${BASE}/termination/terminate`, { id, version: row.version })).status;
  }
}

async function assertNoIllegalState(id: number, row: Row): Promise<void> {
  // nothing signed before it was submitted; a signed application returned and then withdrawn keeps the letter it
  // was signed with (the signature happened: the record keeps it)
  if (row.signed_letter_id !== null) {
    expect(row.revision_no).toBeGreaterThan(0);
    expect(['underReview', 'approved', 'returned', 'cancelled']).toContain(row.status);
  }
  if (row.status !== 'draft') expect(row.revision_no > 0 || row.status === 'cancelled').toBe(true);
  // approved only by the exchange
  const approvals = await selectRows<{ identity_type: number | null }>(
    t.db,
    sql`select identity_type from audit_log where action = 'workflow.review' and target = ${String(id)}`,
  );
  expect(approvals.every((a) => a.identity_type === 999)).toBe(true);
  // a foreign company never changed anything
  const foreignRows = await selectRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from audit_log where operator_id = ${foreignOperatorId} and action like 'workflow.%'`,
  );
  expect(foreignRows[0]?.n).toBe(0);
}

it('random transitions by random identities never reach an illegal state', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ who: fc.constantFrom(...WHO), op: fc.constantFrom(...OPS) }), { maxLength: 10 }),
      async (steps) => {
        runs += 1;
        const projectId = await copyProject(t, `GRMODEL${String(runs).padStart(6, '0')}`);
        const created = await clients.applicant.post<{ id: number; version: number }>(`${BASE}/create`, {
          projectId,
        });
        expect(created.status, created.msg).toBe(0);
        const id = created.data.id;
        await clients.applicant.post(`${BASE}/save`, {
          id,
          version: created.data.version,
          form: { reason: '初始原因' },
        });
        await uploadApplicationFile(t, token, id);
        for (const step of steps) {
          const before = await readRow(id);
          const rule = TRANSITIONS[step.op];
          const isLegal = rule.by === step.who && rule.from.includes(before.status);
          const status = await perform(step.who, step.op, id, before);
          // a draft never submitted is discarded, not withdrawn: it is gone, and so are the steps after
          if (isLegal && step.op === 'terminate' && before.status === 'draft') {
            expect(status, 'discard').toBe(0);
            expect(await readRowIfAny(id)).toBeUndefined();
            return;
          }
          const after = await readRow(id);
          if (isLegal) {
            expect(status, `${step.who} ${step.op} from ${before.status}`).toBe(0);
            expect(after.status).toBe(rule.to === 'same' ? before.status : rule.to);
          } else {
            expect(status, `${step.who} ${step.op} from ${before.status}`).not.toBe(0);
            expect(after).toEqual(before);
          }
          await assertNoIllegalState(id, after);
        }
      },
    ),
    {
      numRuns: 25,
      // a course the random runs found once: signed, returned by the exchange, withdrawn by the applicant
      examples: [
        [
          [
            { who: 'applicant', op: 'submit' },
            { who: 'applicant', op: 'sign' },
            { who: 'exchange', op: 'back' },
            { who: 'applicant', op: 'terminate' },
          ],
        ],
      ],
    },
  );
});
