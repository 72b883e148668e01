// Tables owned by the documents module (收文管理, 发文管理): one row per document, in either direction. A received
// document (direction 'received') is written by the exchange to `company_id`; a sent one ('sending') is written by
// `company_id` to the exchange. A draft becomes 'sent' once, with its time; after that only the reader's marks
// change (read, acknowledged; the exchange's 已收). A sent document's drawn PDF and its signed copy are files of the
// attachments module, named here by uuid. Every change counts `version` up, so a change made from a stale read is
// refused.
import type { DocumentDirection, DocumentStatus } from '@cqjy/domain';
import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { signedLetterColumns } from '../signatures/letter-columns.ts';
import { companies, operators, users } from '../users/tables.ts';

export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    direction: text('direction').$type<DocumentDirection>().notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    docNumber: text('doc_number').notNull().default(''),
    /** 发文单位: the exchange's name (or the name it chose) for a received document, the company's for a sent one */
    sender: text('sender').notNull(),
    /** 发文日期, as written on the document */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    body: text('body').notNull(),
    status: text('status').$type<DocumentStatus>().notNull().default('draft'),
    sentAt: timestamptz('sent_at'),
    /** the receiving company opened it (received documents) */
    readAt: timestamptz('read_at'),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => operators.id, { onDelete: 'set null' }),
    /** the exchange took it in (sent documents) */
    exchangeReceivedAt: timestamptz('exchange_received_at'),
    exchangeReceivedBy: integer('exchange_received_by').references(() => operators.id, {
      onDelete: 'set null',
    }),
    ...signedLetterColumns(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('documents_company_idx').on(t.direction, t.companyId, t.id.desc()),
    index('documents_status_idx').on(t.direction, t.status, t.id.desc()),
  ],
);
