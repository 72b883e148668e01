import { describe, expect, it } from 'vitest';
import { trimmedText } from './trimmed-text.ts';

describe('trimmedText', () => {
  it("reads a body's field as trimmed text, '' when it is absent or not a text", () => {
    expect(trimmedText('  某某公司\t')).toBe('某某公司');
    for (const other of [undefined, null, 7, true, ['a'], { a: 1 }]) expect(trimmedText(other)).toBe('');
  });
});
