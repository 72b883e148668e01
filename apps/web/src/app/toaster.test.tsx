import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { ERROR_TOAST_S } from '@cqjy/domain/constants';
import { MSG } from '@cqjy/domain/messages';
import { http } from '../lib/http.ts';
import { notify, setNotifier } from '../lib/notify.ts';
import { envelope, jsonResponse, stubFetch } from '../test/fake-fetch.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import { NotifyBridge } from './notify-bridge.tsx';
import { Toaster } from './toaster.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNotifier(null);
});

const confirmOptions = {
  title: MSG.sessionExpiredTitle,
  content: MSG.sessionExpiredConfirm,
  okText: MSG.relogin,
  cancelText: MSG.cancel,
};

describe('the light toaster of the root', () => {
  it('shows 用户名或密码错误！ of a refused sign-in without antd, for 5 s like every error (SH-9.5)', async () => {
    vi.useFakeTimers();
    stubFetch(() => jsonResponse(envelope(null, 1, ''), { status: 401 }));
    render(<Toaster />);
    await act(async () => {
      await http.post('/api/login', { username: 'u', password: 'wrong', captcha: '1234' }).catch(() => null);
    });
    expect(screen.getByRole('alert').textContent).toContain(MSG.loginFailed);
    expect(document.querySelector('.ant-message')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(ERROR_TOAST_S * 1000 - 100);
    });
    expect(screen.getByText(MSG.loginFailed)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText(MSG.loginFailed)).toBeNull();
  });

  it('keeps a server message shown as an error for 5 s too, and a success for less', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => notify.error('不能这样做'));
    act(() => notify.success(MSG.loginOk));
    act(() => {
      vi.advanceTimersByTime(ERROR_TOAST_S * 1000 - 100);
    });
    expect(screen.getByText('不能这样做')).toBeTruthy();
    expect(screen.queryByText(MSG.loginOk)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByText('不能这样做')).toBeNull();
  });

  it('keeps an error toast for the seconds asked', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => notify.error(MSG.commError, 5));
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText(MSG.commError)).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText(MSG.commError)).toBeNull();
  });

  it('delivers toasts raised before it was mounted (a guard before the first render)', () => {
    notify.warning(MSG.sessionInvalid);
    render(<Toaster />);
    expect(screen.getByText(MSG.sessionInvalid)).toBeTruthy();
  });

  it('asks with a dialog and resolves with the answer', async () => {
    render(<Toaster />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = notify.confirm(confirmOptions);
    });
    expect(screen.getByRole('alertdialog').textContent).toContain(MSG.sessionExpiredConfirm);
    fireEvent.click(screen.getByRole('button', { name: MSG.relogin }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();

    act(() => {
      answer = notify.confirm(confirmOptions);
    });
    fireEvent.click(screen.getByRole('button', { name: MSG.cancel }));
    await expect(answer).resolves.toBe(false);
  });

  it('gives way to a notifier set by a test', () => {
    render(<Toaster />);
    const fake = createFakeNotifier();
    setNotifier(fake);
    notify.success(MSG.loginOk);
    expect(fake.success).toHaveBeenCalledWith(MSG.loginOk);
    expect(screen.queryByText(MSG.loginOk)).toBeNull();
  });
});

describe('antd laid over the toaster', () => {
  function Shell() {
    const [isShellShown, setIsShellShown] = useState(true);
    return (
      <>
        <Toaster />
        {isShellShown ? (
          <ConfigProvider>
            <AntdApp>
              <NotifyBridge />
            </AntdApp>
          </ConfigProvider>
        ) : null}
        <button type="button" onClick={() => setIsShellShown(false)}>
          leave
        </button>
      </>
    );
  }

  it('speaks through antd while the shell is mounted and hands a visible toast back when it goes', async () => {
    render(<Shell />);
    act(() => notify.success(MSG.logoutOk));
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toContain(MSG.logoutOk));
    expect(document.querySelector('.toaster')?.textContent).not.toContain(MSG.logoutOk);

    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(document.querySelector('.toaster')?.textContent).toContain(MSG.logoutOk);

    // With the shell gone, the toaster speaks again.
    act(() => notify.error(MSG.mobileLoginFailed));
    expect(document.querySelector('.toaster')?.textContent).toContain(MSG.mobileLoginFailed);
  });
});
