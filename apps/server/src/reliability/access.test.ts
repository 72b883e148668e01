// Reliability row 1: every call x the 7 identities x own / foreign company / anonymous, generated from the route
// table (route-table.ts) and the permission codes the seeded roles hold. Answers match the policy each route
// declares; foreign rows answer as if they did not exist; refused calls leave the database unchanged.
//
// The policy, per route:
//   - no `app.authenticate`: public; the set of public routes is listed below, so a route silently losing its
//     guard fails here;
//   - anonymous (no token, or a token that is no session) on a signed-in route: HTTP 401, envelope status 401;
//   - a signed-in identity whose role lacks the route's codes: HTTP 403, envelope status 403;
//   - one holding them: neither 401 nor 403, and never a 5xx.
// Foreign company (decision, BLUEPRINT section 3 "a foreign id answers 404"): the caller is transferor2, whose
// company owns no business row but the one draft project the demo gives it (its ids are left out of the pool); every id of a row owned by another company (the demo transferor's seeded and
// API-created projects, applications, tasks, plans, participants, sheet rows, credentials, files, and the other
// companies' operators and companies) is sent in every id slot of every call (path `:id`, body id fields). The
// answer must be exactly the answer to an id that exists nowhere (same HTTP status, envelope status, message and
// data): the caller learns nothing, not even that the row exists. Most such answers are {status: 404}; the few that
// refuse earlier (input rules, an action that is not open) are counted and printed.
import { ALL_CODES, composeCreditCode } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import { enrolSigner, uploadApplicationFile } from '../test/workflow-support.ts';
import { PLAN_FORM } from '../test/fixtures.ts';
import { readJson, type TestApp } from '../test/harness.ts';
import { changedTables, codesOf, companyOf, fingerprint, signIn, VOLATILE_TABLES } from './route-table-db.ts';
import { addressOf, callRoute, jsonSchemaOf, sampleInput, type RouteInput } from './route-table-samples.ts';
import { apiRoutes, createRouteTableApp, isPermitted, routeKey, type RouteEntry } from './route-table.ts';

/** The seven identities of the spec, by demo account. */
const IDENTITIES = [
  'transferor',
  'member',
  'assessment',
  'disassembly',
  'land',
  'admin',
  'opsadmin',
] as const;

/**
 * Every call that answers without a session: the pre-login flows, the face confirmation page, the CA, health, the
 * verification of signed PDFs, the quiet session check (POST /api/validate, which answers valid false), the
 * public disclosure site's open data, and the bank's deposit notice (its HMAC signature is its credential).
 */
const EXPECTED_PUBLIC = [
  'GET /api/face/confirm/:token',
  'GET /api/health',
  'GET /api/login/captcha',
  'GET /api/operator/retrieve/username/:name',
  'GET /api/public/deals',
  'GET /api/public/export',
  'GET /api/public/listings',
  'GET /api/public/listings/:code',
  'GET /api/public/notices',
  'GET /api/public/verify/:code',
  'GET /api/signature/ca',
  'POST /api/app/login/otp/:mobile',
  'POST /api/app/search/username',
  'POST /api/app/send/otp/:purpose',
  'POST /api/app/user/reinit/password',
  'POST /api/app/user/validate/mobile',
  'POST /api/app/validate/otp',
  'POST /api/captcha/:id',
  'POST /api/deposit/bank/notify',
  'POST /api/face/confirm/:token',
  'POST /api/login',
  'POST /api/mobile/login',
  'POST /api/mobile/validate/otp/login',
  'POST /api/public/verify',
  'POST /api/register/account',
  'POST /api/register/validate/company/status',
  'POST /api/validate',
];

/** Calls that end the caller's session: the holding sweep makes them last. */
const SESSION_ENDING = new Set(['POST /api/logout', 'POST /api/app/switch/:id']);

// nine digits: the most a path id may have (zPathId), and an int4
const UNKNOWN_NUMBER = 987_654_321;
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let routes: RouteEntry[] = [];
let api: RouteEntry[] = [];
const tokens = new Map<string, string>();
const held = new Map<string, string[]>();
const samples = new Map<string, RouteInput>();
let calls = 0;
const figures = { anonymous: 0, lacking: 0, holding: 0, foreign: 0, foreign404: 0, foreignOther: 0 };
const started = Date.now();

function sampleOf(route: RouteEntry): RouteInput {
  const key = routeKey(route);
  let input = samples.get(key);
  if (input === undefined) {
    input = sampleInput(route);
    samples.set(key, input);
  }
  return input;
}

