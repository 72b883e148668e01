// The HTTP client and route guards report to the user through this interface, not through antd directly. The
// root of the app installs a light toaster (the sign-in page carries no antd); the signed-in shell lays antd's
// message and modal over it while it is mounted (app/notify-bridge.tsx). Tests replace both with a recording fake.

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

export type ToastKind = 'success' | 'error' | 'warning';
export type ToastCall = { kind: ToastKind; content: string; durationSec?: number };

// Route loaders can run before any notifier is mounted; their toasts wait here until one arrives. Confirms cannot
// wait (a caller awaits the answer), so without a notifier they decline.
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

let override: Notifier | null = null;
const layers: Notifier[] = [];

function activeNotifier(): Notifier {
  return override ?? layers.at(-1) ?? fallbackNotifier;
}

/** Sends one toast call to a notifier, keeping the error duration when there is one. */
export function deliverToast(notifier: Notifier, call: ToastCall): void {
  if (call.kind === 'error') notifier.error(call.content, call.durationSec);
  else notifier[call.kind](call.content);
}

function flushPending(): void {
  const notifier = activeNotifier();
  if (notifier === fallbackNotifier) return;
  for (const call of pendingToasts.splice(0)) deliverToast(notifier, call);
}

/**
 * Replaces every mounted notifier with this one until it is set back to null (tests record calls this way).
 * Toasts raised before it arrived are delivered to it.
 */
export function setNotifier(notifier: Notifier | null): void {
  override = notifier;
  flushPending();
}

/**
 * Lays a notifier over the current one while its owner is mounted; the returned function takes it off again and
 * the one below becomes current. Owners may unmount in any order.
 */
export function pushNotifier(notifier: Notifier): () => void {
  layers.push(notifier);
  flushPending();
  return () => {
    const index = layers.lastIndexOf(notifier);
    if (index >= 0) layers.splice(index, 1);
  };
}

/** Always reaches the notifier current at call time, so modules may capture `notify` at import. */
export const notify: Notifier = {
  success: (content) => activeNotifier().success(content),
  error: (...args) => activeNotifier().error(...args),
  warning: (content) => activeNotifier().warning(content),
  confirm: (options) => activeNotifier().confirm(options),
};
