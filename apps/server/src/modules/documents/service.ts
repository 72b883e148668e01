// 收文管理 and 发文管理 (the domain's documents.ts): documents between the exchange and one company.
// - received: the exchange writes a draft to a company and sends it (the company is told by a notification);
//   the company lists its sent ones, opens one (marked 已读) and acknowledges it (确认收文). A draft is the
//   exchange's alone: the company cannot see it.
// - sending: a company writes a draft, may draw it as a PDF and e-sign it with the SMS code bound to that PDF's
//   hash (sealed with the company's seal, filed with the e-signed files under SIGNED_LETTER_TAG), and sends it;
//   the exchange lists every company's sent ones and marks one 已收. A company's draft is its own alone.
// A sent document no longer changes but for the reader's marks; its files are locked. Another company's document
// answers 404, a stale version 409; every change is audited in its transaction.
//
// Each call is a use case of its own in use-cases/; what they share (who sees and writes a document, the document
// found for them, the audit, the view) is access.ts. This factory hands them the module's deps and tells the
// attachments module who sees and adds a document's files.
import { DOCUMENT_DATA_CLASS, type DocumentDirection } from '@cqjy/domain';
import type { Viewer } from '../attachments/service.ts';
import { createLetterSigning } from '../signatures/seal-letter.ts';
import { canSee, isWriterOf, type Actor, type DocumentsContext, type DocumentsDeps } from './access.ts';
import * as repo from './repo.ts';
import { createDraft, removeDraft, updateDraft, type DraftForm } from './use-cases/drafts.ts';
import {
  listDocuments,
  listReceivers,
  showDocument,
  type DocumentListQuery,
} from './use-cases/list-documents.ts';
import { acknowledge, markRead, markReceived } from './use-cases/reader-marks.ts';
import { sendDocument } from './use-cases/send-document.ts';
import { drawLetter, signableLetterSha256, signDocument } from './use-cases/sign-document.ts';

export type { Actor, DocumentsDeps } from './access.ts';
export type { DocumentListQuery } from './use-cases/list-documents.ts';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export function createDocumentsService(deps: DocumentsDeps) {
  const { db, attachments } = deps;
  const context: DocumentsContext = { ...deps, letterSigning: createLetterSigning(deps) };

  async function findRow(dataId: string): Promise<repo.DocumentItem | undefined> {
    const id = Number(dataId);
    return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? repo.findItem(db, id) : undefined;
  }

  // A document's files are seen by whoever sees the document, and added by its writer while it is a draft (a
  // sent document's files are locked; a signed draft keeps the files it was signed with).
  attachments.registerRecordVisibility(DOCUMENT_DATA_CLASS, async (viewer, record) => {
    const row = await findRow(record.dataId);
    return row !== undefined && canSee(viewer, row);
  });
  attachments.registerRecordWriteRule(DOCUMENT_DATA_CLASS, async (viewer, record) => {
    const row = await findRow(record.dataId);
    return (
      row !== undefined && isWriterOf(viewer, row) && row.status === 'draft' && row.signedFileId === null
    );
  });

  /** The sign code sent and checked, bound to the draft's current PDF. */
  const { sendSignCode, checkSignCode } = context.letterSigning.codeCallsOf((actor, id) =>
    signableLetterSha256(context, actor, id),
  );

  return {
    list: (viewer: Viewer, direction: DocumentDirection, query: DocumentListQuery) =>
      listDocuments(context, viewer, direction, query),
    show: (viewer: Viewer, direction: DocumentDirection, id: number) =>
      showDocument(context, viewer, direction, id),
    receivers: (keyword: string) => listReceivers(context, keyword),
    create: (
      actor: Actor,
      direction: DocumentDirection,
      input: DraftForm & { createId?: string | undefined },
    ) => createDraft(context, actor, direction, input),
    update: (
      actor: Actor,
      direction: DocumentDirection,
      id: number,
      input: DraftForm & { version: number },
    ) => updateDraft(context, actor, direction, id, input),
    remove: (actor: Actor, direction: DocumentDirection, id: number, input: { version: number }) =>
      removeDraft(context, actor, direction, id, input),
    send: (actor: Actor, direction: DocumentDirection, id: number, input: { version: number }) =>
      sendDocument(context, actor, direction, id, input),
    markRead: (actor: Actor, id: number) => markRead(context, actor, id),
    acknowledge: (actor: Actor, id: number) => acknowledge(context, actor, id),
    markReceived: (actor: Actor, id: number) => markReceived(context, actor, id),
    drawLetter: (actor: Actor, id: number, input: { version: number }) =>
      drawLetter(context, actor, id, input),
    sendSignCode,
    checkSignCode,
    sign: (actor: Actor, id: number, input: { version: number; otp: string }) =>
      signDocument(context, actor, id, input),
  };
}
