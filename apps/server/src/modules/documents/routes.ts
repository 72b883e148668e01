// 收文管理 and 发文管理 calls (the spec names none: they take its style). Received documents are read by the company
// they were sent to (GJS_FILE_RECEIVE_LT) and written by the exchange (GJS_FILE_RECEIVE_LT_ADMIN); sent documents
// are written by their company (GJS_FILE_SEND_LT) and taken in by the exchange (GJS_FILE_SEND_LT_ADMIN). Another
// company's document answers {status: 404}, a stale version 409. Every answer is the envelope; each call is served
// from its contract (packages/domain/src/contracts/documents.ts).
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
import { MSG, type DocumentDirection } from '@cqjy/domain';
import {
  acknowledgeReceivedDocumentCall,
  checkSendingSignCodeCall,
  DOCUMENT_CALLS,
  drawSendingLetterCall,
  listReceivedDocumentsCall,
  listReceiverCompaniesCall,
  listSendingDocumentsCall,
  readReceivedDocumentCall,
  receiveSendingDocumentCall,
  saveReceivedDocumentCall,
  saveSendingDocumentCall,
  sendSendingSignCodeCall,
  signSendingDocumentCall,
  updateReceivedDocumentCall,
  updateSendingDocumentCall,
} from '@cqjy/domain/contracts/documents';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { DocumentsService } from './service.ts';

export const documentsRoutes: FastifyPluginCallback<{ documents: DocumentsService }> = (
  app,
  { documents },
  done,
) => {
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  /** The calls both directions share: show, delete and send of a draft. */
  const shared = (
    direction: DocumentDirection,
    guards: {
      reader: ReturnType<typeof requireAnyPermission>;
      writer: ReturnType<typeof requirePermission>;
    },
  ) => {
    const calls = DOCUMENT_CALLS[direction];
    const reader = [app.authenticate, guards.reader];
    const writer = [app.authenticate, guards.writer];

    serve(app, calls.show, reader, async ({ params }, request) =>
      ok(await documents.show(requireSession(request), direction, params.id)),
    );

    serve(app, calls.remove, writer, async ({ params, body }, request) => {
      await documents.remove(actorOf(request), direction, params.id, body);
      return ok(null, MSG.documentDeleted);
    });

    serve(app, calls.send, writer, async ({ params, body }, request) =>
      ok(await documents.send(actorOf(request), direction, params.id, body), MSG.documentSent),
    );
  };

  // 收文管理
  const receivedReader = requireAnyPermission(['GJS_FILE_RECEIVE_LT', 'GJS_FILE_RECEIVE_LT_ADMIN']);
  const receivedWriter = requirePermission('GJS_FILE_RECEIVE_LT_ADMIN');
  const receivedOwner = [app.authenticate, requirePermission('GJS_FILE_RECEIVE_LT')];
  shared('received', { reader: receivedReader, writer: receivedWriter });

  serve(app, listReceivedDocumentsCall, [app.authenticate, receivedReader], async ({ body }, request) =>
    ok(await documents.list(requireSession(request), 'received', body)),
  );

  serve(app, listReceiverCompaniesCall, [app.authenticate, receivedWriter], async ({ body }) =>
    ok(await documents.receivers(body.keyword)),
  );

  serve(app, saveReceivedDocumentCall, [app.authenticate, receivedWriter], async ({ body }, request) =>
    ok(await documents.create(actorOf(request), 'received', body), MSG.documentSaved),
  );

  serve(
    app,
    updateReceivedDocumentCall,
    [app.authenticate, receivedWriter],
    async ({ params, body }, request) =>
      ok(await documents.update(actorOf(request), 'received', params.id, body), MSG.documentSaved),
  );

  serve(app, readReceivedDocumentCall, receivedOwner, async ({ params }, request) =>
    ok(await documents.markRead(actorOf(request), params.id), MSG.documentRead),
  );

  serve(app, acknowledgeReceivedDocumentCall, receivedOwner, async ({ params }, request) =>
    ok(await documents.acknowledge(actorOf(request), params.id), MSG.documentAcknowledged),
  );

  // 发文管理
  const sendingReader = requireAnyPermission(['GJS_FILE_SEND_LT', 'GJS_FILE_SEND_LT_ADMIN']);
  const sendingWriter = requirePermission('GJS_FILE_SEND_LT');
  const sendingOwner = [app.authenticate, sendingWriter];
  shared('sending', { reader: sendingReader, writer: sendingWriter });

  serve(app, listSendingDocumentsCall, [app.authenticate, sendingReader], async ({ body }, request) =>
    ok(await documents.list(requireSession(request), 'sending', body)),
  );

  serve(app, saveSendingDocumentCall, sendingOwner, async ({ body }, request) =>
    ok(await documents.create(actorOf(request), 'sending', body), MSG.documentSaved),
  );

  serve(app, updateSendingDocumentCall, sendingOwner, async ({ params, body }, request) =>
    ok(await documents.update(actorOf(request), 'sending', params.id, body), MSG.documentSaved),
  );

  serve(app, drawSendingLetterCall, sendingOwner, async ({ params, body }, request) =>
    ok(await documents.drawLetter(actorOf(request), params.id, body), MSG.documentLetterMade),
  );

  serve(app, sendSendingSignCodeCall, sendingOwner, async ({ params }, request) =>
    ok(await documents.sendSignCode(actorOf(request), params.id), MSG.otpSent),
  );

  serve(app, checkSendingSignCodeCall, sendingOwner, async ({ params, body }, request) => {
    await documents.checkSignCode(actorOf(request), params.id, body.otp);
    return ok(null);
  });

  serve(app, signSendingDocumentCall, sendingOwner, async ({ params, body }, request) =>
    ok(await documents.sign(actorOf(request), params.id, body), MSG.documentSigned),
  );

  serve(
    app,
    receiveSendingDocumentCall,
    [app.authenticate, requirePermission('GJS_FILE_SEND_LT_ADMIN')],
    async ({ params }, request) =>
      ok(await documents.markReceived(actorOf(request), params.id), MSG.documentExchangeReceived),
  );
  done();
};
