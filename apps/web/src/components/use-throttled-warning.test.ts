import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WARNING_THROTTLE_MS } from '@cqjy/domain/constants';
import { setNotifier } from '../lib/notify.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { createThrottledWarning } from './use-throttled-warning.ts';

let notifier: FakeNotifier;

beforeEach(() => {
  vi.useFakeTimers();
  notifier = createFakeNotifier();
  setNotifier(notifier);
});

afterEach(() => {
  setNotifier(null);
  vi.useRealTimers();
});

describe('createThrottledWarning (BF-9.1)', () => {
  it('shows the same warning at most once a second', () => {
    const warn = createThrottledWarning();
    warn('整数部分最多17位！');
    warn('整数部分最多17位！');
    expect(notifier.warning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(WARNING_THROTTLE_MS - 1);
    warn('整数部分最多17位！');
    expect(notifier.warning).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    warn('整数部分最多17位！');
    expect(notifier.warning).toHaveBeenCalledTimes(2);
  });

  it('does not hold back a different warning', () => {
    const warn = createThrottledWarning();
    warn('整数部分最多17位！');
    warn('小数部分最多2位！');
    expect(notifier.warning.mock.calls.map(([content]) => content)).toEqual([
      '整数部分最多17位！',
      '小数部分最多2位！',
    ]);
  });
});
