// The calls of 综合查询 (comprehensiveQuery, GJS_STATISTICS) and 收入统计 (income, GJS_INCOME_LT); the exchange's
// _ADMIN codes read every company's rows. The spec names no calls; they take the portal's style. The exports of
// both (GET /api/statistics/query/export, /api/statistics/income/export) answer a file, not the envelope: they
// are the server's routes alone and take ZQueryFilters and ZIncomeYear as their query.
import { z } from 'zod';
import { defineCall } from '../contract.ts';
import { MSG } from '../messages.ts';
import {
  INCOME_YEAR_MAX,
  INCOME_YEAR_MIN,
  QUERY_KINDS,
  ZIncomeStatistics,
  ZQueryFilters,
  ZQueryRow,
} from '../statistics.ts';

/** The year of 收入统计 (the query of the figures and of their export). */
export const ZIncomeYear = z.object({
  year: z.coerce
    .number({ error: MSG.incomeYearInvalid })
    .int(MSG.incomeYearInvalid)
    .min(INCOME_YEAR_MIN, MSG.incomeYearInvalid)
    .max(INCOME_YEAR_MAX, MSG.incomeYearInvalid),
});

/**
 * POST /api/statistics/query: one page of one kind's matches (days YYYY-MM-DD, +08:00, both included).
 */
export const searchStatisticsCall = defineCall({
  method: 'POST',
  path: '/api/statistics/query',
  tag: 'statistics',
  summary: '综合查询',
  description: '按关键字、项目类别、状态与日期范围查询项目、任务或文件（kind）。',
  body: z
    .object({
      kind: z.enum(QUERY_KINDS, { error: MSG.badRequest }),
      page: z.number().int().min(1).max(100_000).default(1),
      size: z.number().int().min(1).max(100).default(10),
    })
    .and(ZQueryFilters),
  answer: z.object({ list: z.array(ZQueryRow), total: z.number() }),
});
export type StatisticsSearchBody = z.input<typeof searchStatisticsCall.body>;

/** GET /api/statistics/income?year=: the year's figures by month and family (money in fen). */
export const incomeStatisticsCall = defineCall({
  method: 'GET',
  path: '/api/statistics/income',
  tag: 'statistics',
  summary: '收入统计',
  description: '某年按月份与项目类别的成交宗数、成交金额、服务费与价款划转（金额单位：分）。',
  query: ZIncomeYear,
  answer: ZIncomeStatistics,
});
