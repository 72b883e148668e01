// Inputs generated from a route's own zod schemas: each schema is converted to JSON Schema (zod 4's
// `z.toJSONSchema`, input side, refinements left out) and a fast-check arbitrary is built from that, so every
// route of the table gets bodies, query strings and path parameters of the right shape without anyone writing
// them. `hostile` mutates those samples (wrong types, huge and odd strings, nulls, missing and extra keys, deep
// nesting, prototype keys) for the fuzz row.
import { ACTION_CONFIGS, FAMILY_KEYS, OTP_PURPOSES, PROJECT_KINDS, SIGN_OFF_FLOWS } from '@cqjy/domain';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import type { RouteEntry } from './route-table.ts';

type JsonSchema = { [key: string]: unknown };

const MAX_ARRAY = 4;
const MAX_STRING = 40;

const schemaCache = new WeakMap<z.ZodType, JsonSchema>();

/** The JSON Schema of a zod schema's input side ({} when it has none or cannot be converted). */
export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema {
  if (schema === undefined) return {};
  const cached = schemaCache.get(schema);
  if (cached !== undefined) return cached;
  let converted: JsonSchema;
  try {
    converted = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    converted = {};
  }
  schemaCache.set(schema, converted);
  return converted;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  if (ref === '#') return root;
  const path = ref.replace(/^#\//, '').split('/');
  let node: unknown = root;
  for (const part of path) node = isObject(node) ? node[part] : undefined;
  return isObject(node) ? node : {};
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
  const lo = Math.max(
    typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : -(2 ** 31),
    exclusiveMin ?? -(2 ** 53),
    -(2 ** 31),
  );
  const hi = Math.min(
    typeof schema.maximum === 'number' ? Math.floor(schema.maximum) : 2 ** 31 - 1,
    exclusiveMax ?? 2 ** 53,
    2 ** 31 - 1,
  );
  if (lo > hi) return fc.constant(lo);
  // mostly small values (a page number, an id that may exist), sometimes anything the schema allows
  const smallLo = Math.max(lo, Math.min(hi, 0));
  const smallHi = Math.min(hi, Math.max(smallLo, 20));
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: smallLo, max: smallHi }) },
    { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) },
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1e9;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1e9;
  return fc.double({
    min: Math.max(min, -1e12),
    max: Math.min(max, 1e12),
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const fits = (s: string): boolean => s.length >= minLength && s.length <= maxLength;
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    default:
      break;
  }
  const bounded = { minLength, maxLength: Math.max(minLength, Math.min(maxLength, MAX_STRING)) };
  return fc.oneof(
    fc.string(bounded),
    fc.string({ ...bounded, unit: fc.constantFrom(...'北京示范国有资产产权交易所转让方项目股权') }),
  );
}

function objectArbitrary(schema: JsonSchema, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, child] of Object.entries(properties)) {
    shape[key] = hinted(key, child) ?? arbitraryOf(child, root, depth + 1);
  }
  const fixed = fc.record(shape, { requiredKeys: required.filter((key) => key in shape) });
  const extra = schema.additionalProperties;
  if (!isObject(extra) || Object.keys(properties).length > 0) return fixed;
  // a record: a few keys of the key schema with values of the value schema
  const keys = isObject(schema.propertyNames)
    ? (arbitraryOf(schema.propertyNames, root, depth + 1) as fc.Arbitrary<string>).filter(
        (k) => typeof k === 'string',
      )
    : fc.string({ maxLength: 12 });
  return fc.dictionary(keys, arbitraryOf(extra, root, depth + 1), { maxKeys: 3 });
}

/**
 * The words the registries give some text parameters (a family, an action, a sign-off flow, an OTP purpose, a sheet
 * category): a route answers 404 to any other, so without them the generated calls would never get past it.
 */
const VOCABULARY: Readonly<Record<string, readonly string[]>> = {
  family: FAMILY_KEYS,
  action: [...new Set(ACTION_CONFIGS.map((config) => config.action))],
  flow: SIGN_OFF_FLOWS,
  purpose: Object.keys(OTP_PURPOSES),
  category: [
    ...new Set(Object.values(PROJECT_KINDS).flatMap((kind) => kind.sheets.map((sheet) => sheet.key))),
  ],
};

/**
 * Rules a JSON Schema cannot say (zod refinements) on the few kinds of text every form has, read from the field's
 * name: one-time codes, mobile numbers, dates. Without them nearly every sample would stop at the input rules.
 */
