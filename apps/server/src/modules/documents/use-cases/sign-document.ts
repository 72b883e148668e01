// A company's draft drawn as a PDF and e-signed with the SMS code bound to that PDF's hash.
import { createHash } from 'node:crypto';
import { composeDocumentLetter, DOCUMENT_LETTER_TAG, MSG, SIGNED_LETTER_TAG } from '@cqjy/domain';
import { conflict, refused } from '../../../platform/errors.ts';
import { waitingLetter } from '../../signatures/seal-letter.ts';
import { findOwnDraft, recordOf, writeAudit, type Actor, type DocumentsContext } from '../access.ts';
import { renderDocumentPdf } from '../document-pdf.ts';
import * as repo from '../repo.ts';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The company's unsigned draft, for its PDF and signature. */
async function findUnsigned(deps: DocumentsContext, actor: Actor, id: number) {
  const item = await findOwnDraft(deps, actor, 'sending', id);
  if (item.signedFileId !== null) throw refused(MSG.documentAlreadySigned);
  return item;
}

/** The draft drawn as a PDF for its e-signature (drawn again from the current text each time). */
export async function drawLetter(
  deps: DocumentsContext,
  actor: Actor,
  id: number,
  input: { version: number },
): Promise<{ id: number; version: number }> {
  const item = await findUnsigned(deps, actor, id);
  if (item.version !== input.version) throw conflict();
  const rendered = await renderDocumentPdf(
    composeDocumentLetter({
      title: item.title,
      docNumber: item.docNumber,
      body: item.body,
      sender: item.sender,
      exchange: await deps.users.findExchangeName(),
      sentOn: item.sentOn,
    }),
  );
  const stored = await deps.attachments.putBytes(rendered.pdf);
  return deps.db.transaction(async (tx) => {
    const file = await deps.attachments.recordPdf(tx, {
      stored,
      fileName: `${item.title}.pdf`,
      tag: DOCUMENT_LETTER_TAG,
      record: recordOf(item.id),
      companyId: item.companyId,
      createdBy: actor.userId,
    });
    const row = await repo.updateGuarded(
      tx,
      item.id,
      input.version,
      {
        letterId: file.uuid,
        letterSha256: sha256(rendered.pdf),
        letterLayout: { pageIndex: rendered.pageIndex, sealRect: rendered.sealRect },
        updatedAt: deps.clock.now(),
      },
      'draft',
    );
    if (row === undefined) throw conflict();
    await writeAudit(deps, tx, actor, 'document.letter', row, { sha256: row.letterSha256 });
    return { id: row.id, version: row.version };
  });
}

/** The draft with its drawn PDF, ready for the code and the seal. */
async function findSignable(deps: DocumentsContext, actor: Actor, id: number) {
  const item = await findUnsigned(deps, actor, id);
  return { item, letter: waitingLetter(item, MSG.documentLetterMissing) };
}

/** The hash the sign code is bound to: the caller's draft's current PDF. */
export async function signableLetterSha256(
  deps: DocumentsContext,
  actor: Actor,
  id: number,
): Promise<string> {
  return (await findSignable(deps, actor, id)).letter.sha256;
}

/** The company e-signs the drawn PDF with the code; the signed copy joins its e-signed files. */
export async function signDocument(
  deps: DocumentsContext,
  actor: Actor,
  id: number,
  input: { version: number; otp: string },
): Promise<{ id: number; version: number }> {
  const { item, letter } = await findSignable(deps, actor, id);
  if (item.version !== input.version) throw conflict();
  const now = deps.clock.now();
  const stored = await deps.letterSigning.sign(actor, letter, {
    code: input.otp,
    reason: item.title,
    name: item.sender,
    at: now,
  });
  return deps.db.transaction(async (tx) => {
    const file = await deps.attachments.recordPdf(tx, {
      stored,
      fileName: `${item.title}（已签章）.pdf`,
      tag: SIGNED_LETTER_TAG,
      record: recordOf(item.id),
      companyId: item.companyId,
      createdBy: actor.userId,
    });
    const row = await repo.updateGuarded(
      tx,
      item.id,
      input.version,
      { signedFileId: file.uuid, signedAt: now, updatedAt: now },
      'draft',
    );
    if (row === undefined) throw conflict();
    await writeAudit(deps, tx, actor, 'document.sign', row, { signedSha256: stored.sha256 });
    return { id: row.id, version: row.version };
  });
}
