// The columns of a row that draws itself as a letter for an e-signature, shared by the tables of the modules whose
// rows are signed that way (发文, intention registrations, refund tickets, workflow actions). They live beside the
// letter signing (seal-letter.ts), which reads them, and not in db/: the layout's type is the PDF typesetter's.
import { jsonb, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns.ts';
import type { LetterLayout } from '../../platform/pdf/flow.ts';

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
