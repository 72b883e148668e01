// 操作日志: reading the audit log back (the list, the export) and the chain's verification for the page. A reader
// holding GJS_WORKLOG_LT sees its own company's rows; GJS_WORKLOG_LT_ADMIN (the exchange) every company's, and may
// filter by company. Reading changes nothing and is not audited; the export is (`logs.export`): a copy of the log
// leaving the system is something an exchange wants to be able to trace.
import {
  auditActionLabel,
  auditResultLabel,
  DAY_MS,
  describeAuditDetail,
  formatDateTime,
  formatMessage,
  LIST_COUNT_CAP,
  LOGS_EXPORT_ACTION,
  MSG,
  summarizeAuditDetail,
  toDate,
  xlsxName,
  type AuditChainState,
  type AuditLogFilters,
  type AuditLogRow,
  type PageResult,
} from '@cqjy/domain';
import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import type { SessionContext, RequestOrigin } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { refused } from '../../platform/errors.ts';
import * as repo from './repo.ts';
import { verifyAuditChain, type AuditService } from './service.ts';

export type LogsService = ReturnType<typeof createLogsService>;

export type LogsReader = Pick<SessionContext, 'companyId' | 'codes'>;
export type LogsActor = Pick<
  SessionContext,
  'userId' | 'operatorId' | 'companyId' | 'identityType' | 'codes'
> &
  RequestOrigin;

/** The code that widens the log to every company. */
export const LOGS_ADMIN_CODE = 'GJS_WORKLOG_LT_ADMIN';

/** How long one walk of the chain answers the page: the walk reads every row, and the page is opened often. */
export const CHAIN_CACHE_MS = 60_000;

/** The most rows one export holds: more is a copy of the whole log, which the filters should narrow first. */
export const LOGS_EXPORT_MAX = 100_000;

/** Rows an export reads at a time. */
const EXPORT_PAGE = 1000;

const EXPORT_COLUMNS: readonly { header: string; width: number }[] = [
  { header: '时间', width: 20 },
  { header: '操作人', width: 16 },
  { header: '单位', width: 30 },
  { header: '操作', width: 20 },
  { header: '对象', width: 24 },
  { header: '结果', width: 10 },
  { header: 'IP', width: 18 },
];

export type LogsExport = { fileName: string; body: Readable; count: number };

function scopeOf(reader: LogsReader): repo.LogScope {
  return reader.codes.includes(LOGS_ADMIN_CODE)
    ? { kind: 'all' }
    : { kind: 'company', companyId: reader.companyId };
}

/** The filters as the database reads them: the days as instants in +08:00, the last day included whole. */
function toLogFilter(reader: LogsReader, filters: AuditLogFilters): repo.LogFilter {
  return {
    scope: scopeOf(reader),
    operator: filters.operator,
    action: filters.action,
    target: filters.target,
    companyName: filters.companyName,
    from: filters.from === undefined ? undefined : toDate(filters.from),
    before: filters.to === undefined ? undefined : new Date(toDate(filters.to).getTime() + DAY_MS),
  };
}

function toLogRow(item: repo.LogItem): AuditLogRow {
  return {
    id: item.id,
    at: item.at.toISOString(),
    operatorName: item.nickname?.trim() || (item.username ?? ''),
    companyName: item.companyName ?? '',
    action: item.action,
    actionLabel: auditActionLabel(item.action),
    target: item.target ?? '',
    result: item.result,
    resultLabel: auditResultLabel(item.result),
    ip: item.ip ?? '',
    detail: summarizeAuditDetail(item.detail, item.action),
    facts: describeAuditDetail(item.detail, item.action),
  };
}

/** Waits until `out` takes more; refuses when it is destroyed first (the client went away). */
async function drained(out: Writable): Promise<void> {
  if (out.destroyed) throw new Error('export stream closed');
  if (!out.writableNeedDrain) return;
  const stop = new AbortController();
  await Promise.race([
    once(out, 'drain', { signal: stop.signal }),
    once(out, 'close', { signal: stop.signal }),
  ]);
  stop.abort();
  if (out.destroyed) throw new Error('export stream closed');
}

