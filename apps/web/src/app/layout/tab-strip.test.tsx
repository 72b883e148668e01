import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setNotifier } from '../../lib/notify.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import { clearSession, getSession, setSession } from '../../lib/session-store.ts';
import { firstTabOf } from '../../lib/identities.ts';
import { AGENT_CODES } from '@cqjy/domain/permissions';
import { CLOSE_TAB_LABEL, tabForLocation, withFirstTab } from './tab-strip.tsx';

type Router = ReturnType<typeof renderPortal>['router'];

function tabTitles(): string[] {
  return within(screen.getByTestId('tab-strip'))
    .getAllByRole('tab')
    .map((tab) => tab.textContent ?? '');
}

async function openFromMenu(router: Router, title: string, path: string): Promise<void> {
  fireEvent.click(within(screen.getByTestId('app-sider')).getByText(title));
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
  await screen.findByRole('heading', { name: title });
  await waitFor(() => expect(tabNamed(title).getAttribute('aria-selected')).toBe('true'));
}

/** A tab's accessible name is its title, followed by its close button's when it has one. */
function tabNamed(title: string): HTMLElement {
  const name = new RegExp(`^${title}( ?${CLOSE_TAB_LABEL})?$`);
  return within(screen.getByTestId('tab-strip')).getByRole('tab', { name });
}

/** Clicks a tab and waits until the strip shows it as the current one, as a user would. */
async function activateTab(router: Router, title: string, path: string): Promise<void> {
  fireEvent.click(tabNamed(title));
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
  await waitFor(() => expect(tabNamed(title).getAttribute('aria-selected')).toBe('true'));
}

/** The close button sits inside the tab element. */
function closeButtonOf(title: string): HTMLElement {
  return within(tabNamed(title)).getByRole('button', { name: CLOSE_TAB_LABEL });
}

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
  // Wide enough that the menu stays expanded and shows its titles.
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1920 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

const TITLES: Record<string, string> = {
  home: '首页',
  businessOpportunity: '我的商机',
  assets: '我的资产',
  stockright: '我的股权',
};

/** The strip as this browser tab stored it before the page loaded. */
function seedTabs(names: string[], currentTabPath: string): void {
  setSession({
    tabs: names.map((name) => ({ name, path: `/index/${name}`, title: TITLES[name] ?? name })),
    currentTabPath,
  });
}

async function renderTransferor(path = '/index/home'): Promise<Router> {
  const user = makeUser(1);
  // an asset the strip's pages name answers as the server answers a row no one may see: 404
  servePortal(user, (call) =>
    /^\/api\/assets\/\d+$/.test(call.url.split('?')[0] ?? '')
      ? jsonResponse(envelope(null, 404, '未找到'))
      : undefined,
  );
  signInAs(user);
  const { router } = renderPortal(path);
  await screen.findByTestId('tab-strip');
  return router;
}

