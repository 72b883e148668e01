import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession, getSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse, stubFetch } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import type { FakeNotifier } from '../../test/fake-notifier.ts';
import { LoginPage } from './login-page.tsx';

const nowSeconds = Math.floor(Date.now() / 1000);
const user = {
  id: 1,
  username: 'transferor',
  nickname: '张经理',
  mobile: '13800000000',
  companyId: 10,
  companyName: '示例国有资产经营有限公司',
  identityType: 1,
  examineStatus: 3,
  idType: 0,
  realName: '张三',
  manager: true,
  validated: true,
  authStatus: 1,
  companyAuthStatus: 1,
  mainOperatorAuth: true,
  prompt: false,
  setupPassword: true,
  pendingPhone: null,
  advancedAuthFlag: false,
  passwordExpired: false,
  avatarUuid: null,
  identities: [],
};

let notifier: FakeNotifier;
let captchaCount = 0;
const createObjectURL = vi.fn((_blob: Blob) => `blob:captcha-${captchaCount}`);
const revokeObjectURL = vi.fn((_url: string) => {});

function captchaResponse(): Response {
  captchaCount += 1;
  return new Response('<svg/>', {
    status: 200,
    headers: { 'Content-Type': 'image/svg+xml', 'session-id': `anon-${captchaCount}` },
  });
}

type LoginAnswer = (call: FetchCall) => Response;

function serve(onLogin: LoginAnswer, onMobileLogin: LoginAnswer = onLogin): FetchCall[] {
  return stubFetch((call) => {
    const path = call.url.split('?')[0] ?? '';
    if (path === '/api/login/captcha') return captchaResponse();
    if (path === '/api/login') return onLogin(call);
    // the captcha's check: the demo picture's answer is ab12
    if (path.startsWith('/api/captcha/')) {
      return path === '/api/captcha/ab12'
        ? jsonResponse(envelope({ valid: true }, 0, MSG.captchaChecked))
        : jsonResponse(envelope(null, 1, MSG.captchaWrong));
    }
    if (path.startsWith('/api/app/login/otp/')) {
      return jsonResponse(envelope(null, 0, '验证码已发送'), { headers: { 'session-id': 'anon-otp' } });
    }
    if (path === '/api/mobile/login') return onMobileLogin(call);
    if (path === '/api/app/userinfo') return jsonResponse(envelope(user));
    if (path === '/api/app/user/role/permissions') {
      return call.url.includes('actualProjectData=1')
        ? jsonResponse(
            envelope({
              permission: ['GJS_INDEX'],
              permissionProject: [{ businessType: '5', projectAssetType: ['1'] }],
            }),
          )
        : jsonResponse(envelope({ permission: ['GJS_INDEX', 'GJS_PROJECT_LT'], permissionProject: [] }));
    }
    return jsonResponse(envelope(null), { status: 404 });
  }).calls;
}

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/index/home', element: <p>home page</p> },
      { path: '/index/project', element: <p>project page</p> },
    ],
    { initialEntries: ['/login'] },
  );
  // No QueryClientProvider: the sign-in page runs without TanStack Query (it is loaded with the portal's shell).
  render(<RouterProvider router={router} />);
  return router;
}

function fillAndSubmit(values: { username: string; password: string; captcha: string }): void {
  fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: values.username } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: values.password } });
  fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: values.captcha } });
  fireEvent.click(screen.getByRole('button', { name: '登录' }));
}

