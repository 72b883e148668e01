// 综合查询 and 收入统计: one search across the projects, tasks and files a company sees (the exchange: every
// company's), and the year's deals, service fees and price payouts by month and family. Both are reports: they
// change nothing and are not audited, except their exports, a copy of the data leaving the system.
//
// Each report is one use case with its export (use-cases/: query, income); the searches and the report's scope
// they share sit beside them (searches.ts, scope.ts); this file wires them to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { StatisticsDeps } from './deps.ts';
import { exportIncome, income } from './use-cases/income.ts';
import { exportQuery, query } from './use-cases/query.ts';

export type { Exporter, Reader, StatisticsDeps } from './deps.ts';

export type StatisticsService = ReturnType<typeof createStatisticsService>;

export function createStatisticsService(deps: StatisticsDeps) {
  /** A use case with the module's deps bound: what the routes call. */
  const bound = bindDeps(deps);

  return {
    query: bound(query),
    exportQuery: bound(exportQuery),
    income: bound(income),
    exportIncome: bound(exportIncome),
  };
}
