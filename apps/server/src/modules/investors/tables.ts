// Tables owned by the investors module: the investors (投资方) registered for a capital increase. company_id is the
// company that registered the investor (the project's owner, or a member for its customer), so a member sees and
// changes only its own; the project's owner reads every investor once submitted. A certificate number appears once
// per project; every change counts `version` up, so a change made from a stale read is refused.
import type { InvestorStatus, ParticipantCertType, ParticipantKind } from '@cqjy/domain';
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { projects } from '../projects/tables.ts';
import { companies, users } from '../users/tables.ts';

export const investors = pgTable(
  'investors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the registering company: the project's owner, or the member registering its customer */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** the member representing the investor (经纪会员); the registering member itself when a member registers */
    memberCompanyId: integer('member_company_id').references(() => companies.id, { onDelete: 'set null' }),
    status: text('status').$type<InvestorStatus>().notNull().default('draft'),
    /** the dictionary investorType's key */
    investorType: text('investor_type').notNull(),
    kind: text('kind').$type<ParticipantKind>().notNull(),
    name: text('name').notNull(),
    certType: text('cert_type').$type<ParticipantCertType>().notNull(),
    /** trimmed and upper-cased, so the unique index compares numbers as people mean them */
    certNo: text('cert_no').notNull(),
    contactName: text('contact_name').notNull(),
    contactMobile: text('contact_mobile').notNull(),
    /** fen; bigint: an investment passes the 21,474,836.47 yuan an integer holds */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** millionths of the whole */
    share: integer('share').notNull(),
    note: text('note').notNull().default(''),
    /** the exchange's audit: the reason of a refusal, or the opinion of a pass */
    auditReason: text('audit_reason').notNull().default(''),
    auditedAt: timestamptz('audited_at'),
    auditedBy: integer('audited_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamptz('submitted_at'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('investors_project_cert_no_idx').on(t.projectId, t.certNo),
    // a member's registrations, newest first (its list and its customers)
    index('investors_company_idx').on(t.companyId, t.id),
  ],
);
