// What every use case of 收文管理 and 发文管理 stands on: the module's deps, who sees and who writes a document
// (another company's answers 404), the document found for its writer or its reader, the audit of a change, and
// the view the calls answer.
import {
  DOCUMENT_DATA_CLASS,
  DOCUMENT_DIRECTION_LABELS,
  documentStateLabel,
  IDENTITY,
  MSG,
  type DocumentDirection,
  type DocumentView,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { notFound, refused } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { UsersService } from '../users/service.ts';
import type { Viewer, AttachmentsService } from '../attachments/service.ts';
import type { LetterSigning } from '../signatures/seal-letter.ts';
import type { SignaturesService } from '../signatures/service.ts';
import * as repo from './repo.ts';

export type DocumentsDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  users: UsersService;
  otp: OtpService;
  attachments: AttachmentsService;
  notifications: NotificationsService;
  signatures: Pick<SignaturesService, 'loadSigner'>;
};

/** What the use cases run on: the module's deps and the letter signing made from them once. */
export type DocumentsContext = DocumentsDeps & { letterSigning: LetterSigning };

export type Actor = SessionContext & RequestOrigin;

export const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.admin;

export const recordOf = (id: number) => ({ dataClass: DOCUMENT_DATA_CLASS, dataId: String(id) });

/** Whether the viewer may see the document: its writer always, its reader once it is sent. */
export function canSee(viewer: Pick<Viewer, 'companyId' | 'identityType'>, row: repo.DocumentRow): boolean {
  const isWriter =
    row.direction === 'received'
      ? isExchange(viewer)
      : row.companyId === viewer.companyId && !isExchange(viewer);
  if (isWriter) return true;
  if (row.status !== 'sent') return false;
  return row.direction === 'received' ? row.companyId === viewer.companyId : isExchange(viewer);
}

/** Whether the viewer writes the document: the exchange a received one, the company its own sent one. */
export function isWriterOf(
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
  row: repo.DocumentRow,
): boolean {
  return row.direction === 'received'
    ? isExchange(viewer)
    : row.companyId === viewer.companyId && !isExchange(viewer);
}

export function toView(item: repo.DocumentItem): DocumentView {
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

/** The document of `direction`, to whoever may see it; anything else is not found. */
export async function findVisible(
  deps: Pick<DocumentsDeps, 'db'>,
  viewer: Viewer,
  direction: DocumentDirection,
  id: number,
) {
  const item = await repo.findItem(deps.db, id);
  if (item?.direction !== direction || !canSee(viewer, item)) throw notFound();
  return item;
}

/** The same, to its writer only, still a draft (a sent one is refused, not hidden). */
export async function findOwnDraft(
  deps: Pick<DocumentsDeps, 'db'>,
  actor: Actor,
  direction: DocumentDirection,
  id: number,
) {
  const item = await findVisible(deps, actor, direction, id);
  if (!isWriterOf(actor, item)) throw notFound();
  if (item.status !== 'draft') throw refused(MSG.documentNotDraft);
  return item;
}

/** The same, to its reader only, once sent. */
export async function findOwnSent(
  deps: Pick<DocumentsDeps, 'db'>,
  actor: Actor,
  direction: DocumentDirection,
  id: number,
) {
  const item = await findVisible(deps, actor, direction, id);
  if (isWriterOf(actor, item)) throw notFound();
  return item;
}

export async function requireReceiver(
  deps: Pick<DocumentsDeps, 'db'>,
  companyId: number,
): Promise<{ id: number; name: string }> {
  const company = await repo.findReceiver(deps.db, companyId);
  if (company === undefined) throw refused(MSG.documentCompanyInvalid);
  return company;
}

export async function writeAudit(
  deps: Pick<DocumentsDeps, 'audit'>,
  tx: Db,
  actor: Actor,
  action: string,
  row: Pick<repo.DocumentRow, 'id' | 'direction' | 'title' | 'docNumber' | 'companyId' | 'version'>,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await deps.audit.append(tx, {
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
