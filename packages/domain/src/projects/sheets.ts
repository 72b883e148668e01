// The list sheets of a project: the spreadsheets its owner downloads as a template, fills in and imports, row by
// row, with a preview of every bad row before anything is stored (spec 001 section 7: the asset categories of the
// physical-asset families; the shareholder structure and the financial data of the equity families). A sheet is
// its columns with their Chinese labels and rules; the server (template, import, export) and the web (the list and
// its preview) read the same definitions, so a column or a rule is written once. Money is integer fen; quantities
// and areas keep the decimals they were typed with, as text, so nothing is rounded; shares are integer millionths.
import { z } from 'zod';
import { formatFen, formatMessage, formatThousands, parseYuanToFen } from '../format.ts';
import { fillIn, MSG, pleaseSelect } from '../messages.ts';
import { validateCreditCode } from '../validation/credit-code.ts';
import { validateEmail } from '../validation/email.ts';
import { validateIdCard } from '../validation/id-card.ts';
import { validateMobile } from '../validation/mobile.ts';
import { countChars } from '../validation/return-reason.ts';
import { formatShare, parseShareText } from './shares.ts';

/**
 * text: free text (max characters); integer: a whole number >= 0; decimal: a number >= 0 with at most `decimals`
 * decimals (kept as text); money: yuan with at most two decimals (stored as fen; below 0 only when `isSigned`);
 * share: a percentage with at most four decimals, 0 to 100 (stored as millionths); date: a calendar day; choice:
 * one of `options`; vin: a vehicle identification number (GB 16735: 17 characters without I, O and Q); creditCode:
 * a unified social credit code (GB 32100); idCard: a resident identity card number (GB 11643); mobile: a mainland
 * mobile number; email: an e-mail address (the rules of spec 000 section 5). Numbers are stored upper-cased.
 */
export type SheetColumnKind =
  | 'text'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'share'
  | 'date'
  | 'choice'
  | 'vin'
  | 'creditCode'
  | 'idCard'
  | 'mobile'
  | 'email'
  | 'bankAccount';

export type SheetColumn = {
  key: string;
  label: string;
  kind: SheetColumnKind;
  isRequired: boolean;
  /** text: the most characters */
  max?: number;
  decimals?: number;
  options?: readonly string[];
  /** money: a loss or a negative equity may be typed */
  isSigned?: boolean;
  /** what the template's instructions say beyond the rule itself */
  hint?: string;
};

/** A text column of at most `max` characters (the registries' and the lots' columns are built of them). */
export const textColumn = (key: string, label: string, max: number, isRequired = false): SheetColumn => ({
  key,
  label,
  kind: 'text',
  isRequired,
  max,
});

/** A checked row: text, whole numbers, fen, millionths, or 'YYYY-MM-DD'. Empty optional cells are left out. */
export const zSheetValues = z.record(z.string(), z.union([z.string(), z.number()]));

export type SheetValues = z.infer<typeof zSheetValues>;

export type SheetRowCheck = { values: SheetValues; errors: string[] };

/**
 * A list sheet of a project. `group` is the path segment of its calls (/api/project/{family}/{group}/...):
 * the ten asset categories share `asset` and are told apart by `key`; a sheet of its own has group = key.
 * An import appends rows to the list (an asset list grows file by file) or replaces it (a shareholder structure
 * is one whole). `checkSheet` states what the rows must satisfy together (shares adding up to at most 100%).
 */
export type SheetDef = {
  key: string;
  group: string;
  /** the title of the group's card, list and announcement part: 资产清单, 股权结构 */
  groupTitle: string;
  /** the label of the sheet and of its files: 机器设备资产清单, 股权结构 */
  title: string;
  columns: readonly SheetColumn[];
  importMode: 'append' | 'replace';
  checkSheet?: (rows: readonly SheetValues[]) => string[];
  /** the most data rows one import of the sheet takes; SHEET_IMPORT_MAX_ROWS when not given */
  maxRows?: number;
};

export type SheetGroup = { group: string; title: string; sheets: SheetDef[] };

/** The call groups of some sheets, in order, each with its title and its sheets. */
export function listSheetGroups(sheets: readonly SheetDef[]): SheetGroup[] {
  const groups: SheetGroup[] = [];
  for (const sheet of sheets) {
    const found = groups.find((each) => each.group === sheet.group);
    if (found === undefined) groups.push({ group: sheet.group, title: sheet.groupTitle, sheets: [sheet] });
    else found.sheets.push(sheet);
  }
  return groups;
}

/** A sheet's name within its group: 机器设备 of 机器设备资产清单 in 资产清单; a sheet of its own keeps its title. */
export function sheetLabel(sheet: Pick<SheetDef, 'title' | 'groupTitle'>): string {
  const label = sheet.title.endsWith(sheet.groupTitle) ? sheet.title.slice(0, -sheet.groupTitle.length) : '';
  return label === '' ? sheet.title : label;
}

/** The tag a filled-in template is uploaded under, as a file of its project, before it is imported. */
export const SHEET_IMPORT_TAG = 'assetImport';

