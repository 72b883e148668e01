// SH-5.1: the characters a file name may use before it is uploaded.
import { MSG } from '../messages.ts';

/**
 * Chinese characters (the Han script), ASCII letters and digits, underscore, the full-width parentheses （）,
 * hyphen and dot. Anything else, spaces and half-width parentheses included, is refused.
 */
const FILE_NAME = /^[\p{Script=Han}A-Za-z0-9_（）.-]+$/u;

export function isFileNameAllowed(name: string): boolean {
  return FILE_NAME.test(name);
}

/** The message for a file name, or null when every character is allowed. */
export function validateFileName(name: string): string | null {
  return isFileNameAllowed(name) ? null : MSG.fileNameIllegal;
}
