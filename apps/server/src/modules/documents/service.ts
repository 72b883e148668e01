// 收文管理 and 发文管理 (the domain's documents.ts): documents between the exchange and one company.
// - received: the exchange writes a draft to a company and sends it (the company is told by a notification);
//   the company lists its sent ones, opens one (marked 已读) and acknowledges it (确认收文). A draft is the
//   exchange's alone: the company cannot see it.
// - sending: a company writes a draft, may draw it as a PDF and e-sign it with the SMS code bound to that PDF's
//   hash (sealed with the company's seal, filed with the e-signed files under SIGNED_LETTER_TAG), and sends it;
//   the exchange lists every company's sent ones and marks one 已收. A company's draft is its own alone.
// A sent document no longer changes but for the reader's marks; its files are locked. Another company's document
// answers 404, a stale version 409; every change is audited in its transaction.
import { createHash } from 'node:crypto';
import {
  composeDocumentLetter,
  DOCUMENT_DATA_CLASS,
  DOCUMENT_DIRECTION_LABELS,
  DOCUMENT_FILE_TAG,
  DOCUMENT_LETTER_TAG,
  documentNotice,
  documentStateLabel,
  IDENTITY,
  MSG,
  SIGNED_LETTER_TAG,
  type DocumentCompany,
  type DocumentDetail,
  type DocumentDirection,
  type DocumentForm,
  type DocumentReadState,
  type DocumentReceiptState,
  type DocumentStatus,
  type DocumentView,
  type PageResult,
  type ReceivedForm,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import type { Viewer } from '../attachments/service.ts';
import { createLetterSigning, waitingLetter } from '../signatures/seal-letter.ts';
import type { SignaturesService } from '../signatures/service.ts';
import { renderDocumentPdf } from './document-pdf.ts';
import * as repo from './repo.ts';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export type DocumentsDeps = Pick<
  ModuleDeps,
  'db' | 'audit' | 'clock' | 'users' | 'otp' | 'attachments' | 'notifications'
> & {
  signatures: Pick<SignaturesService, 'loadSigner'>;
};

export type Actor = SessionContext & RequestOrigin;

export type DocumentListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  status?: DocumentStatus | undefined;
  readState?: DocumentReadState | undefined;
  receiptState?: DocumentReceiptState | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

/** How many companies the exchange's picker offers at once (typing narrows them). */
const RECEIVERS_SIZE = 20;

const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.admin;

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const recordOf = (id: number) => ({ dataClass: DOCUMENT_DATA_CLASS, dataId: String(id) });

/** Whether the viewer may see the document: its writer always, its reader once it is sent. */
function canSee(viewer: Pick<Viewer, 'companyId' | 'identityType'>, row: repo.DocumentRow): boolean {
  const isWriter =
    row.direction === 'received'
      ? isExchange(viewer)
      : row.companyId === viewer.companyId && !isExchange(viewer);
  if (isWriter) return true;
  if (row.status !== 'sent') return false;
  return row.direction === 'received' ? row.companyId === viewer.companyId : isExchange(viewer);
}

/** Whether the viewer writes the document: the exchange a received one, the company its own sent one. */
function isWriterOf(viewer: Pick<Viewer, 'companyId' | 'identityType'>, row: repo.DocumentRow): boolean {
  return row.direction === 'received'
    ? isExchange(viewer)
    : row.companyId === viewer.companyId && !isExchange(viewer);
}

function toView(item: repo.DocumentItem): DocumentView {
  return {
    id: item.id,
    direction: item.direction,
    companyId: item.companyId,
    companyName: item.companyName,
    title: item.title,
    docNumber: item.docNumber,
    sender: item.sender,
    sentOn: item.sentOn,
    body: item.body,
    status: item.status,
    stateLabel: documentStateLabel({
      direction: item.direction,
      status: item.status,
      readAt: item.readAt?.toISOString() ?? null,
      acknowledgedAt: item.acknowledgedAt?.toISOString() ?? null,
      exchangeReceivedAt: item.exchangeReceivedAt?.toISOString() ?? null,
      signedFileId: item.signedFileId,
    }),
    sentAt: item.sentAt?.toISOString() ?? null,
    readAt: item.readAt?.toISOString() ?? null,
    acknowledgedAt: item.acknowledgedAt?.toISOString() ?? null,
    acknowledgedByName: item.acknowledgedByName,
    exchangeReceivedAt: item.exchangeReceivedAt?.toISOString() ?? null,
    exchangeReceivedByName: item.exchangeReceivedByName,
    letterId: item.letterId,
    signedFileId: item.signedFileId,
    signedAt: item.signedAt?.toISOString() ?? null,
    version: item.version,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

export function createDocumentsService(deps: DocumentsDeps) {
  const { db, audit, clock, users, attachments, notifications } = deps;
  const letterSigning = createLetterSigning(deps);

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

  /** The document of `direction`, to whoever may see it; anything else is not found. */
  async function findVisible(viewer: Viewer, direction: DocumentDirection, id: number) {
    const item = await repo.findItem(db, id);
    if (item?.direction !== direction || !canSee(viewer, item)) throw notFound();
    return item;
  }

  /** The same, to its writer only, still a draft (a sent one is refused, not hidden). */
  async function findOwnDraft(actor: Actor, direction: DocumentDirection, id: number) {
    const item = await findVisible(actor, direction, id);
    if (!isWriterOf(actor, item)) throw notFound();
    if (item.status !== 'draft') throw refused(MSG.documentNotDraft);
    return item;
  }

  /** The same, to its reader only, once sent. */
  async function findOwnSent(actor: Actor, direction: DocumentDirection, id: number) {
    const item = await findVisible(actor, direction, id);
    if (isWriterOf(actor, item)) throw notFound();
    return item;
  }

  async function requireReceiver(companyId: number): Promise<{ id: number; name: string }> {
    const company = await repo.findReceiver(db, companyId);
    if (company === undefined) throw refused(MSG.documentCompanyInvalid);
    return company;
  }

  async function writeAudit(
    tx: Db,
    actor: Actor,
    action: string,
    row: Pick<repo.DocumentRow, 'id' | 'direction' | 'title' | 'docNumber' | 'companyId' | 'version'>,
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    await audit.append(tx, {
      ...toAuditActor(actor),
      action,
      result: 'ok',
      target: String(row.id),
      detail: {
        direction: DOCUMENT_DIRECTION_LABELS[row.direction],
        title: row.title,
        docNumber: row.docNumber,
        companyId: row.companyId,
        version: row.version,
        ...detail,
      },
    });
  }

  async function list(
    viewer: Viewer,
    direction: DocumentDirection,
    query: DocumentListQuery,
  ): Promise<PageResult<DocumentView>> {
    // the writer lists its drafts and sent documents; the reader only what was sent to it
    const isWriter = direction === 'received' ? isExchange(viewer) : !isExchange(viewer);
    const page = await repo.listDocuments(db, {
      ...query,
      direction,
      companyId: isExchange(viewer) ? undefined : viewer.companyId,
      status: isWriter ? query.status : 'sent',
      readState: direction === 'received' ? query.readState : undefined,
      receiptState: direction === 'sending' ? query.receiptState : undefined,
    });
    return { list: page.list.map(toView), total: page.total };
  }

  async function show(viewer: Viewer, direction: DocumentDirection, id: number): Promise<DocumentDetail> {
    const item = await findVisible(viewer, direction, id);
    const files = await attachments.listRelated(viewer, recordOf(item.id));
    return { ...toView(item), files: files.filter((file) => file.tag === DOCUMENT_FILE_TAG) };
  }

  /** The exchange's picker: companies a document may be sent to. */
  async function receivers(keyword: string): Promise<DocumentCompany[]> {
    return repo.listReceivers(db, keyword, RECEIVERS_SIZE);
  }

  /** What a draft holds, from the form: the receiver and the sender of a received one, the writer of a sent one. */
  async function draftValues(
    actor: Actor,
    direction: DocumentDirection,
    form: DocumentForm & Partial<Pick<ReceivedForm, 'companyId' | 'sender'>>,
  ): Promise<{ companyId: number; sender: string } & DocumentForm> {
    const text = { title: form.title, docNumber: form.docNumber, sentOn: form.sentOn, body: form.body };
    if (direction === 'received') {
      const company = await requireReceiver(form.companyId ?? 0);
      const sender =
        form.sender === undefined || form.sender === '' ? await users.findExchangeName() : form.sender;
      return { ...text, companyId: company.id, sender };
    }
    const company = await users.findCompany(actor.companyId);
    return { ...text, companyId: actor.companyId, sender: company?.name ?? '' };
  }

  /** A new draft, adopting the files uploaded under the form's draft id. */
  async function create(
    actor: Actor,
    direction: DocumentDirection,
    input: DocumentForm &
      Partial<Pick<ReceivedForm, 'companyId' | 'sender'>> & { createId?: string | undefined },
  ): Promise<{ id: number; version: number }> {
    const values = await draftValues(actor, direction, input);
    return db.transaction(async (tx) => {
      const row = await repo.insertDocument(tx, { ...values, direction, createdBy: actor.userId });
      if (input.createId !== undefined && input.createId !== '') {
        await attachments.bindDraft(tx, {
          companyId: actor.companyId,
          dataClass: DOCUMENT_DATA_CLASS,
          createId: input.createId,
          dataId: String(row.id),
        });
      }
      await writeAudit(tx, actor, 'document.create', row);
      return { id: row.id, version: row.version };
    });
  }

  /** A draft's text replaced; a drawn PDF no longer matches it and goes, a signed draft is refused. */
  async function update(
    actor: Actor,
    direction: DocumentDirection,
    id: number,
    input: DocumentForm & Partial<Pick<ReceivedForm, 'companyId' | 'sender'>> & { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findOwnDraft(actor, direction, id);
    if (item.signedFileId !== null) throw refused(MSG.documentSignedLocked);
    if (item.version !== input.version) throw conflict();
    const values = await draftValues(actor, direction, input);
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(
        tx,
        item.id,
        input.version,
        { ...values, letterId: null, letterSha256: null, letterLayout: null, updatedAt: clock.now() },
        'draft',
      );
      if (row === undefined) throw conflict();
      await writeAudit(tx, actor, 'document.update', row);
      return { id: row.id, version: row.version };
    });
  }

  /** A draft deleted with its files. */
  async function remove(
    actor: Actor,
    direction: DocumentDirection,
    id: number,
    input: { version: number },
  ): Promise<void> {
    const item = await findOwnDraft(actor, direction, id);
    if (item.version !== input.version) throw conflict();
    await db.transaction(async (tx) => {
      if (!(await repo.deleteDraft(tx, item.id, input.version))) throw conflict();
      await attachments.discardRecord(tx, recordOf(item.id));
      await writeAudit(tx, actor, 'document.delete', item);
    });
  }

  /** 发送: the draft goes to its reader, its files locked; a received one tells its company. */
  async function send(
    actor: Actor,
    direction: DocumentDirection,
    id: number,
    input: { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findOwnDraft(actor, direction, id);
    if (item.version !== input.version) throw conflict();
    if (direction === 'received') await requireReceiver(item.companyId);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(
        tx,
        item.id,
        input.version,
        { status: 'sent', sentAt: now, updatedAt: now },
        'draft',
      );
      if (row === undefined) throw conflict();
      await attachments.lockRecord(tx, recordOf(row.id));
      if (direction === 'received') {
        await notifications.raise(tx, { companyId: row.companyId, ...documentNotice(row) });
      }
      await writeAudit(tx, actor, 'document.send', row, { signed: row.signedFileId !== null });
      return { id: row.id, version: row.version };
    });
  }

  /** Opening a received document marks it read, once; reading it again changes nothing. */
  async function markRead(actor: Actor, id: number): Promise<{ id: number; version: number }> {
    const item = await findOwnSent(actor, 'received', id);
    if (item.readAt !== null) return { id: item.id, version: item.version };
    return db.transaction(async (tx) => {
      const row = await repo.markRead(tx, item.id, clock.now());
      if (row === undefined) {
        const current = await repo.findItem(tx, item.id);
        return { id: item.id, version: current?.version ?? item.version };
      }
      await writeAudit(tx, actor, 'document.read', row);
      return { id: row.id, version: row.version };
    });
  }

  /** 确认收文: the company confirms it has the document (read, if it was not yet), with who and when. */
  async function acknowledge(actor: Actor, id: number): Promise<{ id: number; version: number }> {
    const item = await findOwnSent(actor, 'received', id);
    if (item.acknowledgedAt !== null) throw refused(MSG.documentAlreadyAcknowledged);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(tx, item.id, item.version, {
        readAt: item.readAt ?? now,
        acknowledgedAt: now,
        acknowledgedBy: actor.operatorId,
        updatedAt: now,
      });
      if (row === undefined) throw conflict();
      await writeAudit(tx, actor, 'document.acknowledge', row);
      return { id: row.id, version: row.version };
    });
  }

  /** 已收: the exchange confirms it has a company's sent document. */
  async function markReceived(actor: Actor, id: number): Promise<{ id: number; version: number }> {
    const item = await findOwnSent(actor, 'sending', id);
    if (item.exchangeReceivedAt !== null) throw refused(MSG.documentAlreadyReceived);
    const now = clock.now();
    return db.transaction(async (tx) => {
      const row = await repo.updateGuarded(tx, item.id, item.version, {
        exchangeReceivedAt: now,
        exchangeReceivedBy: actor.operatorId,
        updatedAt: now,
      });
      if (row === undefined) throw conflict();
      await writeAudit(tx, actor, 'document.receive', row);
      return { id: row.id, version: row.version };
    });
  }

  /** The company's unsigned draft, for its PDF and signature. */
  async function findUnsigned(actor: Actor, id: number) {
    const item = await findOwnDraft(actor, 'sending', id);
    if (item.signedFileId !== null) throw refused(MSG.documentAlreadySigned);
    return item;
  }

  /** The draft drawn as a PDF for its e-signature (drawn again from the current text each time). */
  async function drawLetter(
    actor: Actor,
    id: number,
    input: { version: number },
  ): Promise<{ id: number; version: number }> {
    const item = await findUnsigned(actor, id);
    if (item.version !== input.version) throw conflict();
    const rendered = await renderDocumentPdf(
      composeDocumentLetter({
        title: item.title,
        docNumber: item.docNumber,
        body: item.body,
        sender: item.sender,
        exchange: await users.findExchangeName(),
        sentOn: item.sentOn,
      }),
    );
    const stored = await attachments.putBytes(rendered.pdf);
    return db.transaction(async (tx) => {
      const file = await attachments.recordPdf(tx, {
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
          updatedAt: clock.now(),
        },
        'draft',
      );
      if (row === undefined) throw conflict();
      await writeAudit(tx, actor, 'document.letter', row, { sha256: row.letterSha256 });
      return { id: row.id, version: row.version };
    });
  }

  /** The draft with its drawn PDF, ready for the code and the seal. */
  async function findSignable(actor: Actor, id: number) {
    const item = await findUnsigned(actor, id);
    return { item, letter: waitingLetter(item, MSG.documentLetterMissing) };
  }

  /** The sign code sent and checked, bound to the draft's current PDF. */
  const { sendSignCode, checkSignCode } = letterSigning.codeCallsOf(
    async (actor, id) => (await findSignable(actor, id)).letter.sha256,
  );

  /** The company e-signs the drawn PDF with the code; the signed copy joins its e-signed files. */
  async function sign(
    actor: Actor,
    id: number,
    input: { version: number; otp: string },
  ): Promise<{ id: number; version: number }> {
    const { item, letter } = await findSignable(actor, id);
    if (item.version !== input.version) throw conflict();
    const now = clock.now();
    const stored = await letterSigning.sign(actor, letter, {
      code: input.otp,
      reason: item.title,
      name: item.sender,
      at: now,
    });
    return db.transaction(async (tx) => {
      const file = await attachments.recordPdf(tx, {
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
      await writeAudit(tx, actor, 'document.sign', row, { signedSha256: stored.sha256 });
      return { id: row.id, version: row.version };
    });
  }

  return {
    list,
    show,
    receivers,
    create,
    update,
    remove,
    send,
    markRead,
    acknowledge,
    markReceived,
    drawLetter,
    sendSignCode,
    checkSignCode,
    sign,
  };
}
