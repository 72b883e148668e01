import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { computeIdCardCheck, isIdCard, readIdCardBirthDate, validateIdCard } from './id-card.ts';
import { arbitraryIdCard15, arbitraryIdCard18 } from './test-arbitraries.ts';

const NOW = new Date('2026-11-22T10:00:00+08:00');

/** A valid 18-character number with the given region and birth date. */
const compose = (region: string, birth: string, sequence = '123'): string => {
  const body = `${region}${birth}${sequence}`;
  return body + computeIdCardCheck(body);
};

describe('identity card numbers (SH-5.4, GB 11643)', () => {
  it('accepts the examples of GB 11643 that are in range, and first-generation numbers', () => {
    expect(validateIdCard('11010519491231002X', NOW)).toBeNull();
    expect(validateIdCard('11010519491231002x', NOW)).toBeNull();
    expect(validateIdCard('110105491231002', NOW)).toBeNull();
    expect(readIdCardBirthDate('110105491231002')).toBe('1949-12-31');
    expect(readIdCardBirthDate('11010519491231002X')).toBe('1949-12-31');
  });

  it('computes the weighted check character, X for 10', () => {
    expect(computeIdCardCheck('11010519491231002')).toBe('X');
    expect(computeIdCardCheck('44052418800101001')).toBe('4');
    expect(() => computeIdCardCheck('1101051949123100')).toThrow(RangeError);
  });

  it('refuses wrong lengths and characters', () => {
    for (const bad of [
      '',
      '1101051949123100',
      '11010519491231002XX',
      '1101054912310021',
      '11010519491231002Y',
    ]) {
      expect(validateIdCard(bad, NOW), bad).toBe(MSG.idCardInvalid);
    }
    expect(validateIdCard(undefined, NOW)).toBe(MSG.idCardInvalid);
    expect(validateIdCard(11010519491231002, NOW)).toBe(MSG.idCardInvalid);
    expect(isIdCard('X1010519491231002X', NOW)).toBe(false);
  });

  it('refuses a region outside the province table, and accepts 71, 81, 82 and the 83 residence permits', () => {
    expect(isIdCard(compose('990105', '19800101'), NOW)).toBe(false);
    expect(isIdCard(compose('000000', '19800101'), NOW)).toBe(false);
    expect(isIdCard(compose('200105', '19800101'), NOW)).toBe(false);
    expect(isIdCard('990105491231002', NOW)).toBe(false);
    for (const region of ['710000', '810000', '820000', '830000', '650102']) {
      expect(isIdCard(compose(region, '19800101'), NOW), region).toBe(true);
    }
    expect(isIdCard('830000800101123', NOW)).toBe(false);
  });

  it('refuses birth dates that are not real, before 1900 or after today (+08:00)', () => {
    expect(isIdCard('440524188001010014', NOW)).toBe(false);
    expect(isIdCard(compose('110105', '19000101'), NOW)).toBe(true);
    expect(isIdCard(compose('110105', '18991231'), NOW)).toBe(false);
    expect(isIdCard(compose('110105', '20230229'), NOW)).toBe(false);
    expect(isIdCard(compose('110105', '20240229'), NOW)).toBe(true);
    expect(isIdCard(compose('110105', '19801301'), NOW)).toBe(false);
    expect(isIdCard(compose('110105', '19800100'), NOW)).toBe(false);
    expect(isIdCard(compose('110105', '20261122'), NOW)).toBe(true);
    expect(isIdCard(compose('110105', '20261123'), NOW)).toBe(false);
    // 2026-11-22 23:30 in UTC is already the 23rd in Beijing.
    expect(isIdCard(compose('110105', '20261123'), new Date('2026-11-22T23:30:00Z'))).toBe(true);
    expect(isIdCard('110105490229002', NOW)).toBe(false);
    expect(isIdCard('110105480229002', NOW)).toBe(true);
  });

  it('accepts every generated valid number', () => {
    fc.assert(fc.property(arbitraryIdCard18(NOW), (id) => isIdCard(id, NOW)));
    fc.assert(fc.property(arbitraryIdCard15(), (id) => isIdCard(id, NOW)));
  });

  it('refuses any single-digit change of a valid 18-character number', () => {
    fc.assert(
      fc.property(
        arbitraryIdCard18(NOW),
        fc.nat({ max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (id, position, shift) => {
          const changed = String((Number(id[position]) + shift) % 10);
          const mutated = id.slice(0, position) + changed + id.slice(position + 1);
          expect(isIdCard(mutated, NOW)).toBe(false);
        },
      ),
    );
    fc.assert(
      fc.property(arbitraryIdCard18(NOW), fc.constantFrom(...'0123456789X'), (id, check) => {
        fc.pre(check !== id[17]);
        expect(isIdCard(id.slice(0, 17) + check, NOW)).toBe(false);
      }),
    );
  });
});