/** The most data rows one import of a project's sheet takes; a larger list is split into several files. */
export const SHEET_IMPORT_MAX_ROWS = 5000;

/** The most data rows one import of the sheet takes (its own limit, or SHEET_IMPORT_MAX_ROWS). */
export function sheetMaxRows(sheet: Pick<SheetDef, 'maxRows'>): number {
  return sheet.maxRows ?? SHEET_IMPORT_MAX_ROWS;
}
export const SHEET_TEXT_MAX = 200;

/** A stored value of a column as screens and documents show it: money in yuan with separators, numbers grouped. */
export function showSheetValue(column: SheetColumn, value: string | number | undefined): string {
  if (value === undefined) return '';
  if (column.kind === 'money') return formatFen(value);
  if (column.kind === 'share' && typeof value === 'number') return `${formatShare(value)}%`;
  if (column.kind === 'decimal' || column.kind === 'integer') return formatThousands(value);
  return String(value);
}

/** A template header as it is written: required columns carry a leading *. */
export function sheetHeader(column: SheetColumn): string {
  return column.isRequired ? `*${column.label}` : column.label;
}

/** A header cell as a person may have typed it back: without the *, spaces and full-width brackets. */
export function normalizeSheetHeader(header: string): string {
  return header
    .replace(/^\s*[*＊]\s*/, '')
    .replace(/\s+/g, '')
    .replaceAll('(', '（')
    .replaceAll(')', '）');
}

/** The rule a column's instructions state, for the template's 填写说明 sheet. */
export function describeSheetColumn(column: SheetColumn): string {
  const rule = ((): string => {
    switch (column.kind) {
      case 'text':
        return `文本，不超过${column.max ?? SHEET_TEXT_MAX}个字`;
      case 'integer':
        return '不小于0的整数';
      case 'decimal':
        return column.decimals === 0 ? '不小于0的整数' : `不小于0的数，最多${column.decimals ?? 2}位小数`;
      case 'money':
        return column.isSigned === true
          ? '金额（元），可为负数（亏损填负数），最多两位小数'
          : '金额（元），不小于0，最多两位小数';
      case 'share':
        return '百分比数值（不含%），0至100，最多4位小数';
      case 'date':
        return '日期，如2024-05-01';
      case 'choice':
        return `填写以下之一：${(column.options ?? []).join('、')}`;
      case 'vin':
        return '17位车辆识别代号';
      case 'creditCode':
        return '18位统一社会信用代码';
      case 'idCard':
        return '18位居民身份证号码';
      case 'mobile':
        return '11位手机号码';
      case 'email':
        return '电子邮箱地址，如name@example.com';
      case 'bankAccount':
        return `${BANK_ACCOUNT_MIN}至${BANK_ACCOUNT_MAX}位数字的银行账号`;
    }
  })();
  return [column.isRequired ? '必填' : '选填', rule, column.hint].filter(Boolean).join('；');
}

/** A cell as it arrives from a sheet or a form: text, a number, a date, or nothing. */
export type SheetCell = string | number | Date | null | undefined;

const DAY = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/;
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

function isBlank(cell: SheetCell): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** A sheet's date (a Date at UTC midnight, as spreadsheets store days) or typed text, as 'YYYY-MM-DD'. */
function toDay(cell: SheetCell): string | null {
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  }
  const match = DAY.exec(String(cell).trim());
  if (match === null) return null;
  const [, y = '', m = '', d = ''] = match;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}

/** A non-negative number with at most `decimals` decimals, as canonical text ('1,200.50' -> '1200.50'). */
function toDecimalText(cell: SheetCell, decimals: number): string | null {
  const textValue = typeof cell === 'number' ? String(cell) : String(cell).trim().replaceAll(',', '');
  const pattern = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  if (!pattern.test(textValue)) return null;
  return textValue.replace(/^0+(?=\d)/, '');
}

