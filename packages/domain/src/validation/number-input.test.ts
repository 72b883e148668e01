import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  checkDecimalDigits,
  checkIntegerDigits,
  checkNumberInput,
  checkRatio,
  limitDigits,
} from './number-input.ts';

describe('number inputs (BF-5.2)', () => {
  it('allow 17 integer digits by default, or the control’s own limit', () => {
    expect(checkIntegerDigits('1'.repeat(17))).toBeNull();
    expect(checkIntegerDigits('1'.repeat(18))).toBe('整数部分最多17位！');
    expect(checkIntegerDigits('-12345.67', 4)).toBe('整数部分最多4位！');
    expect(checkIntegerDigits('0001234', 4)).toBeNull();
    expect(checkIntegerDigits('0.5', 1)).toBeNull();
  });

  it('allow 2 decimals by default, or the control’s own limit', () => {
    expect(checkDecimalDigits('1.23')).toBeNull();
    expect(checkDecimalDigits('1.234')).toBe('小数部分最多2位！');
    expect(checkDecimalDigits('.12345', 4)).toBe('小数部分最多4位！');
    expect(checkDecimalDigits('12')).toBeNull();
  });

  it('check both limits, integer part first, and let half-typed or empty values through', () => {
    expect(checkNumberInput('1'.repeat(18) + '.123')).toBe('整数部分最多17位！');
    expect(checkNumberInput('12.123')).toBe('小数部分最多2位！');
    expect(checkNumberInput('12.3', { integerDigits: 1 })).toBe('整数部分最多1位！');
    expect(checkNumberInput('12.345', { decimalDigits: 3 })).toBeNull();
    for (const partial of ['', '-', '.', '12.', '+1']) expect(checkNumberInput(partial), partial).toBeNull();
  });

  it('refuse text that is not a number', () => {
    for (const bad of ['abc', '1e5', '1.2.3', '1,000', '--1']) {
      expect(checkNumberInput(bad), bad).toBe(MSG.numberInvalid);
    }
  });

  it('cap ratios at their maximum with 4 decimals by default', () => {
    expect(checkRatio('100')).toBeNull();
    expect(checkRatio('100.0001')).toBe('数值不能超过100！');
    expect(checkRatio('51', { max: 50 })).toBe('数值不能超过50！');
    expect(checkRatio('12.3456')).toBeNull();
    expect(checkRatio('12.34567')).toBe('小数部分最多4位！');
    expect(checkRatio('0.123', { decimals: 2 })).toBe('小数部分最多2位！');
    expect(checkRatio('')).toBeNull();
  });

  it('limit the mobile input to its digits', () => {
    expect(limitDigits('138-0000-00012345')).toBe('13800000001');
    expect(limitDigits('１38abc', 11)).toBe('38');
    expect(limitDigits('123456', 4)).toBe('1234');
    expect(limitDigits('123', 0)).toBe('');
  });
});
