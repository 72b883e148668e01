// Display helpers shared by server and web (SH-9.1, BF-5.6): thousands separators, money in fen, masking, the
// +08:00 clock and export file names. Everything works on decimal strings where precision matters, so what is
// shown is exactly what is stored.
import { MSG } from './messages.ts';

// BF-5.6: the mobile mask lives with the mobile rules; re-exported so display code finds every mask here.
export { maskMobile } from './validation/mobile.ts';

/** The exchange works in China Standard Time, which has had no daylight saving since 1991. */
export const TIMEZONE_OFFSET_HOURS = 8;
export const TIMEZONE_OFFSET = '+08:00';
const OFFSET_MS = TIMEZONE_OFFSET_HOURS * 3_600_000;
export const DAY_MS = 86_400_000;

/** Fills `{name}` placeholders of a message template from MSG. Unknown placeholders stay visible on purpose. */
export function formatMessage(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

type DecimalParts = { isNegative: boolean; integer: string; fraction: string };

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Turns a number into plain decimal digits without exponent notation, keeping every digit String() gives. */
function expandExponent(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign = '', head = '', tail = '', exponentText = '0'] = match;
  const digits = head + tail;
  const pointAt = head.length + Number(exponentText);
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return sign + digits + '0'.repeat(pointAt - digits.length);
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

function parseDecimal(value: number | string): DecimalParts | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? expandExponent(value) : value.trim();
  const match = DECIMAL_TEXT.exec(text);
  if (match === null) return null;
  const [, sign = '', integer = '', fraction = ''] = match;
  if (integer === '' && fraction === '') return null;
  return { isNegative: sign === '-', integer: integer.replace(/^0+(?=\d)/, '') || '0', fraction };
}

/** Adds one unit in the last place of a digit string ('0999' -> '1000'), growing it when it overflows. */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let index = chars.length - 1; index >= 0; index -= 1) {
    if (chars[index] !== '9') {
      chars[index] = String(Number(chars[index]) + 1);
      return chars.join('');
    }
    chars[index] = '0';
  }
  return `1${chars.join('')}`;
}

/** Rounds half away from zero on the decimal digits, the way a cashier rounds, with no binary float on the way. */
function roundDecimal(parts: DecimalParts, decimals: number): DecimalParts {
  const padded = parts.fraction.padEnd(decimals + 1, '0');
  const kept = padded.slice(0, decimals);
  if (Number(padded[decimals]) < 5) return { ...parts, fraction: kept };
  const rounded = incrementDigits(parts.integer + kept);
  const integerLength = rounded.length - decimals;
  return {
    ...parts,
    integer: rounded.slice(0, integerLength) || '0',
    fraction: rounded.slice(integerLength),
  };
}

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A text shown to a reader: trimmed, or '—' when there is none (null, blank, not a text). */
export const orDash = (value: unknown): string =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : '—';

/**
 * SH-9.1: a number or numeric string with thousands separators, sign and decimals kept (1234567.5 with
 * decimals 2 -> '1,234,567.50'). Without `decimals` the decimals are shown as given. Empty input gives '';
 * text that is not a number is returned unchanged so that a bad value stays visible instead of turning into 0.
 */
export function formatThousands(value: number | string | null | undefined, decimals?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = parseDecimal(value);
  if (parsed === null) return String(value);
  const parts = decimals === undefined ? parsed : roundDecimal(parsed, Math.max(0, Math.trunc(decimals)));
  const isZero = /^0*$/.test(parts.integer + parts.fraction);
  const sign = parts.isNegative && !isZero ? '-' : '';
  const fraction = parts.fraction === '' ? '' : `.${parts.fraction}`;
  return sign + groupThousands(parts.integer) + fraction;
}

/** Money is stored in integer fen (BLUEPRINT section 2): 123456 -> '1234.56', exact for any safe integer. */
export function fenToYuan(fen: number | bigint | string): string {
  const text = typeof fen === 'string' ? fen.trim() : typeof fen === 'bigint' ? fen.toString() : String(fen);
  if (typeof fen === 'number' && !Number.isSafeInteger(fen))
    throw new RangeError(`金额（分）必须是整数：${text}`);
  if (!/^-?\d+$/.test(text)) throw new RangeError(`金额（分）必须是整数：${text}`);
  const isNegative = text.startsWith('-');
  const digits = (isNegative ? text.slice(1) : text).replace(/^0+(?=\d)/, '').padStart(3, '0');
  const yuan = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  return isNegative && !/^[0.]*$/.test(yuan) ? `-${yuan}` : yuan;
}

