import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import {
  CREDIT_CODE_CHARSET,
  composeCreditCode,
  computeCreditCodeCheck,
  computeOrgCodeCheck,
  isCreditCode,
  validateCreditCode,
} from './credit-code.ts';
import { arbitraryCreditCode } from './test-arbitraries.ts';

/** A valid code with the given first two characters and region. */
const compose = (prefix: string, region = '110105', serial = '10000001'): string =>
  composeCreditCode(region, serial, prefix);

describe('unified social credit codes (GB 32100)', () => {
  it('accepts published codes, including a central registration under region 100000', () => {
    for (const code of [
      '91110000600037341L',
      '91440300708461136T',
      '91330100799655058B',
      '12100000400000624D',
      '111000000000131433',
    ]) {
      expect(validateCreditCode(code), code).toBeNull();
    }
  });

  it('computes both check characters', () => {
    expect(computeCreditCodeCheck('91440300708461136')).toBe('T');
    expect(computeCreditCodeCheck('91110000600037341')).toBe('L');
    expect(computeOrgCodeCheck('70846113')).toBe('6');
    expect(computeOrgCodeCheck('60003734')).toBe('1');
    expect(() => computeCreditCodeCheck('9144030070846113')).toThrow(RangeError);
    expect(() => computeCreditCodeCheck('9144030070846113I')).toThrow(RangeError);
    expect(() => computeOrgCodeCheck('0000000')).toThrow(RangeError);
  });

  it('computes the GB 11714 check: letters from A = 10, 10 -> X and 11 -> 0', () => {
    // weights 3 7 9 10 5 8 4 2; check = 11 - sum % 11
    expect(computeOrgCodeCheck('00000001')).toBe('9'); // sum 2
    expect(computeOrgCodeCheck('A0000000')).toBe('3'); // sum 30, 30 % 11 = 8
    expect(computeOrgCodeCheck('00000006')).toBe('X'); // sum 12, 12 % 11 = 1
    expect(computeOrgCodeCheck('00000000')).toBe('0'); // sum 0
  });

  it('refuses the wrong length, lowercase and letters outside the charset', () => {
    const valid = compose('91');
    expect(isCreditCode(valid)).toBe(true);
    expect(isCreditCode(valid.slice(0, 17))).toBe(false);
    expect(isCreditCode(`${valid}0`)).toBe(false);
    expect(isCreditCode('91440300708461136t')).toBe(false);
    for (const letter of 'IOSVZ') {
      expect(isCreditCode(`${valid.slice(0, 10)}${letter}${valid.slice(11)}`), letter).toBe(false);
    }
    expect(validateCreditCode(null)).toBe(MSG.creditCodeInvalid);
  });

  it('checks the registration authority and institution type pair', () => {
    for (const prefix of [
      '11',
      '19',
      '21',
      '31',
      '35',
      '41',
      '51',
      '53',
      '62',
      '72',
      '81',
      '91',
      '92',
      '93',
      'A1',
      'N2',
      'Y1',
    ]) {
      expect(isCreditCode(compose(prefix)), prefix).toBe(true);
    }
    for (const prefix of ['94', '99', '54', '14', 'Y2', 'B1', '01', 'N4']) {
      expect(isCreditCode(compose(prefix)), prefix).toBe(false);
    }
  });

  it('checks the region against the province table', () => {
    expect(isCreditCode(compose('91', '990101'))).toBe(false);
    expect(isCreditCode(compose('91', '000000'))).toBe(false);
    expect(isCreditCode(compose('91', '100001'))).toBe(false);
    expect(isCreditCode(compose('91', '100000'))).toBe(true);
    expect(isCreditCode(compose('91', '650199'))).toBe(true);
    expect(isCreditCode(compose('91', '810000'))).toBe(true);
  });

  it('checks the organisation code check character at position 17', () => {
    const valid = compose('91', '110105', '10000001');
    const orgCheck = valid[16];
    const other = CREDIT_CODE_CHARSET.split('').find((char) => char !== orgCheck && /[\dX]/.test(char))!;
    const body = valid.slice(0, 16) + other;
    expect(isCreditCode(body + computeCreditCodeCheck(body))).toBe(false);
  });

  it('accepts every generated valid code', () => {
    fc.assert(fc.property(arbitraryCreditCode(), (code) => isCreditCode(code)));
  });

  it('refuses any single-character change of a valid code', () => {
    fc.assert(
      fc.property(
        arbitraryCreditCode(),
        fc.nat({ max: 17 }),
        fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
        (code, position, char) => {
          fc.pre(char !== code[position]);
          const mutated = code.slice(0, position) + char + code.slice(position + 1);
          expect(isCreditCode(mutated)).toBe(false);
        },
      ),
    );
  });
});
