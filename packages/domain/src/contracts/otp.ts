// The SMS code calls of spec 000 section 7 (Auth): the sign-in code and its check, the sign-in with it, and the
// codes of the other purposes (retrieve, phone, register, sign, general) with their check. Codes are six digits.
// Refusals (status 1) carry the rule's message: a malformed mobile (请填写正确的手机号码 / 手机号码不能为空), a send
// within 60 s of the last one to the mobile, a malformed code (请填写正确的短信验证码！), a wrong, expired or used
// code, five wrong tries.
import { z } from 'zod';
import { SESSION_ID_HEADER } from '../api.ts';
import { defineCall } from '../contract.ts';
import { MSG } from '../messages.ts';
import { isOtpFormat, isOtpPurpose, type OtpPurpose } from '../otp.ts';
import { validateMobile, validateMobileForCode } from '../validation/mobile.ts';
import { ZLoginResult } from '../login-result.ts';

const zMobile = (validate: (value: unknown) => string | null, missing: string) =>
  z.string({ error: missing }).superRefine((value, ctx) => {
    const message = validate(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

const zCode = z
  .string({ error: MSG.otpRequired })
  .trim()
  .min(1, MSG.otpRequired)
  .refine(isOtpFormat, MSG.otpFormat);

/** Purposes with calls of their own: sign-in, and 变更主操作员 (sent only to the company's main operator). */
const OWN_CALL_PURPOSES: readonly string[] = ['login', 'mainChange'];

/** The purposes of the generic calls. */
const zPurpose = z
  .string()
  .refine((value) => isOtpPurpose(value) && !OWN_CALL_PURPOSES.includes(value), MSG.otpPurposeUnknown)
  .transform((value) => value as OtpPurpose);

const ZMobileCode = z.object({
  mobile: zMobile(validateMobile, MSG.mobileRequired),
  otp: zCode,
});

/**
 * POST /api/app/login/otp/{mobile}: 验证码已发送 whether or not the mobile has an account (a code is sent only when
 * it has one); the header session-id carries the caller's anonymous session (a new one when it has none).
 */
export const sendLoginOtpCall = defineCall({
  method: 'POST',
  path: '/api/app/login/otp/:mobile',
  tag: 'otp',
  summary: '发送短信登录验证码',
  description: `无论手机号是否已注册都回答“${MSG.otpSent}”；响应头 ${SESSION_ID_HEADER} 为匿名会话。`,
  params: z.object({ mobile: zMobile(validateMobileForCode, MSG.mobileEmptyForCode) }),
  answer: z.null(),
});

/** POST /api/mobile/validate/otp/login {mobile, otp}: the sign-in code is right (not used up; a wrong one counts a try). */
export const checkLoginOtpCall = defineCall({
  method: 'POST',
  path: '/api/mobile/validate/otp/login',
  tag: 'otp',
  summary: '校验短信登录验证码（不消耗）',
  body: ZMobileCode,
  answer: z.null(),
});

/**
 * POST /api/mobile/login {mobile, otp} with the anonymous session as the bearer token (revoked once signed in) ->
 * LoginResult; a wrong, expired or used code or a mobile without an account answers HTTP 401 手机验证码错误！.
 */
export const mobileLoginCall = defineCall({
  method: 'POST',
  path: '/api/mobile/login',
  tag: 'otp',
  summary: '短信验证码登录',
  body: ZMobileCode,
  answer: ZLoginResult,
});
export type MobileLoginBody = z.input<typeof mobileLoginCall.body>;

/**
 * POST /api/app/send/otp/{purpose} {mobile?}: signed-in callers may leave out mobile (their own is used); anonymous
 * callers must give it and get the header session-id. An unknown purpose is refused.
 */
export const sendOtpCall = defineCall({
  method: 'POST',
  path: '/api/app/send/otp/:purpose',
  tag: 'otp',
  summary: '发送短信验证码',
  description: `已登录时可不传 mobile（使用本人手机号）；未登录时须传，并由响应头 ${SESSION_ID_HEADER} 返回匿名会话。`,
  params: z.object({ purpose: zPurpose }),
  body: z.preprocess(
    (body) => body ?? {},
    z.object({ mobile: zMobile(validateMobileForCode, MSG.mobileEmptyForCode).optional() }),
  ),
  answer: z.null(),
});

/** POST /api/app/validate/otp {mobile?, otp, purpose}: right, and used up; mobile as for sending. */
export const checkOtpCall = defineCall({
  method: 'POST',
  path: '/api/app/validate/otp',
  tag: 'otp',
  summary: '校验短信验证码（校验通过即失效）',
  body: z.object({
    mobile: zMobile(validateMobile, MSG.mobileRequired).optional(),
    otp: zCode,
    purpose: zPurpose,
  }),
  answer: z.null(),
});
