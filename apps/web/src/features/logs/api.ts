// The calls of 操作日志 (contracts/audit.ts): the list (the caller's company's rows, every company's with
// GJS_WORKLOG_LT_ADMIN), the streamed export with the same filters (a file, not an envelope call: downloaded by its
// path), and the state of the log's hash chain (walked by the server at most once a minute, so the page asks no
// more often).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ZAuditLogFilters } from '@cqjy/domain/audit-log';
import { listLogsCall, verifyLogsCall, type LogsListBody } from '@cqjy/domain/contracts/audit';
import { xlsxName } from '@cqjy/domain/format';
import type { z } from 'zod';
import { downloadExport } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';

/** The filters as the server takes them: days as YYYY-MM-DD (+08:00), both ends included. */
export type LogsFilters = z.input<typeof ZAuditLogFilters>;

/** The page keeps its page and size itself: both always sent. */
export type LogsQuery = LogsListBody & { page: number; size: number };

const CHAIN_STALE_MS = 60_000;

export const logsListQuery = (query: LogsQuery) =>
  queryOptions({
    queryKey: ['logs', 'list', query] as const,
    queryFn: () => fetchData(listLogsCall, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const logsChainQuery = () =>
  queryOptions({
    queryKey: ['logs', 'verify'] as const,
    queryFn: () => fetchData(verifyLogsCall, {}),
    staleTime: CHAIN_STALE_MS,
  });

/** The export of the filtered rows, streamed (`onProgress` hears the bytes as they come). */
export function exportLogs(filters: LogsFilters, onProgress?: (received: number) => void): Promise<void> {
  return downloadExport('/api/logs/export', filters, xlsxName('操作日志'), onProgress);
}
