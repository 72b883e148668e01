// The bank's statement file, for when the link is down: CSV (UTF-8, or GB18030 as Chinese banks export it) or an
// Excel workbook (.xlsx, its first sheet), told apart by their bytes, not their names. Its columns are found by
// their headers (mapStatementHeaders); each line is read (readStatementLine) and judged as a notice would be, so
// the preview shows what the import will do. A transfer already told by a notice, or twice in the file, counts once.
import {
  MSG,
  STATEMENT_COLUMNS,
  STATEMENT_LINES_MAX,
  formatMessage,
  judgeArrival,
  mapStatementHeaders,
  readStatementLine,
  type BankArrival,
  type StatementColumn,
} from '@cqjy/domain';
import {
  DEPOSIT_RECORD_RESULTS,
  STATEMENT_FILE_MAX_BYTES,
  type DepositRecordResult,
  type StatementLine,
} from '@cqjy/domain/contracts/deposits';
import ExcelJS from 'exceljs';
import type { AuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import type { DepositsDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { findTarget, recordArrival } from './arrivals.ts';

export type StatementFile = { fileName: string; content: string };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Splits CSV text into rows of cells (RFC 4180: quoted cells may hold commas, quotes doubled, line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let isQuoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        isQuoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      isQuoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/** An Excel cell as text: a time cell's wall clock (ExcelJS keeps it in UTC fields), a formula's result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

async function readRows(file: StatementFile): Promise<string[][]> {
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.length === 0) throw refused(MSG.uploadEmpty);
  if (bytes.length > STATEMENT_FILE_MAX_BYTES) throw refused(MSG.depositStatementFileTooLarge);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw refused(MSG.depositStatementFileInvalid);
    }
    const sheet = workbook.worksheets[0];
    if (sheet === undefined) throw refused(MSG.depositStatementEmpty);
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellText));
    });
    return rows;
  }
  const text = decodeText(bytes);
  // a binary file that is no workbook is no statement
  if (text.includes('\u0000')) throw refused(MSG.depositStatementFileInvalid);
  return parseCsv(text);
}

type ReadLine = { line: number; cells: Record<StatementColumn, string> } & (
  { value: BankArrival; message: null } | { value: null; message: string }
);

/** The file's lines below its header, each read into an arrival or the message of what is wrong with it. */
async function readLines(file: StatementFile): Promise<ReadLine[]> {
  const rows = (await readRows(file)).map((cells) => cells.map((cell) => cell.trim()));
  const headerIndex = rows.findIndex((cells) => cells.some((cell) => cell !== ''));
  if (headerIndex < 0) throw refused(MSG.depositStatementEmpty);
  const mapped = mapStatementHeaders(rows[headerIndex] ?? []);
  if (mapped.columns === null) throw refused(mapped.message);
  const { columns } = mapped;
  const lines: ReadLine[] = [];
  rows.forEach((cells, index) => {
    if (index <= headerIndex || cells.every((cell) => cell === '')) return;
    const named = Object.fromEntries(
      (Object.keys(STATEMENT_COLUMNS) as StatementColumn[]).map((key) => [key, cells[columns[key]] ?? '']),
    ) as Record<StatementColumn, string>;
    lines.push({ line: index + 1, cells: named, ...readStatementLine(named) });
  });
  if (lines.length === 0) throw refused(MSG.depositStatementEmpty);
  if (lines.length > STATEMENT_LINES_MAX) {
    throw refused(formatMessage(MSG.depositStatementTooManyLines, { max: STATEMENT_LINES_MAX }));
  }
  return lines;
}

function emptyCounts(): Record<DepositRecordResult, number> {
  return Object.fromEntries(DEPOSIT_RECORD_RESULTS.map((result) => [result, 0])) as Record<
    DepositRecordResult,
    number
  >;
}

/** POST /api/deposit/statement/import/preview: each line read and judged as the import would; nothing stored. */
export async function previewStatement(deps: DepositsDeps, file: StatementFile) {
  const lines = await readLines(file);
  const recorded = await repo.findRecordedSerials(
    deps.db,
    lines.flatMap((line) => (line.value === null ? [] : [line.value.serial])),
  );
  const seen = new Set<string>();
  // a deposit a line above matched is arrived for the lines below it
  const arrivedAbove = new Set<number>();
  const counts = emptyCounts();
  let invalid = 0;
  const shown: StatementLine[] = [];
  for (const line of lines) {
    const base = {
      line: line.line,
      serial: line.cells.serial,
      account: line.cells.account,
      payerName: line.cells.payerName,
    };
    if (line.value === null) {
      invalid += 1;
      shown.push({
        ...base,
        amount: null,
        arrivedAt: null,
        result: null,
        message: line.message,
        registrationName: '',
      });
      continue;
    }
    const arrival = line.value;
    const { item, target } = await findTarget(deps, deps.db, arrival.account);
    let result: DepositRecordResult;
    if (recorded.has(arrival.serial) || seen.has(arrival.serial)) {
      result = 'duplicate';
    } else {
      const isArrived = item !== undefined && arrivedAbove.has(item.id);
      result = judgeArrival(
        arrival,
        target === null ? null : { ...target, isArrived: target.isArrived || isArrived },
      );
      if (result === 'matched' && item !== undefined) arrivedAbove.add(item.id);
    }
    seen.add(arrival.serial);
    counts[result] += 1;
    shown.push({
      ...base,
      serial: arrival.serial,
      amount: arrival.amount,
      arrivedAt: arrival.arrivedAt,
      result,
      message: '',
      registrationName: item?.name ?? '',
    });
  }
  return { lines: shown, invalid, counts };
}

/**
 * POST /api/deposit/statement/import: the readable lines recorded in one transaction (all or none), each transfer
 * once; the lines that cannot be read are counted and left out.
 */
export async function importStatement(deps: DepositsDeps, recorder: AuditActor, file: StatementFile) {
  const lines = await readLines(file);
  const counts = emptyCounts();
  const invalid = lines.filter((line) => line.value === null).length;
  await deps.db.transaction(async (tx) => {
    for (const line of lines) {
      if (line.value === null) continue;
      counts[await recordArrival(deps, tx, line.value, 'statement', recorder)] += 1;
    }
    await deps.audit.append(tx, {
      ...recorder,
      action: 'deposit.statement',
      result: 'ok',
      target: file.fileName,
      detail: { counts, invalid },
    });
  });
  return { invalid, counts };
}
