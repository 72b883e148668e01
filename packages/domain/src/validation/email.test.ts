import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { isEmail, validateEmail } from './email.ts';

describe('e-mail addresses (SH-5.5)', () => {
  it('accepts ordinary addresses ending in .com, .cn or .net', () => {
    for (const email of ['zhang.san@example.com', 'a_b+c@mail.sina.com.cn', 'X-1@EXAMPLE.NET', 'li@gov.cn']) {
      expect(validateEmail(email), email).toBeNull();
    }
  });

  it('refuses other endings and malformed addresses', () => {
    for (const email of [
      'a@example.org',
      'a@example.com.hk',
      'a@example.co',
      'a@example.cnn',
      'a@com',
      'a@.com',
      'a@-x.com',
      'a@x-.com',
      '.a@x.com',
      'a.@x.com',
      'a..b@x.com',
      'a b@x.com',
      '@x.com',
      'a@@x.com',
      'a@x..com',
      '',
    ]) {
      expect(validateEmail(email), email).toBe(MSG.emailInvalid);
    }
    expect(isEmail(null)).toBe(false);
    expect(isEmail(`${'a'.repeat(250)}@x.com`)).toBe(false);
  });

  it('names the allowed endings in its message', () => {
    expect(MSG.emailInvalid).toContain('.com');
    expect(MSG.emailInvalid).toContain('.cn');
    expect(MSG.emailInvalid).toContain('.net');
  });
});
