// Captcha images (svg-captcha) and the one-way form of their answers. Answers are compared case-insensitively.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

const ANSWER_LENGTH = 4;
// Without the characters people confuse with one another (0/o/O, 1/i/l/I/L ...).
const ANSWER_CHARS = '23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ';

const OPTIONS = { noise: 2, width: 120, height: 40, fontSize: 44, background: '#f5f7fa' };

// svg-captcha's typings omit its default export, the renderer of a given text. The text is drawn here with a
// cryptographic random source rather than svg-captcha's Math.random.
const renderText = svgCaptcha as unknown as (text: string, options: typeof OPTIONS) => string;

function drawAnswer(): string {
  let answer = '';
  for (let i = 0; i < ANSWER_LENGTH; i += 1) answer += ANSWER_CHARS[randomInt(ANSWER_CHARS.length)];
  return answer;
}

export function createCaptchaImage(fixedAnswer?: string): { answer: string; svg: string } {
  const answer = fixedAnswer ?? drawAnswer();
  return { answer, svg: renderText(answer, OPTIONS) };
}

export function hashCaptchaAnswer(answer: string): string {
  return createHash('sha256').update(answer.trim().toLowerCase()).digest('hex');
}

export function isCaptchaAnswer(storedHash: string, answer: string): boolean {
  const given = Buffer.from(hashCaptchaAnswer(answer), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
