// Reliability row 3: for every call of the route table, inputs generated from its own zod schemas (body, query
// and path parameters; the workflow forms from their action's form schema) and mutated (wrong types, huge and odd
// strings, nulls, missing and extra keys, deep nesting, prototype keys, unicode), sent as a signed-in exchange
// administrator and a signed-in transferor: never a 5xx. fast-check shrinks a failing input to a small one.
import { ACTION_CONFIGS, actionFormSchema } from '@cqjy/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness.ts';
import { signIn } from './route-table-db.ts';
import {
  addressOf,
  arbitraryOfZod,
  callRoute,
  hostileValue,
  inputArbitrary,
  jsonSchemaOf,
  mutate,
  mutation,
  sampleInput,
  type RouteInput,
} from './route-table-samples.ts';
import { apiRoutes, createRouteTableApp, routeKey, type RouteEntry } from './route-table.ts';

/**
 * Inputs per route and identity; kept small so that the whole table runs in a couple of minutes on 2 cores.
 * FUZZ_RUNS and FUZZ_SEED override them for a longer exploratory run.
 */
// eslint-disable-next-line no-restricted-properties -- a test knob, not configuration of the server
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
// eslint-disable-next-line no-restricted-properties -- a test knob, not configuration of the server
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_303);
const IDENTITIES = ['admin', 'transferor'] as const;

let t: TestApp;
let api: RouteEntry[] = [];
const tokens = new Map<string, string>();
let calls = 0;
let sessionsEnded = 0;
let edgeCalls = 0;
const started = Date.now();

/** The form of a workflow save or update, from the action's own schema (the route only says "a record"). */
function actionForm(route: RouteEntry): fc.Arbitrary<unknown> | undefined {
  const match = /^\/api\/project\/([^/]+)\/([^/]+)\/(save|update\/:id)$/.exec(route.url);
  if (match === null) return undefined;
  const config = ACTION_CONFIGS.find((c) => c.family === match[1] && c.action === match[2]);
  return config === undefined ? undefined : arbitraryOfZod(actionFormSchema(config, 'draft'));
}

/** Valid-looking inputs, then the same mutated in their body, query or a path parameter. */
function fuzzArbitrary(route: RouteEntry): fc.Arbitrary<RouteInput> {
  const form = actionForm(route);
  const valid =
    form === undefined
      ? inputArbitrary(route)
      : fc
          .tuple(inputArbitrary(route), form)
          .map(([input, value]) => ({ ...input, body: { ...(input.body as object), form: value } }));
  const params = route.params;
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, mutation)
        .map(([input, m]) => ({ ...input, body: mutate(input.body ?? {}, m) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, mutation)
        .map(([input, m]) => ({ ...input, query: mutate(input.query ?? {}, m) })),
    },
    ...(params.length === 0
      ? []
      : [
          {
            weight: 1,
            arbitrary: fc
              .tuple(valid, fc.constantFrom(...params), hostileValue)
              .map(([input, name, value]) => ({
                ...input,
                params: {
                  ...input.params,
                  [name]: typeof value === 'string' ? value.slice(0, 2_000) : value,
                },
              })),
          },
        ]),
  );
}

beforeAll(async () => {
  const built = await createRouteTableApp();
  t = built.testApp;
  api = apiRoutes(built.routes);
  for (const username of IDENTITIES) tokens.set(username, await signIn(t.app, username));
});

afterAll(async () => {
  console.log(
    `[reliability:fuzz] routes ${api.length}; inputs tried ${calls} (${RUNS} per route and identity, as ` +
      `${IDENTITIES.join(' and ')}, of which ${edgeCalls} numbers at the edges of their types; ` +
      `sessions ended by a call and signed in again: ${sessionsEnded}); ` +
      `${Math.round((Date.now() - started) / 1000)} s`,
  );
  await t?.close();
});

type NumberSlot = { part: 'body' | 'query'; path: (string | number)[] };

/** Every integer or number field of a route's body and query (any depth), by its path. */
function numberSlots(route: RouteEntry): NumberSlot[] {
  const out: NumberSlot[] = [];
  const walk = (schema: unknown, part: NumberSlot['part'], path: (string | number)[]): void => {
    if (typeof schema !== 'object' || schema === null || path.length > 5) return;
    const node = schema as {
      type?: unknown;
      properties?: Record<string, unknown>;
      items?: unknown;
      anyOf?: unknown[];
    };
    if (node.type === 'integer' || node.type === 'number') out.push({ part, path });
    for (const [key, child] of Object.entries(node.properties ?? {})) walk(child, part, [...path, key]);
    if (node.type === 'array' && node.items !== undefined) walk(node.items, part, [...path, 0]);
    for (const option of node.anyOf ?? []) walk(option, part, path);
  };
  walk(jsonSchemaOf(route.body), 'body', []);
  walk(jsonSchemaOf(route.query), 'query', []);
  return out.filter((slot) => slot.path.length > 0);
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const root = JSON.parse(JSON.stringify(target ?? {})) as Record<string | number, unknown>;
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1] ?? ''] = value;
  return root;
}

/** The numbers at the edges of what a database column or JavaScript holds. */
const EDGE_NUMBERS = [2 ** 31, -(2 ** 31) - 1, 2 ** 53 - 1, -(2 ** 53) + 1, 1e21];

describe('every number of every call, at the edges of the column types', () => {
  for (const username of IDENTITIES) {
    it(`never answers 5xx to ${username}`, async () => {
      const failures: string[] = [];
      for (const route of api) {
        const slots = numberSlots(route);
        if (slots.length === 0) continue;
        const base = sampleInput(route);
        for (const slot of slots) {
          for (const value of EDGE_NUMBERS) {
            const input = { ...base, [slot.part]: setAt(base[slot.part], slot.path, value) };
            calls += 1;
            edgeCalls += 1;
            const response = await callRoute(t.app, route, input, {
              token: tokens.get(username) ?? '',
              remoteAddress: addressOf(calls),
            });
            if (route.isSignInRequired && response.statusCode === 401) {
              sessionsEnded += 1;
              tokens.set(username, await signIn(t.app, username));
            }
            if (response.statusCode >= 500)
              failures.push(`${routeKey(route)} ${slot.part}.${slot.path.join('.')} = ${value}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('every call, with generated and mutated inputs', () => {
  for (const username of IDENTITIES) {
    it(`never answers 5xx to ${username}`, async () => {
      const failures: string[] = [];
      for (const route of api) {
        const failure = await fc.check(
          fc.asyncProperty(fuzzArbitrary(route), async (input) => {
            calls += 1;
            const response = await callRoute(t.app, route, input, {
              token: tokens.get(username) ?? '',
              remoteAddress: addressOf(calls),
            });
            // a call that ends the session (logout, switching identity): sign in again for the next input
            if (route.isSignInRequired && response.statusCode === 401) {
              sessionsEnded += 1;
              tokens.set(username, await signIn(t.app, username));
            }
            return response.statusCode < 500;
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: false },
        );
        if (failure.failed) {
          failures.push(`${routeKey(route)}: ${JSON.stringify(failure.counterexample).slice(0, 400)}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
