// The route table of a built app, read back from the routes themselves: every route as Fastify registers it (an
// `onRoute` hook attached through the `fastify.initialization` diagnostics channel, so nothing in buildApp knows),
// with its zod schemas and the access policy its hooks declare (`ACCESS_POLICY` on `app.authenticate` and on the
// guards of platform/guard.ts). The generated checks of the reliability suite loop over it, so a route added later
// is covered without anyone listing it.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { readAccessPolicy } from '../platform/guard.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../test/harness.ts';

/** The lifecycle stages a route's access hooks may sit in, in the order Fastify runs them. */
const STAGES = ['onRequest', 'preParsing', 'preValidation', 'preHandler'] as const;

export type RouteEntry = {
  method: string;
  url: string;
  /** the names of the path parameters, in order (`:id`, `*` as `*`) */
  params: string[];
  body: z.ZodType | undefined;
  query: z.ZodType | undefined;
  paramsSchema: z.ZodType | undefined;
  /** `app.authenticate` is among its hooks */
  isSignInRequired: boolean;
  /** each guard's codes: the caller must hold one code of every set; empty when any signed-in caller may */
  codeSets: string[][];
  /** every declared guard runs after `app.authenticate` (a guard before it would answer 401 for a 403) */
  isGuardAfterSignIn: boolean;
  /** hooks declaring no policy (rate limits ...), for the record */
  otherHooks: number;
};

function listHooks(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? (value as unknown[]) : [value];
}

function pathParams(url: string): string[] {
  const names: string[] = [];
  for (const segment of url.split('/')) {
    if (segment.startsWith(':')) names.push(segment.slice(1).replace(/\(.*$/, ''));
    else if (segment === '*') names.push('*');
  }
  return names;
}

function asZod(value: unknown): z.ZodType | undefined {
  return typeof value === 'object' && value !== null && '_zod' in value ? (value as z.ZodType) : undefined;
}

function describeRoute(options: RouteOptions, method: string): RouteEntry {
  let isSignInRequired = false;
  let signInAt = Number.POSITIVE_INFINITY;
  const codeSets: string[][] = [];
  let isGuardAfterSignIn = true;
  let otherHooks = 0;
  let position = 0;
  for (const stage of STAGES) {
    for (const hook of listHooks(options[stage])) {
      position += 1;
      const policy = readAccessPolicy(hook);
      if (policy === undefined) otherHooks += 1;
      else if (policy.kind === 'signIn') {
        isSignInRequired = true;
        signInAt = Math.min(signInAt, position);
      } else {
        codeSets.push([...policy.codes]);
        if (position < signInAt) isGuardAfterSignIn = false;
      }
    }
  }
  const schema = (options.schema ?? {}) as Record<string, unknown>;
  return {
    method,
    url: options.url,
    params: pathParams(options.url),
    body: asZod(schema.body),
    query: asZod(schema.querystring ?? schema.query),
    paramsSchema: asZod(schema.params),
    isSignInRequired,
    codeSets,
    isGuardAfterSignIn,
    otherHooks,
  };
}

/** Collects every route of the first Fastify instance created while `build` runs. */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: RouteEntry[] }> {
  const routes: RouteEntry[] = [];
  let instance: FastifyInstance | undefined;
  const onInit = (message: unknown): void => {
    if (instance !== undefined) return;
    instance = (message as { fastify: FastifyInstance }).fastify;
    instance.addHook('onRoute', (options) => {
      for (const method of listHooks(options.method) as string[]) routes.push(describeRoute(options, method));
    });
  };
  subscribe('fastify.initialization', onInit);
  let built: T;
  try {
    built = await build();
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
  if (instance === undefined) throw new Error('no Fastify instance was created while building');
  // HEAD answers Fastify adds beside every GET are the same route
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  const table = routes
    .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  return { built, routes: table };
}

/** A seeded test app and its route table. */
export async function createRouteTableApp(
  options: TestAppOptions = {},
): Promise<{ testApp: TestApp; routes: RouteEntry[] }> {
  const { built, routes } = await collectRoutes(() => createTestApp(options));
  return { testApp: built, routes };
}

/** The routes under /api (the static web host and the documentation pages are not calls). */
export function apiRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
}

export function routeKey(route: Pick<RouteEntry, 'method' | 'url'>): string {
  return `${route.method} ${route.url}`;
}

/** Whether a role holding `codes` passes the route's guards (sign-in aside). */
export function isPermitted(route: RouteEntry, codes: readonly string[]): boolean {
  return route.codeSets.every((set) => set.some((code) => codes.includes(code)));
}
