// The SMS outbox, owned by the sms module: every message is written here in the transaction of the change that
// caused it, then handed to the provider after commit. The SMS management screen (短信管理) reads it.
import type { SmsStatus } from '@cqjy/domain';
import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';

export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    /** why the message was sent: an OTP purpose for code messages */
    purpose: text('purpose').notNull(),
    /** which text the content was made from */
    template: text('template').notNull(),
    /** the full text as the recipient reads it */
    content: text('content').notNull(),
    status: text('status').$type<SmsStatus>().notNull().default('queued'),
    provider: text('provider').notNull(),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('sms_outbox_created_at_idx').on(t.createdAt), index('sms_outbox_mobile_idx').on(t.mobile)],
);
