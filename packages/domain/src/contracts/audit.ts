// The calls of 操作日志 (spec 000: logs, GJS_WORKLOG_LT; the exchange's GJS_WORKLOG_LT_ADMIN). The spec names no
// calls; they take the portal's style. The list reads the caller's company's rows (every company's with the _ADMIN
// code); the chain's verification is of the whole log, which is one chain. The export (GET /api/logs/export, the
// filters ZAuditLogFilters as its query) answers a streamed file, not the envelope: it is the server's route alone.
import { z } from 'zod';
import { ZAuditChainState, ZAuditLogQuery, ZAuditLogRow } from '../audit-log.ts';
import { defineCall } from '../contract.ts';

/**
 * POST /api/logs/list: {page, size, operator?, action?, target?, companyName?, from?, to?} (days YYYY-MM-DD, +08:00,
 * both included) -> one page of the rows, newest first; the total is exact up to the list's cap.
 */
export const listLogsCall = defineCall({
  method: 'POST',
  path: '/api/logs/list',
  tag: 'logs',
  summary: '操作日志列表',
  body: ZAuditLogQuery,
  answer: z.object({
    list: z.array(ZAuditLogRow),
    total: z.number(),
    isTotalCapped: z.boolean().optional(),
  }),
});
export type LogsListBody = z.input<typeof listLogsCall.body>;

/** GET /api/logs/verify: {isValid, count, brokenId?, checkedAt}, walked at most once a minute. */
export const verifyLogsCall = defineCall({
  method: 'GET',
  path: '/api/logs/verify',
  tag: 'logs',
  summary: '日志链校验',
  answer: ZAuditChainState,
});