beforeEach(() => {
  clearSession();
  captchaCount = 0;
  notifier = createFakeNotifier();
  setNotifier(notifier);
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('LoginPage', () => {
  it('checks the captcha as its field is left: a wrong answer is told under it, a right one says nothing', async () => {
    const calls = serve(() => jsonResponse(envelope(null)));
    renderLogin();
    await screen.findByAltText('验证码');
    const input = screen.getByPlaceholderText('验证码');
    fireEvent.change(input, { target: { value: 'zz99' } });
    fireEvent.blur(input);
    expect(await screen.findByText(MSG.captchaWrong)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/captcha/zz99' && call.method === 'POST')).toBe(true);
    // typing again clears it; the right answer leaves the field without a message, and no toast either way
    fireEvent.change(input, { target: { value: 'ab12' } });
    expect(screen.queryByText(MSG.captchaWrong)).toBeNull();
    fireEvent.blur(input);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/captcha/ab12')).toBe(true));
    expect(screen.queryByText(MSG.captchaWrong)).toBeNull();
    expect(notifier.error.mock.calls).toEqual([]);
    expect(notifier.success.mock.calls).toEqual([]);
  });

  it('renders its fields and loads a captcha whose session id becomes the token', async () => {
    serve(() => jsonResponse(envelope(null)));
    renderLogin();
    expect(screen.getByRole('heading', { name: '产权交易机构服务中台' })).toBeTruthy();
    expect(screen.getByPlaceholderText('用户名').id).toBe('username');
    expect(screen.getByPlaceholderText('密码').getAttribute('type')).toBe('password');
    expect(screen.getByPlaceholderText('验证码').id).toBe('captcha');
    const image = await screen.findByAltText('验证码');
    expect(image.getAttribute('src')).toBe('blob:captcha-1');
    expect(getSession().token).toBe('anon-1');
  });

  it('shows 请输入用户名, 请输入密码 and 请输入验证码 when submitted empty, and calls nothing', async () => {
    const calls = serve(() => jsonResponse(envelope(null)));
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText(MSG.usernameRequired)).toBeTruthy();
    expect(await screen.findByText(MSG.passwordRequired)).toBeTruthy();
    expect(await screen.findByText(MSG.captchaRequired)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/login')).toBe(false);
  });

  it('signs in: stores the token, loads the user and both permission lists, and opens the first tab', async () => {
    const calls = serve(() =>
      jsonResponse(
        envelope(
          { access_token: 'access-1', expires_in: 7200, created_at: nowSeconds, identityType: 1 },
          0,
          '登录成功',
        ),
      ),
    );
    const router = renderLogin();
    await screen.findByAltText('验证码');
    fillAndSubmit({ username: 'transferor', password: 'Demo@2026', captcha: '1234' });
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index/home');

    const login = calls.find((call) => call.url === '/api/login');
    expect(login?.headers.get('Authorization')).toBe('Bearer anon-1');
    expect(JSON.parse(String(login?.body))).toEqual({
      username: 'transferor',
      password: 'Demo@2026',
      captcha: '1234',
    });
    const permissionUrls = calls
      .map((call) => call.url)
      .filter((url) => url.startsWith('/api/app/user/role/permissions'));
    expect(permissionUrls).toEqual([
      '/api/app/user/role/permissions',
      '/api/app/user/role/permissions?actualProjectData=1',
    ]);
    expect(calls.find((call) => call.url === '/api/app/userinfo')?.headers.get('Authorization')).toBe(
      'Bearer access-1',
    );

    const session = getSession();
    expect(session.token).toBe('access-1');
    expect(session.identityType).toBe(1);
    expect(session.loginInfo?.expires_in).toBe(7200);
    expect(session.userInfo?.companyName).toBe(user.companyName);
    expect(session.userInfo?.permission).toEqual(['GJS_INDEX', 'GJS_PROJECT_LT']);
    expect(session.userInfo?.permissionProject).toEqual([{ businessType: '5', projectAssetType: ['1'] }]);
    expect(window.localStorage.getItem('cqjy.token')).toBe('access-1');
  });

  it('opens the identity first tab: an admin lands on /index/project', async () => {
    serve(() =>
      jsonResponse(
        envelope({ access_token: 'a', expires_in: 60, created_at: nowSeconds, identityType: 999 }),
      ),
    );
    const router = renderLogin();
    await screen.findByAltText('验证码');
    fillAndSubmit({ username: 'admin', password: 'x', captcha: '1' });
    expect(await screen.findByText('project page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index/project');
  });

  it('on status 1 shows the message and fetches a new captcha, revoking the old picture', async () => {
    serve(() => jsonResponse(envelope(null, 1, MSG.captchaWrong)));
    renderLogin();
    await screen.findByAltText('验证码');
    fillAndSubmit({ username: 'transferor', password: 'Demo@2026', captcha: '0000' });
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toBe('blob:captcha-2'));
    expect(notifier.error).toHaveBeenCalledWith(MSG.captchaWrong);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:captcha-1');
    expect(getSession().token).toBe('anon-2');
    expect(getSession().loginInfo).toBeNull();
    expect(screen.getByPlaceholderText<HTMLInputElement>('验证码').value).toBe('');
  });

  it('on HTTP 401 shows 用户名或密码错误！ and refreshes the captcha', async () => {
    serve(() => jsonResponse(envelope(null), { status: 401 }));
    renderLogin();
    await screen.findByAltText('验证码');
    fillAndSubmit({ username: 'transferor', password: 'wrong', captcha: '1234' });
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toBe('blob:captcha-2'));
    expect(notifier.error).toHaveBeenCalledWith('用户名或密码错误！');
    expect(notifier.confirm).not.toHaveBeenCalled();
  });

  it('waits for a captcha still on its way, so the login carries its session id', async () => {
    let answerCaptcha: () => void = () => {};
    const calls = stubFetch((call) => {
      const path = call.url.split('?')[0];
      if (path === '/api/login/captcha') {
        return new Promise<Response>((resolve) => {
          answerCaptcha = () => resolve(captchaResponse());
        });
      }
      if (path === '/api/login') return jsonResponse(envelope(null, 1, MSG.captchaWrong));
      return jsonResponse(envelope(null));
    }).calls;
    renderLogin();
    fillAndSubmit({ username: 'transferor', password: 'Demo@2026', captcha: '1234' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.url === '/api/login')).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '登录' }).disabled).toBe(true);
    answerCaptcha();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/login')).toBe(true));
    expect(calls.find((call) => call.url === '/api/login')?.headers.get('Authorization')).toBe(
      'Bearer anon-1',
    );
  });

  it('fetches a new captcha when the picture is clicked', async () => {
    serve(() => jsonResponse(envelope(null)));
    renderLogin();
    fireEvent.click(await screen.findByAltText('验证码'));
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toBe('blob:captcha-2'));
    expect(getSession().token).toBe('anon-2');
  });

  it('fetches a new captcha when the session is cleared under it (a confirmed 401 dialog)', async () => {
    serve(() => jsonResponse(envelope(null)));
    renderLogin();
    await screen.findByAltText('验证码');
    expect(getSession().token).toBe('anon-1');
    act(() => clearSession());
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).toBe('blob:captcha-2'));
    expect(getSession().token).toBe('anon-2');
  });
});

