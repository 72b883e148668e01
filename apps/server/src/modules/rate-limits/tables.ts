// Counters every server node shares, owned by the rate-limits module: the per-address request limits (the
// store of @fastify/rate-limit) and the sign-in failures of usernames without an account. One row per key
// (its purpose and subject, e.g. `POST /api/login:10.0.0.1` or `login-fail:zhangsan`) with a fixed window.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    /** hits (or failures) in the current window */
    count: integer('count').notNull(),
    /** when the window ends: the row counts afresh from then on, and may be purged */
    resetAt: timestamptz('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
