// Sign-in and current-user calls (spec 000 section 7, Auth and User) and the hooks the login page and shell use.
// The login page loads this file and no zod: each call is named by its route, checked against its contract's type
// (lib/call.ts), so none of the contracts' schemas comes with it.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginResult } from '@cqjy/domain/api';
import type { checkCaptchaCall, LoginBody, loginCall, logoutCall } from '@cqjy/domain/contracts/auth';
import type { MobileLoginBody, mobileLoginCall, sendLoginOtpCall } from '@cqjy/domain/contracts/otp';
import type { rolePermissionsCall, switchIdentityCall, userInfoCall } from '@cqjy/domain/contracts/users';
import { callRoute, fetchRoute, type CallOptions, type CallRoute } from '../lib/call.ts';
import {
  clearSession,
  getSession,
  setSession,
  snapshotPermissions,
  useSession,
  wipeSession,
} from '../lib/session-store.ts';
import type { UserInfo } from '../lib/session-store.ts';
import { ApiError, http } from '../lib/http.ts';
import { useSubmit, type Submit } from '../lib/use-submit.ts';

const loginRoute: CallRoute<typeof loginCall> = { method: 'POST', path: '/api/login' };
const checkCaptchaRoute: CallRoute<typeof checkCaptchaCall> = { method: 'POST', path: '/api/captcha/:id' };
const logoutRoute: CallRoute<typeof logoutCall> = { method: 'POST', path: '/api/logout' };
const sendLoginOtpRoute: CallRoute<typeof sendLoginOtpCall> = {
  method: 'POST',
  path: '/api/app/login/otp/:mobile',
};
const mobileLoginRoute: CallRoute<typeof mobileLoginCall> = { method: 'POST', path: '/api/mobile/login' };
const userInfoRoute: CallRoute<typeof userInfoCall> = { method: 'POST', path: '/api/app/userinfo' };
const rolePermissionsRoute: CallRoute<typeof rolePermissionsCall> = {
  method: 'GET',
  path: '/api/app/user/role/permissions',
};
const switchIdentityRoute: CallRoute<typeof switchIdentityCall> = {
  method: 'POST',
  path: '/api/app/switch/:id',
};

/** The captcha picture: bytes, not the envelope; its session-id header is kept as the anonymous session. */
export function fetchCaptcha(signal?: AbortSignal): Promise<Blob> {
  return http.get<Blob>('/api/login/captcha', undefined, {
    responseType: 'blob',
    captureSessionId: true,
    signal,
  });
}

/**
 * Whether the answer typed is the picture's, asked before the form is sent (a right answer stays good for the
 * sign-in; a wrong one counts against the picture). Quiet: the form shows the verdict under its field, and a call
 * that fails for another reason leaves the verdict to the sign-in.
 */
export async function checkCaptcha(answer: string): Promise<'right' | 'wrong' | 'unknown'> {
  try {
    await fetchRoute(
      checkCaptchaRoute,
      { params: { id: answer } },
      { isSilent: true, showError: false, captureSessionId: true },
    );
    return 'right';
  } catch (error) {
    return error instanceof ApiError ? 'wrong' : 'unknown';
  }
}

/**
 * Sends a sign-in code to the mobile. The answer's session-id is the anonymous session the mobile login must
 * carry (SH-7.3); the server's message (code sent) is shown on success.
 */
export async function sendLoginOtp(mobile: string): Promise<void> {
  await fetchRoute(sendLoginOtpRoute, { params: { mobile } }, { captureSessionId: true, showSuccess: true });
}

export type LoadUserInfoOptions = {
  /**
   * The signed-in guard's refresh of a page load. It leaves the previous permission state as it is instead of
   * taking the user held until now as the previous one: what storage kept is no state the user moved away from,
   * and a permission removed meanwhile must not live on as "previous" (SH-4.3, SH-4.4). A 401 opens no dialog:
   * the guard signs the user out and says why.
   */
  isPageLoadRefresh?: boolean;
};

/**
 * SH-6.1: the permissions are fetched twice; the menu codes come from the first answer, the project-level list
 * (whose index 4 gates the ledger menus, SH-4.14) from the second, made with actualProjectData=1.
 */
export async function loadUserInfo(options: LoadUserInfoOptions = {}): Promise<UserInfo> {
  // SH-4.4 compares a page against the permissions before this refetch too, so they are kept.
  const isPageLoadRefresh = options.isPageLoadRefresh === true;
  const before = isPageLoadRefresh ? null : getSession().userInfo;
  const callOptions: CallOptions = { isUnauthorizedHandled: isPageLoadRefresh };
  const user = await fetchRoute(userInfoRoute, {}, callOptions);
  const menuPermissions = await fetchRoute(rolePermissionsRoute, { query: {} }, callOptions);
  const projectPermissions = await fetchRoute(
    rolePermissionsRoute,
    { query: { actualProjectData: 1 } },
    callOptions,
  );
  const userInfo: UserInfo = {
    ...user,
    permission: menuPermissions.permission ?? [],
    permissionProject: projectPermissions.permissionProject ?? menuPermissions.permissionProject ?? [],
  };
  setSession(
    before
      ? { userInfo, isUserInfoFresh: true, previousPermissions: snapshotPermissions(before) }
      : { userInfo, isUserInfoFresh: true },
  );
  return userInfo;
}

