import {
  formatDate,
  formatMessage,
  MSG,
  QUERY_EXPORT_MAX,
  QUERY_KIND_LABELS,
  xlsxName,
  type PageResult,
  type QueryFilters,
  type QueryKind,
  type QueryRow,
} from '@cqjy/domain';
import ExcelJS from 'exceljs';
import { toAuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import type { Exporter, Reader, StatisticsDeps } from '../deps.ts';
import { scopeOf } from '../scope.ts';
import { QUERY_COLUMNS, SEARCHES, toFilter } from '../searches.ts';

/** 综合查询: one page of one kind's matches among what the reader sees. */
export async function query(
  deps: StatisticsDeps,
  reader: Reader,
  input: QueryFilters & { kind: QueryKind; page: number; size: number },
): Promise<PageResult<QueryRow>> {
  const filter = toFilter(input, input.size, (input.page - 1) * input.size);
  return SEARCHES[input.kind](deps.db, scopeOf(reader), filter);
}

/** Every kind's matches as a sheet of one workbook; refused when a kind has more than QUERY_EXPORT_MAX. */
export async function exportQuery(
  deps: StatisticsDeps,
  actor: Exporter,
  filters: QueryFilters,
): Promise<{ fileName: string; body: Buffer }> {
  const { db, audit, clock } = deps;
  const scope = scopeOf(actor);
  const workbook = new ExcelJS.Workbook();
  const counts: Record<string, number> = {};
  for (const kind of Object.keys(SEARCHES) as QueryKind[]) {
    const page = await SEARCHES[kind](db, scope, toFilter(filters, QUERY_EXPORT_MAX + 1, 0));
    if (page.list.length > QUERY_EXPORT_MAX) {
      throw refused(formatMessage(MSG.queryExportTooMany, { max: QUERY_EXPORT_MAX }));
    }
    counts[kind] = page.list.length;
    const sheet = workbook.addWorksheet(QUERY_KIND_LABELS[kind]);
    sheet.columns = QUERY_COLUMNS.map(({ title, width }) => ({ header: title, width }));
    for (const row of page.list) sheet.addRow(QUERY_COLUMNS.map((column) => column.value(row)));
  }
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  await db.transaction(async (tx) => {
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'statistics.query.export',
      result: 'ok',
      target: null,
      detail: { filters, counts },
    });
  });
  return { fileName: xlsxName(`综合查询_${formatDate(clock.now())}`), body };
}