describe('the tab strip (SH-2.9 to SH-2.12)', () => {
  it('starts with the identity first tab, which cannot be closed', async () => {
    await renderTransferor();
    await waitFor(() => expect(tabTitles()).toEqual(['首页']));
    expect(
      within(screen.getByTestId('tab-strip')).queryByRole('button', { name: CLOSE_TAB_LABEL }),
    ).toBeNull();
  });

  it('adds each opened page after the current tab and deduplicates by path (SH-2.9, SH-2.10)', async () => {
    const router = await renderTransferor();
    await openFromMenu(router, '我的资产', '/index/assets');
    await openFromMenu(router, '我的股权', '/index/stockright');
    expect(tabTitles()).toEqual(['首页', '我的资产', '我的股权']);

    // Opening an open page again makes its tab current without a second one.
    await openFromMenu(router, '我的资产', '/index/assets');
    expect(tabTitles()).toEqual(['首页', '我的资产', '我的股权']);

    // A page opened from 首页 goes right after 首页.
    await activateTab(router, '首页', '/index/home');
    await openFromMenu(router, '我的商机', '/index/businessOpportunity');
    expect(tabTitles()).toEqual(['首页', '我的商机', '我的资产', '我的股权']);
    expect(getSession().tabs.map((tab) => tab.path)).toEqual([
      '/index/home',
      '/index/businessOpportunity',
      '/index/assets',
      '/index/stockright',
    ]);
  });

  it('moves between tabs with the arrow keys, Home and End, as a tablist does', async () => {
    seedTabs(['home', 'businessOpportunity', 'assets'], '/index/home');
    const router = await renderTransferor('/index/home');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '我的商机', '我的资产']));
    const list = within(screen.getByTestId('tab-strip')).getByRole('tablist');

    fireEvent.keyDown(tabNamed('首页'), { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/businessOpportunity'));
    await waitFor(() => expect(tabNamed('我的商机').getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(tabNamed('我的商机'));

    // each key from the tab the strip shows as current, once it shows it
    for (const [key, title, path] of [
      ['End', '我的资产', '/index/assets'],
      ['ArrowRight', '首页', '/index/home'],
      ['ArrowLeft', '我的资产', '/index/assets'],
      ['Home', '首页', '/index/home'],
    ] as const) {
      fireEvent.keyDown(list, { key });
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      await waitFor(() => expect(tabNamed(title).getAttribute('aria-selected')).toBe('true'));
    }
    // the current tab alone is in the page's tab order
    expect(tabNamed('首页').tabIndex).toBe(0);
    expect(tabNamed('我的资产').tabIndex).toBe(-1);
  });

  it('deduplicates by title: a second 查看资产 replaces the first in place', async () => {
    const router = await renderTransferor('/index/assetsShow?id=1');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '查看资产']));
    await router.navigate('/index/assetsShow?id=2');
    await waitFor(() =>
      expect(getSession().tabs.map((tab) => tab.path)).toEqual(['/index/home', '/index/assetsShow?id=2']),
    );
    expect(tabTitles()).toEqual(['首页', '查看资产']);
  });

  it('closes the current tab to the next one, the last one to the previous, another one in place (SH-2.11, SH-2.12)', async () => {
    seedTabs(['home', 'businessOpportunity', 'assets', 'stockright'], '/index/businessOpportunity');
    const router = await renderTransferor('/index/businessOpportunity');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '我的商机', '我的资产', '我的股权']));
    await waitFor(() => expect(tabNamed('我的商机').getAttribute('aria-selected')).toBe('true'));

    fireEvent.click(closeButtonOf('我的商机'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/assets'));
    expect(tabTitles()).toEqual(['首页', '我的资产', '我的股权']);

    await activateTab(router, '我的股权', '/index/stockright');
    fireEvent.click(closeButtonOf('我的股权'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/assets'));
    expect(tabTitles()).toEqual(['首页', '我的资产']);

    await activateTab(router, '首页', '/index/home');
    fireEvent.click(closeButtonOf('我的资产'));
    await waitFor(() => expect(tabTitles()).toEqual(['首页']));
    expect(router.state.location.pathname).toBe('/index/home');
  });

  it('closes all others from the right-click menu, keeping the first tab, and 关闭当前 leaves for the root', async () => {
    seedTabs(['home', 'assets', 'stockright', 'businessOpportunity'], '/index/businessOpportunity');
    const router = await renderTransferor('/index/businessOpportunity');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '我的资产', '我的股权', '我的商机']));

    fireEvent.contextMenu(within(tabNamed('我的股权')).getByText('我的股权'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭其他' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/stockright'));
    expect(tabTitles()).toEqual(['首页', '我的股权']);
    await waitFor(() => expect(tabNamed('我的股权').getAttribute('aria-selected')).toBe('true'));

    fireEvent.contextMenu(within(tabNamed('我的股权')).getByText('我的股权'));
    const closeCurrent = await screen.findAllByRole('menuitem', { name: '关闭当前' });
    fireEvent.click(closeCurrent[closeCurrent.length - 1] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
    expect(tabTitles()).toEqual(['首页']);
  });

  it('keeps 我的资产 mounted behind another tab, while an ordinary page unmounts (SH-2.15)', async () => {
    seedTabs(['home', 'assets', 'businessOpportunity'], '/index/assets');
    const router = await renderTransferor('/index/assets');
    const assets = await screen.findByRole('heading', { name: '我的资产' });

    await activateTab(router, '我的商机', '/index/businessOpportunity');
    const opportunity = await screen.findByRole('heading', { name: '我的商机' });
    expect(document.body.contains(assets)).toBe(true);
    expect(assets.closest('[hidden]')).not.toBeNull();

    await activateTab(router, '我的资产', '/index/assets');
    expect(await screen.findByRole('heading', { name: '我的资产' })).toBe(assets);
    expect(document.body.contains(opportunity)).toBe(false);
  });

  it('restores the strip of this browser tab after a reload', async () => {
    seedTabs(['home', 'businessOpportunity'], '/index/businessOpportunity');
    await renderTransferor('/index/businessOpportunity');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '我的商机']));
    expect(window.sessionStorage.getItem('cqjy.tabs')).toContain('/index/businessOpportunity');
  });
});

