// The profile calls (spec 000 section 7, Auth and User): the recovery pages before sign-in (/retrieve,
// /retrieveUserName, the username check of /transferorOpen) and the personal centre (/index/userCenter). The
// recovery calls travel in the caller's anonymous session (the SMS codes are sent with POST
// /api/app/send/otp/retrieve, the otp module's) and are limited per IP; the others need a signed-in user. The
// avatar upload is multipart (no contract): POST /api/user/avatar/upload answers ZAvatarUploaded.
import { z } from 'zod';
import { SESSION_ID_HEADER } from '../api.ts';
import { defineCall } from '../contract.ts';
import { MSG } from '../messages.ts';
import { isOtpFormat } from '../otp.ts';
import { ZPhoneInfo, ZResetTicket, ZSecondaryRoleChoices, ZUsernameSearchResult } from '../profile.ts';
import { validateMobile } from '../validation/mobile.ts';

const zMobile = z.string({ error: MSG.mobileRequired }).superRefine((value, ctx) => {
  const message = validateMobile(value);
  if (message !== null) ctx.addIssue({ code: 'custom', message });
});

const zCode = z
  .string({ error: MSG.otpRequired })
  .trim()
  .min(1, MSG.otpRequired)
  .refine(isOtpFormat, MSG.otpFormat);

/** The policy itself is the service's (validatePassword); the schema only bounds what is read. */
const zPassword = (missing: string) => z.string({ error: missing }).max(200, MSG.passwordLength);

/**
 * POST /api/app/user/validate/mobile: a ticket, and in the session-id header the anonymous session it is bound
 * to. A wrong code answers the code's message; an unknown username or another mobile 用户名与手机号码不匹配.
 */
export const proveMobileCall = defineCall({
  method: 'POST',
  path: '/api/app/user/validate/mobile',
  tag: 'profile',
  summary: '找回密码：验证用户名与手机号码',
  description: `短信验证码的用途为 retrieve；成功后返回 ticket，并由响应头 ${SESSION_ID_HEADER} 返回其绑定的匿名会话。`,
  body: z.object({
    username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(64),
    mobile: zMobile,
    otp: zCode,
  }),
  answer: ZResetTicket,
});
export type ProveMobileBody = z.input<typeof proveMobileCall.body>;

/**
 * POST /api/app/user/reinit/password: bearer the same anonymous session; every session of the account is signed
 * out. A used, expired or foreign ticket answers 身份验证已失效，请重新验证手机号码.
 */
export const resetPasswordCall = defineCall({
  method: 'POST',
  path: '/api/app/user/reinit/password',
  tag: 'profile',
  summary: '找回密码：设置新密码',
  description: '须携带验证手机号码时的匿名会话（bearer）；成功后该账号的所有登录会话失效。',
  body: z.object({
    ticket: z.string({ error: MSG.retrieveTicketInvalid }).max(128, MSG.retrieveTicketInvalid),
    password: zPassword(MSG.passwordRequired),
    password2: zPassword(MSG.passwordRepeatRequired),
  }),
  answer: z.null(),
});
export type ResetPasswordBody = z.input<typeof resetPasswordCall.body>;

/** POST /api/app/search/username: the usernames of the mobile (may be none). */
export const searchUsernamesCall = defineCall({
  method: 'POST',
  path: '/api/app/search/username',
  tag: 'profile',
  summary: '找回用户名',
  description: '短信验证码的用途为 retrieve；返回该手机号码绑定的所有用户名（可为空）。',
  body: z.object({ mobile: zMobile, otp: zCode }),
  answer: ZUsernameSearchResult,
});
export type SearchUsernamesBody = z.input<typeof searchUsernamesCall.body>;

/** GET /api/operator/retrieve/username/{name}: whether the username is taken. */
export const usernameTakenCall = defineCall({
  method: 'GET',
  path: '/api/operator/retrieve/username/:name',
  tag: 'profile',
  summary: '用户名是否已被使用',
  params: z.object({ name: z.string().max(64, MSG.badRequest) }),
  answer: z.object({ exists: z.boolean() }),
});

/** GET /api/app/user/phone: both numbers masked (138****0001) or null. */
export const phoneCall = defineCall({
  method: 'GET',
  path: '/api/app/user/phone',
  tag: 'profile',
  summary: '当前手机号码（脱敏）',
  answer: ZPhoneInfo,
});

/**
 * POST /api/app/user/update/phone: codes of purpose phone; oldOtp (to the current mobile) unless mobile is the
 * pending one. The user's other sessions are signed out.
 */
export const updatePhoneCall = defineCall({
  method: 'POST',
  path: '/api/app/user/update/phone',
  tag: 'profile',
  summary: '更换手机号码',
  description:
    '验证码用途均为 phone：oldOtp 发送至当前手机号码（确认待生效的手机号码时不需要），otp 发送至新手机号码。',
  body: z.object({ oldOtp: zCode.optional(), mobile: zMobile, otp: zCode }),
  answer: z.null(),
});
export type UpdatePhoneBody = z.input<typeof updatePhoneCall.body>;

/**
 * POST /api/operator/update/mobile: a manager of the operator's company or an exchange administrator sets the
 * person's pending mobile; not a manager answers 403, another company's operator 404.
 */
export const assignOperatorMobileCall = defineCall({
  method: 'POST',
  path: '/api/operator/update/mobile',
  tag: 'profile',
  summary: '为本机构操作员设置新手机号码（待本人确认）',
  body: z.object({
    operatorId: z
      .number({ error: MSG.badRequest })
      .int(MSG.badRequest)
      .positive(MSG.badRequest)
      .max(2_147_483_647, MSG.badRequest),
    mobile: zMobile,
  }),
  answer: z.null(),
});

/** POST /api/app/user/edit/password: phonecode of purpose general to the own mobile; other sessions signed out. */
export const editPasswordCall = defineCall({
  method: 'POST',
  path: '/api/app/user/edit/password',
  tag: 'profile',
  summary: '修改登录密码',
  description: 'phonecode 为发送至本人手机号码的 general 验证码；成功后本账号的其他登录会话失效。',
  body: z.object({
    phonecode: zCode,
    newpassword: zPassword(MSG.passwordRequired),
    newpassword2: zPassword(MSG.passwordRepeatRequired),
  }),
  answer: z.null(),
});
export type EditPasswordBody = z.input<typeof editPasswordCall.body>;

/** POST /api/app/update/nickname: 1 to 20 characters once trimmed; answers the stored nickname. */
export const updateNicknameCall = defineCall({
  method: 'POST',
  path: '/api/app/update/nickname',
  tag: 'profile',
  summary: '修改昵称',
  body: z.object({
    nickname: z.string({ error: MSG.nicknameRequired }).max(200, MSG.nicknameRequired),
  }),
  answer: z.object({ nickname: z.string() }),
});

/** POST /api/app/user/avatar: one of the caller's own uploaded avatars, else 404. */
export const setAvatarCall = defineCall({
  method: 'POST',
  path: '/api/app/user/avatar',
  tag: 'profile',
  summary: '设置头像',
  body: z.object({ uuid: z.string({ error: MSG.badRequest }).max(64, MSG.badRequest) }),
  answer: z.null(),
});

/** GET /api/app/user/sec/role (saving the choice is POST /api/app/user/sec/role, the users module's). */
export const secondaryRoleCall = defineCall({
  method: 'GET',
  path: '/api/app/user/sec/role',
  tag: 'profile',
  summary: '二级角色的可选权限与当前选择',
  answer: ZSecondaryRoleChoices,
});
