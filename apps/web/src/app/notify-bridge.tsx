// Connects the client's Notifier to antd's context-aware message and modal APIs (they need to sit inside <App>
// to pick up the zh_CN locale and theme, which the static antd functions would miss). The bridge lives in the
// signed-in shell; when the shell goes away (sign-out, an expired session sent to /login) its toasts would vanish
// with it, so the ones still on screen are handed to the notifier below (the light toaster of the root).
import { useEffect } from 'react';
import { App } from 'antd';
import { ERROR_TOAST_S } from '@cqjy/domain/constants';
import { deliverToast, notify, pushNotifier } from '../lib/notify.ts';
import type { Notifier, ToastCall } from '../lib/notify.ts';

type AppApi = ReturnType<typeof App.useApp>;

// antd's own default, kept for success and warning. Every error stays ERROR_TOAST_S unless its caller asks
// otherwise (SH-9.5); antd's 3 s would cut 用户名或密码错误！ and the server's messages short.
const DEFAULT_TOAST_SECONDS = 3;

function durationOf(call: ToastCall): number {
  return call.durationSec ?? (call.kind === 'error' ? ERROR_TOAST_S : DEFAULT_TOAST_SECONDS);
}

type ShownToast = ToastCall & { shownAtMs: number };

export function createAntdNotifier(
  message: AppApi['message'],
  modal: AppApi['modal'],
  onShown: (call: ToastCall) => void = () => {},
): Notifier {
  // The text is the key: the same message again (every call of a page failing at once when the server is gone)
  // replaces the one on screen and starts its time again instead of stacking a copy, as the light toaster does.
  return {
    success: (content) => {
      onShown({ kind: 'success', content });
      void message.success({ content, key: content });
    },
    error: (content, durationSec = ERROR_TOAST_S) => {
      onShown({ kind: 'error', content, durationSec });
      void message.error({ content, key: content, duration: durationSec });
    },
    warning: (content) => {
      onShown({ kind: 'warning', content });
      void message.warning({ content, key: content });
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

/** The toasts that would still be on screen at `nowMs`. */
export function keepVisibleToasts(shown: readonly ShownToast[], nowMs: number): ShownToast[] {
  return shown.filter((toast) => nowMs - toast.shownAtMs < durationOf(toast) * 1000);
}

export function NotifyBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    let shown: ShownToast[] = [];
    const remove = pushNotifier(
      createAntdNotifier(message, modal, (call) => {
        const nowMs = Date.now();
        shown = [...keepVisibleToasts(shown, nowMs), { ...call, shownAtMs: nowMs }];
      }),
    );
    return () => {
      remove();
      for (const { kind, content, durationSec } of keepVisibleToasts(shown, Date.now())) {
        deliverToast(notify, { kind, content, durationSec });
      }
    };
  }, [message, modal]);
  return null;
}
