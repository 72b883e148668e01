// Tables owned by the refund-tickets module (退票信息): a payout the bank returned, recorded by the exchange as a
// ticket of the payee's company, and the applications to pay it out again (重新出金申请), each with the account it
// names as it was when applied for, its letter and its signed letter. A ticket has at most one application in
// progress (signing or under review); a returned one is corrected in place, its revision counted up. Every change
// counts `version` up, so a change made from a stale read is refused.
import type { PayeeAccount, RefundPayoutKind, RefundTicketState, RepayoutState } from '@cqjy/domain';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { letterLayout } from '../signatures/letter-columns.ts';
import { projects } from '../projects/tables.ts';
import { companies, operators } from '../users/tables.ts';

export const refundTickets = pgTable(
  'refund_tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    payoutKind: text('payout_kind').$type<RefundPayoutKind>().notNull(),
    /** the approved payout (workflow instance) that came back; null for one recorded without it */
    sourceInstanceId: integer('source_instance_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    original: jsonb('original').$type<PayeeAccount>().notNull(),
    returnReason: text('return_reason').notNull(),
    returnedOn: date('returned_on', { mode: 'string' }).notNull(),
    state: text('state').$type<RefundTicketState>().notNull().default('pending'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refund_tickets_code_idx').on(t.code),
    uniqueIndex('refund_tickets_source_idx').on(t.sourceInstanceId),
    index('refund_tickets_company_idx').on(t.companyId, t.id.desc()),
  ],
);

export const repayoutApplications = pgTable(
  'repayout_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => refundTickets.id, { onDelete: 'cascade' }),
    revisionNo: integer('revision_no').notNull().default(1),
    account: jsonb('account').$type<PayeeAccount>().notNull(),
    remark: text('remark').notNull().default(''),
    state: text('state').$type<RepayoutState>().notNull().default('signing'),
    letterId: text('letter_id').notNull(),
    letterSha256: text('letter_sha256').notNull(),
    /** where the seal goes on the letter: its page and rectangle */
    letterLayout: letterLayout().notNull(),
    signedLetterId: text('signed_letter_id'),
    signedAt: timestamptz('signed_at'),
    appliedBy: integer('applied_by').references(() => operators.id, { onDelete: 'set null' }),
    reviewReason: text('review_reason'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => operators.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('repayout_applications_ticket_idx').on(t.ticketId, t.id.desc())],
);
