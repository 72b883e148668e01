// The calls of 收文管理 and 发文管理 (apps/server/src/modules/documents/routes.ts): the lists, a document with its
// files, the writer's drafts (save, update, delete, send: each change with the version it was made from), the
// company's read and 确认收文, the exchange's company picker and 已收, and the e-signature of a sent document (its
// PDF drawn, the SMS code bound to it, the seal).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type {
  DocumentCompany,
  DocumentDetail,
  DocumentDirection,
  DocumentReadState,
  DocumentReceiptState,
  DocumentStatus,
  DocumentView,
} from '@cqjy/domain/documents';
import { http, unwrap } from '../../lib/http.ts';

export type DocumentQuery = {
  page: number;
  size: number;
  keyword?: string;
  status?: DocumentStatus;
  readState?: DocumentReadState;
  receiptState?: DocumentReceiptState;
  dateFrom?: string;
  dateTo?: string;
};

export type Versioned = { id: number; version: number };

/** What the writer types; the received form adds the company and the sender. */
export type DocumentBody = {
  title: string;
  docNumber: string;
  sentOn: string;
  body: string;
  companyId?: number;
  sender?: string;
};

const base = (direction: DocumentDirection) => `/api/file/${direction}`;

export const documentsQuery = (direction: DocumentDirection, query: DocumentQuery) =>
  queryOptions({
    queryKey: ['documents', direction, 'list', query] as const,
    queryFn: async () =>
      unwrap(await http.post<Envelope<PageResult<DocumentView>>>(`${base(direction)}/list`, query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const documentQuery = (direction: DocumentDirection, id: number) =>
  queryOptions({
    queryKey: ['documents', direction, 'show', id] as const,
    queryFn: async () => unwrap(await http.get<Envelope<DocumentDetail>>(`${base(direction)}/${id}`)),
    staleTime: 0,
  });

/** The companies the exchange may send a document to, by part of the name or credit code. */
export const receiversQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['documents', 'received', 'companies', keyword] as const,
    queryFn: async () =>
      unwrap(await http.post<Envelope<DocumentCompany[]>>('/api/file/received/companies', { keyword })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export async function saveDocument(
  direction: DocumentDirection,
  body: DocumentBody & { createId: string },
): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`${base(direction)}/save`, body), { showSuccess: true });
}

export async function updateDocument(
  direction: DocumentDirection,
  doc: Versioned,
  body: DocumentBody,
): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`${base(direction)}/update/${doc.id}`, {
      ...body,
      version: doc.version,
    }),
    { showSuccess: true },
  );
}

export async function deleteDocument(direction: DocumentDirection, doc: Versioned): Promise<void> {
  unwrap(await http.post<Envelope<null>>(`${base(direction)}/delete/${doc.id}`, { version: doc.version }), {
    showSuccess: true,
  });
}

export async function sendDocument(direction: DocumentDirection, doc: Versioned): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`${base(direction)}/send/${doc.id}`, { version: doc.version }),
    { showSuccess: true },
  );
}

/** Opening a received document marks it read; quietly, as the page shows it. */
export async function markRead(id: number): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/file/received/read/${id}`));
}

export async function acknowledgeDocument(id: number): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/file/received/acknowledge/${id}`), {
    showSuccess: true,
  });
}

export async function markExchangeReceived(id: number): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/file/sending/receive/${id}`), {
    showSuccess: true,
  });
}

export async function drawLetter(doc: Versioned): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/file/sending/letter/${doc.id}`, { version: doc.version }),
    { showSuccess: true },
  );
}

export async function sendSignCode(id: number): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>(`/api/file/sending/sign/otp/${id}`), { showSuccess: true });
}

export function checkSignCode(id: number, otp: string): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`/api/file/sending/sign/otp/check/${id}`, { otp });
}

export function signDocument(doc: Versioned, otp: string): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`/api/file/sending/signature/${doc.id}`, { version: doc.version, otp });
}
