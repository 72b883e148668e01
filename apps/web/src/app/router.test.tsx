import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { DEFAULT_ROLE_CODES } from '@cqjy/domain/permissions';
import { setNotifier } from '../lib/notify.ts';
import { envelope, jsonResponse } from '../test/fake-fetch.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { makeUser, nowSeconds, renderPortal, servePortal, signInAs } from '../test/portal.tsx';
import type { Route } from '../test/portal.tsx';
import { clearSession, getSession, setSession } from '../lib/session-store.ts';
import type { UserInfo } from '../lib/session-store.ts';

let notifier: FakeNotifier;

beforeEach(() => {
  clearSession();
  notifier = createFakeNotifier();
  setNotifier(notifier);
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

async function expectPath(router: ReturnType<typeof renderPortal>['router'], path: string): Promise<void> {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('the session guard (SH-4.2, SH-4.3)', () => {
  it('sends a visitor without a token to /login with the 登录身份失效 warning', async () => {
    servePortal(makeUser(1));
    const { router } = renderPortal('/index/home');
    await expectPath(router, '/login');
    expect(notifier.warning).toHaveBeenCalledWith(MSG.sessionInvalid);
  });

  it('sends an expired sign-in to /login with the warning and clears it', async () => {
    servePortal(makeUser(1));
    signInAs(makeUser(1), nowSeconds - 7200);
    window.sessionStorage.setItem('cqjy.lastPath', '"/index/home"');
    const { router } = renderPortal('/index/home');
    await expectPath(router, '/login');
    expect(notifier.warning).toHaveBeenCalledWith(MSG.sessionInvalid);
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('cqjy.loginInfo')).toBeNull();
    expect(window.sessionStorage.getItem('cqjy.lastPath')).toBeNull();
  });

  it('guards the top-level gate pages too', async () => {
    servePortal(makeUser(1));
    const { router } = renderPortal('/auth');
    await expectPath(router, '/login');
    expect(notifier.warning).toHaveBeenCalledWith(MSG.sessionInvalid);
  });

  it('lets a live sign-in in: header with company and user, home with welcome line and the figures', async () => {
    const user = makeUser(1);
    servePortal(user);
    signInAs(user);
    renderPortal('/index/home');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(screen.getByTestId('header-company').textContent).toBe(user.companyName);
    expect(screen.getByTestId('header-user').textContent).toBe('张经理');
    expect(screen.getByTestId('home-welcome').textContent).toBe(`欢迎您，${user.companyName}（转让方）`);
    await waitFor(() => expect(screen.getByTestId('home-count-projects').textContent).toContain('1,234'));
    expect(screen.getByTestId('home-count-todo').textContent).toContain('待办任务');
    expect(screen.getByTestId('home-count-todo').textContent).toContain('3');
    expect(notifier.warning).not.toHaveBeenCalled();
  });

  it('checks again on every move: a sign-in that expires while open is caught at the next navigation', async () => {
    const user = makeUser(1);
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index/home');
    await screen.findByRole('heading', { name: '首页' });
    setSession({
      loginInfo: { access_token: 'access-1', expires_in: 1, created_at: nowSeconds - 10, identityType: 1 },
    });
    await router.navigate('/index/assets');
    await expectPath(router, '/login');
    expect(notifier.warning).toHaveBeenCalledWith(MSG.sessionInvalid);
  });

  it('loads a missing user and both permission lists before the page opens (SH-6.1)', async () => {
    const user = makeUser(1);
    const { calls } = servePortal(user);
    signInAs(user);
    setSession({ userInfo: null });
    renderPortal('/index/home');
    await screen.findByRole('heading', { name: '首页' });
    expect(
      calls.map((call) => call.url).filter((url) => url.startsWith('/api/app/user/role/permissions')),
    ).toEqual(['/api/app/user/role/permissions', '/api/app/user/role/permissions?actualProjectData=1']);
    expect(getSession().userInfo?.permission).toEqual(user.permission);
  });

  it('empties local and session storage and goes to /login when loading the user fails', async () => {
    const user = makeUser(1);
    servePortal(user, (call) =>
      call.url.startsWith('/api/app/user/role/permissions')
        ? jsonResponse(envelope(null), { status: 500 })
        : undefined,
    );
    signInAs(user);
    setSession({ userInfo: null, tabs: [{ name: 'home', path: '/index/home', title: '首页' }] });
    window.localStorage.setItem('other.key', '1');
    const { router } = renderPortal('/index/home');
    await expectPath(router, '/login');
    expect(getSession().token).toBeNull();
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('signing out', () => {
  it('signs out from the header: calls logout, clears the session and shows /login', async () => {
    const user = makeUser(1);
    const { calls } = servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index/home');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    await expectPath(router, '/login');
    expect(calls.some((call) => call.url === '/api/logout' && call.method === 'POST')).toBe(true);
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('cqjy.token')).toBeNull();
    expect(notifier.success).toHaveBeenCalledWith(MSG.logoutOk);
  });
});

/** What the gate pages load, as the server answers a user held at their gate. */
const answerGatePages: Route = (call) => {
  const path = call.url.split('?')[0];
  if (path === '/api/register/company') {
    return jsonResponse(
      envelope({
        id: 10,
        name: '示例国有资产经营有限公司',
        creditCode: '91500103MA00000001',
        examineStatus: 1,
        examineStatusLabel: '待审核',
        examineReason: null,
        version: 2,
        businessLicense: [],
        history: [],
      }),
    );
  }
  if (path === '/api/signature/info') {
    return jsonResponse(
      envelope({
        company: { name: '示例国有资产经营有限公司', creditCode: '91500103MA00000001' },
        operator: { realName: '张三', mobileMasked: '138****0001' },
        mainOperatorAuth: false,
        authStatus: 1,
        companyAuthStatus: 1,
        credentials: [],
      }),
    );
  }
  return undefined;
};

describe('the onboarding gates (SH-4.5 to SH-4.12)', () => {
  const gateCases: { gate: number; overrides: Partial<UserInfo>; identityType: number; path: string }[] = [
    { gate: 1, identityType: 1, overrides: { examineStatus: 1 }, path: '/transferorOpenTip' },
    { gate: 2, identityType: 1, overrides: { idType: 1 }, path: '/auth' },
    { gate: 3, identityType: 2, overrides: { setupPassword: false }, path: '/auth' },
    { gate: 4, identityType: 2, overrides: { pendingPhone: '13900000000' }, path: '/auth' },
    { gate: 5, identityType: 2, overrides: { companyAuthStatus: 2 }, path: '/auth' },
    { gate: 6, identityType: 2, overrides: { prompt: true }, path: '/welcomePage' },
    { gate: 7, identityType: 1, overrides: { mainOperatorAuth: false }, path: '/signature' },
    { gate: 8, identityType: 99, overrides: {}, path: '/landManage' },
  ];

  it.each(gateCases)(
    'gate $gate sends the user from /index/home to $path',
    async ({ identityType, overrides, path }) => {
      const user = makeUser(identityType, overrides);
      servePortal(user, answerGatePages);
      signInAs(user);
      const { router } = renderPortal('/index/home');
      await expectPath(router, path);
      // Every gate page says where the user is and offers a way out.
      expect(await screen.findByRole('heading', { level: 3 })).toBeTruthy();
      if (path === '/welcomePage') {
        expect(screen.getByRole('button', { name: /我知道了/ })).toBeTruthy();
      } else {
        expect(await screen.findByRole('button', { name: /退出登录/ })).toBeTruthy();
      }
    },
  );

  it('shows each top-level gate page with its own title', async () => {
    const user = makeUser(1, { idType: 1 });
    servePortal(user);
    signInAs(user);
    renderPortal('/auth');
    expect(await screen.findByRole('heading', { name: '开户信息' })).toBeTruthy();
  });

  it('lets a land user into the portal once 进入门户 set the land session flag', async () => {
    const user = makeUser(99);
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/landManage');
    fireEvent.click(await screen.findByRole('button', { name: /进入门户/ }));
    await expectPath(router, '/index/home');
    expect(getSession().isLandSession).toBe(true);
    expect(window.sessionStorage.getItem('cqjy.isLandSession')).toBe('true');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
  });

  it('gives a land user in the portal its way back to 土地资产管理, and no one else', async () => {
    const user = makeUser(99);
    servePortal(user);
    signInAs(user);
    setSession({ isLandSession: true });
    const { router } = renderPortal('/index/home');
    fireEvent.click(await screen.findByRole('button', { name: /返回土地资产管理/ }));
    await expectPath(router, '/landManage');
    // the land frame, with 进入门户 to come back
    expect(await screen.findByRole('button', { name: /进入门户/ })).toBeTruthy();
  });

  it('shows no way to 土地资产管理 to other identities', async () => {
    const user = makeUser(1);
    servePortal(user);
    signInAs(user);
    renderPortal('/index/home');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /土地资产管理/ })).toBeNull();
  });

  it('signs a held user out from a gate page', async () => {
    const user = makeUser(1, { idType: 1 });
    const { calls } = servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/auth');
    fireEvent.click(await screen.findByRole('button', { name: /退出登录/ }));
    await expectPath(router, '/login');
    expect(calls.some((call) => call.url === '/api/logout')).toBe(true);
    expect(getSession().token).toBeNull();
  });
});

describe('permissions and route sets (SH-4.4, SH-6.2)', () => {
  it('sends a page hidden by the current permissions to /404 and on to the identity target', async () => {
    const user = makeUser(1);
    user.permission = user.permission.filter((code) => code !== 'GJS_ASSETS_LT');
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index/assets');
    await expectPath(router, '/index/home');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
  });

  it('keeps a page the previous permission state allowed (after a refetch)', async () => {
    const user = makeUser(1);
    const before = [...user.permission];
    user.permission = user.permission.filter((code) => code !== 'GJS_ASSETS_LT');
    servePortal(user);
    signInAs(user);
    setSession({ previousPermissions: { identityType: 1, permission: before, permissionProject: [] } });
    const { router } = renderPortal('/index/assets');
    expect(await screen.findByRole('heading', { name: '我的资产' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index/assets');
  });

  it('refuses a page outside the identity route set: a transferor cannot open 数据字典', async () => {
    const user = makeUser(1);
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index/dictionary');
    await expectPath(router, '/index/home');
  });

  it('opens the agent’s 小宗实物 ledger as the registries kit’s list under its title (SH-2.13, SH-2.14)', async () => {
    const user = makeUser(2, { permission: [...DEFAULT_ROLE_CODES.agent] });
    servePortal(user);
    signInAs(user);
    renderPortal('/index/ledgerSmall');
    expect(await screen.findByRole('heading', { name: '小宗实物' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /导\s*入/ })).toBeTruthy();
    expect(screen.queryByText(MSG.notOpenYet)).toBeNull();
  });

  it('gives admins the management titles (SH-2.8)', async () => {
    const user = makeUser(999);
    servePortal(user);
    signInAs(user);
    renderPortal('/index/assets');
    expect(await screen.findByRole('heading', { name: '资产管理' })).toBeTruthy();
  });
});

describe('redirects', () => {
  it('sends a signed-in user who opens /login to the first tab instead of replacing the token', async () => {
    const user = makeUser(1);
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/login');
    await expectPath(router, '/index/home');
    expect(getSession().token).toBe('access-1');
  });

  it('sends the bare root to /login for a visitor, without a warning', async () => {
    servePortal(makeUser(1));
    const { router } = renderPortal('/');
    await expectPath(router, '/login');
    expect(notifier.warning).not.toHaveBeenCalled();
  });

  it('sends /index to the identity first tab: an assessment institution to 我的待办 (SH-2.5)', async () => {
    const user = makeUser(3);
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index');
    await expectPath(router, '/index/todoEstimate');
    expect(await screen.findByRole('heading', { name: '我的待办' })).toBeTruthy();
  });

  it('heads 评估待办 for an admin with the title of its menu entry and tab (SH-2.8)', async () => {
    const user = makeUser(999);
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index/todoEstimate');
    await expectPath(router, '/index/todoEstimate');
    expect(await screen.findByRole('heading', { name: '评估待办' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '我的待办' })).toBeNull();
    expect(within(screen.getByTestId('tab-strip')).getByRole('tab', { name: '评估待办' })).toBeTruthy();
  });

  it.each([
    [1, '/index/home'],
    [3, '/index/todoEstimate'],
    [99, '/landManage'],
    [999, '/index/project'],
    [998, '/index/dictionary'],
  ])(
    'sends an unknown path through /404 by identity %i to %s (SH-2.1, SH-2.4)',
    async (identityType, target) => {
      const user = makeUser(identityType);
      servePortal(user);
      signInAs(user);
      const { router } = renderPortal('/no/such/page');
      await expectPath(router, target);
    },
  );

  it('shows a notice instead of looping when the identity target itself is refused', async () => {
    const user = makeUser(999);
    user.permission = user.permission.filter((code) => code !== 'GJS_PROJECT_LT_ADMIN');
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index/project');
    expect(await screen.findByText(MSG.pageNotFound)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
  });

  it('opens the recovery pages before sign-in, with a way back to /login', async () => {
    servePortal(makeUser(1));
    const { router } = renderPortal('/retrieve');
    expect(await screen.findByRole('heading', { name: '忘记密码' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /返回登录/ }));
    await expectPath(router, '/login');
  });
});
