// Column helpers shared by every module's tables, so timestamps look the same everywhere.
import { jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { LetterLayout } from '../platform/pdf/flow.ts';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** created_at / updated_at carried by every business row. */
export const timestamps = {
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Where a drawn letter's seal goes: its page and [x1, y1, x2, y2] in PDF points. */
export const letterLayout = () => jsonb('letter_layout').$type<LetterLayout>();

/**
 * A row that draws itself as a PDF for an optional e-signature and keeps the signed copy (a 发文, an intention
 * registration): the drawn letter, the hash its sign code is bound to, where the seal goes, and the signed file.
 */
export const signedLetterColumns = () => ({
  letterId: text('letter_id'),
  letterSha256: text('letter_sha256'),
  letterLayout: letterLayout(),
  signedFileId: text('signed_file_id'),
  signedAt: timestamptz('signed_at'),
});