/** Checks one cell; answers the stored value, or the message naming what is wrong. */
function checkCell(column: SheetColumn, cell: SheetCell): { value?: string | number; error?: string } {
  if (isBlank(cell)) {
    if (!column.isRequired) return {};
    // a choice is picked from its options (a form's drop-down), everything else is typed
    return { error: column.kind === 'choice' ? pleaseSelect(column.label) : fillIn(column.label) };
  }
  const { label } = column;
  switch (column.kind) {
    case 'text': {
      const value = String(cell instanceof Date ? cell.toISOString().slice(0, 10) : cell).trim();
      const max = column.max ?? SHEET_TEXT_MAX;
      return countChars(value) > max
        ? { error: formatMessage(MSG.assetsTextTooLong, { label, max }) }
        : { value };
    }
    case 'integer': {
      const value = toDecimalText(cell, 0);
      return value === null || !Number.isSafeInteger(Number(value))
        ? { error: formatMessage(MSG.assetsIntegerInvalid, { label }) }
        : { value: Number(value) };
    }
    case 'decimal': {
      const decimals = column.decimals ?? 2;
      const value = toDecimalText(cell, decimals);
      if (value !== null) return { value };
      return {
        error:
          decimals === 0
            ? formatMessage(MSG.assetsIntegerInvalid, { label })
            : formatMessage(MSG.assetsDecimalInvalid, { label, decimals }),
      };
    }
    case 'money': {
      const fen = parseYuanToFen(typeof cell === 'number' ? String(cell) : String(cell));
      if (column.isSigned === true) {
        return fen === null
          ? { error: formatMessage(MSG.sheetsSignedMoneyInvalid, { label }) }
          : { value: fen };
      }
      return fen === null || fen < 0
        ? { error: formatMessage(MSG.assetsMoneyInvalid, { label }) }
        : { value: fen };
    }
    case 'share': {
      const millionths = parseShareText(typeof cell === 'number' ? String(cell) : String(cell));
      return millionths === null
        ? { error: formatMessage(MSG.sheetsShareInvalid, { label }) }
        : { value: millionths };
    }
    case 'date': {
      const value = toDay(cell);
      return value === null ? { error: formatMessage(MSG.assetsDateInvalid, { label }) } : { value };
    }
    case 'choice': {
      const value = String(cell).trim();
      const options = column.options ?? [];
      return options.includes(value)
        ? { value }
        : { error: formatMessage(MSG.assetsChoiceInvalid, { label, options: options.join('、') }) };
    }
    case 'vin': {
      const value = String(cell).trim().toUpperCase();
      return VIN.test(value) ? { value } : { error: MSG.assetsVinInvalid };
    }
    case 'bankAccount': {
      // typed in groups of four as the passbook prints it; kept as the digits
      const value = String(cell).replace(/[\s-]/g, '');
      return BANK_ACCOUNT.test(value) ? { value } : { error: MSG.bankAccountInvalid };
    }
    case 'creditCode':
    case 'idCard':
    case 'mobile':
    case 'email': {
      const value = String(cell).trim();
      const message = CHECKS[column.kind](column.kind === 'email' ? value : value.toUpperCase());
      return message === null
        ? { value: column.kind === 'email' ? value : value.toUpperCase() }
        : { error: message };
    }
  }
}

/** The identity rules of spec 000 section 5, each with its own message. */
/** A bank account number: its digits (Chinese bank accounts and card numbers run from 8 to 30 digits). */
export const BANK_ACCOUNT_MIN = 8;
export const BANK_ACCOUNT_MAX = 30;
const BANK_ACCOUNT = new RegExp(`^\\d{${BANK_ACCOUNT_MIN},${BANK_ACCOUNT_MAX}}$`);

const CHECKS: Record<'creditCode' | 'idCard' | 'mobile' | 'email', (value: string) => string | null> = {
  creditCode: validateCreditCode,
  idCard: (value) => validateIdCard(value),
  mobile: validateMobile,
  email: validateEmail,
};

/**
 * Checks one row against a sheet's columns. `cells` is keyed by column key; cells of unknown keys are ignored.
 * Every failing cell is reported, in column order.
 */
export function checkSheetRow(
  columns: readonly SheetColumn[],
  cells: Readonly<Record<string, SheetCell>>,
): SheetRowCheck {
  const values: SheetValues = {};
  const errors: string[] = [];
  for (const column of columns) {
    const checked = checkCell(column, cells[column.key]);
    if (checked.error !== undefined) errors.push(checked.error);
    else if (checked.value !== undefined) values[column.key] = checked.value;
  }
  return { values, errors };
}

/** Whether every cell of a sheet row is empty (such rows are skipped, as spreadsheets keep formatted blanks). */
export function isBlankSheetRow(cells: Readonly<Record<string, SheetCell>>): boolean {
  return Object.values(cells).every(isBlank);
}

/** One row of a project's list sheet. */
export const ZProjectSheetRow = z.object({
  id: z.number(),
  /** the sheet key: an asset category, or structures / financials */
  category: z.string(),
  values: zSheetValues,
  createdAt: z.string(),
});

export type ProjectSheetRow = z.infer<typeof ZProjectSheetRow>;

/** One row of an import preview: its line in the sheet, what was read, and what is wrong with it. */
export const ZSheetPreviewRow = z.object({
  line: z.number(),
  values: zSheetValues,
  cells: z.record(z.string(), z.string()),
  errors: z.array(z.string()),
});

export type SheetPreviewRow = z.infer<typeof ZSheetPreviewRow>;

/** POST .../{group}/import/preview: the rows of the sheet, checked, nothing stored. */
export const ZSheetImportPreview = z.object({
  category: z.string(),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  rows: z.array(ZSheetPreviewRow),
  /** what the valid rows break together (shares above 100%): such a sheet is not imported */
  problems: z.array(z.string()),
});

export type SheetImportPreview = z.infer<typeof ZSheetImportPreview>;

/** POST .../{group}/import: how many rows were stored and how many were skipped for their errors. */
export const ZSheetImportResult = z.object({ imported: z.number(), skipped: z.number() });

export type SheetImportResult = z.infer<typeof ZSheetImportResult>;
