// 导出 of the project list (projects contract; SH-9.1): the rows of the current page as an .xlsx workbook built in
// the browser. exceljs is large, so it is imported only when the user clicks 导出 and stays out of every page's
// first load.
import { formatDate, formatDateTime, formatFen, xlsxName } from '@cqjy/domain/format';
import { saveBlob } from '../../api/attachments.ts';
import type { ProjectListRow } from '@cqjy/domain/projects/views';

export const EXPORT_FILE_BASE = '项目列表';

/** The sheet's columns, in the list's order; money as yuan with separators, as the list shows it. */
export const EXPORT_COLUMNS: { header: string; value: (row: ProjectListRow) => string; width: number }[] = [
  { header: '项目编号', value: (row) => row.code, width: 22 },
  { header: '项目名称', value: (row) => row.name, width: 36 },
  { header: '项目类别', value: (row) => row.familyLabel, width: 12 },
  { header: '项目状态', value: (row) => row.statusLabel, width: 12 },
  { header: '挂牌价（元）', value: (row) => formatFen(row.listingPrice), width: 18 },
  {
    header: '披露截止日',
    value: (row) => (row.disclosureEnd ? formatDate(row.disclosureEnd) : ''),
    width: 14,
  },
  { header: '转让方', value: (row) => row.companyName, width: 30 },
  { header: '更新时间', value: (row) => formatDateTime(row.updatedAt), width: 20 },
];

/** The table of cells the sheet holds: the header row, then one row per project. */
export function toSheetRows(rows: readonly ProjectListRow[]): string[][] {
  return [
    EXPORT_COLUMNS.map((column) => column.header),
    ...rows.map((row) => EXPORT_COLUMNS.map((column) => column.value(row))),
  ];
}

export async function exportProjects(rows: readonly ProjectListRow[]): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(EXPORT_FILE_BASE);
  sheet.columns = EXPORT_COLUMNS.map((column) => ({ width: column.width }));
  sheet.addRows(toSheetRows(rows));
  sheet.getRow(1).font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    xlsxName(EXPORT_FILE_BASE),
  );
}
