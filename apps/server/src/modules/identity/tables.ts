// Tables owned by the identity module: face-authentication requests (real-name authentication of an operator,
// confirmed through the QR code of the scan page) and company-authentication applications.
import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { companies, operators, users } from '../users/tables.ts';

export const faceAuthRequests = pgTable(
  'face_auth_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    realName: text('real_name').notNull(),
    idType: integer('id_type').notNull(),
    idCard: text('id_card').notNull(),
    /** FACE_AUTH_STATUS */
    status: integer('status').notNull().default(0),
    /** sha256 of the secret carried by the QR code; the secret itself is never stored */
    tokenHash: text('token_hash').notNull().unique(),
    /** which provider handled it: builtin, or the name of an external one */
    provider: text('provider').notNull().default('builtin'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [index('face_auth_requests_user_id_idx').on(t.userId)],
);

export const companyAuthRequests = pgTable(
  'company_auth_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** basic | advanced */
    level: text('level').notNull(),
    companyName: text('company_name').notNull(),
    creditCode: varchar('credit_code', { length: 18 }).notNull(),
    legalPerson: text('legal_person'),
    /** COMPANY_AUTH_STATUS of this application */
    status: integer('status').notNull(),
    reason: text('reason'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    decidedAt: timestamptz('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('company_auth_requests_company_id_idx').on(t.companyId)],
);
