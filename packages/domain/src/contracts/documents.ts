// The calls of 收文管理 and 发文管理 (the spec names none: they take its style). Received documents are read by the
// company they were sent to (GJS_FILE_RECEIVE_LT) and written by the exchange (GJS_FILE_RECEIVE_LT_ADMIN); sent
// documents are written by their company (GJS_FILE_SEND_LT) and taken in by the exchange (GJS_FILE_SEND_LT_ADMIN).
// Another company's document answers {status: 404}, a stale version 409. Each change is made from the version the
// writer read and answers the row's new one.
import { z } from 'zod';
import { defineCall, zPage, zPageOf, zPathId, ZSaved, zSize, zVersion } from '../contract.ts';
import {
  DOCUMENT_READ_STATES,
  DOCUMENT_RECEIPT_STATES,
  DOCUMENT_STATUSES,
  ZDocument,
  ZDocumentCompany,
  ZDocumentDetail,
  ZDocumentForm,
  ZReceivedForm,
  type DocumentDirection,
} from '../documents.ts';
import { MSG } from '../messages.ts';
import { isCalendarDate } from '../workflow/action-forms.ts';

const zListDay = z
  .string({ error: MSG.documentDateInvalid })
  .refine((value) => isCalendarDate(value), MSG.documentDateInvalid)
  .optional();

const LIST_FIELDS = {
  page: zPage,
  size: zSize,
  keyword: z.string({ error: MSG.documentKeywordTooLong }).max(50, MSG.documentKeywordTooLong).optional(),
  status: z.enum(DOCUMENT_STATUSES, { error: MSG.badRequest }).optional(),
  dateFrom: zListDay,
  dateTo: zListDay,
};

const isRangeInOrder = (filter: { dateFrom?: string | undefined; dateTo?: string | undefined }) =>
  filter.dateFrom === undefined || filter.dateTo === undefined || filter.dateFrom <= filter.dateTo;

const ZReceivedList = z
  .object({ ...LIST_FIELDS, readState: z.enum(DOCUMENT_READ_STATES, { error: MSG.badRequest }).optional() })
  .refine(isRangeInOrder, { message: MSG.documentDateRange, path: ['dateTo'] });

const ZSendingList = z
  .object({
    ...LIST_FIELDS,
    receiptState: z.enum(DOCUMENT_RECEIPT_STATES, { error: MSG.badRequest }).optional(),
  })
  .refine(isRangeInOrder, { message: MSG.documentDateRange, path: ['dateTo'] });

/** The key a new draft is saved under once, however often the writer presses 保存. */
const zCreateId = z
  .string()
  .regex(/^[\w-]{1,64}$/, MSG.badRequest)
  .optional();

const ZVersioned = z.object({ version: zVersion });

const ZDocumentPage = zPageOf(ZDocument);
const ZDocumentPath = z.object({ id: zPathId });
const zOtp = z.string({ error: MSG.otpFormat }).regex(/^\d{6}$/, MSG.otpFormat);

// 收文管理

/** POST /api/file/received/list: one page of the received documents the caller sees, newest first. */
export const listReceivedDocumentsCall = defineCall({
  method: 'POST',
  path: '/api/file/received/list',
  tag: 'fileReceived',
  summary: '收文列表',
  body: ZReceivedList,
  answer: ZDocumentPage,
});

/** GET /api/file/received/{id}: a received document with its files. */
export const showReceivedDocumentCall = defineCall({
  method: 'GET',
  path: '/api/file/received/:id',
  tag: 'fileReceived',
  summary: '查看收文',
  params: ZDocumentPath,
  answer: ZDocumentDetail,
});

/** POST /api/file/received/companies: the exchange's picker of the companies a document may go to. */
export const listReceiverCompaniesCall = defineCall({
  method: 'POST',
  path: '/api/file/received/companies',
  tag: 'fileReceived',
  summary: '可接收公文的单位',
  body: z.object({
    keyword: z.string({ error: MSG.documentKeywordTooLong }).max(50, MSG.documentKeywordTooLong).default(''),
  }),
  answer: z.array(ZDocumentCompany),
});

/** POST /api/file/received/save: the exchange's new draft. */
export const saveReceivedDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/received/save',
  tag: 'fileReceived',
  summary: '新增收文（草稿）',
  body: ZReceivedForm.extend({ createId: zCreateId }),
  answer: ZSaved,
});

/** POST /api/file/received/update/{id}: the exchange's draft changed. */
export const updateReceivedDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/received/update/:id',
  tag: 'fileReceived',
  summary: '编辑收文（草稿）',
  params: ZDocumentPath,
  body: ZReceivedForm.extend({ version: zVersion }),
  answer: ZSaved,
});

/** POST /api/file/received/delete/{id}: the exchange's draft deleted. */
export const deleteReceivedDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/received/delete/:id',
  tag: 'fileReceived',
  summary: '删除收文草稿',
  params: ZDocumentPath,
  body: ZVersioned,
  answer: z.null(),
});

