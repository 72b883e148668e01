// 保证金台账 calls, served from their contracts (packages/domain/src/contracts/deposits.ts):
//
//   POST /api/deposit/bank/notify                the bank's signed arrival notice (no session; its HMAC signs it)
//                                                -> {serial, result}
//   POST /api/deposit/statement/import/preview   {fileName, content (base64)} -> {lines, invalid, counts}
//   POST /api/deposit/statement/import           {fileName, content (base64)} -> {invalid, counts}
//   GET  /api/deposit/list                       ?outcome&keyword&page&size -> {list, total, counts}
//
// The notice's body is read as text in this plugin alone: its signature covers the bytes as sent, which a parsed
// and re-serialised body would not reproduce.
import { BANK_NOTICE_HEADERS, MSG } from '@cqjy/domain';
import {
  bankNoticeCall,
  importStatementCall,
  listDepositArrivalsCall,
  previewStatementCall,
} from '@cqjy/domain/contracts/deposits';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
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

export const depositsRoutes: FastifyPluginCallback<{ deposits: DepositsService }> = (
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
    ok(
      await deposits.importStatement({ ...requireSession(request), ...readOrigin(request) }, body),
      MSG.depositStatementImported,
    ),
  );

  serve(app, listDepositArrivalsCall, exchange, async ({ query }) => ok(await deposits.listArrivals(query)));

  done();
};
