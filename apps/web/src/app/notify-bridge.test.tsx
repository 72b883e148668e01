import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { ERROR_TOAST_S } from '@cqjy/domain/constants';
import { MSG } from '@cqjy/domain/messages';
import { notify, setNotifier } from '../lib/notify.ts';
import { NotifyBridge, createAntdNotifier, keepVisibleToasts } from './notify-bridge.tsx';

function renderBridge(): void {
  render(
    <ConfigProvider locale={zhCN}>
      <AntdApp>
        <NotifyBridge />
      </AntdApp>
    </ConfigProvider>,
  );
}

afterEach(() => {
  setNotifier(null);
});

describe('NotifyBridge', () => {
  it('shows toasts through antd message', async () => {
    renderBridge();
    act(() => notify.error(MSG.commError, 5));
    expect(await screen.findByText(MSG.commError)).toBeTruthy();
  });

  it('shows one toast when every call of a page fails with the same message at once', async () => {
    renderBridge();
    act(() => {
      notify.error(MSG.timeout, ERROR_TOAST_S);
      notify.error(MSG.timeout, ERROR_TOAST_S);
      notify.error(MSG.timeout, ERROR_TOAST_S);
    });
    expect(await screen.findByText(MSG.timeout)).toBeTruthy();
    // the other messages already on screen stay as they are
    act(() => notify.warning(MSG.sessionInvalid));
    expect(await screen.findByText(MSG.sessionInvalid)).toBeTruthy();
    expect(screen.getAllByText(MSG.timeout)).toHaveLength(1);
  });

  it('delivers toasts raised before antd was mounted', async () => {
    setNotifier(null);
    notify.warning(MSG.sessionInvalid);
    renderBridge();
    expect(await screen.findByText(MSG.sessionInvalid)).toBeTruthy();
  });

  it('opens the session dialog with its buttons and resolves with the choice', async () => {
    renderBridge();
    const options = {
      title: MSG.sessionExpiredTitle,
      content: MSG.sessionExpiredConfirm,
      okText: MSG.relogin,
      cancelText: MSG.cancel,
    };
    let confirmed: Promise<boolean> = Promise.resolve(false);
    act(() => {
      confirmed = notify.confirm(options);
    });
    expect(await screen.findByText(MSG.sessionExpiredConfirm)).toBeTruthy();
    expect(screen.getByRole('button', { name: '取 消' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新登录' }));
    await expect(confirmed).resolves.toBe(true);

    act(() => {
      confirmed = notify.confirm(options);
    });
    await waitFor(() => expect(screen.getAllByRole('button', { name: '取 消' }).length).toBeGreaterThan(0));
    const cancelButtons = screen.getAllByRole('button', { name: '取 消' });
    fireEvent.click(cancelButtons[cancelButtons.length - 1] as HTMLElement);
    await expect(confirmed).resolves.toBe(false);
  });
});

describe('error toasts last 5 s through antd too (SH-9.5)', () => {
  type AntdApi = Parameters<typeof createAntdNotifier>;

  it('asks antd for 5 s when the caller gives no duration (用户名或密码错误！, a server message)', () => {
    const message = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
    const notifier = createAntdNotifier(message as unknown as AntdApi[0], {} as AntdApi[1]);
    notifier.error(MSG.loginFailed);
    expect(message.error).toHaveBeenCalledWith({
      content: MSG.loginFailed,
      key: MSG.loginFailed,
      duration: ERROR_TOAST_S,
    });
    notifier.error(MSG.commError, ERROR_TOAST_S);
    expect(message.error).toHaveBeenLastCalledWith({
      content: MSG.commError,
      key: MSG.commError,
      duration: ERROR_TOAST_S,
    });
  });

  it('hands an error without a duration back to the toaster while its 5 s last', () => {
    const shown = [{ kind: 'error' as const, content: MSG.loginFailed, shownAtMs: 0 }];
    expect(keepVisibleToasts(shown, ERROR_TOAST_S * 1000 - 100)).toHaveLength(1);
    expect(keepVisibleToasts(shown, ERROR_TOAST_S * 1000)).toHaveLength(0);
  });
});