function call(route: RouteEntry, input: RouteInput, token?: string): Promise<LightMyRequestResponse> {
  calls += 1;
  return callRoute(t.app, route, input, {
    ...(token === undefined ? {} : { token }),
    remoteAddress: addressOf(calls),
  });
}

type Answer = { http: number; status: unknown; msg: unknown; data: unknown; raw: string };

function answerOf(response: LightMyRequestResponse): Answer {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('application/json')) {
    // a file: told apart by its type and size (an unknown id never answers one)
    const raw = `${type} ${response.rawPayload.length} bytes`;
    return { http: response.statusCode, status: undefined, msg: undefined, data: raw, raw };
  }
  const body = response.json<{ status?: unknown; msg?: unknown; data?: unknown }>();
  return {
    http: response.statusCode,
    status: body.status,
    msg: body.msg,
    data: body.data,
    raw: response.body,
  };
}

function describeAnswer(answer: Answer): string {
  return `HTTP ${answer.http} ${answer.raw.slice(0, 160)}`;
}

beforeAll(async () => {
  ({ testApp: t, routes } = await createRouteTableApp());
  api = apiRoutes(routes);
  for (const username of [...IDENTITIES, 'transferor2']) {
    tokens.set(username, await signIn(t.app, username));
    held.set(username, await codesOf(t.db, username));
  }
});

afterAll(async () => {
  const signedIn = api.filter((r) => r.isSignInRequired).length;
  const total = figures.anonymous + figures.lacking + figures.holding + figures.foreign;
  console.log(
    `[reliability:access] routes ${api.length} (public ${api.length - signedIn}, signed-in ${signedIn}); ` +
      `calls x identities ${total}: anonymous ${figures.anonymous}, lacking codes ${figures.lacking}, ` +
      `holding codes ${figures.holding}, foreign ids ${figures.foreign} ` +
      `(${figures.foreign404} answered 404, ${figures.foreignOther} refused earlier as for an unknown id); ` +
      `identities ${IDENTITIES.length} + anonymous + foreign company; ${Math.round((Date.now() - started) / 1000)} s`,
  );
  await t?.close();
});

describe('the route table', () => {
  it('is read from every route and names the codes of the permission list', () => {
    expect(api.length).toBeGreaterThan(100);
    const known = new Set<string>(ALL_CODES);
    const unknown = api.flatMap((r) =>
      r.codeSets
        .flat()
        .filter((code) => !known.has(code))
        .map((c) => `${routeKey(r)} ${c}`),
    );
    expect(unknown).toEqual([]);
  });

  it('has exactly the expected public routes: every other one requires a session', () => {
    const publicRoutes = api
      .filter((r) => !r.isSignInRequired)
      .map(routeKey)
      .sort();
    expect(publicRoutes).toEqual([...EXPECTED_PUBLIC].sort());
    // a permission guard without a session would be a 401 for a 403, or run on nobody
    const misplaced = api.filter(
      (r) => !r.isGuardAfterSignIn || (r.codeSets.length > 0 && !r.isSignInRequired),
    );
    expect(misplaced.map(routeKey)).toEqual([]);
  });
});