/** POST /api/file/received/send/{id}: the exchange's draft sent, the company notified. */
export const sendReceivedDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/received/send/:id',
  tag: 'fileReceived',
  summary: '发送收文',
  params: ZDocumentPath,
  body: ZVersioned,
  answer: ZSaved,
});

/** POST /api/file/received/read/{id}: opened by the company it was sent to (marked once). */
export const readReceivedDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/received/read/:id',
  tag: 'fileReceived',
  summary: '收文标为已读',
  params: ZDocumentPath,
  answer: ZSaved,
});

/** POST /api/file/received/acknowledge/{id}: 确认收文, by the company it was sent to. */
export const acknowledgeReceivedDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/received/acknowledge/:id',
  tag: 'fileReceived',
  summary: '确认收文',
  params: ZDocumentPath,
  answer: ZSaved,
});

// 发文管理

/** POST /api/file/sending/list: one page of the sent documents the caller sees, newest first. */
export const listSendingDocumentsCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/list',
  tag: 'fileSending',
  summary: '发文列表',
  body: ZSendingList,
  answer: ZDocumentPage,
});

/** GET /api/file/sending/{id}: a sent document with its files. */
export const showSendingDocumentCall = defineCall({
  method: 'GET',
  path: '/api/file/sending/:id',
  tag: 'fileSending',
  summary: '查看发文',
  params: ZDocumentPath,
  answer: ZDocumentDetail,
});

/** POST /api/file/sending/save: the company's new draft. */
export const saveSendingDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/save',
  tag: 'fileSending',
  summary: '新增发文（草稿）',
  body: ZDocumentForm.extend({ createId: zCreateId }),
  answer: ZSaved,
});

/** POST /api/file/sending/update/{id}: the company's draft changed. */
export const updateSendingDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/update/:id',
  tag: 'fileSending',
  summary: '编辑发文（草稿）',
  params: ZDocumentPath,
  body: ZDocumentForm.extend({ version: zVersion }),
  answer: ZSaved,
});

/** POST /api/file/sending/delete/{id}: the company's draft deleted. */
export const deleteSendingDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/delete/:id',
  tag: 'fileSending',
  summary: '删除发文草稿',
  params: ZDocumentPath,
  body: ZVersioned,
  answer: z.null(),
});

/** POST /api/file/sending/send/{id}: the company's draft sent to the exchange. */
export const sendSendingDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/send/:id',
  tag: 'fileSending',
  summary: '发送发文',
  params: ZDocumentPath,
  body: ZVersioned,
  answer: ZSaved,
});

/** POST /api/file/sending/letter/{id}: the draft drawn as the PDF to sign. */
export const drawSendingLetterCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/letter/:id',
  tag: 'fileSending',
  summary: '生成发文签章件',
  params: ZDocumentPath,
  body: ZVersioned,
  answer: ZSaved,
});

/** POST /api/file/sending/sign/otp/{id}: the sign code sent by SMS, bound to the drawn PDF. */
export const sendSendingSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/sign/otp/:id',
  tag: 'fileSending',
  summary: '发送发文签章验证码',
  params: ZDocumentPath,
  answer: z.object({ isSent: z.boolean() }),
});

/** POST /api/file/sending/sign/otp/check/{id}: the sign code checked without using it up. */
export const checkSendingSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/sign/otp/check/:id',
  tag: 'fileSending',
  summary: '校验发文签章验证码',
  params: ZDocumentPath,
  body: z.object({ otp: zOtp }),
  answer: z.null(),
});

/** POST /api/file/sending/signature/{id}: the drawn PDF e-signed with the sign code. */
export const signSendingDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/signature/:id',
  tag: 'fileSending',
  summary: '发文电子签章',
  params: ZDocumentPath,
  body: z.object({ version: zVersion, otp: zOtp }),
  answer: ZSaved,
});

/** POST /api/file/sending/receive/{id}: the exchange's 已收. */
export const receiveSendingDocumentCall = defineCall({
  method: 'POST',
  path: '/api/file/sending/receive/:id',
  tag: 'fileSending',
  summary: '交易所确认收到发文',
  params: ZDocumentPath,
  answer: ZSaved,
});

/** The calls both directions have, by direction: the list, a document, and the draft's save, update, delete, send. */
export const DOCUMENT_CALLS = {
  received: {
    list: listReceivedDocumentsCall,
    show: showReceivedDocumentCall,
    save: saveReceivedDocumentCall,
    update: updateReceivedDocumentCall,
    remove: deleteReceivedDocumentCall,
    send: sendReceivedDocumentCall,
  },
  sending: {
    list: listSendingDocumentsCall,
    show: showSendingDocumentCall,
    save: saveSendingDocumentCall,
    update: updateSendingDocumentCall,
    remove: deleteSendingDocumentCall,
    send: sendSendingDocumentCall,
  },
} as const satisfies Record<DocumentDirection, object>;

/** A list's filters, either direction's (each list reads its own state filter and leaves the other). */
export type DocumentListQuery = z.input<typeof ZReceivedList> & z.input<typeof ZSendingList>;