describe('LoginPage: 短信登录', () => {
  const okLogin = (): Response =>
    jsonResponse(
      envelope({ access_token: 'access-sms', expires_in: 7200, created_at: nowSeconds, identityType: 1 }),
    );

  function openSmsMode(): void {
    fireEvent.click(screen.getByRole('tab', { name: '短信登录' }));
  }

  function fillMobile(mobile: string): void {
    fireEvent.change(screen.getByPlaceholderText('手机号'), { target: { value: mobile } });
  }

  function pasteCode(code: string): void {
    fireEvent.paste(screen.getByLabelText('短信验证码第1位'), { clipboardData: { getData: () => code } });
  }

  it('offers the two modes as tabs, password first; the sign-in button stays the only 登录 button', async () => {
    serve(okLogin);
    renderLogin();
    expect(screen.getByRole('tab', { name: '密码登录' }).getAttribute('aria-selected')).toBe('true');
    openSmsMode();
    expect(screen.getByRole('tab', { name: '短信登录' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByPlaceholderText('手机号')).toBeTruthy();
    expect(screen.queryByPlaceholderText('用户名')).toBeNull();
    expect(screen.getAllByRole('button', { name: /登\s*录/ })).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByLabelText(/短信验证码第\d位/)).toHaveLength(6));
  });

  it('checks the mobile and the code before calling anything', () => {
    const calls = serve(okLogin);
    renderLogin();
    openSmsMode();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText(MSG.mobileRequired)).toBeTruthy();
    expect(screen.getByText(MSG.otpRequired)).toBeTruthy();
    fillMobile('23800000001');
    pasteCode('123');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText(MSG.mobileInvalid)).toBeTruthy();
    expect(screen.getByText(MSG.otpFormat)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/mobile/login')).toBe(false);
  });

  it('sends the code, keeps its session id, signs in with it and opens the first tab', async () => {
    const calls = serve(okLogin);
    const router = renderLogin();
    openSmsMode();
    fillMobile('13800000001');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /秒后重新获取/ })).toBeTruthy();
    expect(notifier.success).toHaveBeenCalledWith('验证码已发送');
    const send = calls.find((call) => call.url === '/api/app/login/otp/13800000001');
    expect(send?.method).toBe('POST');
    expect(getSession().token).toBe('anon-otp');

    pasteCode('123456');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/index/home');
    const login = calls.find((call) => call.url === '/api/mobile/login');
    expect(login?.method).toBe('POST');
    expect(login?.headers.get('Authorization')).toBe('Bearer anon-otp');
    expect(JSON.parse(String(login?.body))).toEqual({ mobile: '13800000001', otp: '123456' });
    expect(getSession().token).toBe('access-sms');
    expect(getSession().userInfo?.permission).toEqual(['GJS_INDEX', 'GJS_PROJECT_LT']);
    expect(notifier.success).toHaveBeenCalledWith(MSG.loginOk);
  });

  it('on HTTP 401 shows 手机验证码错误！, empties the boxes and stays on /login', async () => {
    serve(okLogin, () => jsonResponse(envelope(null), { status: 401 }));
    const router = renderLogin();
    openSmsMode();
    fillMobile('13800000001');
    pasteCode('654321');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('手机验证码错误！'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('短信验证码第1位').value).toBe(''));
    expect(notifier.confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession().loginInfo).toBeNull();
  });
});
