// The quiet session check: a signed-in page shown again asks POST /api/validate, at most once a minute; a sign-in
// the server no longer knows opens the 401's stay-or-relogin dialog, and a failing check says nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { setNavigate } from '../lib/http.ts';
import { setNotifier } from '../lib/notify.ts';
import { clearSession, getSession, setSession } from '../lib/session-store.ts';
import { envelope, jsonResponse, pathOf, stubFetch, type FetchCall } from '../test/fake-fetch.ts';
import { createFakeNotifier, type FakeNotifier } from '../test/fake-notifier.ts';
import { SESSION_CHECK_INTERVAL_MS, useSessionCheckOnReturn } from './session-check.ts';

const VALIDATE = '/api/validate';
const START = new Date('2026-12-01T10:00:00+08:00').getTime();

let notifier: FakeNotifier;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;
let visibility: DocumentVisibilityState = 'visible';

/** The browser tab hidden, then shown again `afterMs` after the start. */
function comeBack(afterMs: number): void {
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  vi.setSystemTime(START + afterMs);
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
}

function signIn(): void {
  setSession({
    token: 'live-token',
    loginInfo: {
      access_token: 'live-token',
      expires_in: 7200,
      created_at: Math.floor(START / 1000),
      identityType: 1,
    },
    identityType: 1,
  });
}

const checksOf = (calls: FetchCall[]): FetchCall[] => calls.filter((call) => pathOf(call) === VALIDATE);

/** Lets the check's call and its answer's handling run. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  visibility = 'visible';
  notifier = createFakeNotifier();
  setNotifier(notifier);
  navigate = vi.fn<(path: string) => void>();
  setNavigate(navigate);
  clearSession();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('the quiet session check on return', () => {
  it('opens the 登录状态已过期 dialog when the server no longer knows the sign-in; confirming signs out to /login', async () => {
    const { calls } = stubFetch((call) =>
      jsonResponse(pathOf(call) === VALIDATE ? envelope({ valid: false, expiresAt: null }) : envelope(null)),
    );
    signIn();
    renderHook(() => useSessionCheckOnReturn());
    comeBack(SESSION_CHECK_INTERVAL_MS);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(checksOf(calls)).toHaveLength(1);
    expect(checksOf(calls)[0]?.method).toBe('POST');
    expect(checksOf(calls)[0]?.headers.get('Authorization')).toBe('Bearer live-token');
    expect(notifier.confirm).toHaveBeenCalledTimes(1);
    expect(notifier.confirm).toHaveBeenCalledWith({
      title: MSG.sessionExpiredTitle,
      content: MSG.sessionExpiredConfirm,
      okText: MSG.relogin,
      cancelText: MSG.cancel,
    });
    expect(calls.map(pathOf)).toContain('/api/logout');
    expect(getSession().token).toBeNull();
  });

  it('stays quiet while the sign-in holds, and asks at most once a minute, only when shown', async () => {
    const { calls } = stubFetch(() =>
      jsonResponse(envelope({ valid: true, expiresAt: new Date(START + 7_200_000).toISOString() })),
    );
    signIn();
    renderHook(() => useSessionCheckOnReturn());
    // the page load itself checked the sign-in: not again within the minute
    comeBack(SESSION_CHECK_INTERVAL_MS - 1);
    await settle();
    expect(checksOf(calls)).toHaveLength(0);
    comeBack(SESSION_CHECK_INTERVAL_MS);
    await settle();
    expect(checksOf(calls)).toHaveLength(1);
    comeBack(SESSION_CHECK_INTERVAL_MS + 30_000);
    await settle();
    expect(checksOf(calls)).toHaveLength(1);
    // hidden is no return
    vi.setSystemTime(START + 3 * SESSION_CHECK_INTERVAL_MS);
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(checksOf(calls)).toHaveLength(1);
    comeBack(3 * SESSION_CHECK_INTERVAL_MS);
    await settle();
    expect(checksOf(calls)).toHaveLength(2);
    expect(notifier.confirm).not.toHaveBeenCalled();
    expect(notifier.error).not.toHaveBeenCalled();
    expect(getSession().token).toBe('live-token');
  });

  it('is quiet on an error status: no toast, no dialog, still signed in', async () => {
    const { calls } = stubFetch(() => jsonResponse({ message: 'down' }, { status: 502 }));
    signIn();
    renderHook(() => useSessionCheckOnReturn());
    comeBack(SESSION_CHECK_INTERVAL_MS);
    await settle();
    expect(checksOf(calls)).toHaveLength(1);
    expect(notifier.error).not.toHaveBeenCalled();
    expect(notifier.warning).not.toHaveBeenCalled();
    expect(notifier.confirm).not.toHaveBeenCalled();
    expect(getSession().token).toBe('live-token');
  });

  it('asks nothing when nobody is signed in, and opens no dialog for a sign-out made meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderHook(() => useSessionCheckOnReturn());
    comeBack(SESSION_CHECK_INTERVAL_MS);
    await settle();
    expect(checksOf(calls)).toHaveLength(0);

    signIn();
    comeBack(2 * SESSION_CHECK_INTERVAL_MS);
    await waitFor(() => expect(checksOf(calls)).toHaveLength(1));
    clearSession();
    answer(jsonResponse(envelope({ valid: false, expiresAt: null })));
    await settle();
    expect(notifier.confirm).not.toHaveBeenCalled();
  });
});
