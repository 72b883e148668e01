import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession, getSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
  Object.assign(URL, { createObjectURL: () => 'blob:welcome', revokeObjectURL: () => {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function setUp() {
  let current: UserInfo = makeUser(2, { prompt: true });
  const served = servePortal(current, (call) => {
    if (call.url === '/api/operator/welcome/image') {
      return new Response('<svg/>', { status: 200, headers: { 'Content-Type': 'image/svg+xml' } });
    }
    if (call.url === '/api/operator/cancel/prompt') {
      current = { ...current, prompt: false };
      return jsonResponse(envelope(null));
    }
    if (call.url === '/api/app/userinfo') {
      const { permission: _p, permissionProject: _pp, ...sessionUser } = current;
      return jsonResponse(envelope(sessionUser));
    }
    return undefined;
  });
  signInAs(current);
  return served;
}

describe('the welcome page (gate 6, SH-4.10)', () => {
  it('shows the welcome picture from the server', async () => {
    setUp();
    renderPortal('/welcomePage');
    const image = await screen.findByAltText('欢迎使用');
    expect(image.getAttribute('src')).toBe('blob:welcome');
  });

  it('我知道了 clears the prompt, reloads the user and opens the first tab', async () => {
    const { calls } = setUp();
    const { router } = renderPortal('/welcomePage');
    fireEvent.click(await screen.findByRole('button', { name: /我知道了/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
    expect(calls.find((call) => call.url === '/api/operator/cancel/prompt')?.method).toBe('POST');
    expect(getSession().userInfo?.prompt).toBe(false);
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
  });
});
