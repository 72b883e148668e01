// Tables owned by the deposits module (保证金台账): every transfer the bank told of, by its notice or its statement
// file, once (the bank's serial is unique: a notice and a statement line for one transfer count once), with what it
// was found to be (the domain's judgeArrival) and the registration it paid for; and the signatures of the notices
// received, so a notice replayed within its window is refused. A matched arrival records the registration's deposit
// arrived in the same transaction (the intentions module's record, the one the review reads).
import type { DepositArrivalOutcome } from '@cqjy/domain';
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { intentionRegistrations } from '../intentions/tables.ts';
import { operators } from '../users/tables.ts';

export const depositArrivals = pgTable(
  'deposit_arrivals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the bank's serial (交易流水号) */
    serial: text('serial').notNull().unique(),
    source: text('source').$type<'notice' | 'statement'>().notNull(),
    /** the receiving account paid into, as the bank wrote it */
    account: text('account').notNull(),
    /** the registration the account names, if any */
    registrationId: integer('registration_id').references(() => intentionRegistrations.id, {
      onDelete: 'set null',
    }),
    /** fen */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    arrivedAt: timestamptz('arrived_at').notNull(),
    payerName: text('payer_name').notNull().default(''),
    payerAccount: text('payer_account').notNull().default(''),
    outcome: text('outcome').$type<DepositArrivalOutcome>().notNull(),
    /** who imported the statement; null: the bank's notice */
    recordedBy: integer('recorded_by').references(() => operators.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('deposit_arrivals_outcome_idx').on(t.outcome, t.id.desc()),
    index('deposit_arrivals_registration_idx').on(t.registrationId),
  ],
);

export const depositBankNotices = pgTable('deposit_bank_notices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** the notice's HMAC (hex): the same notice sent again carries the same one */
  signature: text('signature').notNull().unique(),
  serial: text('serial').notNull(),
  receivedAt: timestamptz('received_at').notNull(),
});
