// THE one HTTP client of the portal (spec 000 section 7). Every call goes through `request`, so the bearer token,
// the time-outs, the session-id capture and the whole error catalogue (spec 000 section 8) live in one place.
import { SHELL_MSG } from '@cqjy/domain/messages-shell';
import { SESSION_ID_HEADER, TIMEOUTS } from '@cqjy/domain/api';
import { ERROR_TOAST_S } from '@cqjy/domain/constants';
import type { Envelope } from '@cqjy/domain/api';
import { clearSession, getSession, setToken } from './session-store.ts';
import { notify } from './notify.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  /** Query string parameters; nested objects become key[sub] (SH-7.2). */
  params?: Record<string, unknown>;
  /** The body: sent as JSON, or as-is for FormData and Blob. */
  data?: unknown;
  timeoutMs?: number;
  responseType?: 'json' | 'blob';
  /** Store the session-id response header as the token (captcha, send-otp, validate-otp: SH-7.3). */
  captureSessionId?: boolean;
  /** Reports nothing to the user; the caller handles every failure (used by logout, which must never nag). */
  isSilent?: boolean;
  /**
   * A 401 is the caller's to answer, so it opens no 登录状态已过期 dialog (the signed-in guard's user refresh, which
   * signs the user out itself); every other failure is reported as usual.
   */
  isUnauthorizedHandled?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A blob's bytes as they arrive, and the whole size when the server says it (a streamed export does not). */
  onProgress?: (received: number, total: number | null) => void;
};

export type HttpErrorKind = 'status' | 'network' | 'timeout' | 'aborted';

/** A call that produced no usable HTTP 200: a status, a failed connection, a time-out or a cancellation. */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly httpStatus: number | null;
  readonly url: string;

  constructor(kind: HttpErrorKind, url: string, httpStatus: number | null, message: string) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.url = url;
    this.httpStatus = httpStatus;
  }
}

/** A business refusal: HTTP 200 with a nonzero envelope status (1 refused, -1 warning, 409 conflict). */
export class ApiError<T = unknown> extends Error {
  readonly status: number;
  readonly msg: string;
  readonly data: T;

  constructor(envelope: Envelope<T>) {
    super(envelope.msg);
    this.name = 'ApiError';
    this.status = envelope.status;
    this.msg = envelope.msg;
    this.data = envelope.data;
  }
}

export type Navigate = (path: string) => void;

let navigateTo: Navigate = (path) => {
  window.location.hash = `#${path}`;
};

/** The app hands in the router's navigate so the 401 flow moves without a full reload. */
export function setNavigate(navigate: Navigate): void {
  navigateTo = navigate;
}

const LOGIN_PATH = '/api/login';
const MOBILE_LOGIN_PATH = '/api/mobile/login';
const LOGOUT_PATH = '/api/logout';
// The quiet session check (POST /api/validate, api/session-check.ts) runs unasked, when a page comes back into view:
// the catalogue keeps its error statuses quiet (a 401 still counts, and so does a call that gets no answer at all).
// The server never answers it 401; a session it no longer knows is its answer valid false.
const QUIET_STATUS_PATH = '/api/validate';

/** SH-7.2: {a: {b: 1}, c: [1, 2]} -> "a[b]=1&c[0]=1&c[1]=2"; undefined is left out, null is sent empty. */
export function serializeParams(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const append = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null) {
      parts.push(`${key}=`);
    } else if (value instanceof Date) {
      parts.push(`${key}=${encodeURIComponent(value.toISOString())}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => append(`${key}[${index}]`, item));
    } else if (typeof value === 'object') {
      for (const [sub, item] of Object.entries(value as Record<string, unknown>)) {
        append(`${key}[${encodeURIComponent(sub)}]`, item);
      }
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      parts.push(`${key}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) append(encodeURIComponent(key), value);
  return parts.join('&');
}

function buildUrl(url: string, params: Record<string, unknown> | undefined): string {
  if (!params) return url;
  const query = serializeParams(params);
  if (query === '') return url;
  return url + (url.includes('?') ? '&' : '?') + query;
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

function buildBody(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) return data;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

let isSessionDialogOpen = false;

/**
 * SH-8.1: one dialog at a time, however many calls fail with 401 while it is open. Also opened by the quiet session
 * check when the server no longer knows the sign-in (api/session-check.ts).
 */
export async function askToSignInAgain(): Promise<void> {
  if (isSessionDialogOpen) return;
  isSessionDialogOpen = true;
  try {
    const isConfirmed = await notify.confirm({
      title: SHELL_MSG.sessionExpiredTitle,
      content: SHELL_MSG.sessionExpiredConfirm,
      okText: SHELL_MSG.relogin,
      cancelText: SHELL_MSG.cancel,
    });
    if (!isConfirmed) return;
    await request(LOGOUT_PATH, { method: 'POST', isSilent: true }).catch(() => undefined);
    clearSession();
    navigateTo('/login');
  } finally {
    isSessionDialogOpen = false;
  }
}

/** The catalogue's answer to a non-200 status; exported for the XHR upload, which cannot go through fetch. */
export function reportHttpStatus(path: string, httpStatus: number): void {
  if (httpStatus === 401) {
    if (path === LOGIN_PATH) {
      notify.error(SHELL_MSG.loginFailed);
    } else if (path === MOBILE_LOGIN_PATH) {
      notify.error(SHELL_MSG.mobileLoginFailed);
    } else {
      void askToSignInAgain();
    }
    return;
  }
  if (path === QUIET_STATUS_PATH) return;
  notify.error(SHELL_MSG.commError, ERROR_TOAST_S);
}

/** SH-8.7: a call that got no response at all (no connection, the server down, the time-out) asks to retry later. */
function reportNoResponse(options: RequestOptions): void {
  if (!options.isSilent) notify.error(SHELL_MSG.timeout, ERROR_TOAST_S);
}

/** The body read chunk by chunk, telling `onProgress` how much has come. */
async function readBlob(
  response: Response,
  onProgress: (received: number, total: number | null) => void,
): Promise<Blob> {
  const type = response.headers.get('content-type') ?? '';
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (response.body === null) return response.blob();
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks as BlobPart[], { type });
}

