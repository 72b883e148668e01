// One-time SMS codes, owned by the otp module. The code itself is never stored: code_hash is the sha256 of the
// row id and the code, so equal codes of two rows hash differently.
import type { OtpPurpose } from '@cqjy/domain';
import { index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import { sessions } from '../auth/tables.ts';

export const otpCodes = pgTable(
  'otp_codes',
  {
    // Drawn by the server before hashing, because the hash covers it.
    id: uuid('id').primaryKey(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    /** a code sent for one document (a letter to sign) carries the hash of that document */
    boundHash: text('bound_hash'),
    /** wrong tries so far; the code is dead at OTP_MAX_TRIES */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    /** set when a newer code for the same mobile and purpose replaced this one */
    supersededAt: timestamptz('superseded_at'),
    /** the anonymous or signed-in session that asked for the code */
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('otp_codes_mobile_purpose_created_idx').on(t.mobile, t.purpose, t.createdAt),
    index('otp_codes_mobile_created_idx').on(t.mobile, t.createdAt),
  ],
);
