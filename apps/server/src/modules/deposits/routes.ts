// 保证金台账 calls, served from their contracts (packages/domain/src/contracts/deposits.ts):
//
//   POST /api/deposit/bank/notify                the bank's signed arrival notice (no session; its HMAC signs it)
//                                                -> {serial, result}
//   POST /api/deposit/statement/import/preview   {fileName, content (base64)} -> {lines, invalid, counts}
//   POST /api/deposit/statement/import           {fileName, content (base64)} -> {invalid, counts}
//   GET  /api/deposit/list                       ?outcome&keyword&page&size -> {list, total, counts}
//   GET  /api/deposit/refund/list                ?page&size -> {list, total, overdue}: the deposits owed back
//   POST /api/deposit/refund/batch               {registrationIds} -> the batch
//   GET  /api/deposit/refund/batch/list          ?status&page&size -> {list, total}
//   GET  /api/deposit/refund/batch/{id}          -> the batch with its lines
//   GET  /api/deposit/refund/batch/{id}/file     the batch's file for the bank (CSV; bytes, not the envelope)
//   POST /api/deposit/refund/batch/{id}/confirm  {failedIds} -> the batch closed
//   POST /api/deposit/forfeit/{id}               {version, reason, isBarred} -> {id, version, depositState, barUntil}
//
// The notice's body is read as text in this plugin alone: its signature covers the bytes as sent, which a parsed
// and re-serialised body would not reproduce.
import { BANK_NOTICE_HEADERS, MSG, ZIdPath } from '@cqjy/domain';
import {
  bankNoticeCall,
  confirmRefundBatchCall,
  forfeitDepositCall,
  importStatementCall,
  issueRefundBatchCall,
  listDepositArrivalsCall,
  listRefundBatchesCall,
  listRefundsDueCall,
  previewStatementCall,
  showRefundBatchCall,
} from '@cqjy/domain/contracts/deposits';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { DepositsService } from './service.ts';

/**
 * Notices a client address may send a minute, all nodes together: a bank's busiest hour of deposits stays well under
 * it, while a flood of unsigned notices (each refusal is audited) is cut off before it fills the log.
 */
const NOTICE_RATE_MAX = 600;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The signed-in caller and where they called from, as the use cases audit them. */
function actorOf(request: FastifyRequest) {
  return { ...requireSession(request), ...readOrigin(request) };
}

export const depositsRoutes: FastifyPluginCallbackZod<{ deposits: DepositsService }> = (
  app,
  { deposits },
  done,
) => {
  const exchange = [app.authenticate, requirePermission('GJS_PROJECT_LT_ADMIN')];

  app.register((notify, _options, registered) => {
    notify.removeContentTypeParser('application/json');
    notify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, parsed) => {
      parsed(null, body);
    });
    serve(
      notify,
      bankNoticeCall,
      'public',
      async (_input, request) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        return ok(
          await deposits.receiveNotice({
            rawBody,
            timestamp: header(request, BANK_NOTICE_HEADERS.timestamp),
            signature: header(request, BANK_NOTICE_HEADERS.signature),
            ip: readOrigin(request).ip,
          }),
        );
      },
      { config: { rateLimit: { max: NOTICE_RATE_MAX, timeWindow: '1 minute' } } },
    );
    registered();
  });

  serve(app, previewStatementCall, exchange, async ({ body }) => ok(await deposits.previewStatement(body)));

  serve(app, importStatementCall, exchange, async ({ body }, request) =>
    ok(await deposits.importStatement(actorOf(request), body), MSG.depositStatementImported),
  );

  serve(app, listDepositArrivalsCall, exchange, async ({ query }) => ok(await deposits.listArrivals(query)));

  serve(app, listRefundsDueCall, exchange, async ({ query }) => ok(await deposits.listRefundsDue(query)));

  serve(app, issueRefundBatchCall, exchange, async ({ body }, request) =>
    ok(await deposits.issueRefundBatch(actorOf(request), body), MSG.depositRefundBatchIssued),
  );

  serve(app, listRefundBatchesCall, exchange, async ({ query }) =>
    ok(await deposits.listRefundBatches(query)),
  );

  serve(app, showRefundBatchCall, exchange, async ({ params }) =>
    ok(await deposits.showRefundBatch(params.id)),
  );

  // a file, not the envelope: left out of the contracts
  app.get(
    '/api/deposit/refund/batch/:id/file',
    {
      preValidation: exchange,
      schema: { tags: ['deposit'], summary: '下载保证金退款文件（银行批量代付，CSV）', params: ZIdPath },
    },
    async (request, reply) => {
      const file = await deposits.refundBatchFile(request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.content);
    },
  );

  serve(app, confirmRefundBatchCall, exchange, async ({ params, body }, request) =>
    ok(await deposits.confirmRefundBatch(actorOf(request), params.id, body), MSG.depositRefundBatchConfirmed),
  );

  serve(app, forfeitDepositCall, exchange, async ({ params, body }, request) =>
    ok(await deposits.forfeitDeposit(actorOf(request), params.id, body), MSG.depositForfeited),
  );

  done();
};
