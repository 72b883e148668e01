// The route loaders of the entry chunk: where the bare root and /login lead. They stay small on purpose (identity
// only, no route table), since the sign-in page loads with them; the signed-in guard is in session-guard.ts.
import { redirect } from 'react-router';
import { firstTab, identityName } from '@cqjy/domain/identity';
import { getSession, hasValidLogin } from '../lib/session-store.ts';

/** Where a signed-in user starts: the first tab of their identity (SH-2.5). */
export function getHomePath(): string {
  return firstTab(identityName(getSession().identityType)).path;
}

/** The bare root and /index lead to the user's first tab, or to sign-in for a visitor. */
export function redirectToStart(): Response {
  return redirect(hasValidLogin(getSession(), Date.now()) ? getHomePath() : '/login');
}

/**
 * A signed-in user who opens /login goes to their first tab: fetching a captcha there would replace the live
 * token with an anonymous session id while the stored sign-in still looks valid.
 */
export function redirectIfSignedIn(): Response | null {
  return hasValidLogin(getSession(), Date.now()) ? redirect(getHomePath()) : null;
}
