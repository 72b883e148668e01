// 综合查询 (comprehensiveQuery, GJS_STATISTICS) and 收入统计 (income, GJS_INCOME_LT) calls; the exchange's _ADMIN
// codes read every company's rows. The spec names no calls; they take the portal's style. The envelope calls are
// served from their contracts (packages/domain/src/contracts/statistics.ts); the exports answer a file.
//
//   POST /api/statistics/query          {kind: project|task|file, page, size, keyword?, family?, status?, from?,
//                                        to?} (days YYYY-MM-DD, +08:00, both included) -> {list: QueryRow[], total}
//   GET  /api/statistics/query/export   ?keyword&family&status&from&to -> 综合查询_{day}.xlsx, a sheet per kind;
//                                        more than QUERY_EXPORT_MAX rows of a kind refused; audited
//   GET  /api/statistics/income?year=   -> {year, isExchange, months[12], families[], totals} (money in fen)
//   GET  /api/statistics/income/export?year= -> 收入统计_{year}年.xlsx; audited
import { ZQueryFilters } from '@cqjy/domain';
import { incomeStatisticsCall, searchStatisticsCall, ZIncomeYear } from '@cqjy/domain/contracts/statistics';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { StatisticsService } from './service.ts';

export const statisticsRoutes: FastifyPluginCallbackZod<{ statistics: StatisticsService }> = (
  app,
  { statistics },
  done,
) => {
  const tags = ['statistics'];
  const querying = [app.authenticate, requireAnyPermission(['GJS_STATISTICS', 'GJS_STATISTICS_ADMIN'])];
  const income = [app.authenticate, requireAnyPermission(['GJS_INCOME_LT', 'GJS_INCOME_LT_ADMIN'])];

  serve(app, searchStatisticsCall, querying, async ({ body }, request) =>
    ok(await statistics.query(requireSession(request), body)),
  );

  // a file, not the envelope: left out of the contracts
  app.get(
    '/api/statistics/query/export',
    { preValidation: querying, schema: { tags, summary: '导出综合查询', querystring: ZQueryFilters } },
    async (request, reply) => {
      const file = await statistics.exportQuery(
        { ...requireSession(request), ...readOrigin(request) },
        request.query,
      );
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  serve(app, incomeStatisticsCall, income, async ({ query }, request) =>
    ok(await statistics.income(requireSession(request), query.year)),
  );

  // a file, not the envelope: left out of the contracts
  app.get(
    '/api/statistics/income/export',
    { preValidation: income, schema: { tags, summary: '导出收入统计', querystring: ZIncomeYear } },
    async (request, reply) => {
      const file = await statistics.exportIncome(
        { ...requireSession(request), ...readOrigin(request) },
        request.query.year,
      );
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  done();
};
