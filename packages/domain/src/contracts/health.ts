// The health call (beyond the spec): whether the process and its database are up. No session: load balancers
// call it.
import { z } from 'zod';
import { defineCall } from '../contract.ts';

/** GET /api/health -> {db: 'ok', driver: pglite | pg}; a database that does not answer fails the call. */
export const healthCall = defineCall({
  method: 'GET',
  path: '/api/health',
  tag: 'health',
  summary: '健康检查',
  answer: z.object({ db: z.literal('ok'), driver: z.enum(['pglite', 'pg']) }),
});
