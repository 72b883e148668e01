// 收文管理 and 发文管理 (spec 000 section 2, files group: received, sending; GJS_FILE_RECEIVE_LT, GJS_FILE_SEND_LT).
// A document (公文) passes between the exchange and one company:
// - received (收文): the exchange writes it to a company (a draft until 发送); the company reads it (opening it
//   marks it 已读) and acknowledges it (确认收文, with the time and the operator);
// - sending (发文): a company writes it to the exchange (a draft until 发送), optionally e-signs it (the document
//   drawn as a PDF, sealed with the SMS sign code, filed among the e-signed files), and sends it; the exchange
//   marks it 已收. A sent document is no longer changed.
// Both carry a title, a document number (文号), the sender (发文单位), the date (发文日期), a body (正文) and
// attachments.
import { z } from 'zod';
import { ZAttachmentItem } from './attachment-item.ts';
import { formatMessage } from './format.ts';
import { MSG } from './messages.ts';
import type { NotificationKind } from './notifications.ts';
import { isCalendarDate } from './workflow/action-forms.ts';

export const DOCUMENT_DIRECTIONS = ['received', 'sending'] as const;
export type DocumentDirection = (typeof DOCUMENT_DIRECTIONS)[number];
export const DOCUMENT_DIRECTION_LABELS: Record<DocumentDirection, string> = {
  received: '收文',
  sending: '发文',
};

/** A document is written as a draft and sent once; sending is final. */
export const DOCUMENT_STATUSES = ['draft', 'sent'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: '草稿',
  sent: '已发送',
};

/** Whether the receiving company has opened a received document. */
export const DOCUMENT_READ_STATES = ['unread', 'read'] as const;
export type DocumentReadState = (typeof DOCUMENT_READ_STATES)[number];
export const DOCUMENT_READ_STATE_LABELS: Record<DocumentReadState, string> = {
  unread: '未读',
  read: '已读',
};

/** Whether the exchange has taken in a sent document (已收). */
export const DOCUMENT_RECEIPT_STATES = ['pending', 'received'] as const;
export type DocumentReceiptState = (typeof DOCUMENT_RECEIPT_STATES)[number];
export const DOCUMENT_RECEIPT_STATE_LABELS: Record<DocumentReceiptState, string> = {
  pending: '未收',
  received: '已收',
};

/** Field limits, in characters. */
export const DOCUMENT_TITLE_MAX = 100;
export const DOCUMENT_NUMBER_MAX = 50;
export const DOCUMENT_SENDER_MAX = 100;
export const DOCUMENT_BODY_MAX = 5000;

/** The record class of a document's files (attachments), with the tags of its own files and of its letters. */
export const DOCUMENT_DATA_CLASS = 'document';
export const DOCUMENT_FILE_TAG = 'documentFile';
/** the document drawn as a PDF for its e-signature; the signed one carries SIGNED_LETTER_TAG */
export const DOCUMENT_LETTER_TAG = 'documentLetter';

/** The notification a company gets when the exchange sends it a document. */
export const DOCUMENT_NOTICE_KIND: NotificationKind = 'document.received';

const zDay = z
  .string({ error: MSG.documentSentOnInvalid })
  .refine((value) => isCalendarDate(value), MSG.documentSentOnInvalid);

/** What a writer types on both sides: the received form adds the company and the sender. */
export const ZDocumentForm = z.object({
  title: z
    .string({ error: MSG.documentTitleRequired })
    .trim()
    .min(1, MSG.documentTitleRequired)
    .max(DOCUMENT_TITLE_MAX, formatMessage(MSG.documentTitleTooLong, { max: DOCUMENT_TITLE_MAX })),
  docNumber: z
    .string({ error: MSG.documentNumberTooLong })
    .trim()
    .max(DOCUMENT_NUMBER_MAX, formatMessage(MSG.documentNumberTooLong, { max: DOCUMENT_NUMBER_MAX }))
    .default(''),
  sentOn: zDay,
  body: z
    .string({ error: MSG.documentBodyRequired })
    .trim()
    .min(1, MSG.documentBodyRequired)
    .max(DOCUMENT_BODY_MAX, formatMessage(MSG.documentBodyTooLong, { max: DOCUMENT_BODY_MAX })),
});
export type DocumentForm = z.infer<typeof ZDocumentForm>;

