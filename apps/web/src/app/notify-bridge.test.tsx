import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MSG } from '@cqjy/domain/messages';
import { notify, setNotifier } from '../lib/notify.ts';
import { NotifyBridge } from './notify-bridge.tsx';

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
