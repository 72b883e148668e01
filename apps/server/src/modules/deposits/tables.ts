// Tables owned by the deposits module (保证金台账): every transfer the bank told of, by its notice or its statement
// file, once (the bank's serial is unique: a notice and a statement line for one transfer count once), with what it
// was found to be (the domain's judgeArrival) and the registration it paid for; and the signatures of the notices
// received, so a notice replayed within its window is refused. A matched arrival records the registration's deposit
// arrived in the same transaction (the intentions module's record, the one the review reads). The refunds go out in
// batches, one file for the bank each, a line per registration; the bank's confirmation closes the batch, each line
// refunded or failed (a failed one is owed back again and may go out in a later batch).
import type { DepositArrivalOutcome, RefundBatchStatus, RefundLineOutcome } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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

export const depositRefundBatches = pgTable('deposit_refund_batches', {
  // by default, not always: the batch number is made of the id, drawn before the insert (repo.nextBatchId)
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** 退款批次号, as the file and the bank name it */
  batchNo: text('batch_no').notNull().unique(),
  status: text('status').$type<RefundBatchStatus>().notNull().default('issued'),
  lineCount: integer('line_count').notNull(),
  /** fen */
  total: bigint('total', { mode: 'number' }).notNull(),
  createdBy: integer('created_by').references(() => operators.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull(),
  confirmedBy: integer('confirmed_by').references(() => operators.id, { onDelete: 'set null' }),
  confirmedAt: timestamptz('confirmed_at'),
});

export const depositRefundLines = pgTable(
  'deposit_refund_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => depositRefundBatches.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id')
      .notNull()
      .references(() => intentionRegistrations.id, { onDelete: 'cascade' }),
    /** fen */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** who is paid back, and where: the arrival's payer when the bank told of it, else the registered buyer */
    payeeName: text('payee_name').notNull(),
    payeeAccount: text('payee_account').notNull().default(''),
    /** the arrival's bank reference, so the bank can pay back along the way the money came (原路退回) */
    reference: text('reference').notNull().default(''),
    outcome: text('outcome').$type<RefundLineOutcome>().notNull().default('issued'),
  },
  (t) => [
    index('deposit_refund_lines_batch_idx').on(t.batchId, t.id),
    // a deposit is out with the bank in one batch at a time: two batches racing for it meet here
    uniqueIndex('deposit_refund_lines_open_idx')
      .on(t.registrationId)
      .where(sql`${t.outcome} = 'issued'`),
  ],
);
