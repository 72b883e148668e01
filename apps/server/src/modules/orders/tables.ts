// Tables owned by the orders module: the service-fee orders of dealt projects (服务费订单), one per project, billed
// to its owner. The deal amount and day are the approved contract's; the fee, its bands and the day of the fee
// schedule used are fixed when the order is made (or remade by a corrected contract while unpaid), so a later
// schedule never rewrites them. The invoice is the invoice title as it was when the invoice was asked for. Every
// change counts `version` up, so a change made from a stale read is refused.
import type { FeeLine, OrderInvoice, OrderInvoiceState, OrderPayState } from '@cqjy/domain';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { projects } from '../projects/tables.ts';
import { companies } from '../users/tables.ts';

export const serviceFeeOrders = pgTable(
  'service_fee_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    dealAmount: bigint('deal_amount', { mode: 'number' }).notNull(),
    dealDate: date('deal_date', { mode: 'string' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    feeLines: jsonb('fee_lines').$type<FeeLine[]>().notNull(),
    /** the day the fee schedule used took effect; '' for the default schedule */
    scheduleFrom: text('schedule_from').notNull().default(''),
    payState: text('pay_state').$type<OrderPayState>().notNull().default('unpaid'),
    paidAt: timestamptz('paid_at'),
    invoiceState: text('invoice_state').$type<OrderInvoiceState>().notNull().default('none'),
    invoice: jsonb('invoice').$type<OrderInvoice>(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('service_fee_orders_code_idx').on(t.code),
    uniqueIndex('service_fee_orders_project_idx').on(t.projectId),
    index('service_fee_orders_company_idx').on(t.companyId, t.id.desc()),
  ],
);
