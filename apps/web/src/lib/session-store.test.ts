import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getSession,
  hasValidLogin,
  isLoginExpired,
  readToken,
  restoreState,
  setSession,
  wipeSession,
} from './session-store.ts';

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

const loginInfo = { access_token: 'tok', expires_in: 3600, created_at: 1_700_000_000, identityType: 1 };

beforeEach(() => {
  clearSession();
});

describe('readToken (SH-4.1)', () => {
  it.each(['undefined', 'null', '', '   '])('treats the stored string %j as no token', (stored) => {
    expect(readToken(memoryStorage({ 'cqjy.token': stored }))).toBeNull();
  });

  it('returns a real token, and null when nothing is stored', () => {
    expect(readToken(memoryStorage({ 'cqjy.token': 'abc123' }))).toBe('abc123');
    expect(readToken(memoryStorage())).toBeNull();
  });
});

describe('isLoginExpired (SH-4.2)', () => {
  const endMs = (loginInfo.created_at + loginInfo.expires_in) * 1000;

  it('is live until created_at + expires_in seconds, and expired from that instant on', () => {
    expect(isLoginExpired(loginInfo, endMs - 1)).toBe(false);
    expect(isLoginExpired(loginInfo, endMs)).toBe(true);
    expect(isLoginExpired(loginInfo, endMs + 60_000)).toBe(true);
  });

  it('counts a missing or malformed login as expired', () => {
    expect(isLoginExpired(null, 0)).toBe(true);
    expect(isLoginExpired({ created_at: Number.NaN, expires_in: 10 }, 0)).toBe(true);
  });

  it('hasValidLogin needs both a token and a live login', () => {
    const now = (loginInfo.created_at + 10) * 1000;
    expect(hasValidLogin({ ...getSession(), token: 'tok', loginInfo }, now)).toBe(true);
    expect(hasValidLogin({ ...getSession(), token: null, loginInfo }, now)).toBe(false);
    expect(hasValidLogin({ ...getSession(), token: 'session-id-only', loginInfo: null }, now)).toBe(false);
  });
});

describe('persistence', () => {
  it('keeps the sign-in in localStorage and the tab state in sessionStorage', () => {
    setSession({
      token: 'tok',
      loginInfo,
      identityType: 1,
      tabs: [{ name: 'home', path: '/index/home', title: '首页' }],
      isMenuCollapsed: true,
      clickCount: 3,
    });
    expect(window.localStorage.getItem('cqjy.token')).toBe('tok');
    expect(JSON.parse(window.localStorage.getItem('cqjy.loginInfo') ?? 'null')).toEqual(loginInfo);
    expect(window.localStorage.getItem('cqjy.identityType')).toBe('1');
    expect(JSON.parse(window.sessionStorage.getItem('cqjy.tabs') ?? '[]')).toHaveLength(1);
    expect(window.sessionStorage.getItem('cqjy.isMenuCollapsed')).toBe('true');
    expect(window.sessionStorage.getItem('cqjy.clickCount')).toBe('3');
    expect(window.localStorage.getItem('cqjy.tabs')).toBeNull();
    expect(window.sessionStorage.getItem('cqjy.token')).toBeNull();
  });

  it('restores what was stored, with an "undefined" token restored as none', () => {
    const local = memoryStorage({
      'cqjy.token': 'undefined',
      'cqjy.loginInfo': JSON.stringify(loginInfo),
      'cqjy.identityType': '999',
    });
    const session = memoryStorage({ 'cqjy.lastPath': '"/index/home"', 'cqjy.queryData': 'not json' });
    const restored = restoreState(local, session);
    expect(restored.token).toBeNull();
    expect(restored.loginInfo).toEqual(loginInfo);
    expect(restored.identityType).toBe(999);
    expect(restored.lastPath).toBe('/index/home');
    expect(restored.queryData).toEqual({});
  });

  it('never stores the string "undefined" as a token', () => {
    setSession({ token: 'undefined' });
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('cqjy.token')).toBeNull();
  });

  it('clearSession empties both storages of this app only and resets the state', () => {
    setSession({
      token: 'tok',
      loginInfo,
      tabs: [{ name: 'a', path: '/index/a', title: 'A' }],
      clickCount: 2,
    });
    window.localStorage.setItem('other-app', 'x');
    window.sessionStorage.setItem('other-app', 'y');
    clearSession();
    expect(getSession()).toMatchObject({ token: null, loginInfo: null, tabs: [], clickCount: 0 });
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('cqjy.'))).toEqual([]);
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith('cqjy.'))).toEqual([]);
    expect(window.localStorage.getItem('other-app')).toBe('x');
    expect(window.sessionStorage.getItem('other-app')).toBe('y');
  });

  it('keeps the previous permissions and the land session flag for this browser tab', () => {
    setSession({
      previousPermissions: { identityType: 1, permission: ['GJS_INDEX'], permissionProject: [] },
      isLandSession: true,
    });
    expect(JSON.parse(window.sessionStorage.getItem('cqjy.previousPermissions') ?? 'null')).toEqual({
      identityType: 1,
      permission: ['GJS_INDEX'],
      permissionProject: [],
    });
    expect(window.sessionStorage.getItem('cqjy.isLandSession')).toBe('true');
    const restored = restoreState(window.localStorage, window.sessionStorage);
    expect(restored.isLandSession).toBe(true);
    expect(restored.previousPermissions?.permission).toEqual(['GJS_INDEX']);
  });

  it('wipeSession (SH-4.3) empties both storages entirely and resets the state', () => {
    setSession({ token: 'tok', loginInfo, isLandSession: true });
    window.localStorage.setItem('other-app', 'x');
    window.sessionStorage.setItem('other-app', 'y');
    wipeSession();
    expect(getSession()).toMatchObject({ token: null, loginInfo: null, isLandSession: false });
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});