export type SignedIn = { identityType: number; userInfo: UserInfo };

/**
 * Keeps a login answer and loads the user; on a failure after the token was stored, nothing of the half sign-in
 * is kept. Password and mobile sign-in share it.
 */
async function completeSignIn(result: LoginResult): Promise<SignedIn> {
  setSession({
    token: result.access_token,
    loginInfo: result,
    identityType: result.identityType,
    userInfo: null,
    previousPermissions: null,
  });
  try {
    const userInfo = await loadUserInfo();
    return { identityType: result.identityType, userInfo };
  } catch (error) {
    // SH-4.3: a failed user or permission fetch leaves the user signed out, with both storages emptied.
    wipeSession();
    throw error;
  }
}

export async function signIn(form: LoginBody): Promise<SignedIn> {
  return completeSignIn(await fetchRoute(loginRoute, { body: form }));
}

/** A wrong code answers HTTP 401, which the client reports as 手机验证码错误！ (SH-8.5). */
export async function signInWithOtp(form: MobileLoginBody): Promise<SignedIn> {
  return completeSignIn(await fetchRoute(mobileLoginRoute, { body: form }));
}

/**
 * Stores the new identity's login and loads its user and permissions, keeping the permissions of the identity
 * left behind as the previous state (SH-4.4). The server revokes the old token.
 */
export async function switchIdentity(operatorId: number): Promise<SignedIn> {
  const result = await fetchRoute(switchIdentityRoute, { params: { id: operatorId } });
  setSession({
    token: result.access_token,
    loginInfo: result,
    identityType: result.identityType,
  });
  try {
    const userInfo = await loadUserInfo();
    return { identityType: result.identityType, userInfo };
  } catch (error) {
    wipeSession();
    throw error;
  }
}

/** Logging out never bothers the user: an already dead session is exactly what they asked for. */
export async function signOut(): Promise<void> {
  await callRoute(logoutRoute, {}, { isSilent: true }).catch(() => undefined);
  clearSession();
}

// Without TanStack Query: the sign-in page loads before it (lib/use-submit.ts).
export function useSignIn(): Submit<LoginBody, SignedIn> {
  return useSubmit(signIn);
}

export function useSignInWithOtp(): Submit<MobileLoginBody, SignedIn> {
  return useSubmit(signInWithOtp);
}

export function useSignOut(): Submit<void, void> {
  return useSubmit(signOut);
}

/**
 * The captcha image as an object URL. Each refresh cancels the one in flight, so the session-id the client keeps
 * always belongs to the picture on screen, and every URL is revoked once replaced.
 */
export type CaptchaImage = {
  src: string | null;
  isLoading: boolean;
  refresh: () => void;
  /** Resolves once no captcha is on its way, so a sign-in never leaves before its session id has arrived. */
  whenSettled: () => Promise<void>;
};

export function useCaptchaImage(): CaptchaImage {
  const [src, setSrc] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const srcRef = useRef<string | null>(null);
  const pendingRef = useRef<Promise<void> | null>(null);

  const refresh = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setIsLoading(true);
    const pending = fetchCaptcha(controller.signal)
      .then((blob) => {
        if (controller.signal.aborted) return;
        const url = URL.createObjectURL(blob);
        if (srcRef.current) URL.revokeObjectURL(srcRef.current);
        srcRef.current = url;
        setSrc(url);
      })
      .catch(() => {
        // The client has already told the user what went wrong; the old picture stays clickable for a retry.
      })
      .finally(() => {
        if (controllerRef.current !== controller) return;
        controllerRef.current = null;
        pendingRef.current = null;
        setIsLoading(false);
      });
    pendingRef.current = pending;
  }, []);

  const whenSettled = useCallback(async (): Promise<void> => {
    // A refresh may replace the fetch being waited for; wait until the latest one is done.
    while (pendingRef.current !== null) await pendingRef.current;
  }, []);

  // The picture is only good with the session id it came with: once the session is cleared while it is on
  // screen (a 401 dialog confirmed, a failed sign-in), fetch a new pair.
  const token = useSession((session) => session.token);
  useEffect(() => {
    if (token === null && controllerRef.current === null && srcRef.current !== null) refresh();
  }, [token, refresh]);

  useEffect(() => {
    refresh();
    return () => {
      controllerRef.current?.abort();
      controllerRef.current = null;
      if (srcRef.current) URL.revokeObjectURL(srcRef.current);
      srcRef.current = null;
    };
  }, [refresh]);

  return { src, isLoading, refresh, whenSettled };
}
