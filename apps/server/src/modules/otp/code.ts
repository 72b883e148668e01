// A code's digits and its stored hash: drawn at random, kept only as sha256 of the row's id and the code,
// compared in constant time.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@cqjy/domain';
import type * as repo from './repo.ts';

export function drawCode(): string {
  return String(randomInt(10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

export function isCodeOf(row: repo.OtpRow, code: string): boolean {
  const given = Buffer.from(hashCode(row.id, code), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
