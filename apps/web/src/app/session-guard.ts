// The guard of every signed-in page (spec 000 section 4), run as the loader of the signed-in route on every
// navigation, in the order of the spec:
//   SH-4.2  a live sign-in, else warning 登录身份失效 and /login;
//   SH-4.3  the user and both permission lists, fetched once per page load (what storage kept from an earlier
//           page is not trusted: a permission removed or an account disabled meanwhile counts at once), and
//           when missing; a failure empties both storages, /login. Until the server answers, no signed-in page
//           renders (the router shows its loading state);
//   SH-4.5 to SH-4.12  the onboarding gates;
//   SH-6.2  the identity's route set, and SH-4.4 a page hidden in both the current and the previous permission
//           state: /404.
import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { identityName } from '@cqjy/domain/identity';
import type { IdentityName } from '@cqjy/domain/identity';
import { isHiddenInBoth, listRoutesFor } from '@cqjy/domain/menus';
import type { PermissionState } from '@cqjy/domain/menus';
import { MSG } from '@cqjy/domain/messages';
import { onboardingRedirect } from '@cqjy/domain/onboarding';
import { loadUserInfo } from '../api/auth.ts';
import { HttpError } from '../lib/http.ts';
import { notify } from '../lib/notify.ts';
import { notFoundPath } from './not-found-page.tsx';
import { clearSession, getSession, hasValidLogin, wipeSession } from '../lib/session-store.ts';
import type { PermissionSnapshot, UserInfo } from '../lib/session-store.ts';

const INDEX_PATH = '/index';

const routeSets = new Map<IdentityName | undefined, ReadonlySet<string>>();

/** SH-6.2: the paths an identity's router has at all, before its permission codes are applied. */
function routePathsFor(identity: IdentityName | undefined): ReadonlySet<string> {
  let paths = routeSets.get(identity);
  if (paths === undefined) {
    paths = new Set(listRoutesFor(identity).map((route) => route.path));
    routeSets.set(identity, paths);
  }
  return paths;
}

function toPermissionState(snapshot: PermissionSnapshot): PermissionState {
  return {
    codes: snapshot.permission,
    identity: identityName(snapshot.identityType),
    permissionProject: snapshot.permissionProject,
  };
}

/** Where a page under /index sends this user instead, or null when they may open it. */
export function refusePage(
  path: string,
  user: UserInfo,
  identity: IdentityName | undefined,
  previous: PermissionSnapshot | null,
): string | null {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  // /index itself only leads on to the first tab.
  if (bare === INDEX_PATH) return null;
  if (!routePathsFor(identity).has(bare)) return notFoundPath(bare);
  const current: PermissionState = {
    codes: user.permission,
    identity,
    permissionProject: user.permissionProject,
  };
  const before = previous === null ? null : toPermissionState(previous);
  return isHiddenInBoth(bare, current, before) ? notFoundPath(bare) : null;
}

// The refresh in flight, shared by the navigations that arrive while it runs, so a page load asks only once.
let pendingRefresh: Promise<UserInfo> | null = null;

function refreshUserInfo(): Promise<UserInfo> {
  pendingRefresh ??= loadUserInfo({ isPageLoadRefresh: true })
    .catch((error: unknown) => {
      // A 401 here is a session the server no longer knows (signed out elsewhere, an account disabled). The refresh
      // opens no stay-or-relogin dialog for it, since the user is signed out here anyway; say why instead.
      if (error instanceof HttpError && error.httpStatus === 401) notify.warning(MSG.sessionInvalid);
      wipeSession();
      throw error;
    })
    .finally(() => {
      pendingRefresh = null;
    });
  return pendingRefresh;
}

/** The user as the server knows it now: fetched on the first guarded navigation of a page load, then kept. */
async function ensureUserInfo(): Promise<UserInfo> {
  const { userInfo, isUserInfoFresh } = getSession();
  if (userInfo && isUserInfoFresh) return userInfo;
  try {
    return await refreshUserInfo();
  } catch {
    throw redirect('/login');
  }
}

export async function guardSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
  if (!hasValidLogin(getSession(), Date.now())) {
    notify.warning(MSG.sessionInvalid);
    clearSession();
    throw redirect('/login');
  }
  const user = await ensureUserInfo();
  const session = getSession();
  const path = new URL(request.url).pathname;
  const gate = onboardingRedirect(user, path, { landSessionFlag: session.isLandSession });
  if (gate !== null && gate !== path) throw redirect(gate);
  if (path === INDEX_PATH || path.startsWith(`${INDEX_PATH}/`)) {
    const identity = identityName(session.identityType ?? user.identityType);
    const refused = refusePage(path, user, identity, session.previousPermissions);
    if (refused !== null) throw redirect(refused);
  }
  return null;
}
