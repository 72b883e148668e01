// Tables owned by the accounts module: the history of project-owner account-opening applications (each submit,
// return and approval, with the company information as submitted), read by the review page and the applicant.
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { companies, users } from '../users/tables.ts';

export const companyExaminations = pgTable(
  'company_examinations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** submit | return | approve */
    action: text('action').notNull(),
    /** the return reason, or the reviewer's opinion of an approval (none when it has none) */
    reason: text('reason'),
    /** the company information as it stood at this step */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull().default({}),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('company_examinations_company_id_idx').on(t.companyId)],
);
