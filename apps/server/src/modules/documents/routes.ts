// 收文管理 and 发文管理 calls (the spec names none: they take its style). Received documents are read by the company
// they were sent to (GJS_FILE_RECEIVE_LT) and written by the exchange (GJS_FILE_RECEIVE_LT_ADMIN); sent documents
// are written by their company (GJS_FILE_SEND_LT) and taken in by the exchange (GJS_FILE_SEND_LT_ADMIN). Another
// company's document answers {status: 404}, a stale version 409. Every answer is the envelope.
//
//   POST /api/file/received/list              {page, size, keyword?, status?, readState?, dateFrom?, dateTo?}
//                                             -> {list: DocumentView[], total}
//   GET  /api/file/received/{id}              -> DocumentDetail (with its files)
//   POST /api/file/received/companies         {keyword?} -> DocumentCompany[]: the exchange's picker
//   POST /api/file/received/save              {companyId, title, docNumber?, sender?, sentOn, body, createId?}
//                                             -> {id, version}: the exchange's draft
//   POST /api/file/received/update/{id}       {version, ...the same} -> {id, version}
//   POST /api/file/received/delete/{id}       {version} -> null
//   POST /api/file/received/send/{id}         {version} -> {id, version}: sent, the company notified
//   POST /api/file/received/read/{id}         -> {id, version}: opened by the company (once)
//   POST /api/file/received/acknowledge/{id}  -> {id, version}: 确认收文
//
//   POST /api/file/sending/list               {page, size, keyword?, status?, receiptState?, dateFrom?, dateTo?}
//                                             -> {list: DocumentView[], total}
//   GET  /api/file/sending/{id}               -> DocumentDetail
//   POST /api/file/sending/save               {title, docNumber?, sentOn, body, createId?} -> {id, version}
//   POST /api/file/sending/update/{id}        {version, ...the same} -> {id, version}
//   POST /api/file/sending/delete/{id}        {version} -> null
//   POST /api/file/sending/letter/{id}        {version} -> {id, version}: the draft drawn as a PDF to sign
//   POST /api/file/sending/sign/otp/{id}      -> {isSent}: the sign code, bound to that PDF
//   POST /api/file/sending/sign/otp/check/{id} {otp} -> null: checked without using it up
//   POST /api/file/sending/signature/{id}     {version, otp} -> {id, version}: e-signed
//   POST /api/file/sending/send/{id}          {version} -> {id, version}: sent to the exchange
//   POST /api/file/sending/receive/{id}       -> {id, version}: the exchange's 已收
import {
  DOCUMENT_READ_STATES,
  DOCUMENT_RECEIPT_STATES,
  DOCUMENT_STATUSES,
  isCalendarDate,
  MSG,
  ZDocument,
  ZDocumentCompany,
  ZDocumentDetail,
  ZDocumentForm,
  ZReceivedForm,
  type DocumentDirection,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope, ZIdParams, ZSaved, zVersion } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { parseId, zPage, zSize } from '../projects/routes.ts';
import type { DocumentsService } from './service.ts';

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

const zCreateId = z
  .string()
  .regex(/^[\w-]{1,64}$/, MSG.badRequest)
  .optional();

const ZListAnswer = zEnvelope(z.object({ list: z.array(ZDocument), total: z.number() }));

const ZVersioned = z.object({ version: zVersion });

