// The audit log (operation log): append-only and hash-chained. No foreign keys, so a row outlives whatever it
// describes; a database trigger (migration 0001) refuses UPDATE, DELETE and TRUNCATE.
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

export const auditLog = pgTable(
  'audit_log',
  {
    // The appender draws the id from this sequence before hashing, because the id is part of the hashed row.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull(),
    userId: integer('user_id'),
    operatorId: integer('operator_id'),
    companyId: integer('company_id'),
    identityType: integer('identity_type'),
    action: text('action').notNull(),
    target: text('target'),
    result: text('result').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique(),
  },
  (t) => [index('audit_log_company_at_idx').on(t.companyId, t.at), index('audit_log_at_idx').on(t.at)],
);
