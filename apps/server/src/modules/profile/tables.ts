// Tables owned by the profile module: password-reset tickets. Proving the mobile of an account (forgot password)
// yields a ticket bound to the caller's anonymous session; the new password is accepted once, with the ticket.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const passwordResetTickets = pgTable('password_reset_tickets', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** the anonymous session that proved the mobile */
  sessionId: integer('session_id').notNull(),
  /** sha256 of the ticket handed to that session */
  ticketHash: text('ticket_hash').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
});
