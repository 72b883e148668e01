// Interface constants of the spec (SH-4.15, SH-9.5, BF-9.1), kept here so the web never hard-codes them.

/** SH-9.5: the three dialog widths in px. */
export const DIALOG_WIDTHS = { sm: 420, md: 500, lg: 580 } as const;

/** SH-9.5, SH-8.3, SH-8.7: error toasts stay for 5 seconds. */
export const ERROR_TOAST_S = 5;

/** BF-9.1: the same warning toast is shown at most once per second. */
export const WARNING_THROTTLE_MS = 1000;

/** BF-9.1: the fixed action bar sticks 141 px from the top and appears after 1 second. */
export const AFFIX_OFFSET = 141;
export const AFFIX_DELAY_MS = 1000;

/** BF-9.1: the height in px of a collapsed 'more' area. */
export const COLLAPSED_MORE_HEIGHT = 27;

/** SH-4.15: the menu collapses at a window width of 1366 px or less and expands at 1920 px or more. */
export const MENU_COLLAPSE_MAX_WIDTH = 1366;
export const MENU_EXPAND_MIN_WIDTH = 1920;