export async function request<T = Envelope>(url: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const fullUrl = buildUrl(url, options.params);
  const path = pathOf(url);
  const headers = new Headers(options.headers);
  const token = getSession().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const body = buildBody(options.data, headers);

  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, options.timeoutMs ?? TIMEOUTS.defaultMs);
  const onCallerAbort = (): void => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  try {
    let response: Response;
    try {
      response = await fetch(fullUrl, { method, headers, body, signal: controller.signal });
    } catch (cause) {
      // fetch rejected: no response came at all, whether the time-out fired or the connection failed.
      if (isTimedOut) {
        reportNoResponse(options);
        throw new HttpError('timeout', url, null, SHELL_MSG.timeout);
      }
      if (controller.signal.aborted) {
        throw new HttpError('aborted', url, null, 'aborted');
      }
      reportNoResponse(options);
      throw new HttpError('network', url, null, cause instanceof Error ? cause.message : SHELL_MSG.timeout);
    }

    if (response.status !== 200) {
      const isHandledByCaller = response.status === 401 && options.isUnauthorizedHandled === true;
      if (!options.isSilent && !isHandledByCaller) reportHttpStatus(path, response.status);
      throw new HttpError('status', url, response.status, `HTTP ${response.status}`);
    }

    if (options.captureSessionId) {
      const sessionId = response.headers.get(SESSION_ID_HEADER);
      if (sessionId) setToken(sessionId);
    }

    try {
      if (options.responseType === 'blob') {
        return (
          options.onProgress === undefined
            ? await response.blob()
            : await readBlob(response, options.onProgress)
        ) as T;
      }
      return (await response.json()) as T;
    } catch (cause) {
      if (isTimedOut) {
        reportNoResponse(options);
        throw new HttpError('timeout', url, null, SHELL_MSG.timeout);
      }
      if (controller.signal.aborted) throw new HttpError('aborted', url, null, 'aborted');
      // A 200 whose body is not what was asked for is a broken exchange with the server, not a business answer.
      if (!options.isSilent) notify.error(SHELL_MSG.commError, ERROR_TOAST_S);
      throw new HttpError('network', url, 200, cause instanceof Error ? cause.message : SHELL_MSG.commError);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

type CallOptions = Omit<RequestOptions, 'method' | 'params' | 'data'>;

export const http = {
  get: <T = Envelope>(url: string, params?: Record<string, unknown>, options?: CallOptions): Promise<T> =>
    request<T>(url, { ...options, method: 'GET', params }),
  post: <T = Envelope>(url: string, data?: unknown, options?: CallOptions): Promise<T> =>
    request<T>(url, { ...options, method: 'POST', data }),
  /** Form posts of files get the long transfer time-out (SH-7.1). */
  upload: <T = Envelope>(url: string, form: FormData, options?: CallOptions): Promise<T> =>
    request<T>(url, { timeoutMs: TIMEOUTS.transferMs, ...options, method: 'POST', data: form }),
  download: (url: string, params?: Record<string, unknown>, options?: CallOptions): Promise<Blob> =>
    request<Blob>(url, {
      timeoutMs: TIMEOUTS.transferMs,
      ...options,
      method: 'GET',
      params,
      responseType: 'blob',
    }),
};

export type UnwrapOptions = {
  /** Show the server's message as a success toast when status is 0. */
  showSuccess?: boolean;
  /** Show the server's message as an error on a nonzero status (default true); dialog callers turn it off. */
  showError?: boolean;
};

/** SH-8.8: status 0 gives the data; any other status shows msg and throws an ApiError the caller may inspect. */
export function unwrap<T>(envelope: Envelope<T>, options: UnwrapOptions = {}): T {
  if (envelope.status === 0) {
    if (options.showSuccess && envelope.msg) notify.success(envelope.msg);
    return envelope.data;
  }
  if (options.showError !== false && envelope.msg) notify.error(envelope.msg);
  throw new ApiError(envelope);
}
