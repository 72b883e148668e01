// The response envelope of every /api answer (packages/domain/src/api.ts) and its zod form for route schemas.
import { API_STATUS, MSG, type Envelope } from '@cqjy/domain';
import { z } from 'zod';

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
