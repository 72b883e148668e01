import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../lib/notify.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../test/portal.tsx';
import { clearSession } from '../lib/session-store.ts';

// The 首页 chunk cannot be used, as when a release replaced it on the server: loading the page rejects.
vi.mock('../features/home/index.ts', () => ({
  get HomePage(): never {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/home-old.js');
  },
}));

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('a portal page whose chunk fails to load (SH-8.12)', () => {
  it('shows 页面加载失败 with 重新加载 inside the layout, which stays usable', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = makeUser(1);
    servePortal(user);
    signInAs(user);
    renderPortal('/index/home');
    expect(await screen.findByText(MSG.pageLoadFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    // Header, menu and tabs are still there: the user can go elsewhere.
    expect(screen.getByTestId('header-user').textContent).toBe('张经理');
    expect(screen.getByTestId('app-sider')).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeTruthy();
    consoleError.mockRestore();
  });
});
