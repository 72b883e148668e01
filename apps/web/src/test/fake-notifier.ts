import { vi } from 'vitest';
import type { Notifier } from '../lib/notify.ts';

export type FakeNotifier = {
  success: ReturnType<typeof vi.fn<Notifier['success']>>;
  error: ReturnType<typeof vi.fn<Notifier['error']>>;
  warning: ReturnType<typeof vi.fn<Notifier['warning']>>;
  confirm: ReturnType<typeof vi.fn<Notifier['confirm']>>;
};

/** A notifier that records every call; confirm answers `isConfirmed` unless a test replaces it. */
export function createFakeNotifier(isConfirmed = true): FakeNotifier {
  return {
    success: vi.fn<Notifier['success']>(),
    error: vi.fn<Notifier['error']>(),
    warning: vi.fn<Notifier['warning']>(),
    confirm: vi.fn<Notifier['confirm']>(() => Promise.resolve(isConfirmed)),
  };
}
