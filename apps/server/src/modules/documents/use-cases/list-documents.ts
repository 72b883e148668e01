// The lists of 收文管理 and 发文管理, one document with its files, and the exchange's picker of receivers.
import {
  DOCUMENT_FILE_TAG,
  type DocumentCompany,
  type DocumentDetail,
  type DocumentDirection,
  type DocumentReadState,
  type DocumentReceiptState,
  type DocumentStatus,
  type DocumentView,
  type PageResult,
} from '@cqjy/domain';
import type { Viewer } from '../../attachments/service.ts';
import { findVisible, isExchange, recordOf, toView, type DocumentsContext } from '../access.ts';
import * as repo from '../repo.ts';

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

export async function listDocuments(
  deps: DocumentsContext,
  viewer: Viewer,
  direction: DocumentDirection,
  query: DocumentListQuery,
): Promise<PageResult<DocumentView>> {
  // the writer lists its drafts and sent documents; the reader only what was sent to it
  const isWriter = direction === 'received' ? isExchange(viewer) : !isExchange(viewer);
  const page = await repo.listDocuments(deps.db, {
    ...query,
    direction,
    companyId: isExchange(viewer) ? undefined : viewer.companyId,
    status: isWriter ? query.status : 'sent',
    readState: direction === 'received' ? query.readState : undefined,
    receiptState: direction === 'sending' ? query.receiptState : undefined,
  });
  return { list: page.list.map(toView), total: page.total };
}

export async function showDocument(
  deps: DocumentsContext,
  viewer: Viewer,
  direction: DocumentDirection,
  id: number,
): Promise<DocumentDetail> {
  const item = await findVisible(deps, viewer, direction, id);
  const files = await deps.attachments.listRelated(viewer, recordOf(item.id));
  return { ...toView(item), files: files.filter((file) => file.tag === DOCUMENT_FILE_TAG) };
}

/** The exchange's picker: companies a document may be sent to. */
export async function listReceivers(deps: DocumentsContext, keyword: string): Promise<DocumentCompany[]> {
  return repo.listReceivers(deps.db, keyword, RECEIVERS_SIZE);
}
