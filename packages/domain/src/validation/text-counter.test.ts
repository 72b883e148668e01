import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countText, isChineseCharacter, isFullWidthPunctuation, truncateText } from './text-counter.ts';

describe('text counter (BF-5.3)', () => {
  it('counts a Chinese character 2, full-width punctuation 4 and anything else 1', () => {
    expect(countText('')).toBe(0);
    expect(countText('abc 123')).toBe(7);
    expect(countText('产权')).toBe(4);
    expect(countText('，。')).toBe(8);
    expect(countText('产权交易。')).toBe(12);
    expect(countText('（A）')).toBe(9);
    expect(countText('“好”')).toBe(4);
    expect(countText('😀')).toBe(1);
    expect(countText('𠀀')).toBe(2);
  });

  it('takes the whole CJK punctuation and full-width forms blocks as punctuation, 〇 included', () => {
    for (const char of ['\u3000', '、', '〇', '】', '\u303f', '\uff01', 'Ａ', '１', '\uffef']) {
      expect(isFullWidthPunctuation(char), char).toBe(true);
    }
    expect(isChineseCharacter('〇')).toBe(false);
    expect(isChineseCharacter('国')).toBe(true);
    expect(isFullWidthPunctuation('!')).toBe(false);
  });

  it('truncates to the longest beginning within the limit without splitting a character', () => {
    expect(truncateText('产权交易', 5)).toBe('产权');
    expect(truncateText('a，b', 4)).toBe('a');
    expect(truncateText('😀😀', 1)).toBe('😀');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat({ max: 40 }), (text, max) => {
        const cut = truncateText(text, max);
        expect(text.startsWith(cut)).toBe(true);
        expect(countText(cut)).toBeLessThanOrEqual(max);
        if (cut.length < text.length) {
          const next = String.fromCodePoint(text.codePointAt(cut.length)!);
          expect(countText(cut + next)).toBeGreaterThan(max);
        }
      }),
    );
  });
});