describe('anonymous callers', () => {
  it('get 401 on every signed-in route, with no token or a token that is no session; nothing changes', async () => {
    const wrong: string[] = [];
    // the public calls answer anonymous callers (and may write: captcha, one-time codes, rate-limit counts)
    for (const route of api.filter((r) => !r.isSignInRequired)) {
      const response = await call(route, sampleOf(route));
      figures.anonymous += 1;
      if (response.statusCode >= 500 || response.statusCode === 403) {
        wrong.push(`${routeKey(route)} public: ${response.statusCode}`);
      }
    }
    const before = await fingerprint(t.db);
    for (const route of api.filter((r) => r.isSignInRequired)) {
      for (const token of [undefined, 'no-such-session-token']) {
        const answer = answerOf(await call(route, sampleOf(route), token));
        figures.anonymous += 1;
        if (answer.http !== 401 || answer.status !== 401)
          wrong.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
  });
});

describe('signed-in identities', () => {
  it('get 403 on every route whose codes their role lacks, and nothing changes', async () => {
    const before = await fingerprint(t.db);
    const wrong: string[] = [];
    for (const username of IDENTITIES) {
      const token = tokens.get(username) ?? '';
      const codes = held.get(username) ?? [];
      for (const route of api) {
        if (!route.isSignInRequired || isPermitted(route, codes)) continue;
        const answer = answerOf(await call(route, sampleOf(route), token));
        figures.lacking += 1;
        if (answer.http !== 403 || answer.status !== 403) {
          wrong.push(`${username} ${routeKey(route)}: ${describeAnswer(answer)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
    // every identity is refused somewhere, or holds every code a route asks for (the exchange administrator)
    expect(figures.lacking).toBeGreaterThan(0);
  });
});

// --- foreign company ---------------------------------------------------------------------------------------------

const ID_FIELD = /^(id|ids|uuid|uuids)$|Ids?$|Uuids?$/;

type Slot = { path: (string | number)[]; kind: 'number' | 'string' | 'numbers' | 'strings' };

/** Where a route takes ids: path parameters named like ids, and id fields of the body or query (any depth). */
function idSlots(route: RouteEntry): { params: string[]; body: Slot[]; query: Slot[] } {
  const params = route.params.filter((name) => ID_FIELD.test(name));
  const walk = (schema: unknown, path: (string | number)[], out: Slot[]): Slot[] => {
    if (typeof schema !== 'object' || schema === null || path.length > 4) return out;
    const node = schema as { properties?: Record<string, unknown>; items?: unknown };
    for (const [name, child] of Object.entries(node.properties ?? {})) {
      const c = child as { type?: unknown; items?: { type?: unknown }; anyOf?: { type?: unknown }[] };
      const type = c.type ?? c.anyOf?.find((option) => option.type !== 'null')?.type;
      if (ID_FIELD.test(name)) {
        if (type === 'integer' || type === 'number') out.push({ path: [...path, name], kind: 'number' });
        else if (type === 'string') out.push({ path: [...path, name], kind: 'string' });
        else if (type === 'array') {
          const itemType = c.items?.type;
          out.push({ path: [...path, name], kind: itemType === 'string' ? 'strings' : 'numbers' });
        }
      } else if (type === 'object') walk(child, [...path, name], out);
      else if (type === 'array' && typeof c.items === 'object') walk(c.items, [...path, name, 0], out);
    }
    return out;
  };
  return {
    params,
    body: walk(jsonSchemaOf(route.body), [], []),
    query: walk(jsonSchemaOf(route.query), [], []),
  };
}

function withIds(input: RouteInput, route: RouteEntry, value: number | string): RouteInput {
  const slots = idSlots(route);
  const text = String(value);
  const asNumber = typeof value === 'number' ? value : UNKNOWN_NUMBER;
  const put = (target: unknown, slots: Slot[]): unknown => {
    const copy = JSON.parse(JSON.stringify(target ?? {})) as Record<string, unknown>;
    for (const slot of slots) {
      let node: Record<string | number, unknown> = copy;
      for (const key of slot.path.slice(0, -1)) {
        if (typeof node[key] !== 'object' || node[key] === null)
          node[key] = typeof key === 'number' ? [] : {};
        node = node[key] as Record<string | number, unknown>;
      }
      const last = slot.path[slot.path.length - 1] ?? '';
      node[last] =
        slot.kind === 'number'
          ? asNumber
          : slot.kind === 'string'
            ? text
            : slot.kind === 'numbers'
              ? [asNumber]
              : [text];
    }
    return copy;
  };
  return {
    params: { ...input.params, ...Object.fromEntries(slots.params.map((name) => [name, text])) },
    query: slots.query.length === 0 ? input.query : put(input.query, slots.query),
    body: slots.body.length === 0 ? input.body : put(input.body, slots.body),
  };
}

function takesIds(route: RouteEntry): boolean {
  const slots = idSlots(route);
  return slots.params.length + slots.body.length + slots.query.length > 0;
}

/** Whether a file id (a uuid) fits one of the route's id slots: a text field long enough for it. */
function takesStrings(route: RouteEntry): boolean {
  const slots = idSlots(route);
  const params = jsonSchemaOf(route.paramsSchema) as { properties?: Record<string, { maxLength?: number }> };
  const fits = (name: string) => (params.properties?.[name]?.maxLength ?? 64) >= UNKNOWN_UUID.length;
  return (
    slots.params.some(fits) ||
    [...slots.body, ...slots.query].some((s) => s.kind === 'string' || s.kind === 'strings')
  );
}

/** Rows of the demo transferor's company, made through the calls an owner makes (the seed has the projects). */
async function createForeignRows(): Promise<void> {
  const token = tokens.get('transferor') ?? '';
  const post = async <T>(url: string, payload: unknown): Promise<T> => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });
    const body = readJson<T>(response);
    expect(body.status, `${url}: ${body.msg}`).toBe(0);
    return body.data;
  };
  const [project] = await selectRows<{ id: number }>(
    t.db,
    sql`select id from projects where code = 'GR2026BJ1000123'`,
  );
  const projectId = project?.id ?? 0;
  await enrolSigner(t, 'transferor');
  await post('/api/project/bulk/copy/' + String(projectId), {});
  await post('/api/plan/save', { form: PLAN_FORM });
  await post('/api/project/bulk/participant/save', {
    projectId,
    participant: {
      kind: 'company',
      name: '北京某某再生资源有限公司',
      certType: 'creditCode',
      certNo: composeCreditCode('110000', '10110070'),
      contactName: '赵经理',
      contactMobile: '13900000002',
    },
  });
  const created = await post<{ id: number; version: number }>('/api/project/bulk/abort/create', {
    projectId,
  });
  const saved = await post<{ version: number }>('/api/project/bulk/abort/save', {
    id: created.id,
    version: created.version,
    form: { reason: '标的资产权属需进一步确认' },
  });
  await uploadApplicationFile(t, token, created.id);
  await post('/api/project/bulk/abort/submit', { id: created.id, version: saved.version });
  await post('/api/project/bulk/supplement/create', { projectId });
}

/** Ids of rows the caller's company does not own, of every table scoped by company (a few per table). */
async function foreignIds(
  callerCompany: number,
  callerUser: number,
): Promise<{ numbers: number[]; uuids: string[] }> {
  const tables = await selectRows<{ name: string; type: string }>(
    t.db,
    sql`select c.table_name as name, i.data_type as type from information_schema.columns c
        join information_schema.columns i on i.table_name = c.table_name and i.table_schema = c.table_schema
          and i.column_name = 'id'
        where c.table_schema = 'public' and c.column_name = 'company_id' order by c.table_name`,
  );
  const own = new Set<number>([callerCompany, callerUser]);
  const ownOperators = await selectRows<{ id: number }>(
    t.db,
    sql`select id from operators where user_id = ${callerUser}`,
  );
  for (const row of ownOperators) own.add(row.id);
  const numbers = new Set<number>();
  const uuids = new Set<string>();
  for (const { name, type } of tables) {
    if (name in VOLATILE_TABLES || name === 'sessions') continue;
    const table = sql.identifier(name);
    const mine = await selectRows<{ id: number }>(
      t.db,
      sql`select id from ${table} where company_id = ${callerCompany}`,
    );
    if (type === 'integer') for (const row of mine) own.add(row.id);
    const rows = await selectRows<{ id: number | string }>(
      t.db,
      sql`select id from ${table} where company_id is distinct from ${callerCompany} order by id`,
    );
    const ids = rows.map((row) => row.id);
    // the first and the last of each table, so that a few values cover every table
    for (const id of [ids[0], ids[ids.length - 1]]) {
      if (id === undefined) continue;
      if (type === 'uuid') uuids.add(String(id));
      else numbers.add(Number(id));
    }
  }
  const owned = await selectRows<{ n: number }>(
    t.db,
    sql`select (select count(*) from projects where company_id = ${callerCompany})
             + (select count(*) from plans where company_id = ${callerCompany})
             + (select count(*) from action_instances where company_id = ${callerCompany}) as n`,
  );
  // the one draft the demo gives the second owner, left out of the pool with every other own id above
  expect(Number(owned[0]?.n), 'the foreign caller must own no business row but its demo draft').toBe(1);
  return { numbers: [...numbers].filter((id) => !own.has(id)).sort((a, b) => a - b), uuids: [...uuids] };
}

function same(a: Answer, b: Answer): boolean {
  return (
    a.http === b.http &&
    a.status === b.status &&
    a.msg === b.msg &&
    JSON.stringify(a.data) === JSON.stringify(b.data)
  );
}

describe('a foreign company', () => {
  it('gets for every id of another company the answer of an id that does not exist, and nothing changes', async () => {
    await createForeignRows();
    const caller = 'transferor2';
    const token = tokens.get(caller) ?? '';
    const userRows = await selectRows<{ id: number }>(
      t.db,
      sql`select id from users where username = ${caller}`,
    );
    const pool = await foreignIds(await companyOf(t.db, caller), userRows[0]?.id ?? 0);
    expect(pool.numbers.length).toBeGreaterThan(3);
    expect(pool.uuids.length).toBeGreaterThan(0);
    const codes = held.get(caller) ?? [];
    const targets = api.filter(
      (r) => r.isSignInRequired && isPermitted(r, codes) && takesIds(r) && !SESSION_ENDING.has(routeKey(r)),
    );
    expect(targets.length).toBeGreaterThan(50);

    // The answer to unknown ids, per route: the input is the first of a few samples that reaches the lookup
    // (answers 404), so that the comparison is not only between two input refusals. These calls may write
    // (a call whose id is optional may succeed); they are made before the fingerprint.
    type Plan = {
      route: RouteEntry;
      input: RouteInput;
      unknownNumber: Answer;
      unknownUuid: Answer | undefined;
    };
    const plans: Plan[] = [];
    for (const route of targets) {
      let chosen: Plan | undefined;
      for (const seed of [1, 2, 3, 4]) {
        const input = seed === 1 ? sampleOf(route) : sampleInput(route, seed);
        const unknownNumber = answerOf(await call(route, withIds(input, route, UNKNOWN_NUMBER), token));
        const unknownUuid = takesStrings(route)
          ? answerOf(await call(route, withIds(input, route, UNKNOWN_UUID), token))
          : undefined;
        chosen = { route, input, unknownNumber, unknownUuid };
        if (unknownNumber.status === 404 || unknownUuid?.status === 404) break;
      }
      if (chosen !== undefined) plans.push(chosen);
    }
    const accepting = plans.filter((p) => p.unknownNumber.status === 0 || p.unknownUuid?.status === 0);
    const refusing = plans.filter((p) => !accepting.includes(p));

    const wrong: string[] = [];
    const earlier = new Map<string, number>();
    const check = async (plan: Plan, values: (number | string)[], baseline: Answer, isRefusal: boolean) => {
      for (const value of values) {
        const answer = answerOf(await call(plan.route, withIds(plan.input, plan.route, value), token));
        figures.foreign += 1;
        if (answer.status === 404) figures.foreign404 += 1;
        else {
          figures.foreignOther += 1;
          const reason = `${answer.http}/${String(answer.status)} ${String(answer.msg)}`;
          earlier.set(reason, (earlier.get(reason) ?? 0) + 1);
        }
        const fresh = isRefusal
          ? baseline
          : answerOf(
              await call(
                plan.route,
                withIds(plan.input, plan.route, typeof value === 'number' ? UNKNOWN_NUMBER : UNKNOWN_UUID),
                token,
              ),
            );
        if (!same(answer, fresh) || answer.http >= 500) {
          wrong.push(
            `${routeKey(plan.route)} id ${value}: ${describeAnswer(answer)} / unknown id: ${describeAnswer(fresh)}`,
          );
        }
      }
    };
    const before = await fingerprint(t.db);
    for (const plan of refusing) {
      await check(plan, pool.numbers, plan.unknownNumber, true);
      if (plan.unknownUuid !== undefined) await check(plan, pool.uuids, plan.unknownUuid, true);
    }
    expect(wrong).toEqual([]);
    expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
    // calls that accept an unknown id (an optional reference, a list filtered by it) answer foreign ids the same
    for (const plan of accepting) {
      await check(plan, pool.numbers, plan.unknownNumber, false);
      if (plan.unknownUuid !== undefined) await check(plan, pool.uuids, plan.unknownUuid, false);
    }
    expect(wrong).toEqual([]);
    console.log(
      `[reliability:access] foreign ids tried: ${pool.numbers.length} numbers, ${pool.uuids.length} files, on ` +
        `${refusing.length} refusing and ${accepting.length} accepting calls (${accepting.map((p) => routeKey(p.route)).join(', ')}); ` +
        `pool ${pool.numbers.join(' ')}; refused before the lookup: ${[...earlier].map(([k, n]) => `${n} x ${k}`).join('; ')}`,
    );
  });
});

describe('identities holding the codes', () => {
  it('pass the guard on every route they may call and never get a 5xx', async () => {
    const wrong: string[] = [];
    for (const username of IDENTITIES) {
      const codes = held.get(username) ?? [];
      const permitted = api.filter((r) => r.isSignInRequired && isPermitted(r, codes));
      // the calls that end the session come last
      const ordered = [
        ...permitted.filter((r) => !SESSION_ENDING.has(routeKey(r))),
        ...permitted.filter((r) => SESSION_ENDING.has(routeKey(r))),
      ];
      let token = tokens.get(username) ?? '';
      for (const route of ordered) {
        if (SESSION_ENDING.has(routeKey(route))) token = await signIn(t.app, username);
        const answer = answerOf(await call(route, sampleOf(route), token));
        figures.holding += 1;
        if (
          answer.http === 401 ||
          answer.http === 403 ||
          answer.http >= 500 ||
          answer.status === 401 ||
          answer.status === 403
        ) {
          wrong.push(`${username} ${routeKey(route)}: ${describeAnswer(answer)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
