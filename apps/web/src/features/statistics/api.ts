// The calls of 综合查询 and 收入统计 (apps/server/src/modules/statistics/routes.ts): a page of one kind's matches,
// the year's income figures, and the exports of both.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import { formatDate, xlsxName } from '@cqjy/domain/format';
import type { IncomeStatistics, QueryFilters, QueryKind, QueryRow } from '@cqjy/domain/statistics';
import { downloadExport } from '../../api/attachments.ts';
import { http, unwrap } from '../../lib/http.ts';

export type SearchQuery = QueryFilters & { kind: QueryKind; page: number; size: number };

export const searchQuery = (query: SearchQuery) =>
  queryOptions({
    queryKey: ['statistics', 'query', query] as const,
    queryFn: async () =>
      unwrap(await http.post<Envelope<PageResult<QueryRow>>>('/api/statistics/query', query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function exportSearch(filters: QueryFilters): Promise<void> {
  return downloadExport(
    '/api/statistics/query/export',
    filters,
    xlsxName(`综合查询_${formatDate(new Date())}`),
  );
}

export const incomeQuery = (year: number) =>
  queryOptions({
    queryKey: ['statistics', 'income', year] as const,
    queryFn: async () =>
      unwrap(await http.get<Envelope<IncomeStatistics>>('/api/statistics/income', { year })),
    placeholderData: keepPreviousData,
  });

export function exportIncome(year: number): Promise<void> {
  return downloadExport('/api/statistics/income/export', { year }, xlsxName(`收入统计_${year}年`));
}
