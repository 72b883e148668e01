import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../api/notify.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { envelope, jsonResponse, stubFetch } from '../test/fake-fetch.ts';
import { createQueryClient } from './query-client.ts';
import { RouteError } from './route-error.tsx';
import { routes } from './router.tsx';
import { clearSession, getSession, setSession } from './session-store.ts';
import type { UserInfo } from './session-store.ts';

const nowSeconds = Math.floor(Date.now() / 1000);
const userInfo: UserInfo = {
  id: 1,
  username: 'transferor',
  nickname: '张经理',
  mobile: null,
  companyId: 10,
  companyName: '示例国有资产经营有限公司',
  identityType: 1,
  examineStatus: 3,
  idType: 0,
  manager: true,
  validated: true,
  authStatus: 1,
  companyAuthStatus: 1,
  mainOperatorAuth: true,
  prompt: false,
  setupPassword: true,
  pendingPhone: null,
  identities: [],
  permission: ['GJS_INDEX'],
  permissionProject: [],
};

function signInAs(identityType: number, createdAt = nowSeconds): void {
  setSession({
    token: 'access-1',
    loginInfo: { access_token: 'access-1', expires_in: 3600, created_at: createdAt, identityType },
    identityType,
    userInfo: { ...userInfo, identityType },
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let notifier: FakeNotifier;

beforeEach(() => {
  clearSession();
  notifier = createFakeNotifier();
  setNotifier(notifier);
  // The login page asks for a captcha as soon as it shows; these tests only care where navigation ends.
  stubFetch((call) =>
    call.url === '/api/login/captcha'
      ? new Response('<svg/>', { status: 200, headers: { 'Content-Type': 'image/svg+xml' } })
      : jsonResponse(envelope(null)),
  );
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('the /index guard (SH-4.2)', () => {
  it('sends a visitor without a token to /login with the 登录身份失效 warning', async () => {
    const router = renderAt('/index/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(notifier.warning).toHaveBeenCalledWith(MSG.sessionInvalid);
  });

  it('sends an expired sign-in to /login and clears it', async () => {
    signInAs(1, nowSeconds - 7200);
    window.sessionStorage.setItem('cqjy.lastPath', '"/index/home"');
    const router = renderAt('/index/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(notifier.warning).toHaveBeenCalledWith(MSG.sessionInvalid);
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('cqjy.loginInfo')).toBeNull();
    expect(window.sessionStorage.getItem('cqjy.lastPath')).toBeNull();
  });

  it('lets a live sign-in in: header with company and user, home with welcome line and identity label', async () => {
    signInAs(1);
    renderAt('/index/home');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(screen.getByTestId('header-company').textContent).toBe(userInfo.companyName);
    expect(screen.getByTestId('header-user').textContent).toBe('张经理');
    expect(screen.getByTestId('home-welcome').textContent).toBe(`欢迎您，${userInfo.companyName}（转让方）`);
    expect(screen.getByText(MSG.notOpenYet)).toBeTruthy();
    expect(notifier.warning).not.toHaveBeenCalled();
  });

  it('checks again on every move: a sign-in that expires while open is caught at the next navigation', async () => {
    signInAs(1);
    const router = renderAt('/index/home');
    await screen.findByRole('heading', { name: '首页' });
    setSession({
      loginInfo: { access_token: 'access-1', expires_in: 1, created_at: nowSeconds - 10, identityType: 1 },
    });
    await router.navigate('/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(notifier.warning).toHaveBeenCalledWith(MSG.sessionInvalid);
  });

  it('loads a missing user, and signs out to /login when that fails (SH-4.3)', async () => {
    signInAs(1);
    setSession({ userInfo: null });
    stubFetch(() => jsonResponse(envelope(null), { status: 500 }));
    const router = renderAt('/index/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession().token).toBeNull();
  });

  it('signs out from the header: calls logout, clears the session and shows /login', async () => {
    signInAs(1);
    const { calls } = stubFetch((call) =>
      call.url === '/api/login/captcha'
        ? new Response('<svg/>', { status: 200, headers: { 'Content-Type': 'image/svg+xml' } })
        : jsonResponse(envelope(null)),
    );
    const router = renderAt('/index/home');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.url === '/api/logout' && call.method === 'POST')).toBe(true);
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('cqjy.token')).toBeNull();
  });
});

describe('redirects', () => {
  it('sends a signed-in user who opens /login to the first tab instead of replacing the token', async () => {
    signInAs(1);
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
    expect(getSession().token).toBe('access-1');
  });

  it('sends the bare root to /login for a visitor, without a warning', async () => {
    const router = renderAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(notifier.warning).not.toHaveBeenCalled();
  });

  it('sends an unknown path through /404 to the identity target (SH-2.1, SH-2.4)', async () => {
    signInAs(1);
    const router = renderAt('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
  });

  it('shows a notice instead of looping when the identity target itself is not mounted yet', async () => {
    signInAs(999);
    const router = renderAt('/index/project');
    expect(await screen.findByText(MSG.pageNotFound)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('sends /404 by identity: a transferor to /index/home', async () => {
    signInAs(1);
    const router = renderAt('/404');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
  });
});

describe('route errors (SH-8.12)', () => {
  it('shows a reloadable notice, not a blank page, when a page chunk fails to load', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          HydrateFallback: () => null,
          children: [
            {
              path: 'broken',
              lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
            },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(MSG.pageLoadFailed)).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
    expect(screen.getByRole('button', { name: '刷新页面' })).toBeTruthy();
  });
});
