// Citizen identity numbers (SH-5.4, GB 11643-1999): 18 characters, or 15 for first-generation cards.
import { MSG } from '../messages.ts';
import { formatDate } from '../format.ts';
import { isProvinceCode } from './province-codes.ts';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARS = '10X98765432';

/**
 * Residence permits of Hong Kong, Macao and Taiwan residents (issued since 2018) carry an 18-character number
 * with the prefix 810000, 820000 or 830000. 83 is not a GB/T 2260 code, but the permit is a lawful identity
 * document of a natural person, so it is accepted beside the province table.
 */
const RESIDENCE_PERMIT_PREFIXES = new Set(['83']);

const EIGHTEEN = /^\d{17}[\dX]$/;
const FIFTEEN = /^\d{15}$/;

/** The GB 11643 check character of the first 17 digits. */
export function computeIdCardCheck(body17: string): string {
  if (!/^\d{17}$/.test(body17)) throw new RangeError(`身份证号码本体码必须是17位数字：${body17}`);
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    sum += Number(body17[index]) * (WEIGHTS[index] ?? 0);
  }
  return CHECK_CHARS[sum % 11] ?? '';
}

/** A real calendar day: 2023-02-29 is not one. */
function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The birth date written in a well-formed number, as 'YYYY-MM-DD' (15-digit numbers are all 19yy). */
export function readIdCardBirthDate(value: string): string | undefined {
  const digits =
    value.length === 18 ? value.slice(6, 14) : value.length === 15 ? `19${value.slice(6, 12)}` : '';
  if (!/^\d{8}$/.test(digits)) return undefined;
  const [year, month, day] = [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)];
  return isRealDate(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : undefined;
}

/**
 * Only the first two digits of the 6-digit address code are checked, against the province table: county codes
 * are renamed, merged and abolished over the years while the numbers issued under them stay valid for life.
 */
function hasKnownRegion(value: string): boolean {
  const province = value.slice(0, 2);
  return isProvinceCode(province) || (value.length === 18 && RESIDENCE_PERMIT_PREFIXES.has(province));
}

/**
 * Whether a value is an identity number: 15 digits, or 17 digits and the check character (a lowercase x is
 * taken as X, as people type it); a known region; a real birth date from 1900 on and not after `today` (+08:00).
 */
export function isIdCard(value: unknown, now: Date = new Date()): boolean {
  if (typeof value !== 'string') return false;
  const number = value.toUpperCase();
  if (!EIGHTEEN.test(number) && !FIFTEEN.test(number)) return false;
  if (!hasKnownRegion(number)) return false;
  const birth = readIdCardBirthDate(number);
  if (birth === undefined || birth < '1900-01-01' || birth > formatDate(now)) return false;
  return number.length === 15 || computeIdCardCheck(number.slice(0, 17)) === number[17];
}

/** SH-5.4: the message of an identity number field, or null when the value is one. */
export function validateIdCard(value: unknown, now: Date = new Date()): string | null {
  return isIdCard(value, now) ? null : MSG.idCardInvalid;
}
