// Tables owned by the intentions module (代理意向登记): one row per registration of a buyer on a project by the
// member representing it. company_id is the registering member's, so a member sees and changes only its own; the
// project's owner and the exchange read every registration once signed. The deposit the project asks is copied
// when the letter is drawn (what the buyer signed for stays, whatever the project says later); its state is
// derived from the amount, the records of its arrival, refund and forfeiture, and the status (the domain's
// depositStateOf), never stored beside them. A certificate number registers once per project among the
// registrations not withdrawn, and a member company holds one registration per project among those not withdrawn or
// disqualified (it may not represent two competing buyers); every change counts `version` up, so a change made from
// a stale read is refused. A party whose deposit was forfeited may be barred from the owner's projects a while.
import type { IntentionStatus, ParticipantCertType, ParticipantKind } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { signedLetterColumns } from '../signatures/letter-columns.ts';
import { projects } from '../projects/tables.ts';
import { companies, operators, users } from '../users/tables.ts';

export const intentionRegistrations = pgTable(
  'intention_registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the registering member (经纪会员) */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** the member's customer the buyer was picked from, if any (a registry row id, kept for its records) */
    customerId: integer('customer_id'),
    status: text('status').$type<IntentionStatus>().notNull().default('draft'),
    kind: text('kind').$type<ParticipantKind>().notNull(),
    name: text('name').notNull(),
    certType: text('cert_type').$type<ParticipantCertType>().notNull(),
    /** trimmed and upper-cased, so the unique index compares numbers as people mean them */
    certNo: text('cert_no').notNull(),
    contactName: text('contact_name').notNull(),
    contactMobile: text('contact_mobile').notNull(),
    /** 拟受让价格, fen */
    amount: bigint('amount', { mode: 'number' }),
    note: text('note').notNull().default(''),
    /** fen; null: the project asks no deposit */
    depositAmount: bigint('deposit_amount', { mode: 'number' }),
    depositDeadline: date('deposit_deadline', { mode: 'string' }),
    /** when the deposit was recorded arrived (by the exchange, or a bank's notice), and by whom */
    depositPaidAt: timestamptz('deposit_paid_at'),
    depositPaidBy: integer('deposit_paid_by').references(() => operators.id, { onDelete: 'set null' }),
    /** the record of its arrival: the amount (fen, the one owed), the day it arrived, the bank's reference */
    depositReceivedAmount: bigint('deposit_received_amount', { mode: 'number' }),
    depositArrivedOn: date('deposit_arrived_on', { mode: 'string' }),
    depositReference: text('deposit_reference').notNull().default(''),
    /** when a refund batch sent it back to the bank (cleared if the bank could not pay it) */
    depositRefundIssuedAt: timestamptz('deposit_refund_issued_at'),
    /** when the refund was confirmed paid (the bank's confirmation, or the exchange's hand), and by whom */
    depositRefundedAt: timestamptz('deposit_refunded_at'),
    depositRefundedBy: integer('deposit_refunded_by').references(() => operators.id, {
      onDelete: 'set null',
    }),
    /** the deposit kept (扣除): when, by whom and why */
    depositForfeitedAt: timestamptz('deposit_forfeited_at'),
    depositForfeitedBy: integer('deposit_forfeited_by').references(() => operators.id, {
      onDelete: 'set null',
    }),
    depositForfeitReason: text('deposit_forfeit_reason').notNull().default(''),
    /** when it left the race (withdrawn, disqualified, lost): the refund's term runs from it */
    leftRaceAt: timestamptz('left_race_at'),
    ...signedLetterColumns(),
    /** the owner's qualification opinion, then the exchange's confirmation (or a return's reason) */
    ownerOpinion: text('owner_opinion').notNull().default(''),
    ownerReviewedAt: timestamptz('owner_reviewed_at'),
    ownerReviewedBy: integer('owner_reviewed_by').references(() => operators.id, { onDelete: 'set null' }),
    reviewReason: text('review_reason').notNull().default(''),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => operators.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('intention_registrations_cert_no_idx')
      .on(t.projectId, t.certNo)
      .where(sql`${t.status} <> 'withdrawn'`),
    // one buyer per member and project: two registrations racing past the service's check meet here
    uniqueIndex('intention_registrations_member_idx')
      .on(t.projectId, t.companyId)
      .where(sql`${t.status} not in ('withdrawn', 'disqualified')`),
    index('intention_registrations_company_idx').on(t.companyId, t.id.desc()),
    index('intention_registrations_project_idx').on(t.projectId, t.id),
    // the housekeeping's pass over deposits owed and not arrived, by their deadline
    index('intention_registrations_deposit_idx')
      .on(t.depositDeadline)
      .where(sql`${t.depositAmount} is not null and ${t.depositPaidAt} is null`),
    // the ledger's refunds owed: paid, out of the race, not yet sent back, paid back or kept
    index('intention_registrations_refund_idx')
      .on(t.leftRaceAt)
      .where(
        sql`${t.depositPaidAt} is not null and ${t.leftRaceAt} is not null and ${t.depositRefundIssuedAt} is null and ${t.depositRefundedAt} is null and ${t.depositForfeitedAt} is null`,
      ),
  ],
);

/**
 * A party barred from an owner's projects after its deposit was forfeited (a winner that defaulted): its
 * certificate number may not register on the owner's projects until `until` (+08:00 day, inclusive).
 */
export const intentionBars = pgTable(
  'intention_bars',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the project owner's company */
    ownerCompanyId: integer('owner_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    certNo: text('cert_no').notNull(),
    name: text('name').notNull(),
    until: date('until', { mode: 'string' }).notNull(),
    registrationId: integer('registration_id').references(() => intentionRegistrations.id, {
      onDelete: 'set null',
    }),
    reason: text('reason').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('intention_bars_owner_idx').on(t.ownerCompanyId, t.certNo, t.until)],
);
