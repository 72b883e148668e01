// Mobile numbers (SH-5.2, SH-5.3, BF-5.6): the checks of the forms and of the server, and the masked form that
// logs, audit rows and read-only fields show.
import { SHELL_MSG } from '../messages-shell.ts';

const MOBILE_PATTERN = /^1\d{10}$/;
const MOBILE_LENGTH = 11;

export function isMobile(value: unknown): value is string {
  return typeof value === 'string' && MOBILE_PATTERN.test(value);
}

/** SH-5.2: the message of a mobile field, or null when the value is a mobile number. */
export function validateMobile(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return SHELL_MSG.mobileRequired;
  return isMobile(value) ? null : SHELL_MSG.mobileInvalid;
}

/** SH-5.3: sending a code needs 11 characters first; then the number must be a mobile number. */
export function validateMobileForCode(value: unknown): string | null {
  if (typeof value !== 'string' || value.length !== MOBILE_LENGTH) return SHELL_MSG.mobileEmptyForCode;
  return isMobile(value) ? null : SHELL_MSG.mobileInvalid;
}

/** BF-5.6: the first 3 and the last 4 digits stay (138****0001); anything shorter is hidden whole. */
export function maskMobile(value: string): string {
  if (value.length < 8) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 7)}${value.slice(-4)}`;
}
