// 操作日志 calls (spec 000: logs, GJS_WORKLOG_LT; the exchange's GJS_WORKLOG_LT_ADMIN). The spec names no calls;
// they take the portal's style. The list and the export read the caller's company's rows (every company's with the
// _ADMIN code); the chain's verification is of the whole log, which is one chain. The envelope calls are served
// from their contracts (packages/domain/src/contracts/audit.ts); the export answers a file.
//
//   POST /api/logs/list    {page, size, operator?, action?, target?, companyName?, from?, to?} (days YYYY-MM-DD,
//                          +08:00, both included) -> {list: AuditLogRow[], total, isTotalCapped}, newest first
//   GET  /api/logs/export  ?operator&action&target&companyName&from&to -> 操作日志.xlsx, streamed (no length);
//                          more than LOGS_EXPORT_MAX rows refused; audited as logs.export
//   GET  /api/logs/verify  -> {isValid, count, brokenId?, checkedAt}, walked at most once a minute
import { MSG, ZAuditLogFilters } from '@cqjy/domain';
import { listLogsCall, verifyLogsCall } from '@cqjy/domain/contracts/audit';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { LogsService } from './logs.ts';

export const logsRoutes: FastifyPluginCallbackZod<{ logs: LogsService }> = (app, { logs }, done) => {
  const tags = ['logs'];
  const guard = [app.authenticate, requireAnyPermission(['GJS_WORKLOG_LT', 'GJS_WORKLOG_LT_ADMIN'])];

  serve(app, listLogsCall, guard, async ({ body }, request) =>
    ok(await logs.list(requireSession(request), body)),
  );

  // a streamed file, not the envelope: left out of the contracts
  app.get(
    '/api/logs/export',
    { preValidation: guard, schema: { tags, summary: '导出操作日志', querystring: ZAuditLogFilters } },
    async (request, reply) => {
      const file = await logs.exportLog(
        { ...requireSession(request), ...readOrigin(request) },
        request.query,
      );
      // streamed as it is written: no length is known beforehand
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  serve(app, verifyLogsCall, guard, async () => ok(await logs.verify(), MSG.ok));
  done();
};
