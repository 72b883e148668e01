// The client session state of spec 000 section 3, held outside React so the HTTP client and route loaders can read
// it, and exposed to components through useSyncExternalStore. What must survive a browser restart (the sign-in)
// lives in localStorage; what belongs to one browser tab (open tabs, menu state) lives in sessionStorage.
import { useSyncExternalStore } from 'react';
import type { LoginResult, ProjectPermission, SessionUser } from '@cqjy/domain/api';

export type OpenTab = { name: string; path: string; title: string };

/** A menu entry as the shell renders it; the domain's menu builder produces these. */
export type MenuRouteEntry = {
  name: string;
  path: string;
  title: string;
  children?: MenuRouteEntry[];
};

/** The permission state a page was allowed under, kept when the permissions are fetched again (SH-4.4). */
export type PermissionSnapshot = {
  identityType: number | null;
  permission: string[];
  permissionProject: ProjectPermission[];
};

/** The session user as the portal keeps it: what userinfo answers plus the two permission lists (SH-6.1). */
export type UserInfo = SessionUser & {
  permission: string[];
  permissionProject: ProjectPermission[];
};

export type SessionState = {
  tabs: OpenTab[];
  isMenuCollapsed: boolean;
  currentTabPath: string;
  lastPath: string;
  userInfo: UserInfo | null;
  loginInfo: LoginResult | null;
  token: string | null;
  identityType: number | null;
  isRefreshing: boolean;
  menuRoutes: MenuRouteEntry[];
  queryData: Record<string, unknown>;
  clickCount: number;
  /** the permissions before the last refetch (an identity switch), so a page open then is not lost at once */
  previousPermissions: PermissionSnapshot | null;
  /** a land user who left 土地资产管理 for the portal in this browser tab (gate 8) */
  isLandSession: boolean;
  /**
   * The user and both permission lists came from the server during this page load. Never stored: what storage
   * restores is only a leftover of an earlier page, which the signed-in guard fetches again (SH-4.3).
   */
  isUserInfoFresh: boolean;
};

const KEY_PREFIX = 'cqjy.';

// Which field goes to which storage; fields absent here (refresh flags, menu routes) are rebuilt on every load.
const LOCAL_FIELDS = ['token', 'loginInfo', 'identityType', 'userInfo'] as const;
const SESSION_FIELDS = [
  'tabs',
  'isMenuCollapsed',
  'currentTabPath',
  'lastPath',
  'queryData',
  'clickCount',
  'previousPermissions',
  'isLandSession',
] as const;

type PersistedField = (typeof LOCAL_FIELDS)[number] | (typeof SESSION_FIELDS)[number];

export function createInitialState(): SessionState {
  return {
    tabs: [],
    isMenuCollapsed: false,
    currentTabPath: '',
    lastPath: '',
    userInfo: null,
    loginInfo: null,
    token: null,
    identityType: null,
    isRefreshing: false,
    menuRoutes: [],
    queryData: {},
    clickCount: 0,
    previousPermissions: null,
    isLandSession: false,
    isUserInfoFresh: false,
  };
}

/** SH-4.1: the stored token, where the strings a careless write leaves behind count as no token at all. */
export function readToken(storage: Pick<Storage, 'getItem'>): string | null {
  const raw = safeGet(storage, KEY_PREFIX + 'token');
  if (raw === null) return null;
  const token = raw.trim();
  if (token === '' || token === 'undefined' || token === 'null') return null;
  return token;
}

/** SH-4.2: the sign-in is over once created_at + expires_in (both in seconds) is reached. */
export function isLoginExpired(
  loginInfo: Pick<LoginResult, 'created_at' | 'expires_in'> | null,
  nowMs: number,
): boolean {
  if (!loginInfo) return true;
  const createdAt = Number(loginInfo.created_at);
  const expiresIn = Number(loginInfo.expires_in);
  if (!Number.isFinite(createdAt) || !Number.isFinite(expiresIn)) return true;
  return (createdAt + expiresIn) * 1000 <= nowMs;
}

function safeGet(storage: Pick<Storage, 'getItem'>, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    // Storage can be disabled by the browser (private mode, policy); the app then runs without persistence.
    return null;
  }
}

