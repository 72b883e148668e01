// Password policy: at least 8 characters drawing on 3 of the 4 classes (lower case, upper case, digits, other
// printable characters), at most 64, and none of the passwords most often tried by attackers.
import { MSG } from '../messages.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
const REQUIRED_CLASSES = 3;

/**
 * Commonly used passwords (the head of public breach-frequency lists, with the usual Chinese-keyboard and
 * pinyin favourites), compared case-insensitively. Every entry long enough to pass the other rules matters; the
 * short ones are kept so the list reads as what it is.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  [
    'password',
    'password1',
    'password123',
    'password@123',
    'passw0rd',
    'p@ssw0rd',
    'p@ssword',
    'p@ssw0rd1',
    'p@ssw0rd123',
    'admin123',
    'admin@123',
    'admin1234',
    'administrator',
    'root1234',
    'root@123',
    'qwerty123',
    'qwer1234',
    'qwe123456',
    'qwert12345',
    '1qaz2wsx',
    '1qaz@wsx',
    '1q2w3e4r',
    '1q2w3e4r5t',
    'q1w2e3r4',
    'zaq12wsx',
    'abc12345',
    'abcd1234',
    'abc@1234',
    'abc123456',
    'aa123456',
    'a1234567',
    'a12345678',
    'a123456789',
    'asd123456',
    'asdf1234',
    'woaini1314',
    'woaini520',
    '5201314a',
    'iloveyou1',
    'welcome1',
    'welcome@123',
    'test1234',
    'test@123',
    'changeme1',
    'letmein1',
    'football1',
    'baseball1',
    'sunshine1',
    'princess1',
    'dragon123',
    'monkey123',
    'master123',
    'superman1',
    'trustno1',
    'zxcvbnm1',
    'zxcv1234',
    'admin@2024',
    'admin@2025',
    'admin@2026',
    'Aa123456',
    'Aa123456.',
    'Aa@123456',
    'Abc@123456',
    'Qwer@1234',
    'Admin@123',
    'Admin@1234',
    'Passw0rd!',
    'Password1!',
    'Password@1',
    'Test@1234',
    'Welcome@1',
    'Huawei@123',
    'Huawei12#$',
    'Abcd@1234',
    'Zxcv@1234',
    'Qaz@1234',
    '1qaz!QAZ',
    '1qaz2wsx#EDC',
    'P@ssw0rd!',
    'Demo@2026',
    'Cqjy@2026',
    'Cqjy@123',
  ].map((entry) => entry.toLowerCase()),
);

/** the number of character classes a password draws on */
function countClasses(value: string): number {
  const patterns = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/];
  return patterns.filter((pattern) => pattern.test(value)).length;
}

/** null when the password may be used, else the message saying why not. */
export function validatePassword(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return MSG.passwordRequired;
  if (/\s/.test(value) || !/^[\x21-\x7e]+$/.test(value)) return MSG.passwordCharacters;
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return MSG.passwordLength;
  if (countClasses(value) < REQUIRED_CLASSES) return MSG.passwordClasses;
  if (COMMON_PASSWORDS.has(value.toLowerCase())) return MSG.passwordCommon;
  return null;
}

/** null when the repeated password equals the first, else the message. */
export function validatePasswordRepeat(password: string, repeat: unknown): string | null {
  if (typeof repeat !== 'string' || repeat === '') return MSG.passwordRepeatRequired;
  return repeat === password ? null : MSG.passwordMismatch;
}
