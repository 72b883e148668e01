// A call of the portal's API, described once: its method, the spec's path (with `:name` params), the schemas of
// its params, query and body, and the schema of its answer's `data` (every answer is the envelope, api.ts). The
// server registers its route from the contract (apps/server/src/platform/serve.ts: Fastify validates the input and
// serialises the answer from these schemas, and the OpenAPI document follows); the web calls it through the same
// contract (apps/web/src/lib/call.ts), so a path, a field or an answer's type is written in one place.
//
// A contract file per area (contracts/<area>.ts) holds its calls; the request and answer types come from z.infer.
import { z } from 'zod';
import { MSG } from './messages.ts';
import { isCalendarDate } from './workflow/action-forms.ts';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type CallDef = {
  method: CallMethod;
  /** the spec's path; `:name` segments are filled from `params` */
  path: `/api/${string}`;
  /** the OpenAPI document's group and one-line summary (Chinese, as the document shows them) */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** the schema of the envelope's `data` */
  answer: z.ZodType;
};

/** Declares a call; the literal types of its path and schemas are kept for the server and the web. */
export function defineCall<const C extends CallDef>(call: C): C {
  return call;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller passes: the params, query and body the contract declares, each as its schema takes it. */
export type CallInput<C extends CallDef> = (C['params'] extends z.ZodType
  ? { params: InputOf<C['params']> }
  : { params?: never }) &
  (C['query'] extends z.ZodType ? { query: InputOf<C['query']> } : { query?: never }) &
  (C['body'] extends z.ZodType ? { body: InputOf<C['body']> } : { body?: never });

/** What a handler receives: the params, query and body after their schemas parsed them. */
export type CallArgs<C extends CallDef> = {
  params: C['params'] extends z.ZodType ? OutputOf<C['params']> : Record<string, never>;
  query: C['query'] extends z.ZodType ? OutputOf<C['query']> : Record<string, never>;
  body: C['body'] extends z.ZodType ? OutputOf<C['body']> : undefined;
};

/** The `data` of a call's answer. */
export type CallAnswer<C extends CallDef> = z.output<C['answer']>;

// Kept in a module of its own, without zod: a page that loads no zod calls by route (the web's lib/call.ts).
export { callPath } from './call-path.ts';

const ID_TEXT = /^\d{1,9}$/;

/**
 * A row's id in the path: digits, read as a number. Anything else names no row: the server answers it as it
 * answers an id no one may see (404; see the server's serve.ts), so a malformed id tells nothing a wrong one does
 * not.
 */
export const zPathId = z
  .union([z.number(), z.string()], { error: MSG.notFound })
  .transform((value, context) => {
    const text = String(value);
    if (!ID_TEXT.test(text) || Number(text) < 1) {
      context.addIssue({ code: 'custom', message: MSG.notFound });
      return z.NEVER;
    }
    return Number(text);
  });

/** An id or a version in a body: an int4 column, so a larger number is refused here rather than by the database. */
export const zRowId = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);

/**
 * A row's id in the query string: digits (text on the wire; the web passes the number), anything else refused as
 * bad input.
 */
export const zQueryId = z
  .union([z.number(), z.string()], { error: MSG.badRequest })
  .transform(String)
  .pipe(z.string().max(10).regex(/^\d+$/, MSG.badRequest))
  .transform((text) => Number(text))
  .pipe(zRowId);

/** The params of a call on one row: `/:id`. */
export const ZIdPath = z.object({ id: zPathId });

/** A list's page and page size, as every paged call takes them (a size of at most 100). */
export const zPage = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .default(1);
export const zSize = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(100, MSG.badRequest)
  .default(10);

/** A whole number of the query string (text on the wire), from 1 to `max`, `fallback` when absent. */
export function zQueryInt(max: number, fallback: number) {
  return z.coerce
    .number({ error: MSG.badRequest })
    .int(MSG.badRequest)
    .min(1, MSG.badRequest)
    .max(max, MSG.badRequest)
    .default(fallback);
}

/** The version a change was made from: a missing or malformed one reads as stale (409's message). */
export const zVersion = z
  .number({ error: MSG.conflict })
  .int(MSG.conflict)
  .min(1, MSG.conflict)
  .max(2_147_483_647, MSG.conflict);

/** The version a change of a one-per-record row was read at: 0 when none was written yet (the first save). */
export const zVersionOrNew = z
  .number({ error: MSG.conflict })
  .int(MSG.conflict)
  .min(0, MSG.conflict)
  .max(2_147_483_647, MSG.conflict);

/** A calendar day 'YYYY-MM-DD' (trimmed), refused with `message`: a filter's bound, a period's first day. */
export const zCalendarDay = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDate, message);

/** What a change answers: the row and its new version. */
export const ZSaved = z.object({ id: z.number(), version: z.number() });

/** A paged answer's `data`. */
export function zPageOf<T extends z.ZodType>(row: T) {
  return z.object({ list: z.array(row), total: z.number() });
}
