// Sign-in and current-user calls (spec 000 section 7, Auth and User) and the hooks the login page and shell use.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Envelope, LoginResult, PermissionsResult, SessionUser } from '@cqjy/domain/api';
import { clearSession, setSession, useSession } from '../app/session-store.ts';
import type { UserInfo } from '../app/session-store.ts';
import { http, unwrap } from './http.ts';

export type LoginForm = { username: string; password: string; captcha: string };

export function fetchCaptcha(signal?: AbortSignal): Promise<Blob> {
  return http.get<Blob>('/api/login/captcha', undefined, {
    responseType: 'blob',
    captureSessionId: true,
    signal,
  });
}

export function postLogin(form: LoginForm): Promise<Envelope<LoginResult>> {
  return http.post<Envelope<LoginResult>>('/api/login', form);
}

/** Logging out never bothers the user: an already dead session is exactly what they asked for. */
export function postLogout(): Promise<Envelope<null>> {
  return http.post<Envelope<null>>('/api/logout', undefined, { isSilent: true });
}

export function fetchUserInfo(): Promise<Envelope<SessionUser>> {
  return http.post<Envelope<SessionUser>>('/api/app/userinfo');
}

export function fetchRolePermissions(isActualProjectData = false): Promise<Envelope<PermissionsResult>> {
  return http.get<Envelope<PermissionsResult>>(
    '/api/app/user/role/permissions',
    isActualProjectData ? { actualProjectData: 1 } : undefined,
  );
}

/**
 * SH-6.1: the permissions are fetched twice; the menu codes come from the first answer, the project-level list
 * (whose index 4 gates the ledger menus, SH-4.14) from the second, made with actualProjectData=1.
 */
export async function loadUserInfo(): Promise<UserInfo> {
  const user = unwrap(await fetchUserInfo());
  const menuPermissions = unwrap(await fetchRolePermissions());
  const projectPermissions = unwrap(await fetchRolePermissions(true));
  const userInfo: UserInfo = {
    ...user,
    permission: menuPermissions.permission ?? [],
    permissionProject: projectPermissions.permissionProject ?? menuPermissions.permissionProject ?? [],
  };
  setSession({ userInfo });
  return userInfo;
}

/** Signs in and loads the user; on a failure after the token was stored, nothing of the half sign-in is kept. */
export async function signIn(form: LoginForm): Promise<{ identityType: number; userInfo: UserInfo }> {
  const result = unwrap(await postLogin(form));
  setSession({
    token: result.access_token,
    loginInfo: result,
    identityType: result.identityType,
    userInfo: null,
  });
  try {
    const userInfo = await loadUserInfo();
    return { identityType: result.identityType, userInfo };
  } catch (error) {
    // SH-4.3: a failed user or permission fetch leaves the user signed out.
    clearSession();
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await postLogout().catch(() => undefined);
  clearSession();
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}

/**
 * The captcha image as an object URL. Each refresh cancels the one in flight, so the session-id the client keeps
 * always belongs to the picture on screen, and every URL is revoked once replaced.
 */
export function useCaptchaImage(): { src: string | null; isLoading: boolean; refresh: () => void } {
  const [src, setSrc] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const srcRef = useRef<string | null>(null);

  const refresh = useCallback(() => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setIsLoading(true);
    fetchCaptcha(controller.signal)
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
        setIsLoading(false);
      });
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

  return { src, isLoading, refresh };
}