function readJson<T>(storage: Storage, field: PersistedField, fallback: T): T {
  const raw = safeGet(storage, KEY_PREFIX + field);
  if (raw === null || raw === 'undefined') return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function getStorages(): { local: Storage; session: Storage } | null {
  if (typeof window === 'undefined') return null;
  try {
    return { local: window.localStorage, session: window.sessionStorage };
  } catch {
    return null;
  }
}

export function restoreState(local: Storage, session: Storage): SessionState {
  const initial = createInitialState();
  return {
    ...initial,
    token: readToken(local),
    loginInfo: readJson(local, 'loginInfo', initial.loginInfo),
    identityType: readJson(local, 'identityType', initial.identityType),
    userInfo: readJson(local, 'userInfo', initial.userInfo),
    tabs: readJson(session, 'tabs', initial.tabs),
    isMenuCollapsed: readJson(session, 'isMenuCollapsed', initial.isMenuCollapsed),
    currentTabPath: readJson(session, 'currentTabPath', initial.currentTabPath),
    lastPath: readJson(session, 'lastPath', initial.lastPath),
    queryData: readJson(session, 'queryData', initial.queryData),
    clickCount: readJson(session, 'clickCount', initial.clickCount),
    previousPermissions: readJson(session, 'previousPermissions', initial.previousPermissions),
    isLandSession: readJson(session, 'isLandSession', initial.isLandSession),
  };
}

function persistField(
  storages: { local: Storage; session: Storage },
  field: PersistedField,
  value: unknown,
): void {
  const storage = (LOCAL_FIELDS as readonly string[]).includes(field) ? storages.local : storages.session;
  const key = KEY_PREFIX + field;
  try {
    if (value === null || value === undefined) {
      storage.removeItem(key);
    } else if (field === 'token') {
      // The token is kept as the bare string so other tools reading storage see the same value the header carries.
      storage.setItem(key, value as string);
    } else {
      storage.setItem(key, JSON.stringify(value));
    }
  } catch {
    // Quota or disabled storage: the in-memory state stays authoritative for this page's life.
  }
}

const storages = getStorages();
let state: SessionState = storages ? restoreState(storages.local, storages.session) : createInitialState();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function setSession(patch: Partial<SessionState>): void {
  const next = { ...state, ...patch };
  if (patch.token !== undefined) {
    next.token = normaliseToken(patch.token);
  }
  state = next;
  if (storages) {
    for (const field of [...LOCAL_FIELDS, ...SESSION_FIELDS]) {
      if (field in patch) persistField(storages, field, next[field]);
    }
  }
  emit();
}

function normaliseToken(token: string | null): string | null {
  if (token === null) return null;
  const trimmed = token.trim();
  return trimmed === '' || trimmed === 'undefined' || trimmed === 'null' ? null : trimmed;
}

export function setToken(token: string | null): void {
  setSession({ token });
}

/** Forgets the sign-in: both storages lose this app's keys and the state returns to its empty shape. */
export function clearSession(): void {
  if (storages) {
    for (const storage of [storages.local, storages.session]) {
      try {
        const keys: string[] = [];
        for (let i = 0; i < storage.length; i += 1) {
          const key = storage.key(i);
          if (key !== null && key.startsWith(KEY_PREFIX)) keys.push(key);
        }
        for (const key of keys) storage.removeItem(key);
      } catch {
        // Nothing stored that we could remove.
      }
    }
  }
  state = createInitialState();
  emit();
}

/**
 * SH-4.3: a failed user or permission fetch leaves nothing behind: local and session storage are emptied
 * entirely, not only this app's keys, and the state returns to its empty shape.
 */
export function wipeSession(): void {
  if (storages) {
    for (const storage of [storages.local, storages.session]) {
      try {
        storage.clear();
      } catch {
        // Storage disabled: there is nothing to clear.
      }
    }
  }
  state = createInitialState();
  emit();
}

/** What the permission guard compares against after a refetch (SH-4.4). */
export function snapshotPermissions(userInfo: UserInfo): PermissionSnapshot {
  return {
    identityType: userInfo.identityType,
    permission: userInfo.permission,
    permissionProject: userInfo.permissionProject,
  };
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Reads one slice of the session; the selector must return a value taken from the state, not a new object. */
export function useSession<T>(selector: (session: SessionState) => T): T {
  return useSyncExternalStore(
    subscribeSession,
    () => selector(state),
    () => selector(state),
  );
}

/** Whether the stored sign-in can still be used for a page under /index. */
export function hasValidLogin(session: SessionState, nowMs: number): boolean {
  return session.token !== null && !isLoginExpired(session.loginInfo, nowMs);
}