export const documentsRoutes: FastifyPluginCallbackZod<{ documents: DocumentsService }> = (
  app,
  { documents },
  done,
) => {
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  /** The calls both directions share: list, show, update, delete and send of a draft. */
  const shared = (
    direction: DocumentDirection,
    guards: {
      reader: ReturnType<typeof requireAnyPermission>;
      writer: ReturnType<typeof requirePermission>;
    },
    title: string,
    tags: string[],
  ) => {
    const base = `/api/file/${direction}`;
    const reader = [app.authenticate, guards.reader];
    const writer = [app.authenticate, guards.writer];

    app.get(
      `${base}/:id`,
      {
        preValidation: reader,
        schema: {
          tags,
          summary: `查看${title}`,
          params: ZIdParams,
          response: { 200: zEnvelope(ZDocumentDetail) },
        },
      },
      async (request) =>
        ok(await documents.show(requireSession(request), direction, parseId(request.params.id))),
    );

    app.post(
      `${base}/delete/:id`,
      {
        preValidation: writer,
        schema: {
          tags,
          summary: `删除${title}草稿`,
          params: ZIdParams,
          body: ZVersioned,
          response: { 200: zEnvelope(z.null()) },
        },
      },
      async (request) => {
        await documents.remove(actorOf(request), direction, parseId(request.params.id), request.body);
        return ok(null, MSG.documentDeleted);
      },
    );

    app.post(
      `${base}/send/:id`,
      {
        preValidation: writer,
        schema: {
          tags,
          summary: `发送${title}`,
          params: ZIdParams,
          body: ZVersioned,
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(
          await documents.send(actorOf(request), direction, parseId(request.params.id), request.body),
          MSG.documentSent,
        ),
    );
  };

  // 收文管理
  const receivedReader = requireAnyPermission(['GJS_FILE_RECEIVE_LT', 'GJS_FILE_RECEIVE_LT_ADMIN']);
  const receivedWriter = requirePermission('GJS_FILE_RECEIVE_LT_ADMIN');
  const receivedOwner = [app.authenticate, requirePermission('GJS_FILE_RECEIVE_LT')];
  const receivedTags = ['fileReceived'];
  shared('received', { reader: receivedReader, writer: receivedWriter }, '收文', receivedTags);

  app.post(
    '/api/file/received/list',
    {
      preValidation: [app.authenticate, receivedReader],
      schema: {
        tags: receivedTags,
        summary: '收文列表',
        body: ZReceivedList,
        response: { 200: ZListAnswer },
      },
    },
    async (request) => ok(await documents.list(requireSession(request), 'received', request.body)),
  );

  app.post(
    '/api/file/received/companies',
    {
      preValidation: [app.authenticate, receivedWriter],
      schema: {
        tags: receivedTags,
        summary: '可接收公文的单位',
        body: z.object({
          keyword: z
            .string({ error: MSG.documentKeywordTooLong })
            .max(50, MSG.documentKeywordTooLong)
            .default(''),
        }),
        response: { 200: zEnvelope(z.array(ZDocumentCompany)) },
      },
    },
    async (request) => ok(await documents.receivers(request.body.keyword)),
  );

  app.post(
    '/api/file/received/save',
    {
      preValidation: [app.authenticate, receivedWriter],
      schema: {
        tags: receivedTags,
        summary: '新增收文（草稿）',
        body: ZReceivedForm.extend({ createId: zCreateId }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(await documents.create(actorOf(request), 'received', request.body), MSG.documentSaved),
  );

  app.post(
    '/api/file/received/update/:id',
    {
      preValidation: [app.authenticate, receivedWriter],
      schema: {
        tags: receivedTags,
        summary: '编辑收文（草稿）',
        params: ZIdParams,
        body: ZReceivedForm.extend({ version: zVersion }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await documents.update(actorOf(request), 'received', parseId(request.params.id), request.body),
        MSG.documentSaved,
      ),
  );

  app.post(
    '/api/file/received/read/:id',
    {
      preValidation: receivedOwner,
      schema: {
        tags: receivedTags,
        summary: '收文标为已读',
        params: ZIdParams,
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(await documents.markRead(actorOf(request), parseId(request.params.id)), MSG.documentRead),
  );

  app.post(
    '/api/file/received/acknowledge/:id',
    {
      preValidation: receivedOwner,
      schema: {
        tags: receivedTags,
        summary: '确认收文',
        params: ZIdParams,
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(await documents.acknowledge(actorOf(request), parseId(request.params.id)), MSG.documentAcknowledged),
  );

  // 发文管理
  const sendingReader = requireAnyPermission(['GJS_FILE_SEND_LT', 'GJS_FILE_SEND_LT_ADMIN']);
  const sendingWriter = requirePermission('GJS_FILE_SEND_LT');
  const sendingOwner = [app.authenticate, sendingWriter];
  const sendingTags = ['fileSending'];
  shared('sending', { reader: sendingReader, writer: sendingWriter }, '发文', sendingTags);
  const zOtp = z.string({ error: MSG.otpFormat }).regex(/^\d{6}$/, MSG.otpFormat);

  app.post(
    '/api/file/sending/list',
    {
      preValidation: [app.authenticate, sendingReader],
      schema: { tags: sendingTags, summary: '发文列表', body: ZSendingList, response: { 200: ZListAnswer } },
    },
    async (request) => ok(await documents.list(requireSession(request), 'sending', request.body)),
  );

  app.post(
    '/api/file/sending/save',
    {
      preValidation: sendingOwner,
      schema: {
        tags: sendingTags,
        summary: '新增发文（草稿）',
        body: ZDocumentForm.extend({ createId: zCreateId }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(await documents.create(actorOf(request), 'sending', request.body), MSG.documentSaved),
  );

  app.post(
    '/api/file/sending/update/:id',
    {
      preValidation: sendingOwner,
      schema: {
        tags: sendingTags,
        summary: '编辑发文（草稿）',
        params: ZIdParams,
        body: ZDocumentForm.extend({ version: zVersion }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await documents.update(actorOf(request), 'sending', parseId(request.params.id), request.body),
        MSG.documentSaved,
      ),
  );

  app.post(
    '/api/file/sending/letter/:id',
    {
      preValidation: sendingOwner,
      schema: {
        tags: sendingTags,
        summary: '生成发文签章件',
        params: ZIdParams,
        body: ZVersioned,
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await documents.drawLetter(actorOf(request), parseId(request.params.id), request.body),
        MSG.documentLetterMade,
      ),
  );

  app.post(
    '/api/file/sending/sign/otp/:id',
    {
      preValidation: sendingOwner,
      schema: {
        tags: sendingTags,
        summary: '发送发文签章验证码',
        params: ZIdParams,
        response: { 200: zEnvelope(z.object({ isSent: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await documents.sendSignCode(actorOf(request), parseId(request.params.id)), MSG.otpSent),
  );

  app.post(
    '/api/file/sending/sign/otp/check/:id',
    {
      preValidation: sendingOwner,
      schema: {
        tags: sendingTags,
        summary: '校验发文签章验证码',
        params: ZIdParams,
        body: z.object({ otp: zOtp }),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await documents.checkSignCode(actorOf(request), parseId(request.params.id), request.body.otp);
      return ok(null);
    },
  );

  app.post(
    '/api/file/sending/signature/:id',
    {
      preValidation: sendingOwner,
      schema: {
        tags: sendingTags,
        summary: '发文电子签章',
        params: ZIdParams,
        body: z.object({ version: zVersion, otp: zOtp }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await documents.sign(actorOf(request), parseId(request.params.id), request.body),
        MSG.documentSigned,
      ),
  );

  app.post(
    '/api/file/sending/receive/:id',
    {
      preValidation: [app.authenticate, requirePermission('GJS_FILE_SEND_LT_ADMIN')],
      schema: {
        tags: sendingTags,
        summary: '交易所确认收到发文',
        params: ZIdParams,
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await documents.markReceived(actorOf(request), parseId(request.params.id)),
        MSG.documentExchangeReceived,
      ),
  );
  done();
};
