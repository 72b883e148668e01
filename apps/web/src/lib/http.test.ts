import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@cqjy/domain/messages';
import { TIMEOUTS } from '@cqjy/domain/api';
import { clearSession, getSession, setSession } from './session-store.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { envelope, jsonResponse, neverAnswer, stubFetch } from '../test/fake-fetch.ts';
import { ApiError, HttpError, http, request, serializeParams, setNavigate, unwrap } from './http.ts';
import { setNotifier } from './notify.ts';

let notifier: FakeNotifier;
let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

beforeEach(() => {
  notifier = createFakeNotifier();
  setNotifier(notifier);
  navigate = vi.fn<(path: string) => void>();
  setNavigate(navigate);
  clearSession();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setNotifier(null);
});

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('request basics', () => {
  it('resolves HTTP 200 with the whole envelope as the data', async () => {
    stubFetch(() => jsonResponse(envelope({ id: 7 }, 0, '操作成功')));
    await expect(http.get('/api/thing')).resolves.toEqual({ status: 0, msg: '操作成功', data: { id: 7 } });
  });

  it('sends the bearer token when one is stored, and no Authorization header otherwise', async () => {
    const { calls } = stubFetch(() => jsonResponse(envelope(null)));
    await http.get('/api/a');
    setSession({ token: 'tok-123' });
    await http.get('/api/b');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
    expect(calls[1]?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('writes GET params with nested objects as key[sub] and arrays as key[index] (SH-7.2)', async () => {
    const { calls } = stubFetch(() => jsonResponse(envelope(null)));
    await http.get('/api/list', {
      page: 2,
      query: { name: '张三', range: { from: 1 } },
      ids: [5, 6],
      skip: undefined,
    });
    expect(calls[0]?.url).toBe(
      `/api/list?page=2&query[name]=${encodeURIComponent('张三')}&query[range][from]=1&ids[0]=5&ids[1]=6`,
    );
  });

  it('serialises the spec example {a: {b: 1}} to a[b]=1', () => {
    expect(serializeParams({ a: { b: 1 } })).toBe('a[b]=1');
    expect(serializeParams({ a: null, b: 'x y&z' })).toBe('a=&b=x%20y%26z');
    expect(serializeParams({})).toBe('');
  });

  it('posts JSON bodies with a JSON content type', async () => {
    const { calls } = stubFetch(() => jsonResponse(envelope(null)));
    await http.post('/api/login', { username: 'u', password: 'p', captcha: '1234' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ username: 'u', password: 'p', captcha: '1234' });
  });

  it('stores the session-id header as the token only when the call asks for it (SH-7.3)', async () => {
    stubFetch(
      () =>
        new Response('<svg/>', {
          status: 200,
          headers: { 'Content-Type': 'image/svg+xml', 'session-id': 'anon-42' },
        }),
    );
    await http.get('/api/other', undefined, { responseType: 'blob' });
    expect(getSession().token).toBeNull();
    const blob = await http.get<Blob>('/api/login/captcha', undefined, {
      responseType: 'blob',
      captureSessionId: true,
    });
    expect(getSession().token).toBe('anon-42');
    expect(window.localStorage.getItem('cqjy.token')).toBe('anon-42');
    expect(blob.size).toBe('<svg/>'.length);
    expect(blob.type).toBe('image/svg+xml');
  });
});

describe('error catalogue (spec 000 section 8)', () => {
  it('HTTP 401 on /api/login shows 用户名或密码错误！ and rejects, without the session dialog', async () => {
    stubFetch(() => jsonResponse(envelope(null, 1, 'x'), { status: 401 }));
    const error = await rejectionOf(http.post('/api/login', {}));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).httpStatus).toBe(401);
    expect(notifier.error).toHaveBeenCalledWith(MSG.loginFailed);
    expect(notifier.confirm).not.toHaveBeenCalled();
  });

  it('HTTP 401 on /api/mobile/login shows 手机验证码错误！', async () => {
    stubFetch(() => jsonResponse(envelope(null), { status: 401 }));
    await rejectionOf(http.post('/api/mobile/login', { data: 'x' }));
    expect(notifier.error).toHaveBeenCalledWith(MSG.mobileLoginFailed);
    expect(notifier.confirm).not.toHaveBeenCalled();
  });

  it('any other HTTP 401 asks to sign in again; confirming logs out, clears storage and goes to /login', async () => {
    setSession({ token: 'live', tabs: [{ name: 'home', path: '/index/home', title: '首页' }] });
    window.localStorage.setItem('unrelated', 'kept');
    const { calls } = stubFetch((call) =>
      call.url === '/api/logout'
        ? jsonResponse(envelope(null))
        : jsonResponse(envelope(null), { status: 401 }),
    );
    const error = await rejectionOf(http.get('/api/app/userinfo'));
    expect((error as HttpError).httpStatus).toBe(401);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(notifier.confirm).toHaveBeenCalledTimes(1);
    expect(notifier.confirm).toHaveBeenCalledWith({
      title: MSG.sessionExpiredTitle,
      content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
      okText: '重新登录',
      cancelText: '取 消',
    });
    const logout = calls.find((call) => call.url === '/api/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe('Bearer live');
    expect(getSession().token).toBeNull();
    expect(window.localStorage.getItem('cqjy.token')).toBeNull();
    expect(window.sessionStorage.getItem('cqjy.tabs')).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('kept');
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('still clears and leaves when the logout call itself fails', async () => {
    setSession({ token: 'live' });
    stubFetch((call) => {
      if (call.url === '/api/logout') throw new TypeError('Failed to fetch');
      return jsonResponse(envelope(null), { status: 401 });
    });
    await rejectionOf(http.get('/api/x'));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
    expect(getSession().token).toBeNull();
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('keeps the session when the user cancels the dialog', async () => {
    setSession({ token: 'live' });
    notifier.confirm.mockResolvedValue(false);
    const { calls } = stubFetch(() => jsonResponse(envelope(null), { status: 401 }));
    await rejectionOf(http.get('/api/x'));
    await vi.waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(calls.some((call) => call.url === '/api/logout')).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(getSession().token).toBe('live');
  });

  it('opens only one session dialog for many concurrent 401s, and a new one after it closed', async () => {
    let answer: (value: boolean) => void = () => {};
    notifier.confirm.mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve)));
    stubFetch(() => jsonResponse(envelope(null), { status: 401 }));
    await Promise.all([
      rejectionOf(http.get('/api/a')),
      rejectionOf(http.get('/api/b')),
      rejectionOf(http.get('/api/c')),
    ]);
    expect(notifier.confirm).toHaveBeenCalledTimes(1);
    answer(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await rejectionOf(http.get('/api/d'));
    expect(notifier.confirm).toHaveBeenCalledTimes(2);
  });

  it('a 401 the caller answers itself opens no dialog but still fails; its other errors are reported', async () => {
    setSession({ token: 'live' });
    stubFetch((call) => jsonResponse(envelope(null), { status: call.url === '/api/a' ? 401 : 500 }));
    const error = await rejectionOf(http.post('/api/a', undefined, { isUnauthorizedHandled: true }));
    expect((error as HttpError).httpStatus).toBe(401);
    await Promise.resolve();
    expect(notifier.confirm).not.toHaveBeenCalled();
    expect(getSession().token).toBe('live');
    await rejectionOf(http.post('/api/b', undefined, { isUnauthorizedHandled: true }));
    expect(notifier.error).toHaveBeenCalledWith(MSG.commError, 5);
  });

  it.each([500, 502, 403, 404])('HTTP %i shows 通讯异常 for 5 s and rejects', async (status) => {
    stubFetch(() => jsonResponse({ message: 'boom' }, { status }));
    const error = await rejectionOf(http.get('/api/x'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).httpStatus).toBe(status);
    expect(notifier.error).toHaveBeenCalledWith('通讯异常，请联系系统管理员！', 5);
    expect(notifier.confirm).not.toHaveBeenCalled();
  });

  it('a call that gets no response at all (server down, connection refused) shows 连接超时 for 5 s', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejectionOf(http.post('/api/x'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).kind).toBe('network');
    expect((error as HttpError).httpStatus).toBeNull();
    expect(notifier.error).toHaveBeenCalledWith('连接超时，请稍后刷新重试！', 5);
    expect(notifier.error).toHaveBeenCalledTimes(1);
    expect(notifier.error).not.toHaveBeenCalledWith(MSG.commError, expect.anything());
  });

  it('no response is 连接超时 for /api/validate too: only its error statuses stay quiet', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejectionOf(http.post('/api/validate', { a: 1 }));
    expect((error as HttpError).kind).toBe('network');
    expect(notifier.error).toHaveBeenCalledWith(MSG.timeout, 5);
  });

  it('an error status of /api/validate stays quiet but still fails', async () => {
    stubFetch(() => jsonResponse({ message: 'half filled' }, { status: 500 }));
    const error = await rejectionOf(http.post('/api/validate', { a: 1 }));
    expect((error as HttpError).httpStatus).toBe(500);
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('a silent call gets no toast when no response comes', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await rejectionOf(http.post('/api/logout', undefined, { isSilent: true }));
    expect(notifier.error).not.toHaveBeenCalled();
  });

  it('no answer within 30 s is a time-out: 连接超时 for 5 s', async () => {
    vi.useFakeTimers();
    stubFetch(neverAnswer);
    const settled = vi.fn();
    const pending = http.get('/api/slow').then(settled, (error: unknown) => {
      settled(error);
      return error;
    });
    await vi.advanceTimersByTimeAsync(TIMEOUTS.defaultMs - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).kind).toBe('timeout');
    expect(notifier.error).toHaveBeenCalledWith('连接超时，请稍后刷新重试！', 5);
    expect(notifier.error).toHaveBeenCalledTimes(1);
  });

  it('honours a per-call time-out, and uploads wait far longer than 30 s', async () => {
    vi.useFakeTimers();
    stubFetch(neverAnswer);
    const quick = rejectionOf(request('/api/quick', { timeoutMs: 1000 }));
    const uploadSettled = vi.fn();
    http.upload('/api/attachment/upload', new FormData()).then(uploadSettled, uploadSettled);
    await vi.advanceTimersByTimeAsync(1000);
    expect(((await quick) as HttpError).kind).toBe('timeout');
    await vi.advanceTimersByTimeAsync(TIMEOUTS.defaultMs * 10);
    expect(uploadSettled).not.toHaveBeenCalled();
  });

  it('a call the caller cancels fails quietly', async () => {
    stubFetch(neverAnswer);
    const controller = new AbortController();
    const pending = rejectionOf(http.get('/api/x', undefined, { signal: controller.signal }));
    controller.abort();
    expect(((await pending) as HttpError).kind).toBe('aborted');
    expect(notifier.error).not.toHaveBeenCalled();
  });
});

describe('unwrap (SH-8.8)', () => {
  it('returns the data of status 0 and shows its message only when asked', () => {
    expect(unwrap(envelope({ a: 1 }, 0, '保存成功'))).toEqual({ a: 1 });
    expect(notifier.success).not.toHaveBeenCalled();
    unwrap(envelope(null, 0, '保存成功'), { showSuccess: true });
    expect(notifier.success).toHaveBeenCalledWith('保存成功');
  });

  it.each([1, -1, 409])(
    'status %i shows the message as an error and throws ApiError with status, msg, data',
    (status) => {
      let thrown: unknown;
      try {
        unwrap(envelope({ id: 3 }, status, '不能这样做'));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({ status, msg: '不能这样做', data: { id: 3 } });
      expect(notifier.error).toHaveBeenCalledWith('不能这样做');
    },
  );

  it('leaves the message to the caller with showError false', () => {
    expect(() => unwrap(envelope(null, -1, '请确认'), { showError: false })).toThrow(ApiError);
    expect(notifier.error).not.toHaveBeenCalled();
  });
});
