// The response envelope of every /api answer (packages/domain/src/api.ts) and its zod form for route schemas.
import { API_STATUS, MSG, ZSaved, zVersion, type Envelope } from '@cqjy/domain';
import { z } from 'zod';
import { notFound } from './errors.ts';

export function ok<T>(data: T, msg: string = MSG.ok): Envelope<T> {
  return { status: API_STATUS.ok, msg, data };
}

export function failure(status: number, msg: string): Envelope<null> {
  return { status, msg, data: null };
}

/**
 * Response schema of a route answering `data`. `data` is nullable because the error handler answers the same
 * HTTP 200 with `data: null` for refused operations, and Fastify serialises that through this schema too.
 */
export function zEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), msg: z.string(), data: data.nullable() });
}

// The version a change is made from and what a change answers are the contracts' (packages/domain/src/contract.ts).
export { zVersion, ZSaved };

/**
 * A row's id in the path of a route not yet served from a contract (parsed by the route with `parseId`, a bad one
 * answering 404); a contract's route takes `zPathId` instead, which does both.
 */
export const ZIdParams = z.object({ id: z.string().max(32) });

/** A positive id of the path; anything else names no row. */
export function parseId(text: string): number {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (id < 1) throw notFound();
  return id;
}
