// 综合查询 (comprehensiveQuery, GJS_STATISTICS) and 收入统计 (income, GJS_INCOME_LT) calls; the exchange's _ADMIN
// codes read every company's rows. The spec names no calls; they take the portal's style.
//
//   POST /api/statistics/query          {kind: project|task|file, page, size, keyword?, family?, status?, from?,
//                                        to?} (days YYYY-MM-DD, +08:00, both included) -> {list: QueryRow[], total}
//   GET  /api/statistics/query/export   ?keyword&family&status&from&to -> 综合查询_{day}.xlsx, a sheet per kind;
//                                        more than QUERY_EXPORT_MAX rows of a kind refused; audited
//   GET  /api/statistics/income?year=   -> {year, isExchange, months[12], families[], totals} (money in fen)
//   GET  /api/statistics/income/export?year= -> 收入统计_{year}年.xlsx; audited
import {
  INCOME_YEAR_MAX,
  INCOME_YEAR_MIN,
  MSG,
  QUERY_KINDS,
  ZIncomeStatistics,
  ZQueryFilters,
  ZQueryRow,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import type { StatisticsService } from './service.ts';

const ZQueryBody = z
  .object({
    kind: z.enum(QUERY_KINDS, { error: MSG.badRequest }),
    page: z.number().int().min(1).max(100_000).default(1),
    size: z.number().int().min(1).max(100).default(10),
  })
  .and(ZQueryFilters);

const ZYear = z.object({
  year: z.coerce
    .number({ error: MSG.incomeYearInvalid })
    .int(MSG.incomeYearInvalid)
    .min(INCOME_YEAR_MIN, MSG.incomeYearInvalid)
    .max(INCOME_YEAR_MAX, MSG.incomeYearInvalid),
});

export const statisticsRoutes: FastifyPluginCallbackZod<{ statistics: StatisticsService }> = (
  app,
  { statistics },
  done,
) => {
  const tags = ['statistics'];
  const querying = [app.authenticate, requireAnyPermission(['GJS_STATISTICS', 'GJS_STATISTICS_ADMIN'])];
  const income = [app.authenticate, requireAnyPermission(['GJS_INCOME_LT', 'GJS_INCOME_LT_ADMIN'])];

  app.post(
    '/api/statistics/query',
    {
      preValidation: querying,
      schema: {
        tags,
        summary: '综合查询',
        description: '按关键字、项目类别、状态与日期范围查询项目、任务或文件（kind）。',
        body: ZQueryBody,
        response: { 200: zEnvelope(z.object({ list: z.array(ZQueryRow), total: z.number() })) },
      },
    },
    async (request) => ok(await statistics.query(requireSession(request), request.body)),
  );

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

  app.get(
    '/api/statistics/income',
    {
      preValidation: income,
      schema: {
        tags,
        summary: '收入统计',
        description: '某年按月份与项目类别的成交宗数、成交金额、服务费与价款划转（金额单位：分）。',
        querystring: ZYear,
        response: { 200: zEnvelope(ZIncomeStatistics) },
      },
    },
    async (request) => ok(await statistics.income(requireSession(request), request.query.year)),
  );

  app.get(
    '/api/statistics/income/export',
    { preValidation: income, schema: { tags, summary: '导出收入统计', querystring: ZYear } },
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
