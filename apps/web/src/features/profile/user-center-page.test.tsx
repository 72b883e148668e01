import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { formatMessage } from '@cqjy/domain/format';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import { PASSWORD_PROMPT_KEY } from './password-expired-prompt.tsx';

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function bodyOf(call: FetchCall | undefined): unknown {
  return typeof call?.body === 'string' ? JSON.parse(call.body) : undefined;
}

function setUp(overrides: Partial<UserInfo> = {}) {
  let current = makeUser(1, overrides);
  const served = servePortal(current, (call) => {
    if (call.url === '/api/app/update/nickname') {
      const { nickname } = bodyOf(call) as { nickname: string };
      current = { ...current, nickname: nickname.trim() };
      return jsonResponse(envelope({ nickname: nickname.trim() }, 0, MSG.nicknameUpdated));
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

describe('个人中心 (/index/userCenter)', () => {
  it('saves a trimmed nickname, refusing one that is too long before sending', async () => {
    const { calls } = setUp();
    renderPortal('/index/userCenter');
    const input = await screen.findByRole('textbox', { name: '昵称' });
    fireEvent.change(input, { target: { value: '产'.repeat(21) } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(formatMessage(MSG.nicknameTooLong, { max: 20 }))).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/app/update/nickname')).toBe(false);

    fireEvent.change(input, { target: { value: '  新昵称 ' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(bodyOf(calls.find((call) => call.url === '/api/app/update/nickname'))).toEqual({
        nickname: '  新昵称 ',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('header-user').textContent).toBe('新昵称'));
  });

  it('opens the password tab from ?tab=password and sends the code to the own mobile', async () => {
    const { calls } = setUp();
    renderPortal('/index/userCenter?tab=password');
    expect(await screen.findByText(MSG.passwordPolicyHint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => {
      const send = calls.find((call) => call.url === '/api/app/send/otp/general');
      expect(bodyOf(send)).toEqual({});
    });
  });
});

describe('the expired-password prompt', () => {
  it('asks once a session and leads to the password tab', async () => {
    setUp({ passwordExpired: true });
    const { router } = renderPortal('/index/home');
    expect(await screen.findByText(MSG.passwordExpired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG.passwordExpiredGo }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/userCenter'));
    expect(router.state.location.search).toBe('?tab=password');
    expect(window.sessionStorage.getItem(PASSWORD_PROMPT_KEY)).toBe('1');
  });

  it('stays away after 稍后, and never shows for a password in date', async () => {
    window.sessionStorage.setItem(PASSWORD_PROMPT_KEY, '1');
    setUp({ passwordExpired: true });
    renderPortal('/index/home');
    expect(await screen.findByRole('heading', { name: '首页' })).toBeTruthy();
    expect(screen.queryByText(MSG.passwordExpired)).toBeNull();
  });
});
