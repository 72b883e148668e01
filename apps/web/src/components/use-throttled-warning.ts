// BF-9.1: the same warning toast at most once a second, so a key held down or a paste of many characters does not
// stack a column of identical toasts.
import { useMemo } from 'react';
import { WARNING_THROTTLE_MS } from '@cqjy/domain/constants';
import { notify } from '../lib/notify.ts';

export type ShowWarning = (message: string) => void;

/** A warning that stays quiet for `intervalMs` after it has shown the same message. */
export function createThrottledWarning(intervalMs: number = WARNING_THROTTLE_MS): ShowWarning {
  const lastShown = new Map<string, number>();
  return (message) => {
    const now = Date.now();
    const last = lastShown.get(message);
    if (last !== undefined && now - last < intervalMs) return;
    lastShown.set(message, now);
    notify.warning(message);
  };
}

export function useThrottledWarning(intervalMs: number = WARNING_THROTTLE_MS): ShowWarning {
  return useMemo(() => createThrottledWarning(intervalMs), [intervalMs]);
}
