// Contact telephone numbers (联系电话 and the like): a mainland mobile number (SH-5.2's pattern) or a landline with
// its area code — 010-88886666, 0755-12345678 — and an optional extension (0755-12345678-123). Fields the spec
// calls 手机 (mobile) keep the mobile-only rule of mobile.ts. One rule for the server schemas and the web forms.
import { MSG } from '../messages.ts';
import { isMobile } from './mobile.ts';

/** area code (0 + 2 or 3 digits), an optional hyphen, a 7- or 8-digit number, an optional -extension */
const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}(?:-\d{1,6})?$/;

/** The longest number the rule accepts: 0755-12345678-123456. Inputs are cut at this length. */
export const TELEPHONE_MAX_LENGTH = 20;

export function isLandline(value: unknown): value is string {
  return typeof value === 'string' && LANDLINE_PATTERN.test(value);
}

export function isTelephone(value: unknown): value is string {
  return isMobile(value) || isLandline(value);
}

/** The message of a contact telephone field, or null when the value is a mobile or a landline number. */
export function validateTelephone(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return MSG.telephoneRequired;
  return isTelephone(value) ? null : MSG.telephoneInvalid;
}
