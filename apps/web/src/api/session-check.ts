// The quiet session check (POST /api/validate, spec 000 section 8): a signed-in page that comes back into view (its
// browser tab shown again, the computer woken) asks the server, at most once a minute, whether its sign-in still
// holds. A session that ended meanwhile (signed out in another tab, an account disabled, revoked) is then told at once,
// with the stay-or-relogin dialog of a 401, rather than by the next click that fails. The call is named by its route
// (lib/call.ts), so the shell bundles none of the contract's schemas for it.
import { useEffect } from 'react';
import type { validateSessionCall } from '@cqjy/domain/contracts/auth';
import { callRoute, type CallRoute } from '../lib/call.ts';
import { askToSignInAgain } from '../lib/http.ts';
import { getSession, hasValidLogin } from '../lib/session-store.ts';

const validateSessionRoute: CallRoute<typeof validateSessionCall> = { method: 'POST', path: '/api/validate' };

/** The least time between two checks; the page load's own refresh of the user counts as the first. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

/**
 * Asks whether the stored sign-in still holds, and opens the 登录状态已过期 dialog when the server says not while the
 * store still holds that same sign-in (a sign-out or an identity switch meanwhile is not this check's business). A
 * failed call is the client's catalogue's to report: its error statuses stay quiet, no answer at all is 连接超时.
 */
export async function checkSessionQuietly(): Promise<void> {
  const asked = getSession();
  if (!hasValidLogin(asked, Date.now())) return;
  let isValid: boolean;
  try {
    const answer = await callRoute(validateSessionRoute, {});
    if (answer.status !== 0) return;
    isValid = answer.data.valid;
  } catch {
    return;
  }
  const now = getSession();
  if (isValid || now.token !== asked.token || !hasValidLogin(now, Date.now())) return;
  await askToSignInAgain();
}

/** Runs the check when the page becomes visible again, at most once per SESSION_CHECK_INTERVAL_MS. */
export function useSessionCheckOnReturn(): void {
  useEffect(() => {
    let lastCheckAt = Date.now();
    const onVisibilityChange = (): void => {
      if (document.visibilityState !== 'visible') return;
      const at = Date.now();
      if (at - lastCheckAt < SESSION_CHECK_INTERVAL_MS) return;
      lastCheckAt = at;
      void checkSessionQuietly();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, []);
}
