// SH-4.15: the menu follows the window width: at 1366 px or less it collapses, at 1920 px or more it expands, and
// in between it keeps whatever the user chose last. Checked on load and on every resize.
import { useEffect } from 'react';
import { MENU_COLLAPSE_MAX_WIDTH, MENU_EXPAND_MIN_WIDTH } from '@cqjy/domain/constants';
import { getSession, setSession } from '../../lib/session-store.ts';

/** true: collapse, false: expand, null: leave the user's choice. */
export function collapseForWidth(widthPx: number): boolean | null {
  if (widthPx <= MENU_COLLAPSE_MAX_WIDTH) return true;
  if (widthPx >= MENU_EXPAND_MIN_WIDTH) return false;
  return null;
}

/** Brings the stored menu state in line with the window width. */
export function applyAutoCollapse(): void {
  const isCollapsed = collapseForWidth(window.innerWidth);
  if (isCollapsed !== null && isCollapsed !== getSession().isMenuCollapsed) {
    setSession({ isMenuCollapsed: isCollapsed });
  }
}

export function useAutoCollapse(): void {
  useEffect(() => {
    applyAutoCollapse();
    window.addEventListener('resize', applyAutoCollapse);
    return () => window.removeEventListener('resize', applyAutoCollapse);
  }, []);
}
