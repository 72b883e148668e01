// SH-5.5: e-mail addresses, limited to the domain endings the exchange delivers to.
import { MSG } from '../messages.ts';

export const EMAIL_ENDINGS = ['com', 'cn', 'net'] as const;

/**
 * An ordinary address: a local part of letters, digits and . _ % + - (no leading, trailing or doubled dot),
 * then a domain of labels that neither start nor end with a hyphen, whose last label is com, cn or net in any
 * case (so sina.com.cn counts as .cn).
 */
const EMAIL =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?:com|cn|net)$/i;

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

/** The message of an e-mail field, or null when the value is an address with an allowed ending. */
export function validateEmail(value: unknown): string | null {
  return isEmail(value) ? null : MSG.emailInvalid;
}
