// The calls of 操作日志: the list (the caller's company's rows, every company's with GJS_WORKLOG_LT_ADMIN), the
// streamed export with the same filters, and the state of the log's hash chain (walked by the server at most once
// a minute, so the page asks no more often).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { AuditChainState, AuditLogRow } from '@cqjy/domain/audit-log';
import { xlsxName } from '@cqjy/domain/format';
import { downloadExport } from '../../api/attachments.ts';
import { http, unwrap } from '../../lib/http.ts';

/** The filters as the server takes them: days as YYYY-MM-DD (+08:00), both ends included. */
export type LogsFilters = {
  operator?: string;
  action?: string;
  target?: string;
  companyName?: string;
  from?: string;
  to?: string;
};

export type LogsQuery = LogsFilters & { page: number; size: number };

const CHAIN_STALE_MS = 60_000;

export const logsListQuery = (query: LogsQuery) =>
  queryOptions({
    queryKey: ['logs', 'list', query] as const,
    queryFn: async () => unwrap(await http.post<Envelope<PageResult<AuditLogRow>>>('/api/logs/list', query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const logsChainQuery = () =>
  queryOptions({
    queryKey: ['logs', 'verify'] as const,
    queryFn: async () => unwrap(await http.get<Envelope<AuditChainState>>('/api/logs/verify')),
    staleTime: CHAIN_STALE_MS,
  });

/** The export of the filtered rows, streamed (`onProgress` hears the bytes as they come). */
export function exportLogs(filters: LogsFilters, onProgress?: (received: number) => void): Promise<void> {
  return downloadExport('/api/logs/export', filters, xlsxName('操作日志'), onProgress);
}
