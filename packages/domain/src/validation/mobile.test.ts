import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { isMobile, maskMobile, validateMobile, validateMobileForCode } from './mobile.ts';

describe('mobile numbers', () => {
  it('SH-5.2: empty asks for an 11-digit number, a malformed one for a correct number', () => {
    expect(validateMobile('')).toBe(MSG.mobileRequired);
    expect(validateMobile(undefined)).toBe(MSG.mobileRequired);
    expect(validateMobile(null)).toBe(MSG.mobileRequired);
    for (const bad of ['23800000001', '1380000000', '138000000011', '1380000000a', ' 13800000001']) {
      expect(validateMobile(bad), bad).toBe(MSG.mobileInvalid);
    }
    expect(validateMobile('13800000001')).toBeNull();
    expect(validateMobile('19912345678')).toBeNull();
  });

  it('accepts exactly a 1 followed by ten digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (rest) => {
        expect(isMobile(`1${rest}`)).toBe(true);
        expect(isMobile(`2${rest}`)).toBe(false);
        expect(isMobile(`1${rest}0`)).toBe(false);
      }),
    );
    expect(isMobile(13800000001)).toBe(false);
  });

  it('SH-5.3: sending a code needs 11 characters, then a correct number', () => {
    expect(validateMobileForCode('')).toBe(MSG.mobileEmptyForCode);
    expect(validateMobileForCode('1380000000')).toBe(MSG.mobileEmptyForCode);
    expect(validateMobileForCode(undefined)).toBe(MSG.mobileEmptyForCode);
    expect(validateMobileForCode('2380000000x')).toBe(MSG.mobileInvalid);
    expect(validateMobileForCode('13800000001')).toBeNull();
  });

  it('BF-5.6: masks all but the first 3 and the last 4 digits', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskMobile('1234567')).toBe('*******');
    expect(maskMobile('')).toBe('');
  });
});
