import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import { ADVANCED_AUTH_PROMPTED_KEY, needsAdvancedAuthPrompt } from './advanced-auth-prompt.tsx';

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('the advanced-authentication banner (SH-6.4, SH-8.11)', () => {
  it('concerns members, assessment and disassembly of a flagged company not yet authenticated', () => {
    const flagged = { advancedAuthFlag: true, companyAuthStatus: 0 };
    expect(needsAdvancedAuthPrompt(makeUser(2, flagged))).toBe(true);
    expect(needsAdvancedAuthPrompt(makeUser(3, flagged))).toBe(true);
    expect(needsAdvancedAuthPrompt(makeUser(4, { advancedAuthFlag: true, companyAuthStatus: 2 }))).toBe(true);
    expect(needsAdvancedAuthPrompt(makeUser(3, { advancedAuthFlag: true, companyAuthStatus: 1 }))).toBe(
      false,
    );
    expect(needsAdvancedAuthPrompt(makeUser(3, { advancedAuthFlag: false, companyAuthStatus: 0 }))).toBe(
      false,
    );
    expect(needsAdvancedAuthPrompt(makeUser(1, flagged))).toBe(false);
    expect(needsAdvancedAuthPrompt(null)).toBe(false);
  });

  it('SH-8.11 tells once per session, as a banner over the page that blocks nothing; 去认证 opens /auth', async () => {
    const user = makeUser(2, { advancedAuthFlag: true, companyAuthStatus: 0 });
    servePortal(user);
    signInAs(user);
    const { router } = renderPortal('/index/home');
    const banner = await screen.findByTestId('advanced-auth-banner');
    expect(within(banner).getByText(MSG.advancedAuthMissing)).toBeTruthy();
    // no dialog over the page (a modal stopped the work at every sign-in before): the page is there to use
    expect(screen.queryByRole('dialog')).toBeNull();
    const heading = await screen.findByRole('heading', { name: '首页' });
    // the banner sits at the top of the content, before the page
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // it stays while the user moves on to another page, until a choice is made
    fireEvent.click(within(screen.getByTestId('app-sider')).getByText('我的项目'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/project'));
    expect(screen.getByTestId('advanced-auth-banner')).toBeTruthy();
    fireEvent.click(
      within(screen.getByTestId('advanced-auth-banner')).getByRole('button', { name: '去认证' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(window.sessionStorage.getItem(ADVANCED_AUTH_PROMPTED_KEY)).toBe('1');
  });

  it('暂不认证 closes it, and it stays closed for the session', async () => {
    const user = makeUser(3, { advancedAuthFlag: true, companyAuthStatus: 0 });
    servePortal(user);
    signInAs(user);
    renderPortal('/index/todoEstimate');
    fireEvent.click(await screen.findByRole('button', { name: '暂不认证' }));
    expect(window.sessionStorage.getItem(ADVANCED_AUTH_PROMPTED_KEY)).toBe('1');
    await waitFor(() => expect(screen.queryByTestId('advanced-auth-banner')).toBeNull());
  });

  it('stays away when the session was already prompted', async () => {
    window.sessionStorage.setItem(ADVANCED_AUTH_PROMPTED_KEY, '1');
    const user = makeUser(2, { advancedAuthFlag: true, companyAuthStatus: 0 });
    servePortal(user);
    signInAs(user);
    renderPortal('/index/home');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(screen.queryByText(MSG.advancedAuthMissing)).toBeNull();
  });
});
