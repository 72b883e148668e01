// Route loaders that decide where a navigation may go before any page renders (spec 000 section 4).
import { redirect } from 'react-router';
import { MSG } from '@cqjy/domain/messages';
import { firstTab, identityName } from '@cqjy/domain/identity';
import { loadUserInfo } from '../api/auth.ts';
import { HttpError } from '../api/http.ts';
import { notify } from '../api/notify.ts';
import { clearSession, getSession, hasValidLogin } from './session-store.ts';

/** Where a signed-in user starts: the first tab of their identity (SH-2.5). */
export function getHomePath(): string {
  return firstTab(identityName(getSession().identityType)).path;
}

/**
 * SH-4.2 / SH-4.3: /index needs a live sign-in and a loaded user. Runs on every navigation under /index, so a
 * session that expires while the page is open is caught at the next click.
 */
export async function requireSession(): Promise<null> {
  const session = getSession();
  if (!hasValidLogin(session, Date.now())) {
    notify.warning(MSG.sessionInvalid);
    clearSession();
    throw redirect('/login');
  }
  if (!session.userInfo) {
    try {
      await loadUserInfo();
    } catch (error) {
      // Before antd is mounted the client's 401 dialog cannot open, so say why the user is back at sign-in.
      if (error instanceof HttpError && error.httpStatus === 401) notify.warning(MSG.sessionInvalid);
      clearSession();
      throw redirect('/login');
    }
  }
  return null;
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
