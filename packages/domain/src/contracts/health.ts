// The health call (beyond the spec): whether the process and its database are up. No session: load balancers
// call it.
import { z } from 'zod';
import { defineCall } from '../contract.ts';

/**
 * GET /api/health -> {db: 'ok', driver: pglite | pg}; a database that does not answer: HTTP 503 with the envelope
 * {status: 503, data: null}.
 */
export const healthCall = defineCall({
  method: 'GET',
  path: '/api/health',
  tag: 'health',
  summary: '健康检查',
  answer: z.object({ db: z.literal('ok'), driver: z.enum(['pglite', 'pg']) }),
});
