// The letters of the vehicle course (a vehicle's listing and revocation letters, a dismantling record's letter):
// drawn and stored before the transaction that files them (it must not wait on the typesetter or on object
// storage); what the sign code is bound to is seal-letter.ts' bindingOf.
import { createHash } from 'node:crypto';
import type { LetterContent } from '@cqjy/domain';
import { renderLetter } from '../../platform/pdf/letter.ts';
import type { StoredObject } from '../../platform/storage.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { LetterLayout } from '../../platform/pdf/flow.ts';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export type DrawnLetter = { stored: StoredObject; sha256: string; layout: LetterLayout };

/** Renders a letter and stores its bytes; the caller files it (recordPdf) in its transaction. */
export async function drawLetter(
  attachments: Pick<AttachmentsService, 'putBytes'>,
  content: LetterContent,
): Promise<DrawnLetter> {
  const rendered = await renderLetter(content);
  return {
    stored: await attachments.putBytes(rendered.pdf),
    sha256: sha256(rendered.pdf),
    layout: { pageIndex: rendered.pageIndex, sealRect: rendered.sealRect },
  };
}
