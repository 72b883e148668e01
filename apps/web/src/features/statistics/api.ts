// The calls of 综合查询 and 收入统计 (contracts/statistics.ts): a page of one kind's matches, the year's income
// figures, and the exports of both (files, not envelope calls: downloaded by their paths).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  incomeStatisticsCall,
  searchStatisticsCall,
  type StatisticsSearchBody,
} from '@cqjy/domain/contracts/statistics';
import { formatDate, xlsxName } from '@cqjy/domain/format';
import type { QueryFilters } from '@cqjy/domain/statistics';
import { downloadExport } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';

/** The page keeps its page and size itself: both always sent. */
export type SearchQuery = StatisticsSearchBody & { page: number; size: number };

export const searchQuery = (query: SearchQuery) =>
  queryOptions({
    queryKey: ['statistics', 'query', query] as const,
    queryFn: () => fetchData(searchStatisticsCall, { body: query }),
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
    queryFn: () => fetchData(incomeStatisticsCall, { query: { year } }),
    placeholderData: keepPreviousData,
  });

export function exportIncome(year: number): Promise<void> {
  return downloadExport('/api/statistics/income/export', { year }, xlsxName(`收入统计_${year}年`));
}
