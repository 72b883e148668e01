// The calls of 收文管理 and 发文管理 (contracts/documents.ts): the lists, a document with its files, the writer's
// drafts (save, update, delete, send: each change with the version it was made from), the company's read and
// 确认收文, the exchange's company picker and 已收, and the e-signature of a sent document (its PDF drawn, the SMS
// code bound to it, the seal).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import type { CallAnswer, CallInput } from '@cqjy/domain/contract';
import {
  acknowledgeReceivedDocumentCall,
  checkSendingSignCodeCall,
  DOCUMENT_CALLS,
  drawSendingLetterCall,
  listReceiverCompaniesCall,
  readReceivedDocumentCall,
  receiveSendingDocumentCall,
  type saveReceivedDocumentCall,
  type saveSendingDocumentCall,
  sendSendingSignCodeCall,
  signSendingDocumentCall,
  type DocumentListQuery,
} from '@cqjy/domain/contracts/documents';
import type { DocumentDirection } from '@cqjy/domain/documents';
import { callApi, fetchData } from '../../lib/call.ts';

/** The page keeps its page and size itself: both always sent. */
export type DocumentQuery = DocumentListQuery & { page: number; size: number };

export type Versioned = CallAnswer<typeof saveSendingDocumentCall>;

/** What the writer types; the received form adds the company and the sender. */
export type DocumentBody = Omit<CallInput<typeof saveSendingDocumentCall>['body'], 'createId'> &
  Partial<Pick<CallInput<typeof saveReceivedDocumentCall>['body'], 'companyId' | 'sender'>>;

export const documentsQuery = (direction: DocumentDirection, query: DocumentQuery) =>
  queryOptions({
    queryKey: ['documents', direction, 'list', query] as const,
    queryFn: () => fetchData(DOCUMENT_CALLS[direction].list, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const documentQuery = (direction: DocumentDirection, id: number) =>
  queryOptions({
    queryKey: ['documents', direction, 'show', id] as const,
    queryFn: () => fetchData(DOCUMENT_CALLS[direction].show, { params: { id } }),
    staleTime: 0,
  });

/** The companies the exchange may send a document to, by part of the name or credit code. */
export const receiversQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['documents', 'received', 'companies', keyword] as const,
    queryFn: () => fetchData(listReceiverCompaniesCall, { body: { keyword } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function saveDocument(
  direction: DocumentDirection,
  body: DocumentBody & { createId: string },
): Promise<Versioned> {
  return fetchData(DOCUMENT_CALLS[direction].save, { body }, { showSuccess: true });
}

export function updateDocument(
  direction: DocumentDirection,
  doc: Versioned,
  body: DocumentBody,
): Promise<Versioned> {
  return fetchData(
    DOCUMENT_CALLS[direction].update,
    { params: { id: doc.id }, body: { ...body, version: doc.version } },
    { showSuccess: true },
  );
}

export async function deleteDocument(direction: DocumentDirection, doc: Versioned): Promise<void> {
  await fetchData(
    DOCUMENT_CALLS[direction].remove,
    { params: { id: doc.id }, body: { version: doc.version } },
    { showSuccess: true },
  );
}

export function sendDocument(direction: DocumentDirection, doc: Versioned): Promise<Versioned> {
  return fetchData(
    DOCUMENT_CALLS[direction].send,
    { params: { id: doc.id }, body: { version: doc.version } },
    { showSuccess: true },
  );
}

/** Opening a received document marks it read; quietly, as the page shows it. */
export function markRead(id: number): Promise<Versioned> {
  return fetchData(readReceivedDocumentCall, { params: { id } });
}

export function acknowledgeDocument(id: number): Promise<Versioned> {
  return fetchData(acknowledgeReceivedDocumentCall, { params: { id } }, { showSuccess: true });
}

export function markExchangeReceived(id: number): Promise<Versioned> {
  return fetchData(receiveSendingDocumentCall, { params: { id } }, { showSuccess: true });
}

export function drawLetter(doc: Versioned): Promise<Versioned> {
  return fetchData(
    drawSendingLetterCall,
    { params: { id: doc.id }, body: { version: doc.version } },
    { showSuccess: true },
  );
}

export async function sendSignCode(id: number): Promise<void> {
  await fetchData(sendSendingSignCodeCall, { params: { id } }, { showSuccess: true });
}

export function checkSignCode(id: number, otp: string): Promise<Envelope<unknown>> {
  return callApi(checkSendingSignCodeCall, { params: { id }, body: { otp } });
}

export function signDocument(doc: Versioned, otp: string): Promise<Envelope<unknown>> {
  return callApi(signSendingDocumentCall, { params: { id: doc.id }, body: { version: doc.version, otp } });
}
