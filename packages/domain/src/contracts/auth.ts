// The sign-in calls of spec 000 section 7 (Auth): login with username, password and captcha, and logout. The
// captcha itself (GET /api/login/captcha) answers an SVG picture and its anonymous session in a header, no
// envelope: it stays described by its route. The sign-in with an SMS code is the otp area's (contracts/otp.ts).
import { z } from 'zod';
import { defineCall } from '../contract.ts';
import { ZLoginResult } from '../login-result.ts';
import { MSG } from '../messages.ts';

/**
 * POST /api/login: {username, password, captcha} with the captcha's anonymous session as the bearer token ->
 * LoginResult; a wrong password answers HTTP 401, a locked account status 1.
 */
export const loginCall = defineCall({
  method: 'POST',
  path: '/api/login',
  tag: 'auth',
  summary: '用户名密码登录',
  description: '须携带获取验证码时返回的匿名会话（Authorization: Bearer <session-id>）。',
  body: z.object({
    username: z
      .string({ error: MSG.usernameRequired })
      .trim()
      .min(1, MSG.usernameRequired)
      .max(64, MSG.loginFailed),
    // bounded so that nobody can make the server hash megabytes
    password: z
      .string({ error: MSG.passwordRequired })
      .min(1, MSG.passwordRequired)
      .max(256, MSG.loginFailed),
    captcha: z
      .string({ error: MSG.captchaRequired })
      .trim()
      .min(1, MSG.captchaRequired)
      .max(16, MSG.captchaWrong),
  }),
  answer: ZLoginResult,
});
export type LoginBody = z.input<typeof loginCall.body>;

/** POST /api/logout: the session ends. */
export const logoutCall = defineCall({
  method: 'POST',
  path: '/api/logout',
  tag: 'auth',
  summary: '退出登录',
  answer: z.null(),
});