function hinted(key: string, schema: unknown): fc.Arbitrary<unknown> | undefined {
  if (!isObject(schema) || schema.type !== 'string' || 'pattern' in schema || 'enum' in schema)
    return undefined;
  const words = VOCABULARY[key];
  if (words !== undefined && words.length > 0) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...words) },
      { weight: 1, arbitrary: stringArbitrary(schema) },
    );
  }
  // ids sent as text (path parameters): mostly a small number, so that rows of the demo data are reached
  if (/^id$|Id$/.test(key)) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
      { weight: 1, arbitrary: stringArbitrary(schema) },
    );
  }
  if (/^(otp|oldOtp|phonecode|smsCode)$/i.test(key)) return fc.stringMatching(/^\d{6}$/);
  if (/mobile$|phone$/i.test(key)) return fc.stringMatching(/^1[3-9]\d{9}$/);
  if (/(date|Date)$/.test(key)) {
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  return undefined;
}

/** A fast-check arbitrary of the values a JSON Schema accepts (as far as this small generator understands it). */
export function arbitraryOf(schema: unknown, root: JsonSchema = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || (isObject(schema) && Object.keys(schema).length === 0) || !isObject(schema)) {
    return depth > 4 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
  if (depth > 12) return fc.constant(null);
  if (typeof schema.$ref === 'string') return arbitraryOf(resolveRef(schema.$ref, root), root, depth + 1);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(choices) && choices.length > 0) {
    return fc.oneof(...choices.map((choice) => arbitraryOf(choice, root, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return arbitraryOf(schema.allOf[0], root, depth + 1);
  if (Array.isArray(schema.type)) {
    return fc.oneof(
      ...(schema.type as string[]).map((type) => arbitraryOf({ ...schema, type }, root, depth)),
    );
  }
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'string':
      return stringArbitrary(schema);
    case 'array': {
      if (Array.isArray(schema.prefixItems)) {
        return fc.tuple(
          ...(schema.prefixItems as unknown[]).map((item) => arbitraryOf(item, root, depth + 1)),
        );
      }
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.max(
        minLength,
        Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : MAX_ARRAY, MAX_ARRAY),
      );
      return fc.array(arbitraryOf(schema.items ?? {}, root, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, root, depth);
    default:
      return isObject(schema.properties)
        ? objectArbitrary(schema, root, depth)
        : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values of a zod schema's shape; undefined when the route declares none. */
export function arbitraryOfZod(schema: z.ZodType | undefined): fc.Arbitrary<unknown> | undefined {
  if (schema === undefined) return undefined;
  const json = jsonSchemaOf(schema);
  return arbitraryOf(json, json);
}

// --- hostile inputs --------------------------------------------------------------------------------------------

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** Values no schema asks for: wrong types, extremes, odd text, deep nesting. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.000001,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  '',
  ' ',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e400',
  'null',
  'undefined',
  'true',
  '2026-02-30',
  '9999-99-99T99:99:99Z',
  'x'.repeat(100_000),
  '北'.repeat(20_000),
  '😀'.repeat(5_000),
  '\u0000\u0001\u001f',
  '\u202e\u200b\ufeff',
  '\ud800',
  "'; drop table projects; --",
  '%00%0d%0a',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  [],
  {},
  [null],
  [1, 'a', {}],
  JSON.parse('{"__proto__": {"isAdmin": true, "codes": ["GJS_SYSTEM_ADMIN"]}}') as unknown,
  JSON.parse('{"constructor": {"prototype": {"isAdmin": true}}}') as unknown,
  nested(300, 1, false),
  nested(300, 1, true),
  Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])),
  Array.from({ length: 5_000 }, (_, i) => i),
];

/** Keys a mass assignment or a prototype pollution would use. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'companyId',
  'userId',
  'operatorId',
  'roleId',
  'identityType',
  'codes',
  'status',
  'version',
  'createdBy',
  'deleted',
  'isAdmin',
] as const;

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

type Path = (string | number)[];

function listPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  if (prefix.length > 8) return out;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([...prefix, i]);
      listPaths(item, [...prefix, i], out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.push([...prefix, key]);
      listPaths(item, [...prefix, key], out);
    }
  }
  return out;
}

/** A deep copy through JSON, so that a `__proto__` key set below stays an own property. */
function copy(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function setOwn(target: unknown, key: string | number, value: unknown): void {
  if (typeof target !== 'object' || target === null) return;
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function getAt(value: unknown, path: Path): unknown {
  let node = value;
  for (const key of path) node = (node as Record<string | number, unknown>)[key];
  return node;
}

export type Mutation =
  | { kind: 'replace'; index: number; value: unknown }
  | { kind: 'drop'; index: number }
  | { kind: 'extra'; index: number; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), index: fc.nat(), value: hostileValue }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), index: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      index: fc.nat(),
      key: fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })),
      value: hostileValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: hostileValue }) },
);

