import { describe, expect, it } from 'vitest';
import { isOtpFormat, isOtpPurpose, OTP_LENGTH, OTP_PURPOSES } from './otp.ts';

describe('one-time codes', () => {
  it('knows the seven purposes, each with a Chinese label', () => {
    expect(Object.keys(OTP_PURPOSES)).toEqual([
      'login',
      'retrieve',
      'phone',
      'register',
      'sign',
      'general',
      'mainChange',
    ]);
    for (const label of Object.values(OTP_PURPOSES)) expect(label).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(isOtpPurpose('login')).toBe(true);
    expect(isOtpPurpose('toString')).toBe(false);
    expect(isOtpPurpose('other')).toBe(false);
  });

  it('accepts exactly six digits', () => {
    expect(OTP_LENGTH).toBe(6);
    expect(isOtpFormat('012345')).toBe(true);
    for (const bad of ['12345', '1234567', '12345a', '', ' 123456'])
      expect(isOtpFormat(bad), bad).toBe(false);
  });
});
