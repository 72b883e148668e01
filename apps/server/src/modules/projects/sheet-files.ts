// The spreadsheets of a project's list sheets (ExcelJS): the template of a sheet (its columns, required ones
// marked *, a drop-down for choices, and a sheet of instructions), the export of a project's rows in the same
// layout, and the reading of a filled-in template. Reading streams the workbook and stops at the row limit, so a
// large file never sits in memory whole; the columns are found by their headers, so a reordered template still
// reads.
import {
  describeSheetColumn,
  fenToYuan,
  formatMessage,
  formatShare,
  isBlankSheetRow,
  MSG,
  normalizeSheetHeader,
  SHEET_IMPORT_MAX_ROWS,
  sheetHeader,
  type SheetCell,
  type SheetColumn,
  type SheetDef,
  type SheetValues,
} from '@cqjy/domain';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { isAppError, refused } from '../../platform/errors.ts';

/** One data row of a sheet: its line number and its cells by column key. */
export type SheetRow = { line: number; cells: Record<string, SheetCell> };

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
const REQUIRED_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFCF1322' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true };

function columnWidth(column: SheetColumn): number {
  return Math.min(40, Math.max(12, [...column.label].length * 2 + 4));
}

/** The list sheet: headers, widths, a frozen header row, and number formats for money. */
function addListSheet(workbook: ExcelJS.Workbook, title: string, columns: readonly SheetColumn[]) {
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: sheetHeader(column),
    key: column.key,
    width: columnWidth(column),
    style: column.kind === 'money' ? { numFmt: '#,##0.00' } : {},
  }));
  const header = sheet.getRow(1);
  columns.forEach((column, i) => {
    const cell = header.getCell(i + 1);
    cell.font = column.isRequired ? REQUIRED_FONT : HEADER_FONT;
    cell.fill = HEADER_FILL;
    cell.note = describeSheetColumn(column);
  });
  return sheet;
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The template of a sheet: the list, drop-downs for its choices, and the instructions. */
export async function buildSheetTemplate(def: SheetDef): Promise<Buffer> {
  const { columns } = def;
  const workbook = new ExcelJS.Workbook();
  const sheet = addListSheet(workbook, def.title, columns);
  columns.forEach((column, i) => {
    if (column.kind !== 'choice') return;
    const letter = sheet.getColumn(i + 1).letter;
    // A drop-down on the rows an import takes; typing something else is refused by the sheet as by the import.
    for (let row = 2; row <= SHEET_IMPORT_MAX_ROWS + 1; row += 1) {
      sheet.getCell(`${letter}${row}`).dataValidation = {
        type: 'list',
        allowBlank: !column.isRequired,
        formulae: [`"${(column.options ?? []).join(',')}"`],
        showErrorMessage: true,
        errorTitle: '输入有误',
        error: describeSheetColumn(column),
      };
    }
  });
  const help = workbook.addWorksheet('填写说明');
  help.columns = [
    { header: '列名', key: 'label', width: 24 },
    { header: '填写要求', key: 'rule', width: 70 },
  ];
  help.getRow(1).font = HEADER_FONT;
  for (const column of columns) help.addRow({ label: column.label, rule: describeSheetColumn(column) });
  help.addRow({});
  help.addRow({
    label: '说明',
    rule: `标 * 的列必填；每次最多导入${SHEET_IMPORT_MAX_ROWS}行；请勿修改第一行的列名。`,
  });
  return toBuffer(workbook);
}

/** A stored value as the sheet shows it: money as a number of yuan, a share as its percentage, the rest as it is. */
function toSheetValue(column: SheetColumn, value: string | number | undefined): string | number | null {
  if (value === undefined) return null;
  if (column.kind === 'money' && typeof value === 'number') return Number(fenToYuan(value));
  if (column.kind === 'share' && typeof value === 'number') return Number(formatShare(value));
  if (column.kind === 'decimal' && typeof value === 'string') return Number(value);
  return value;
}

/** A project's rows of a sheet, in the template's layout (so it can be edited and imported again). */
export async function buildSheetExport(def: SheetDef, rows: readonly SheetValues[]): Promise<Buffer> {
  const { columns } = def;
  const workbook = new ExcelJS.Workbook();
  const sheet = addListSheet(workbook, def.title, columns);
  for (const values of rows) {
    sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, toSheetValue(c, values[c.key])])));
  }
  return toBuffer(workbook);
}

/** A cell as ExcelJS reads it (rich text, formulas, links, errors) reduced to what a person sees in it. */
function toSheetCell(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || typeof result === 'object' ? null : toSheetCell(result);
  }
  if ('text' in value) return String(value.text);
  return null;
}

/** Finds each column of the sheet by its header; a missing required column refuses the file. */
function mapHeaders(def: SheetDef, headers: readonly SheetCell[]): Map<number, SheetColumn> {
  const byHeader = new Map(def.columns.map((c) => [normalizeSheetHeader(c.label), c]));
  const found = new Map<number, SheetColumn>();
  headers.forEach((header, index) => {
    const column = typeof header === 'string' ? byHeader.get(normalizeSheetHeader(header)) : undefined;
    if (column !== undefined && ![...found.values()].includes(column)) found.set(index, column);
  });
  const missing = def.columns.find((c) => c.isRequired && ![...found.values()].includes(c));
  if (missing !== undefined) {
    throw refused(formatMessage(MSG.assetsTemplateMismatch, { category: def.title, label: missing.label }));
  }
  return found;
}

/**
 * Reads the first sheet of a filled-in template: the header row, then every non-blank row, by column key.
 * Refuses a file that is no workbook, has no header of the sheet, no data, or more rows than one import takes.
 */
export async function readSheet(input: Readable, def: SheetDef): Promise<SheetRow[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: SheetRow[] = [];
  let columns: Map<number, SheetColumn> | undefined;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(toSheetCell);
        if (columns === undefined) {
          if (values.every((v) => v === null || String(v).trim() === '')) continue;
          columns = mapHeaders(def, values);
          continue;
        }
        const cells: Record<string, SheetCell> = {};
        for (const [index, column] of columns) cells[column.key] = values[index];
        if (isBlankSheetRow(cells)) continue;
        if (rows.length === SHEET_IMPORT_MAX_ROWS) {
          throw refused(formatMessage(MSG.assetsTooManyRows, { max: SHEET_IMPORT_MAX_ROWS }));
        }
        rows.push({ line: row.number, cells });
      }
      // Only the first sheet is the list; the instructions and anything else are not read.
      break;
    }
  } catch (error) {
    if (isAppError(error)) throw error;
    throw refused(MSG.assetsFileInvalid);
  }
  if (columns === undefined) throw refused(MSG.assetsFileInvalid);
  if (rows.length === 0) throw refused(MSG.assetsEmpty);
  return rows;
}
