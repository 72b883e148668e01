// SH-4.3: a page load does not trust the user and permissions kept in storage; it asks the server again before
// any signed-in page shows, once per load.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../lib/notify.ts';
import { clearSession, getSession } from '../lib/session-store.ts';
import type { UserInfo } from '../lib/session-store.ts';
import { envelope, jsonResponse } from '../test/fake-fetch.ts';
import type { FetchCall } from '../test/fake-fetch.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../test/portal.tsx';

const USERINFO = '/api/app/userinfo';
const PERMISSIONS = '/api/app/user/role/permissions';

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

async function expectPath(router: ReturnType<typeof renderPortal>['router'], path: string): Promise<void> {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

const urlsOf = (calls: FetchCall[], path: string): string[] =>
  calls.map((call) => call.url).filter((url) => url.split('?')[0] === path);

/** A user the browser kept from before, allowed 我的资产. */
function storedUser(): UserInfo {
  const user = makeUser(1);
  expect(user.permission).toContain('GJS_ASSETS_LT');
  return user;
}

describe('a page load refreshes the stored sign-in (SH-4.3)', () => {
  it('fetches the user and both permission lists, so a permission removed meanwhile is gone at once', async () => {
    const stored = storedUser();
    const onServer = { ...stored, permission: stored.permission.filter((code) => code !== 'GJS_ASSETS_LT') };
    const { calls } = servePortal(onServer);
    signInAs(stored);
    const { router } = renderPortal('/index/assets');
    await expectPath(router, '/index/home');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(urlsOf(calls, USERINFO)).toHaveLength(1);
    expect(urlsOf(calls, PERMISSIONS)).toEqual([PERMISSIONS, `${PERMISSIONS}?actualProjectData=1`]);
    expect(getSession().userInfo?.permission).not.toContain('GJS_ASSETS_LT');
    const kept = JSON.parse(window.localStorage.getItem('cqjy.userInfo') ?? 'null') as UserInfo | null;
    expect(kept?.permission).not.toContain('GJS_ASSETS_LT');
  });

  it('signs a disabled account out: /login, and local and session storage emptied', async () => {
    servePortal(storedUser(), (call) =>
      call.url === USERINFO ? jsonResponse(envelope(null, 1, '账号已停用')) : undefined,
    );
    signInAs(storedUser());
    window.sessionStorage.setItem('cqjy.tabs', JSON.stringify([{ name: 'home', path: '/index/home' }]));
    window.localStorage.setItem('other.key', '1');
    const { router } = renderPortal('/index/home');
    await expectPath(router, '/login');
    expect(getSession().token).toBeNull();
    expect(getSession().userInfo).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(screen.queryByRole('heading', { name: '首页' })).toBeNull();
  });

  it('answers a session the server refuses (401) with /login and 登录身份失效, not the stay-or-relogin dialog', async () => {
    const notifier = createFakeNotifier();
    setNotifier(notifier);
    servePortal(storedUser(), (call) =>
      call.url === USERINFO ? jsonResponse(envelope(null), { status: 401 }) : undefined,
    );
    signInAs(storedUser());
    const { router } = renderPortal('/index/home');
    await expectPath(router, '/login');
    expect(window.localStorage.length).toBe(0);
    expect(notifier.warning).toHaveBeenCalledWith(MSG.sessionInvalid);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notifier.confirm).not.toHaveBeenCalled();
  });

  it('goes to /login when a permission list gets no answer', async () => {
    servePortal(storedUser(), (call) => {
      if (call.url.startsWith(PERMISSIONS)) throw new TypeError('Failed to fetch');
      return undefined;
    });
    signInAs(storedUser());
    const { router } = renderPortal('/index/home');
    await expectPath(router, '/login');
    expect(window.localStorage.length).toBe(0);
  });

  it('shows nothing signed-in from the stored data before the server has answered', async () => {
    let answerUser: () => void = () => {};
    const held = new Promise<void>((resolve) => (answerUser = resolve));
    const user = storedUser();
    const { permission: _p, permissionProject: _pp, ...sessionUser } = user;
    const { calls } = servePortal(user, (call) =>
      call.url === USERINFO ? held.then(() => jsonResponse(envelope(sessionUser))) : undefined,
    );
    signInAs(user);
    renderPortal('/index/home');
    await waitFor(() => expect(urlsOf(calls, USERINFO)).toHaveLength(1));
    expect(screen.getByRole('status').textContent).toContain('加载中');
    expect(screen.queryByRole('heading', { name: '首页' })).toBeNull();
    expect(screen.queryByTestId('header-user')).toBeNull();
    answerUser();
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
  });

  it('refreshes once per page load, not on every navigation', async () => {
    const user = storedUser();
    const { calls } = servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index/home');
    await screen.findByRole('heading', { name: '首页' });
    await router.navigate('/index/assets');
    expect(await screen.findByRole('heading', { name: '我的资产' })).toBeTruthy();
    await router.navigate('/index/home');
    await expectPath(router, '/index/home');
    expect(urlsOf(calls, USERINFO)).toHaveLength(1);
    expect(urlsOf(calls, PERMISSIONS)).toHaveLength(2);
  });
});
