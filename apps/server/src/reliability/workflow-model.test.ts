// Row 9, the workflow model: random action sequences (fast-check) on every action of every family of the
// registry (ACTION_CONFIGS), by random identities: the applicant (the owner company, or for the member's actions
// the member representing the project), another company, the exchange. The model is the domain's own
// ACTION_TRANSITIONS table: every call is answered as the table says (legal -> status 0 and the table's next
// status; illegal -> refused with nothing changed), every observed change is an edge of the table, and no run
// reaches an illegal state (tasks, letters, revisions, process log, audit and the project's status are checked
// after each step). Every action runs its whole path at least once (the examples), then random sequences.
import {
  ACTION_CONFIGS,
  ACTION_TRANSITIONS,
  DISCARDABLE_ACTION_STATUSES,
  applyEffect,
  isFormDisclosure,
  MSG,
  nextActionStatus,
  signOffFlow,
  type ActionConfig,
  type ActionEvent,
  type ActionFieldDef,
  type ActionStatus,
  type ProjectStatus,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { verifyAuditChain } from '../modules/audit/service.ts';
import {
  clientOf,
  DEMO_PROJECT_CODE,
  enrolSigner,
  findOperatorId,
  findProjectId,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../test/workflow-support.ts';
import { createCapturingSmsProvider, createTestApp, loginAs, type TestApp } from '../test/harness.ts';
import { makeRediscoverable } from '../test/vehicle-support.ts';

const OTP = '135790';
const OPS = ['save', 'update', 'saveInvalid', 'submit', 'sign', 'pass', 'back', 'terminate'] as const;
type Who = 'applicant' | 'foreign' | 'exchange';
type Op = (typeof OPS)[number];
type Step = { who: Who; op: Op };

/** The actions the engine serves through its calls; the disclosures are applied for from the project form. */
const SERVED = ACTION_CONFIGS.filter((config) => !isFormDisclosure(config));
const FORM_DISCLOSURES = ACTION_CONFIGS.filter((config) => isFormDisclosure(config));
/** Random runs after the examples (one whole path per action). */
const RANDOM_RUNS = 50;
const MAX_STEPS = 8;

/** The event of the table an operation stands for, or null for one the table never allows (a bad form). */
function eventOf(op: Op, config: ActionConfig): ActionEvent | null {
  switch (op) {
    case 'save':
    case 'update':
      return 'edit';
    case 'saveInvalid':
      return null;
    case 'submit':
      return config.isSigned ? 'submitLetter' : 'submitUnsigned';
    case 'sign':
      return 'sign';
    case 'pass':
      return 'pass';
    case 'back':
      return 'back';
    case 'terminate':
      return 'withdraw';
  }
}

/** Who may perform each event: the exchange reviews, the applicant does everything else. */
const PERFORMER: Record<ActionEvent, Who> = {
  edit: 'applicant',
  submitLetter: 'applicant',
  submitUnsigned: 'applicant',
  sign: 'applicant',
  pass: 'exchange',
  back: 'exchange',
  withdraw: 'applicant',
};

/** The task an instance waits on in each status (none: no open task at all). */
const OPEN_TASK: Record<ActionStatus, string | null> = {
  draft: null,
  letterGenerated: 'EicSre',
  underReview: 'Review',
  approved: null,
  returned: 'MfyRrn',
  cancelled: null,
};

/** A valid value of a field, by its kind and rule. */
function validValue(field: ActionFieldDef): string | number {
  switch (field.kind) {
    case 'textarea':
    case 'text':
      return `${field.label.replace(/（.*）/, '')}：测试`.slice(0, field.max ?? 100);
    case 'date':
      return '2026-12-01';
    case 'datetime':
      return field.name === 'biddingEnd' ? '2026-12-01 11:30' : '2026-12-01 09:30';
    case 'integer':
      return field.min ?? 1;
    case 'money':
      return field.name === 'reservePrice' ? 2_000_000_00 : 1_000_000_00;
  }
}

function validForm(config: ActionConfig): Record<string, string | number> {
  return Object.fromEntries(config.fields.map((field) => [field.name, validValue(field)]));
}

/** A form no rule lets through: a text one character too long. */
function invalidForm(config: ActionConfig): Record<string, string | number> {
  const text = config.fields.find((field) => field.kind === 'textarea' || field.kind === 'text');
  if (text === undefined) throw new Error(`${config.family}/${config.action} has no text field`);
  return { ...validForm(config), [text.name]: '长'.repeat((text.max ?? 500) + 1) };
}

type Row = {
  status: ActionStatus;
  version: number;
  revision_no: number;
  letter_id: string | null;
  signed_letter_id: string | null;
};

type ProjectRow = {
  status: ProjectStatus;
  disclosure_start: Date | string | null;
  disclosure_end: Date | string | null;
  paused_at: Date | string | null;
  details: Record<string, unknown> | null;
};

let t: TestApp;
const tokens = {} as Record<'owner' | 'agent' | 'other', string>;
const clients = {} as Record<'owner' | 'agent' | 'other' | 'exchange', Client>;
const operatorIds = {} as Record<'owner' | 'agent' | 'other', number>;
let runs = 0;
const covered = new Map<string, Set<string>>();
const figures = { runs: 0, steps: 0, legal: 0, refused: 0, transitions: new Map<string, number>() };

beforeAll(async () => {
  t = await createTestApp({
    smsProvider: createCapturingSmsProvider(),
    // every signature moves the clock past the code's resend interval: the sessions must outlive the run
    env: {
      LOGIN_RATE_MAX: '10000',
      OTP_RATE_MAX: '100000',
      OTP_FIXED: OTP,
      SESSION_TTL_S: String(365 * 86_400),
    },
  });
  await enrolSigner(t, 'transferor');
  await enrolSigner(t, 'agent');
  tokens.owner = await loginAs(t.app, 'transferor');
  tokens.agent = await loginAs(t.app, 'agent');
  tokens.other = await loginAs(t.app, 'transferor2');
  clients.owner = clientOf(t, tokens.owner);
  clients.agent = clientOf(t, tokens.agent);
  clients.other = clientOf(t, tokens.other);
  clients.exchange = clientOf(t, await loginAs(t.app, 'admin'));
  operatorIds.owner = await findOperatorId(t, 'transferor');
  operatorIds.agent = await findOperatorId(t, 'agent');
  operatorIds.other = await findOperatorId(t, 'transferor2');
}, 180_000);

afterAll(async () => {
  await t.close();
});

/** A project of the action's family in the first status the action may start in. */
async function projectFor(config: ActionConfig, code: string): Promise<number> {
  const status = config.allowedProjectStatuses?.[0] ?? 'disclosing';
  await t.db.execute(sql`
    insert into projects (company_id, agent_company_id, family, business_type, name, code, status,
      disclosure_start, disclosure_end, paused_at)
    select company_id, agent_company_id, ${config.family}, business_type, name || '（' || ${code} || '）', ${code},
      ${status}, disclosure_start, disclosure_end, ${status === 'suspended' ? sql`now()` : null}
    from projects where code = ${DEMO_PROJECT_CODE}`);
  const id = await findProjectId(t, code);
  if (config.family === 'cap' || config.family === 'capOpen') {
    // a capital increase's agreement names the investors its selection chose (the engine's precondition)
    await t.db.execute(sql`
      insert into investors (project_id, company_id, status, investor_type, kind, name, cert_type, cert_no,
        contact_name, contact_mobile, amount, share)
      select ${id}, company_id, 'selected', '1', 'company', '北京甲方投资有限公司', 'creditCode',
        '91110105MA0000015F', '赵经理', '13900000011', 100000000, 100000
      from projects where id = ${id}`);
  }
  // a disposal is disclosed again only once its listing period passed with vehicles unsold (the vehicles' precondition)
  if (config.family === 'motorVehicle' && config.action === 'rediscovery') await makeRediscoverable(t, id);
  // the unified member review and transaction name a buyer confirmed on the project (the intentions' precondition)
  const buyer = validForm(config).transfereeName;
  if (config.family === 'unified' && typeof buyer === 'string') {
    await t.db.execute(sql`
      insert into intention_registrations (project_id, company_id, status, kind, name, cert_type, cert_no,
        contact_name, contact_mobile)
      select ${id}, agent_company_id, 'qualified', 'company', ${buyer}, 'creditCode', '91110105MA0000015F',
        '赵经理', '13900000011'
      from projects where id = ${id} and agent_company_id is not null`);
  }
  return id;
}

async function readRowIfAny(id: number): Promise<Row | undefined> {
  const rows = await selectRows<Row>(
    t.db,
    sql`select status, version, revision_no, letter_id, signed_letter_id from action_instances where id = ${id}`,
  );
  return rows[0];
}

async function readRow(id: number): Promise<Row> {
  const row = await readRowIfAny(id);
  if (row === undefined) throw new Error('instance gone');
  return row;
}

async function readProject(id: number): Promise<ProjectRow> {
  const rows = await selectRows<ProjectRow>(
    t.db,
    sql`select status, disclosure_start, disclosure_end, paused_at, details from projects where id = ${id}`,
  );
  if (rows[0] === undefined) throw new Error('project gone');
  return rows[0];
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

async function openTasks(id: number): Promise<{ id: number; type: string }[]> {
  return selectRows<{ id: number; type: string }>(
    t.db,
    sql`select id, type from tasks where subject = 'action' and subject_id = ${id} and status = 'open' order by id`,
  );
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const rows = await selectRows<{ n: number }>(t.db, query);
  return rows[0]?.n ?? -1;
}

type Run = {
  config: ActionConfig;
  base: string;
  id: number;
  projectId: number;
  applicant: Client;
  foreign: Client;
  foreignOperatorId: number;
  /** successful transitions that write a process-log row, and successful submissions */
  logged: number;
  submissions: number;
  isSignedSinceSubmit: boolean;
};

function clientOfWho(run: Run, who: Who): Client {
  return who === 'applicant' ? run.applicant : who === 'foreign' ? run.foreign : clients.exchange;
}

async function perform(run: Run, step: Step, row: Row): Promise<number> {
  const client = clientOfWho(run, step.who);
  const { base, id, config } = run;
  switch (step.op) {
    case 'save':
      return (await client.post(`${base}/save`, { id, version: row.version, form: validForm(config) }))
        .status;
    case 'update':
      return (await client.post(`${base}/update/${id}`, { version: row.version, form: validForm(config) }))
        .status;
    case 'saveInvalid':
      return (await client.post(`${base}/save`, { id, version: row.version, form: invalidForm(config) }))
        .status;
    case 'submit':
      return (await client.post(`${base}/submit`, { id, version: row.version })).status;
    case 'sign': {
      t.clock.advance(61_000);
      await client.post('/api/workflow/sign/otp', { dataId: id });
      const task = (await openTasks(id)).find((open) => open.type === 'EicSre');
      return (
        await client.post(
          `${base}/signature`,
          signRequest({ dataId: id, taskId: task?.id ?? 1, type: 'EicSre', otp: OTP }),
        )
      ).status;
    }
    case 'pass':
    case 'back': {
      const task = (await openTasks(id)).find((open) => open.type === 'Review');
      return (
        await client.post(`/api/task/signoff/${signOffFlow(config.family)}`, {
          ...signRequest({
            dataId: id,
            taskId: task?.id ?? 1,
            type: 'Review',
            reason: step.op === 'back' ? '材料不全，请补充' : '',
          }),
          result: step.op,
        })
      ).status;
    }
    case 'terminate':
      return (await client.post(`${base}/termination/terminate`, { id, version: row.version })).status;
  }
}

/** The invariants of an instance after any step. */
async function assertLegalState(run: Run, row: Row): Promise<void> {
  const tasks = await openTasks(run.id);
  const expected = OPEN_TASK[row.status];
  expect(
    tasks.map((task) => task.type),
    `open tasks in ${row.status}`,
  ).toEqual(expected === null ? [] : [expected]);
  // nothing signed before it was submitted: a signed letter exactly when the last submission was signed since
  expect(row.signed_letter_id !== null, `signed letter in ${row.status}`).toBe(run.isSignedSinceSubmit);
  if (row.signed_letter_id !== null) {
    expect(run.config.isSigned).toBe(true);
    expect(['underReview', 'approved', 'returned', 'cancelled']).toContain(row.status);
    expect(row.letter_id).not.toBeNull();
  }
  if (!run.config.isSigned) expect(row.letter_id).toBeNull();
  if (row.status === 'letterGenerated') expect(row.letter_id).not.toBeNull();
  expect(row.revision_no).toBe(run.submissions);
  if (row.status !== 'draft' && row.status !== 'cancelled') expect(row.revision_no).toBeGreaterThan(0);
  // the process log has a row per transition, the audit log approvals by the exchange only, nothing by a stranger
  expect(await count(sql`select count(*)::int as n from process_logs where instance_id = ${run.id}`)).toBe(
    run.logged,
  );
  const target = String(run.id);
  expect(
    await count(
      sql`select count(*)::int as n from audit_log where action = 'workflow.review' and target = ${target}
          and identity_type is distinct from 999`,
    ),
  ).toBe(0);
  expect(
    await count(
      sql`select count(*)::int as n from audit_log where action like 'workflow.%' and target = ${target}
          and operator_id = ${run.foreignOperatorId}`,
    ),
  ).toBe(0);
}

/** Whether an observed change is an edge of the domain's table. */
function isTableEdge(from: ActionStatus, to: ActionStatus): boolean {
  return Object.values(ACTION_TRANSITIONS).some(
    (transition) => transition.from.includes(from) && (transition.to ?? from) === to,
  );
}

async function runSequence(config: ActionConfig, steps: readonly Step[]): Promise<void> {
  runs += 1;
  figures.runs += 1;
  const isAgent = config.applicant === 'agent';
  const projectId = await projectFor(config, `GRWM${String(runs).padStart(8, '0')}`);
  const applicant = isAgent ? clients.agent : clients.owner;
  const created = await applicant.post<{ id: number; version: number }>(
    `/api/project/${config.family}/${config.action}/create`,
    { projectId },
  );
  expect(created.status, `${config.family}/${config.action} create: ${created.msg}`).toBe(0);
  const run: Run = {
    config,
    base: `/api/project/${config.family}/${config.action}`,
    id: created.data.id,
    projectId,
    applicant,
    // another company: for the owner's actions a second owner, for the member's the project's own owner
    foreign: isAgent ? clients.owner : clients.other,
    foreignOperatorId: isAgent ? operatorIds.owner : operatorIds.other,
    logged: 0,
    submissions: 0,
    isSignedSinceSubmit: false,
  };
  const saved = await applicant.post(`${run.base}/save`, {
    id: run.id,
    version: created.data.version,
    form: validForm(config),
  });
  expect(saved.status, saved.msg).toBe(0);
  await uploadApplicationFile(t, isAgent ? tokens.agent : tokens.owner, run.id);
  const seen = covered.get(`${config.family}/${config.action}`) ?? new Set<string>();
  covered.set(`${config.family}/${config.action}`, seen);

  for (const step of steps) {
    const before = await readRow(run.id);
    const projectBefore = await readProject(projectId);
    const event = eventOf(step.op, config);
    const next = event === null ? null : nextActionStatus(event, before.status);
    const isLegal = event !== null && next !== null && PERFORMER[event] === step.who;
    const label = `${config.family}/${config.action}: ${step.who} ${step.op} from ${before.status}`;
    const now = t.clock.now();
    const status = await perform(run, step, before);
    // a draft is discarded, not withdrawn (DISCARDABLE_ACTION_STATUSES): it is gone, and so are the steps after
    const isDiscard =
      event === 'withdraw' &&
      DISCARDABLE_ACTION_STATUSES.includes(before.status) &&
      PERFORMER.withdraw === step.who;
    if (isDiscard) {
      expect(status, label).toBe(0);
      expect(await readRowIfAny(run.id), label).toBeUndefined();
      expect(await readProject(projectId), label).toEqual(projectBefore);
      figures.steps += 1;
      figures.legal += 1;
      seen.add(step.op);
      return;
    }
    const after = await readRow(run.id);
    const projectAfter = await readProject(projectId);
    figures.steps += 1;
    if (isLegal) {
      expect(status, label).toBe(0);
      expect(after.status, label).toBe(next);
      expect(after.version, label).toBe(before.version + 1);
      if (event !== 'edit') run.logged += 1;
      if (event === 'submitLetter' || event === 'submitUnsigned') {
        run.submissions += 1;
        run.isSignedSinceSubmit = false;
      }
      if (event === 'sign') run.isSignedSinceSubmit = true;
      figures.legal += 1;
      const edge = `${before.status}->${after.status}`;
      figures.transitions.set(edge, (figures.transitions.get(edge) ?? 0) + 1);
      seen.add(step.op);
    } else {
      expect(status, label).not.toBe(0);
      expect(after, label).toEqual(before);
      figures.refused += 1;
    }
    // every change is an edge of the table; the project changes only on an approval, as the domain's effect says
    expect(after.status === before.status || isTableEdge(before.status, after.status), label).toBe(true);
    if (isLegal && event === 'pass') {
      const expected = applyEffect(
        config,
        {
          status: projectBefore.status,
          disclosureStart: toDate(projectBefore.disclosure_start),
          disclosureEnd: toDate(projectBefore.disclosure_end),
          pausedAt: toDate(projectBefore.paused_at),
          details: projectBefore.details ?? {},
        },
        validForm(config),
        now,
      );
      expect(projectAfter.status, label).toBe(expected.status);
    } else {
      expect(projectAfter, label).toEqual(projectBefore);
    }
    await assertLegalState(run, after);
  }
}

/** The whole path of an action: submit, (sign), return, resubmit, (sign), approve. */
function wholePath(config: ActionConfig): Step[] {
  const sign: Step[] = config.isSigned ? [{ who: 'applicant', op: 'sign' }] : [];
  return [
    { who: 'applicant', op: 'submit' },
    ...sign,
    { who: 'exchange', op: 'back' },
    { who: 'applicant', op: 'update' },
    { who: 'applicant', op: 'submit' },
    ...sign,
    { who: 'foreign', op: 'pass' },
    { who: 'applicant', op: 'pass' },
    { who: 'exchange', op: 'pass' },
    { who: 'applicant', op: 'terminate' },
  ];
}

/** The withdrawals: from a letter waiting for its signature, and from a returned application. */
function withdrawPaths(config: ActionConfig): Step[][] {
  const sign: Step[] = config.isSigned ? [{ who: 'applicant', op: 'sign' }] : [];
  return [
    [
      { who: 'applicant', op: 'submit' },
      { who: 'applicant', op: 'terminate' },
      { who: 'applicant', op: 'update' },
    ],
    [
      { who: 'applicant', op: 'submit' },
      ...sign,
      { who: 'exchange', op: 'back' },
      { who: 'applicant', op: 'terminate' },
    ],
  ];
}

/** Every edge of the domain's table, as from->to. */
const TABLE_EDGES = new Set(
  Object.values(ACTION_TRANSITIONS).flatMap((transition) =>
    transition.from.map((from) => `${from}->${transition.to ?? from}`),
  ),
);

/** The first action of each family: its withdrawals run as examples too. */
const FIRST_OF_FAMILY = [...new Map(SERVED.map((config) => [config.family, config])).values()];

const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  who: fc.oneof(
    { weight: 6, arbitrary: fc.constant<Who>('applicant') },
    { weight: 3, arbitrary: fc.constant<Who>('exchange') },
    { weight: 1, arbitrary: fc.constant<Who>('foreign') },
  ),
  op: fc.constantFrom(...OPS),
});

describe('the workflow model on every family', () => {
  it('refuses the disclosures applied for from the project form on the engine calls, creating nothing', async () => {
    for (const config of FORM_DISCLOSURES) {
      runs += 1;
      const projectId = await projectFor(config, `GRWM${String(runs).padStart(8, '0')}`);
      const client = config.applicant === 'agent' ? clients.agent : clients.owner;
      const answer = await client.post(`/api/project/${config.family}/${config.action}/create`, {
        projectId,
      });
      expect(answer, `${config.family}/${config.action}`).toMatchObject({
        status: 1,
        msg: MSG.projectsDisclosureFromForm,
      });
      expect(
        await count(sql`select count(*)::int as n from action_instances where project_id = ${projectId}`),
      ).toBe(0);
    }
  });

  it(`random transitions on all ${SERVED.length} served actions never reach an illegal state`, async () => {
    const startedAt = performance.now();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: SERVED.length - 1 }),
        fc.array(stepArbitrary, { maxLength: MAX_STEPS }),
        async (index, steps) => {
          const config = SERVED[index];
          if (config === undefined) throw new Error(`no action ${index}`);
          await runSequence(config, steps);
        },
      ),
      {
        // the examples count among the runs
        numRuns: SERVED.length + 2 * FIRST_OF_FAMILY.length + RANDOM_RUNS,
        examples: [
          ...SERVED.map((config, index): [number, Step[]] => [index, wholePath(config)]),
          ...FIRST_OF_FAMILY.flatMap((config) =>
            withdrawPaths(config).map((path): [number, Step[]] => [SERVED.indexOf(config), path]),
          ),
        ],
        endOnFailure: true,
      },
    );
    const families = new Set(SERVED.map((config) => config.family));
    const uncovered = SERVED.filter((config) => {
      const seen = covered.get(`${config.family}/${config.action}`);
      return !['submit', 'back', 'pass'].every((op) => seen?.has(op) === true);
    }).map((config) => `${config.family}/${config.action}`);
    expect(uncovered, 'actions that never ran their whole path').toEqual([]);
    expect(
      [...TABLE_EDGES].filter((edge) => !figures.transitions.has(edge)),
      'edges of ACTION_TRANSITIONS never taken',
    ).toEqual([]);
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);
    console.log(
      `[reliability row 9] ${JSON.stringify(
        {
          families: families.size,
          actions: SERVED.length,
          formDisclosuresRefused: FORM_DISCLOSURES.length,
          runs: figures.runs,
          steps: figures.steps,
          legalSteps: figures.legal,
          refusedSteps: figures.refused,
          transitions: Object.fromEntries(figures.transitions),
          seconds: Math.round((performance.now() - startedAt) / 100) / 10,
        },
        null,
        2,
      )}`,
    );
  }, 600_000);
});
