import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatShare, parseShareText, SHARE_WHOLE, sumShares } from './shares.ts';

describe('shares (BF-5.2: ratio inputs, 4 decimals)', () => {
  it('reads a percentage with at most four decimals into millionths, and writes it back', () => {
    expect(parseShareText('51.2345')).toBe(512_345);
    expect(parseShareText('100')).toBe(SHARE_WHOLE);
    expect(parseShareText('0.0001%')).toBe(1);
    expect(formatShare(512_345)).toBe('51.2345');
    expect(formatShare(1)).toBe('0.0001');
  });

  it('refuses more than 100%, five decimals, signs and words', () => {
    for (const text of ['100.0001', '12.34567', '-1', '三十', '', '1e2'])
      expect(parseShareText(text)).toBeNull();
  });

  it('thirds of a company add up to the whole exactly', () => {
    expect(sumShares([333_334, 333_333, 333_333])).toBe(SHARE_WHOLE);
  });

  it('property: every percentage of 0 to 100 with 4 decimals reads back to itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SHARE_WHOLE }), (millionths) => {
        expect(parseShareText(formatShare(millionths))).toBe(millionths);
      }),
    );
  });
});