/**
 * The rows into a workbook written to `out` as they come (ExcelJS's streaming writer commits each row to the zip),
 * taking the next rows only while `out` keeps up: however many rows, only a page of them is in memory.
 */
async function streamLogWorkbook(rows: AsyncIterable<AuditLogRow>, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('操作日志', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const row of rows) {
    sheet
      .addRow([
        formatDateTime(row.at),
        row.operatorName,
        row.companyName,
        row.actionLabel,
        row.target,
        row.resultLabel,
        row.ip,
      ])
      .commit();
    count += 1;
    if (count % 500 === 0) {
      // let the zip catch up, and wait while the reader is slower than the rows
      await new Promise<void>((resolve) => setImmediate(resolve));
      await drained(out);
    }
  }
  sheet.commit();
  if (out.destroyed) throw new Error('export stream closed');
  await workbook.commit();
}

export function createLogsService(deps: { db: Db; audit: AuditService; clock: Clock }) {
  const { db, audit, clock } = deps;
  /** the last walk of the chain, shared by every reader until it is CHAIN_CACHE_MS old */
  let chain: { at: number; state: Promise<AuditChainState> } | undefined;

  async function list(
    reader: LogsReader,
    query: AuditLogFilters & { page: number; size: number },
  ): Promise<PageResult<AuditLogRow>> {
    const filter = toLogFilter(reader, query);
    const [items, n] = await Promise.all([
      repo.listLog(db, filter, query),
      repo.countLog(db, filter, LIST_COUNT_CAP),
    ]);
    return {
      list: items.map(toLogRow),
      total: Math.min(n, LIST_COUNT_CAP),
      isTotalCapped: n > LIST_COUNT_CAP,
    };
  }

  async function* exportItems(filter: repo.LogFilter): AsyncGenerator<AuditLogRow> {
    let after: { at: Date; id: number } | undefined;
    let left = LOGS_EXPORT_MAX;
    while (left > 0) {
      const page = await repo.listLogAfter(db, filter, after, Math.min(EXPORT_PAGE, left));
      for (const item of page) yield toLogRow(item);
      const last = page.at(-1);
      if (last === undefined || page.length < EXPORT_PAGE) return;
      left -= page.length;
      after = { at: last.at, id: last.id };
    }
  }

  /**
   * The rows matching, newest first, as a streamed .xlsx. Refused before anything is written when more than
   * LOGS_EXPORT_MAX rows match; the export is audited (with its filters and row count) before the file starts.
   */
  async function exportLog(actor: LogsActor, filters: AuditLogFilters): Promise<LogsExport> {
    const filter = toLogFilter(actor, filters);
    const count = await repo.countLog(db, filter, LOGS_EXPORT_MAX);
    if (count > LOGS_EXPORT_MAX) {
      throw refused(formatMessage(MSG.logsExportTooMany, { max: LOGS_EXPORT_MAX }));
    }
    const shown = Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
    );
    await audit.append(db, {
      ...toAuditActor(actor),
      action: LOGS_EXPORT_ACTION,
      result: 'ok',
      target: null,
      detail: { ...shown, count },
    });
    const body = new PassThrough();
    // a failure once the answer has started destroys the stream, which cuts the download off
    streamLogWorkbook(exportItems(filter), body).catch((error: unknown) => {
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return { fileName: xlsxName('操作日志'), body, count };
  }

  /** The whole chain's state, walked again once the last walk is CHAIN_CACHE_MS old (or failed). */
  function verify(): Promise<AuditChainState> {
    const now = clock.now().getTime();
    if (chain !== undefined && now - chain.at < CHAIN_CACHE_MS) return chain.state;
    const state = verifyAuditChain(db).then((outcome): AuditChainState => ({
      ...outcome,
      checkedAt: new Date(now).toISOString(),
    }));
    const entry = { at: now, state };
    chain = entry;
    // a failed walk (the database away) is not kept: the next visit tries again
    state.catch(() => {
      if (chain === entry) chain = undefined;
    });
    return state;
  }

  return { list, exportLog, verify };
}