/** One mutation applied to a copy of a valid sample. */
export function mutate(sample: unknown, change: Mutation): unknown {
  if (change.kind === 'whole') return change.value;
  const value = copy(sample);
  const paths = listPaths(value);
  if (change.kind === 'extra') {
    const containers = [[], ...paths].filter((path) => {
      const node = getAt(value, path);
      return typeof node === 'object' && node !== null && !Array.isArray(node);
    });
    if (containers.length === 0) return change.value;
    setOwn(getAt(value, containers[change.index % containers.length] ?? []), change.key, change.value);
    return value;
  }
  if (paths.length === 0) return change.kind === 'replace' ? change.value : value;
  const path = paths[change.index % paths.length] ?? [];
  const parent = getAt(value, path.slice(0, -1));
  const key = path[path.length - 1] ?? '';
  if (change.kind === 'replace') setOwn(parent, key, change.value);
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete (parent as Record<string, unknown>)[key];
  return value;
}

// --- requests ----------------------------------------------------------------------------------------------------

export type RouteInput = {
  /** path parameter values, by name */
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
};

/** Valid-looking inputs of a route: its params, query and body generated from their schemas. */
export function inputArbitrary(route: RouteEntry): fc.Arbitrary<RouteInput> {
  const params =
    arbitraryOfZod(route.paramsSchema) ??
    fc.record(Object.fromEntries(route.params.map((name) => [name, fc.string({ maxLength: 12 })])));
  const query = arbitraryOfZod(route.query) ?? fc.constant(undefined);
  const body = arbitraryOfZod(route.body) ?? fc.constant(route.method === 'GET' ? undefined : {});
  return fc.record({ params, query, body }) as fc.Arbitrary<RouteInput>;
}

/** Whether an input passes the route's own schemas (refinements included). */
export function isValidInput(route: RouteEntry, input: RouteInput): boolean {
  const parts: [z.ZodType | undefined, unknown][] = [
    [route.paramsSchema, input.params],
    [route.query, input.query],
    [route.body, input.body],
  ];
  return parts.every(([schema, value]) => schema === undefined || schema.safeParse(value).success);
}

/**
 * One deterministic input of a route (the same at every run): the first of a few generated from `seed` on that
 * the route's schemas accept, else the last one tried.
 */
export function sampleInput(route: RouteEntry, seed = 20_260_101): RouteInput {
  const inputs = fc.sample(inputArbitrary(route), { numRuns: 12, seed });
  const input = inputs.find((candidate) => isValidInput(route, candidate)) ?? inputs[inputs.length - 1];
  if (input === undefined) throw new Error(`no sample for ${route.method} ${route.url}`);
  return input;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? '';
}

/**
 * Percent-encodes text for a path segment. A lone surrogate has no UTF-8 form (encodeURIComponent throws): it is
 * sent as the three bytes a careless encoder would write (ED A0 80 ...), a malformed sequence the server must
 * refuse cleanly.
 */
function encodeSegment(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** The route's URL with its parameters filled in (encoded). */
export function fillUrl(route: RouteEntry, params: Record<string, unknown>): string {
  return route.url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        const name = segment.slice(1).replace(/\(.*$/, '');
        return encodeSegment(asText(params[name] ?? 'x'));
      }
      if (segment === '*') return encodeSegment(asText(params['*'] ?? 'x'));
      return segment;
    })
    .join('/');
}

/** The query string of generated values (objects as JSON text), encoded like the path. */
function toQuery(query: unknown): string {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return '';
  const pairs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(asText(value))}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

export type CallOptions = {
  token?: string;
  /** the caller's address: rate limits count per address, so a generated run does not trip them */
  remoteAddress?: string;
};

/** Sends one generated input to a route: JSON text as the body (own `__proto__` keys survive), the query encoded. */
export function callRoute(
  app: FastifyInstance,
  route: RouteEntry,
  input: RouteInput,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD' && input.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  return app.inject({
    method: route.method as 'GET',
    url: fillUrl(route, input.params) + toQuery(input.query),
    headers,
    ...(hasBody ? { payload: JSON.stringify(input.body) ?? 'null' } : {}),
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  });
}

/** A distinct private address per call number. */
export function addressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