/** Holds the user's refresh at the signed-in guard, so the next navigation stays under way until released. */
function holdNextNavigation(): { release: () => void } {
  let release = (): void => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const user = makeUser(1);
  servePortal(user, (call) => {
    if (call.url.split('?')[0] !== '/api/app/userinfo' || getSession().isUserInfoFresh) return undefined;
    const { permission: _permission, permissionProject: _projects, ...sessionUser } = user;
    return held.then(() => jsonResponse(envelope(sessionUser)));
  });
  return { release };
}

/** The portal at `path` for a transferor, its first guard let through. */
async function renderFirst(path: string): Promise<Router> {
  signInAs(makeUser(1));
  holdNextNavigation().release();
  const { router } = renderPortal(path);
  await screen.findByTestId('tab-strip');
  return router;
}

/** Starts a navigation that the guard holds: the page of `title` is on its way, not yet drawn. */
async function startHeldNavigation(router: Router, title: string, path: string): Promise<void> {
  setSession({ isUserInfoFresh: false });
  fireEvent.click(tabNamed(title));
  await waitFor(() => expect(router.state.navigation.location?.pathname).toBe(path));
  expect(router.state.location.pathname).not.toBe(path);
}

describe('a close while a page is still on its way (SH-2.11)', () => {
  it('关闭其他 on the current tab keeps two tabs when another tab was clicked just before', async () => {
    seedTabs(['home', 'assets', 'stockright', 'businessOpportunity'], '/index/businessOpportunity');
    const router = await renderFirst('/index/businessOpportunity');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '我的资产', '我的股权', '我的商机']));
    await waitFor(() => expect(tabNamed('我的商机').getAttribute('aria-selected')).toBe('true'));

    const second = holdNextNavigation();
    await startHeldNavigation(router, '我的股权', '/index/stockright');
    fireEvent.contextMenu(within(tabNamed('我的商机')).getByText('我的商机'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '关闭其他' }));
    second.release();

    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/index/businessOpportunity');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '我的商机']));
    expect(getSession().tabs.map((tab) => tab.path)).toEqual(['/index/home', '/index/businessOpportunity']);
    expect(await screen.findByRole('heading', { name: '我的商机' })).toBeTruthy();
  });

  it('closing the tab whose page is on its way leaves it closed and stays on the page shown', async () => {
    seedTabs(['home', 'assets', 'businessOpportunity'], '/index/businessOpportunity');
    const router = await renderFirst('/index/businessOpportunity');
    await waitFor(() => expect(tabNamed('我的商机').getAttribute('aria-selected')).toBe('true'));

    const second = holdNextNavigation();
    await startHeldNavigation(router, '我的资产', '/index/assets');
    fireEvent.click(closeButtonOf('我的资产'));
    second.release();

    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe('/index/businessOpportunity');
    await waitFor(() => expect(tabTitles()).toEqual(['首页', '我的商机']));
    // the page kept alive was never drawn: nothing of it is left behind the strip
    expect(document.querySelector('[data-keep-alive="/index/assets"]')).toBeNull();
  });
});

describe('tab helpers', () => {
  it('names each identity first tab from the route table', () => {
    expect(firstTabOf('admin')).toEqual({ name: 'project', path: '/index/project', title: '项目管理' });
    expect(firstTabOf('assessment')).toEqual({
      name: 'todoEstimate',
      path: '/index/todoEstimate',
      title: '我的待办',
    });
  });

  it('puts the first tab back at the front when it is missing', () => {
    const first = firstTabOf('transferor');
    const opportunity = {
      name: 'businessOpportunity',
      path: '/index/businessOpportunity',
      title: '我的商机',
    };
    expect(withFirstTab([opportunity], first)).toEqual([first, opportunity]);
    expect(withFirstTab([first, opportunity], first)).toEqual([first, opportunity]);
  });

  it('keeps the query string in the tab path and gives admins the management title', () => {
    expect(tabForLocation('/index/assetsShow', '?id=3', 'transferor')).toEqual({
      name: 'assetsShow',
      path: '/index/assetsShow?id=3',
      title: '查看资产',
    });
    expect(tabForLocation('/index/assets', '', 'admin')?.title).toBe('资产管理');
    expect(tabForLocation('/auth', '', 'transferor')).toBeNull();
  });

  it('names a page as the menu does: an agent member reads 代理项目方 where others read 我的项目', () => {
    expect(tabForLocation('/index/project', '', 'member', AGENT_CODES)?.title).toBe('代理项目方');
    expect(tabForLocation('/index/project', '', 'member', ['GJS_PROJECT_LT'])?.title).toBe('我的项目');
    // agent codes make no agent of another identity (SH-6.2)
    expect(tabForLocation('/index/project', '', 'transferor', AGENT_CODES)?.title).toBe('我的项目');
  });
});
