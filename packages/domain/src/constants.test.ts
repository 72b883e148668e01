import { describe, expect, it } from 'vitest';
import {
  AFFIX_DELAY_MS,
  AFFIX_OFFSET,
  COLLAPSED_MORE_HEIGHT,
  DIALOG_WIDTHS,
  ERROR_TOAST_S,
  MENU_COLLAPSE_MAX_WIDTH,
  MENU_EXPAND_MIN_WIDTH,
  WARNING_THROTTLE_MS,
} from './constants.ts';

describe('interface constants (SH-4.15, SH-9.5, BF-9.1)', () => {
  it('carry the values of the spec', () => {
    expect(DIALOG_WIDTHS).toEqual({ sm: 420, md: 500, lg: 580 });
    expect(ERROR_TOAST_S).toBe(5);
    expect(WARNING_THROTTLE_MS).toBe(1000);
    expect([AFFIX_OFFSET, AFFIX_DELAY_MS]).toEqual([141, 1000]);
    expect(COLLAPSED_MORE_HEIGHT).toBe(27);
    expect([MENU_COLLAPSE_MAX_WIDTH, MENU_EXPAND_MIN_WIDTH]).toEqual([1366, 1920]);
  });
});
