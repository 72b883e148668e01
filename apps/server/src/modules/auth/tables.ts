// Tables owned by the auth module: bearer sessions (anonymous pre-login ones and signed-in ones) and the
// captcha challenge of an anonymous session.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { operators } from '../users/tables.ts';

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** sha256 hex of the bearer token; the token itself is never stored */
    tokenHash: text('token_hash').notNull().unique(),
    /** null for an anonymous pre-login session */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresIn: integer('expires_in').notNull(),
    revokedAt: timestamptz('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_operator_id_idx').on(t.operatorId)],
);

export const captchaChallenges = pgTable('captcha_challenges', {
  // One live challenge per session: a new captcha replaces the previous one.
  sessionId: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  /** sha256 hex of the lower-cased answer */
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  /** wrong answers of POST /api/captcha/{id}; the CAPTCHA_MAX_CHECKS-th sets usedAt */
  failedChecks: integer('failed_checks').notNull().default(0),
  createdAt: timestamptz('created_at').notNull(),
});
