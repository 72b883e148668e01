// Tables owned by the notifications module: what a business event told a company (消息提醒). One row per
// notification, for the receiving company, and for one of its users only when user_id is set (else for every
// operator of the company). Reads are per company, kept simple on purpose: a company-wide notification one
// operator has read is read for the whole company (read_at is one column, not a row per reader).
import type { NotificationKind } from '@cqjy/domain';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { companies, users } from '../users/tables.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** the receiving company */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** one user of that company only; null: every operator of the company */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** what raised it (NOTIFICATION_KINDS): workflow.pass, workflow.back ... */
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** an in-app path (isInAppLink) the portal opens, or null */
    link: text('link'),
    /** when someone of the company read it; null while unread */
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // the list (unread or all, newest first) and the unread count of one company
    index('notifications_company_read_created_idx').on(
      t.companyId,
      t.readAt,
      t.createdAt.desc().nullsFirst(),
    ),
  ],
);
