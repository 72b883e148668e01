// The light notifier of the root: toasts and the confirm dialog in plain elements, so the sign-in page can tell
// the user 用户名或密码错误！ or 手机验证码错误！ without loading antd. The signed-in shell lays antd over it.
import { useEffect, useRef, useState } from 'react';
import { ERROR_TOAST_S } from '@cqjy/domain/constants';
import { pushNotifier } from '../lib/notify.ts';
import type { ConfirmOptions, Notifier, ToastKind } from '../lib/notify.ts';
import './toaster.css';

// Success and warning toasts are short; every error stays ERROR_TOAST_S unless its caller asks otherwise (SH-9.5).
const DEFAULT_TOAST_SECONDS = 3;

type Toast = { id: number; kind: ToastKind; content: string };
type PendingConfirm = ConfirmOptions & { resolve: (isConfirmed: boolean) => void };

export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [confirmation, setConfirmation] = useState<PendingConfirm | null>(null);
  const nextId = useRef(0);

  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const show = (kind: ToastKind, content: string, durationSec = DEFAULT_TOAST_SECONDS): void => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((current) => [
        ...current.filter((toast) => toast.content !== content),
        { id, kind, content },
      ]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((toast) => toast.id !== id));
      }, durationSec * 1000);
      timers.add(timer);
    };
    const notifier: Notifier = {
      success: (content) => show('success', content),
      error: (content, durationSec = ERROR_TOAST_S) => show('error', content, durationSec),
      warning: (content) => show('warning', content),
      confirm: (options) =>
        new Promise<boolean>((resolve) => {
          setConfirmation((previous) => {
            // One dialog at a time: a newer question declines the one still open.
            previous?.resolve(false);
            return { ...options, resolve };
          });
        }),
    };
    const remove = pushNotifier(notifier);
    return () => {
      remove();
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  const answer = (isConfirmed: boolean): void => {
    confirmation?.resolve(isConfirmed);
    setConfirmation(null);
  };

  return (
    <>
      <div className="toaster" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'success' ? 'status' : 'alert'}
            className={`toaster-toast toaster-${toast.kind}`}
          >
            <span className="toaster-icon" aria-hidden="true">
              {toast.kind === 'success' ? '✓' : '!'}
            </span>
            {toast.content}
          </div>
        ))}
      </div>
      {confirmation ? (
        <div className="toaster-mask">
          <div
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="toaster-confirm-title"
            aria-describedby="toaster-confirm-content"
            className="toaster-dialog"
          >
            <h2 id="toaster-confirm-title">{confirmation.title}</h2>
            <p id="toaster-confirm-content">{confirmation.content}</p>
            <div className="toaster-actions">
              <button type="button" onClick={() => answer(false)}>
                {confirmation.cancelText}
              </button>
              <button type="button" className="toaster-primary" autoFocus onClick={() => answer(true)}>
                {confirmation.okText}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
