// Connects the client's Notifier to antd's context-aware message and modal APIs (they need to sit inside <App>
// to pick up the zh_CN locale and theme, which the static antd functions would miss).
import { useEffect } from 'react';
import { App } from 'antd';
import { setNotifier } from '../api/notify.ts';
import type { Notifier } from '../api/notify.ts';

type AppApi = ReturnType<typeof App.useApp>;

export function createAntdNotifier(message: AppApi['message'], modal: AppApi['modal']): Notifier {
  return {
    success: (content) => {
      void message.success(content);
    },
    error: (content, durationSec) => {
      void message.error({ content, duration: durationSec });
    },
    warning: (content) => {
      void message.warning(content);
    },
    confirm: (options) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: options.title,
          content: options.content,
          okText: options.okText,
          cancelText: options.cancelText,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
  };
}

export function NotifyBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setNotifier(createAntdNotifier(message, modal));
    return () => setNotifier(null);
  }, [message, modal]);
  return null;
}
