// The spreadsheets of a project's list sheets (ExcelJS): the template of a sheet (its columns, required ones
// marked *, a drop-down for choices, and a sheet of instructions), the export of a project's rows in the same
// layout (built whole, or streamed a row at a time for a registry's many rows), and the reading of a filled-in
// template. Reading streams the workbook and stops at the sheet's row limit, so a large file never sits in memory
// whole; the columns are found by their headers, so a reordered template still reads.
import {
  describeSheetColumn,
  fenToYuan,
  formatMessage,
  formatShare,
  isBlankSheetRow,
  MSG,
  normalizeSheetHeader,
  sheetHeader,
  sheetMaxRows,
  type SheetCell,
  type SheetColumn,
  type SheetDef,
  type SheetValues,
} from '@cqjy/domain';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import { isAppError, refused } from '../../platform/errors.ts';

/** One data row of a sheet: its line number and its cells by column key. */
export type SheetRow = { line: number; cells: Record<string, SheetCell> };

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
const REQUIRED_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFCF1322' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true };
const MONEY_FORMAT = '#,##0.00';

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
    style: column.kind === 'money' ? { numFmt: MONEY_FORMAT } : {},
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

/**
 * A worksheet's data validations by address. ExcelJS keeps them as a map whose keys may be ranges (it writes a
 * range as one sqref and reads one back cell by cell); its typings name only a cell's `dataValidation`.
 */
type DataValidations = { add(address: string, validation: ExcelJS.DataValidation): void };

/** The template of a sheet: the list, drop-downs for its choices, and the instructions. */
export async function buildSheetTemplate(def: SheetDef): Promise<Buffer> {
  const { columns } = def;
  const maxRows = sheetMaxRows(def);
  const workbook = new ExcelJS.Workbook();
  const sheet = addListSheet(workbook, def.title, columns);
  const validations = (sheet as unknown as { dataValidations: DataValidations }).dataValidations;
  columns.forEach((column, i) => {
    if (column.kind !== 'choice') return;
    const letter = sheet.getColumn(i + 1).letter;
    // A drop-down on the rows an import takes (one range, not a cell each: 20,000 rows of a registry would make
    // as many cells); typing something else is refused by the sheet as by the import.
    validations.add(`${letter}2:${letter}${maxRows + 1}`, {
      type: 'list',
      allowBlank: !column.isRequired,
      formulae: [`"${(column.options ?? []).join(',')}"`],
      showErrorMessage: true,
      errorTitle: '输入有误',
      error: describeSheetColumn(column),
    });
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
    rule: `标 * 的列必填；每次最多导入${maxRows}行；请勿修改第一行的列名。`,
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

/** A row's values as the export's cells, in the columns' order (the list sheet's first column first). */
function toSheetRow(columns: readonly SheetColumn[], values: SheetValues): (string | number | null)[] {
  return columns.map((c) => toSheetValue(c, values[c.key]));
}

/** A project's rows of a sheet, in the template's layout (so it can be edited and imported again). */
export async function buildSheetExport(def: SheetDef, rows: readonly SheetValues[]): Promise<Buffer> {
  const { columns } = def;
  const workbook = new ExcelJS.Workbook();
  const sheet = addListSheet(workbook, def.title, columns);
  for (const values of rows) sheet.addRow(toSheetRow(columns, values));
  return toBuffer(workbook);
}

/** Waits until `out` takes more (its buffer drained); refuses when it is destroyed first (the client went away). */
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
 * The rows of a sheet, in buildSheetExport's layout (the same headers, widths and cell values, so the file can be
 * imported again), written to `out` as they come: ExcelJS's streaming writer commits each row to the zip, and the
 * next rows are taken only while `out` keeps up, so however many rows there are, only a few pages of them are in
 * memory. Settles when the workbook is written and `out` ended; refuses when the rows or the writing fail, or
 * `out` is destroyed (the caller destroys `out` with the error, so a reader already answered is cut off, not left
 * waiting).
 */
export async function streamSheetExport(
  def: SheetDef,
  rows: AsyncIterable<SheetValues>,
  out: Writable,
): Promise<void> {
  const { columns } = def;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = addListSheet(workbook, def.title, columns);
  sheet.getRow(1).commit();
  // One style object for the rows and one a column, shared by its cells: ExcelJS caches a style's id by the
  // object, and would otherwise give every row and cell a style object of its own to render and look up (half of
  // the export's time).
  const rowStyle: Partial<ExcelJS.Style> = {};
  const cellStyles = columns.map((column): Partial<ExcelJS.Style> =>
    column.kind === 'money' ? { numFmt: MONEY_FORMAT } : {},
  );
  let count = 0;
  for await (const values of rows) {
    const row = sheet.addRow(toSheetRow(columns, values));
    // (a row's own style is ExcelJS's, not in its typings)
    (row as unknown as { style: Partial<ExcelJS.Style> }).style = rowStyle;
    cellStyles.forEach((style, i) => {
      row.getCell(i + 1).style = style;
    });
    row.commit();
    count += 1;
    // every so often, let the zip catch up and wait while the reader is slower than the rows
    if (count % 500 === 0) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await drained(out);
    }
  }
  sheet.commit();
  if (out.destroyed) throw new Error('export stream closed');
  await workbook.commit();
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

/** Text of UTF-8 chunks, decoded across them: a character split between two chunks reads whole. */
async function* decodeUtf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text !== '') yield text;
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}

/** What readUtf8Workbook replaces of ExcelJS's streaming reader (4.4): not in its typings. */
type ReaderInternals = {
  _parseWorksheet(iterator: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
};

/**
 * ExcelJS's streaming reader, reading text whole. As it is (4.4), it decodes each inflated chunk of a sheet's or
 * of the shared strings' XML on its own, so a character split between two chunks becomes U+FFFD: in a file of a
 * few thousand rows of Chinese text some cells read garbled (机���设备; exceljs issues #2063, #2084, unfixed).
 * Its XML parser takes text as it comes, so here a worksheet's chunks are decoded across, and the shared strings'
 * entry decodes itself (setEncoding).
 */
function readUtf8Workbook(input: Readable): ExcelJS.stream.xlsx.WorkbookReader {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const internals = reader as unknown as ReaderInternals;
  const parseWorksheet = internals._parseWorksheet.bind(reader);
  const parseSharedStrings = internals._parseSharedStrings.bind(reader);
  internals._parseWorksheet = (iterator, sheetNo) => parseWorksheet(decodeUtf8(iterator), sheetNo);
  internals._parseSharedStrings = (entry) => parseSharedStrings(entry.setEncoding('utf8'));
  return reader;
}

/**
 * Reads the first sheet of a filled-in template: the header row, then every non-blank row, by column key.
 * Refuses a file that is no workbook, has no header of the sheet, no data, or more rows than one import of the
 * sheet takes.
 */
export async function readSheet(input: Readable, def: SheetDef): Promise<SheetRow[]> {
  const reader = readUtf8Workbook(input);
  const maxRows = sheetMaxRows(def);
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
        if (rows.length === maxRows) throw refused(formatMessage(MSG.assetsTooManyRows, { max: maxRows }));
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