/** 收文 as the exchange writes it: to one company, from a sender (the exchange's name when left blank). */
export const ZReceivedForm = ZDocumentForm.extend({
  companyId: z
    .number({ error: MSG.documentCompanyRequired })
    .int(MSG.documentCompanyRequired)
    .min(1, MSG.documentCompanyRequired)
    .max(2_147_483_647, MSG.documentCompanyRequired),
  sender: z
    .string({ error: MSG.documentSenderTooLong })
    .trim()
    .max(DOCUMENT_SENDER_MAX, formatMessage(MSG.documentSenderTooLong, { max: DOCUMENT_SENDER_MAX }))
    .default(''),
});
export type ReceivedForm = z.infer<typeof ZReceivedForm>;

/** A document as listed and shown. */
export const ZDocument = z.object({
  id: z.number(),
  direction: z.enum(DOCUMENT_DIRECTIONS),
  /** the receiving company of a received document, the writing company of a sent one */
  companyId: z.number(),
  companyName: z.string(),
  title: z.string(),
  docNumber: z.string(),
  sender: z.string(),
  /** YYYY-MM-DD: 发文日期 */
  sentOn: z.string(),
  body: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** 草稿, 未读, 已读, 已确认 ... as documentStateLabel has it */
  stateLabel: z.string(),
  /** ISO times, null until they happen */
  sentAt: z.string().nullable(),
  readAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
  exchangeReceivedAt: z.string().nullable(),
  exchangeReceivedByName: z.string().nullable(),
  /** the drawn PDF awaiting its e-signature, and once signed the signed one (attachment uuids) */
  letterId: z.string().nullable(),
  signedFileId: z.string().nullable(),
  signedAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentView = z.infer<typeof ZDocument>;

/** The document with its attachments (the writer's files, not its letters). */
export const ZDocumentDetail = ZDocument.extend({ files: z.array(ZAttachmentItem) });
export type DocumentDetail = z.infer<typeof ZDocumentDetail>;

/** A company the exchange may send a document to. */
export const ZDocumentCompany = z.object({ id: z.number(), name: z.string() });
export type DocumentCompany = z.infer<typeof ZDocumentCompany>;

type StateFacts = Pick<
  DocumentView,
  'direction' | 'status' | 'readAt' | 'acknowledgedAt' | 'exchangeReceivedAt' | 'signedFileId'
>;

/** Where a document stands, in one word or two, for the list's 状态 column. */
export function documentStateLabel(doc: StateFacts): string {
  if (doc.status === 'draft') return doc.signedFileId === null ? '草稿' : '草稿（已签章）';
  if (doc.direction === 'received') {
    if (doc.acknowledgedAt !== null) return '已确认';
    return doc.readAt === null ? DOCUMENT_READ_STATE_LABELS.unread : DOCUMENT_READ_STATE_LABELS.read;
  }
  return doc.exchangeReceivedAt === null ? '已发送' : '交易所已收';
}

/** The in-app page of a received document, where its notification leads. */
export function receivedShowPath(id: number): string {
  return `/index/receivedShow?id=${id}`;
}

/** The notification of a received document: what it is, from whom, and where to read it. */
export function documentNotice(doc: { id: number; title: string; docNumber: string; sender: string }): {
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
} {
  const params = {
    title: doc.title,
    sender: doc.sender,
    number: doc.docNumber === '' ? MSG.documentNoNumber : doc.docNumber,
  };
  return {
    kind: DOCUMENT_NOTICE_KIND,
    title: formatMessage(MSG.documentNoticeTitle, params),
    body: formatMessage(MSG.documentNoticeBody, params),
    link: receivedShowPath(doc.id),
  };
}

/**
 * The text a document's PDF carries: title, number, the body in paragraphs, who and when. Its attachments are
 * files of their own, outside what is signed.
 */
export function composeDocumentLetter(input: {
  title: string;
  docNumber: string;
  body: string;
  sender: string;
  exchange: string;
  sentOn: string;
}): {
  title: string;
  docNumber: string;
  addressee: string;
  paragraphs: string[];
  signatory: string;
  date: string;
} {
  const [year = '', month = '', date = ''] = input.sentOn.split('-');
  return {
    title: input.title,
    docNumber: input.docNumber,
    addressee: `${input.exchange}：`,
    paragraphs: input.body
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
    signatory: input.sender,
    date: `${year}年${Number(month)}月${Number(date)}日`,
  };
}
