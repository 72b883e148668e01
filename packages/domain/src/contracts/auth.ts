// The sign-in calls of spec 000 section 7 (Auth): login with username, password and captcha, the captcha's check
// before the form is sent, logout, and the quiet session check. The captcha itself (GET /api/login/captcha)
// answers an SVG picture and its anonymous session in a header, no envelope: it stays described by its route. The
// sign-in with an SMS code is the otp area's (contracts/otp.ts).
import { z } from 'zod';
import { SESSION_ID_HEADER } from '../api.ts';
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

/**
 * Wrong checks of one captcha (POST /api/captcha/{id}) before it is spent: the person then asks for a new picture.
 * Without a bound, the check would let a program try every answer of one picture before signing in with it.
 */
export const CAPTCHA_MAX_CHECKS = 5;

/**
 * POST /api/captcha/{id}: id is the answer typed, checked against the captcha of the anonymous session sent as the
 * bearer token. Right: {valid: true}, and the captcha stays good for the sign-in; wrong, expired or none: status 1
 * 验证码错误或已过期, and the CAPTCHA_MAX_CHECKS-th wrong check spends it.
 */
export const checkCaptchaCall = defineCall({
  method: 'POST',
  path: '/api/captcha/:id',
  tag: 'auth',
  summary: '校验图形验证码（不消耗）',
  description: `须携带获取验证码时返回的匿名会话（Authorization: Bearer <session-id>）；响应头 ${SESSION_ID_HEADER} 为该会话。答错${CAPTCHA_MAX_CHECKS}次后验证码失效，须刷新。`,
  // the answer a person typed, as text: a malformed one is told as such, never answered 404
  params: z.object({
    id: z.string({ error: MSG.captchaRequired }).trim().min(1, MSG.captchaRequired).max(16, MSG.captchaWrong),
  }),
  answer: z.object({ valid: z.literal(true) }),
});

/**
 * POST /api/validate: the quiet session check. Whether the bearer token is a live signed-in session, and until
 * when; none, an anonymous one, an expired or a revoked one answer valid false. It never answers 401, so it opens
 * no 登录状态已过期 dialog by itself: the client decides what a false means (spec 000 section 8 keeps its error
 * statuses quiet).
 */
export const validateSessionCall = defineCall({
  method: 'POST',
  path: '/api/validate',
  tag: 'auth',
  summary: '校验登录状态',
  description: '公开调用，从不回答 401：valid 为 false 表示未登录、登录已过期或已退出。',
  answer: z.object({
    valid: z.boolean(),
    /** ISO 8601; null when not valid */
    expiresAt: z.string().nullable(),
  }),
});