/** Money in fen shown as yuan with thousands separators: 123456789 -> '1,234,567.89'. */
export function formatFen(fen: number | bigint | string | null | undefined): string {
  if (fen === null || fen === undefined || fen === '') return '';
  return formatThousands(fenToYuan(fen));
}

/**
 * Parses a yuan amount typed by a user ('1,234.5') into integer fen (123450). Answers null for text that is not
 * an amount or has more than two decimals, rather than silently rounding money.
 */
export function parseYuanToFen(value: string): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim().replaceAll(',', ''));
  if (match === null) return null;
  const [, sign = '', integer = '', fraction = ''] = match;
  const fen = Number(integer + fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return sign === '-' && fen !== 0 ? -fen : fen;
}

/**
 * Keeps `head` leading and `tail` trailing characters and stars the rest. A value too short to have a hidden
 * middle is starred entirely: showing it whole would defeat the mask.
 */
function maskMiddle(value: string | null | undefined, head: number, tail: number): string {
  if (value === null || value === undefined) return '';
  const chars = [...value];
  if (chars.length <= head + tail) return '*'.repeat(chars.length);
  return chars.slice(0, head).join('') + '*'.repeat(chars.length - head - tail) + chars.slice(-tail).join('');
}

/** BF-2.5: an ID number shows its first 6 (the region) and last 4 characters. */
export function maskIdCard(value: string | null | undefined): string {
  return maskMiddle(value, 6, 4);
}

/** BF-5.6, as we read "hides the last 4": the last 4 characters become **** (京A12345 -> 京A1****). */
export function maskCarNumber(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const chars = [...value];
  const hidden = Math.min(4, chars.length);
  return chars.slice(0, chars.length - hidden).join('') + '*'.repeat(hidden);
}

export type DateInput = Date | number | string;

/** 'YYYY-MM-DD' alone means that calendar day at midnight in +08:00; other text is parsed by Date. */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return new Date(`${value}T00:00:00${TIMEZONE_OFFSET}`);
  }
  return new Date(value);
}

type ClockParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall clock in +08:00, whatever zone the machine runs in. */
function readClock(date: Date): ClockParts {
  const shifted = new Date(date.getTime() + OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad2 = (value: number): string => String(value).padStart(2, '0');
const pad4 = (value: number): string => String(value).padStart(4, '0');

/** The calendar day in +08:00 as 'YYYY-MM-DD'; '' for an invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const clock = readClock(date);
  return `${pad4(clock.year)}-${pad2(clock.month)}-${pad2(clock.day)}`;
}

/**
 * A record's code made from its id, so it is unique without a guess: the prefix, the +08:00 year of `at`, the
 * infix and the id in 7 digits (a project GR2026BJ0000123, a plan JH20260000001).
 */
export function yearSerialCode(
  format: { prefix: string; infix?: string },
  at: DateInput,
  id: number,
): string {
  return `${format.prefix}${formatDate(at).slice(0, 4)}${format.infix ?? ''}${String(id).padStart(7, '0')}`;
}

/** The calendar day in +08:00 as letters and announcements date it: 2026年11月22日; '' for an invalid date. */
export function formatChineseDate(value: DateInput): string {
  const day = formatDate(value);
  if (day === '') return '';
  const [year = '', month = '', date = ''] = day.split('-');
  return `${year}年${Number(month)}月${Number(date)}日`;
}

/** SH-9.1: 'YYYY-MM-DD HH:mm:ss' in +08:00 regardless of the machine's zone; '' for an invalid date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const clock = readClock(date);
  return `${formatDate(date)} ${pad2(clock.hour)}:${pad2(clock.minute)}:${pad2(clock.second)}`;
}

/** BF-3.1 passDate: ISO 8601 with the +08:00 offset ('2026-11-22T10:00:00+08:00'); '' for an invalid date. */
export function toIsoOffset(value: DateInput): string {
  const text = formatDateTime(value);
  return text === '' ? '' : `${text.replace(' ', 'T')}${TIMEZONE_OFFSET}`;
}

/** SH-9.1: exported workbooks always end in .xlsx; a blank name falls back to a generic one. */
export function xlsxName(base: string): string {
  const name = base.trim() || MSG.exportDefaultName;
  return /\.xlsx$/i.test(name) ? name : `${name}.xlsx`;
}

/** A byte count as a person reads it: 512 B, 12.3 KB, 4.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
