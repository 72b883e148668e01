// Tables owned by the attachments module: the metadata of every uploaded file. The bytes live in the storage
// driver under storage_key (their sha256), shared by every row with the same content.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { companies, users } from '../users/tables.ts';

export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** sha256 hex of the content, the key in the storage driver */
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** sniffed from the content, never taken from the client */
    contentType: text('content_type').notNull(),
    /** the name as uploaded */
    fileName: text('file_name').notNull(),
    /** lower-case extension without the dot, one of UPLOAD_TYPES */
    ext: text('ext').notNull(),
    tag: text('tag').notNull(),
    /** the owning record: its kind and id; both null until the file is bound to a record */
    dataClass: text('data_class'),
    dataId: text('data_id'),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
    /** set once the owning record is submitted: the file can no longer be deleted */
    isLocked: boolean('is_locked').notNull().default(false),
  },
  (t) => [
    index('attachments_record_idx')
      .on(t.dataClass, t.dataId)
      .where(sql`${t.deletedAt} is null`),
    index('attachments_company_id_idx').on(t.companyId),
  ],
);
