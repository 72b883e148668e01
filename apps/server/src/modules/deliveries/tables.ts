// Tables owned by the deliveries module (交付, projects/delivery.ts of the domain): one row per dealt project handed
// over, written when the seller first records the pick-up. Its photos and a paper receipt are attachments of the
// record (data class 'delivery', data id the project's id). Every change counts `version` up.
import type { DeliveryStatus } from '@cqjy/domain';
import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { projects } from '../projects/tables.ts';
import { users } from '../users/tables.ts';

export const projectDeliveries = pgTable('project_deliveries', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  status: text('status').$type<DeliveryStatus>().notNull(),
  pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
  place: text('place').notNull(),
  pickedUpBy: text('picked_up_by').notNull(),
  remark: text('remark').notNull().default(''),
  recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  recordedAt: timestamptz('recorded_at').notNull(),
  receiptRemark: text('receipt_remark').notNull().default(''),
  receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
  /** the company that signed: the buyer's member, or the seller's side with the buyer's paper receipt */
  receivedByCompanyId: integer('received_by_company_id'),
  receivedAt: timestamptz('received_at'),
  version: integer('version').notNull().default(1),
  ...timestamps,
});
