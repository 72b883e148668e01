import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@cqjy/domain/messages';
import { getSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests } from '../../test/portal.tsx';

const GOOD_PASSWORD = 'Lantern#Cove42';

const notifier = setUpPageTests();

function bodyOf(call: FetchCall | undefined): unknown {
  return typeof call?.body === 'string' ? JSON.parse(call.body) : undefined;
}

type Answers = { prove?: (call: FetchCall) => Response; reset?: (call: FetchCall) => Response };

function serve(answers: Answers = {}) {
  return servePortal(makeUser(1), (call) => {
    const path = call.url.split('?')[0];
    if (path === '/api/app/send/otp/retrieve') {
      return jsonResponse(envelope(null, 0, MSG.otpSent), { headers: { 'session-id': 'anon-1' } });
    }
    if (path === '/api/app/user/validate/mobile') {
      return (
        answers.prove?.(call) ??
        jsonResponse(envelope({ ticket: 'ticket-1' }), { headers: { 'session-id': 'anon-1' } })
      );
    }
    if (path === '/api/app/user/reinit/password') {
      return answers.reset?.(call) ?? jsonResponse(envelope(null, 0, MSG.passwordResetOk));
    }
    return undefined;
  });
}

async function fillProof(): Promise<void> {
  fireEvent.change(await screen.findByPlaceholderText('请输入用户名'), {
    target: { value: ' transferor2 ' },
  });
  const mobile = screen.getByPlaceholderText<HTMLInputElement>('请输入账号绑定的手机号码');
  fireEvent.change(mobile, { target: { value: '138-0000-0002' } });
  // the field keeps digits only; the code button reads the watched value a render later
  await waitFor(() => expect(mobile.value).toBe('13800000002'));
  await new Promise((resolve) => setTimeout(resolve, 0));
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  await waitFor(() => expect(getSession().token).toBe('anon-1'));
  fireEvent.change(screen.getByLabelText('短信验证码第1位'), { target: { value: '123456' } });
}

describe('忘记密码 (/retrieve)', () => {
  it('refuses an empty first step with the field messages and sends nothing', async () => {
    const { calls } = serve();
    renderPortal('/retrieve');
    fireEvent.click(await screen.findByRole('button', { name: /下一步/ }));
    expect(await screen.findByText(MSG.usernameRequired)).toBeTruthy();
    expect(screen.getByText(MSG.mobileRequired)).toBeTruthy();
    expect(screen.getByText(MSG.otpRequired)).toBeTruthy();
    expect(calls.some((call) => call.url.startsWith('/api/app/user/'))).toBe(false);
  });

  it('walks 验证身份 -> 设置新密码 -> 完成 in the anonymous session of the code', async () => {
    const { calls } = serve();
    const { router } = renderPortal('/retrieve');
    await fillProof();
    const send = calls.find((call) => call.url === '/api/app/send/otp/retrieve');
    expect(bodyOf(send)).toEqual({ mobile: '13800000002' });
    expect(notifier.success).toHaveBeenCalledWith(MSG.otpSent);

    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText(MSG.passwordPolicyHint)).toBeTruthy();
    const prove = calls.find((call) => call.url === '/api/app/user/validate/mobile');
    expect(bodyOf(prove)).toEqual({ username: 'transferor2', mobile: '13800000002', otp: '123456' });
    expect(prove?.headers.get('Authorization')).toBe('Bearer anon-1');

    // the policy is checked before anything is sent
    const password = screen.getByPlaceholderText('请输入新密码');
    const repeat = screen.getByPlaceholderText('请再次输入新密码');
    fireEvent.change(password, { target: { value: 'alllowercase' } });
    fireEvent.change(repeat, { target: { value: 'different' } });
    fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText(MSG.passwordClasses)).toBeTruthy();
    expect(await screen.findByText(MSG.passwordMismatch)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/app/user/reinit/password')).toBe(false);

    fireEvent.change(password, { target: { value: GOOD_PASSWORD } });
    fireEvent.change(repeat, { target: { value: GOOD_PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText(MSG.passwordResetOk)).toBeTruthy();
    const reset = calls.find((call) => call.url === '/api/app/user/reinit/password');
    expect(bodyOf(reset)).toEqual({ ticket: 'ticket-1', password: GOOD_PASSWORD, password2: GOOD_PASSWORD });
    expect(reset?.headers.get('Authorization')).toBe('Bearer anon-1');

    fireEvent.click(screen.getByRole('button', { name: '返回登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('stays on the first step with the server message and empty code boxes when the proof is refused', async () => {
    serve({ prove: () => jsonResponse(envelope(null, 1, MSG.usernameMobileMismatch)) });
    renderPortal('/retrieve');
    await fillProof();
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.usernameMobileMismatch));
    expect(screen.queryByText(MSG.passwordPolicyHint)).toBeNull();
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('短信验证码第1位').value).toBe(''));
  });

  it('shows a refused ticket and keeps the password step for another proof', async () => {
    serve({ reset: () => jsonResponse(envelope(null, 1, MSG.retrieveTicketInvalid)) });
    renderPortal('/retrieve');
    await fillProof();
    fireEvent.click(screen.getByRole('button', { name: /下一步/ }));
    fireEvent.change(await screen.findByPlaceholderText('请输入新密码'), {
      target: { value: GOOD_PASSWORD },
    });
    fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: GOOD_PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.retrieveTicketInvalid));
    expect(screen.queryByText(MSG.passwordResetOk)).toBeNull();
  });
});
