// The HTTP client and route guards report to the user through this interface, not through antd directly: the app
// wires antd's message/modal hooks in (see app/http-bridge.tsx) and tests install a recording fake.

export type ConfirmOptions = {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
};

export type Notifier = {
  success: (content: string) => void;
  /** durationSec: how long the toast stays; the error catalogue asks 5 s for transport failures (SH-9.5). */
  error: (content: string, durationSec?: number) => void;
  warning: (content: string) => void;
  /** Resolves true when the user confirms, false when the dialog is dismissed. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
};

type ToastCall = { kind: 'success' | 'error' | 'warning'; content: string; durationSec?: number };

// Route loaders run before the first render, that is before antd is mounted; their toasts wait here until a
// notifier arrives. Confirms cannot wait (a caller awaits the answer), so without a notifier they decline.
const pendingToasts: ToastCall[] = [];
const MAX_PENDING = 20;

function queueToast(call: ToastCall): void {
  if (pendingToasts.length < MAX_PENDING) pendingToasts.push(call);
}

const fallbackNotifier: Notifier = {
  success: (content) => queueToast({ kind: 'success', content }),
  error: (content, durationSec) => queueToast({ kind: 'error', content, durationSec }),
  warning: (content) => queueToast({ kind: 'warning', content }),
  confirm: () => Promise.resolve(false),
};

let current: Notifier = fallbackNotifier;

export function setNotifier(notifier: Notifier | null): void {
  current = notifier ?? fallbackNotifier;
  if (!notifier) return;
  for (const call of pendingToasts.splice(0)) {
    if (call.kind === 'error' && call.durationSec !== undefined)
      notifier.error(call.content, call.durationSec);
    else notifier[call.kind](call.content);
  }
}

/** Always reaches the notifier installed at call time, so modules may capture `notify` at import. */
export const notify: Notifier = {
  success: (content) => current.success(content),
  error: (...args) => current.error(...args),
  warning: (content) => current.warning(content),
  confirm: (options) => current.confirm(options),
};
