// Recovery and personal-centre calls (spec 000 section 7, Auth and User). Every answer is the envelope.
//
// Before sign-in (the caller's anonymous session, as the SMS code calls; codes are sent with
// POST /api/app/send/otp/retrieve {mobile}); each call is limited per IP (beyond it HTTP 429):
//   POST /api/app/user/validate/mobile     {username, mobile, otp}
//     -> {ticket} (header session-id: the anonymous session the ticket is bound to). A wrong code -> the code's
//        message; an unknown username or another mobile -> {status: 1, msg: 用户名与手机号码不匹配}.
//   POST /api/app/user/reinit/password     {ticket, password, password2}  (bearer: the same anonymous session)
//     -> {status: 0, msg: 密码已重置…}; every session of the account is signed out. A used, expired or foreign
//        ticket -> {status: 1, msg: 身份验证已失效，请重新验证手机号码}; the password policy's messages.
//   POST /api/app/search/username          {mobile, otp} -> {usernames: string[]} (may be empty)
//   GET  /api/operator/retrieve/username/{name} -> {exists: boolean}
//
// Signed in:
//   GET  /api/app/user/phone               -> {mobile, pendingPhone}, both masked (138****0001) or null
//   POST /api/app/user/update/phone        {oldOtp?, mobile, otp}: codes of purpose phone; oldOtp (to the current
//        mobile) unless mobile is the pending one; the user's other sessions are signed out
//   POST /api/operator/update/mobile       {operatorId, mobile}: a manager of the operator's company or an
//        exchange administrator sets the person's pending mobile; not a manager -> 403, another company's -> 404
//   POST /api/app/user/edit/password       {phonecode, newpassword, newpassword2}: phonecode of purpose general to
//        the own mobile; the other sessions are signed out
//   POST /api/app/update/nickname          {nickname} (1 to 20 characters once trimmed) -> the stored nickname
//   POST /api/user/avatar/upload           multipart: file (png, jpg, jpeg; at most 2 MB) -> {uuid}
//   POST /api/app/user/avatar              {uuid}: one of the caller's own uploaded avatars, else {status: 404}
//   GET  /api/app/user/sec/role            -> {available: [{code, title}], chosen: string[]}
//        (saving the choice is POST /api/app/user/sec/role of the users module)
import multipart from '@fastify/multipart';
import { isOtpFormat, MSG, SESSION_ID_HEADER } from '@cqjy/domain';
import { AVATAR_MAX_MB } from '@cqjy/domain/profile';
import { validateMobile } from '@cqjy/domain/validation/mobile';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readBearerToken, readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { refused } from '../../platform/errors.ts';
import { readParts } from '../../platform/multipart.ts';
import type { ReceivedFile } from '../attachments/service.ts';
import type { ProfileService } from './service.ts';

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

const ZNull = zEnvelope(z.null());

const BYTES_PER_MB = 1024 * 1024;

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  await app.register(multipart, {
    // The size is judged by the avatar rule, with its message, not by a generic 413.
    throwFileSizeLimit: false,
    limits: {
      // One byte past the limit shows the parser cut the file.
      fileSize: AVATAR_MAX_MB * BYTES_PER_MB + 1,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 100,
    },
  });

  const recoveryLimit = { rateLimit: { max: profile.recoveryRateMax, timeWindow: '1 minute' } };

  /** The caller's live anonymous session, a new one when it has none; handed back in the session-id header. */
  async function openAnonymous(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    const anonymous = await profile.openAnonymousSession({
      ...readOrigin(request),
      token: readBearerToken(request),
    });
    reply.header(SESSION_ID_HEADER, anonymous.token);
    return anonymous.sessionId;
  }

  const actorOf = (request: FastifyRequest) => ({ ...requireSession(request), ...readOrigin(request) });

  app.post(
    '/api/app/user/validate/mobile',
    {
      config: recoveryLimit,
      schema: {
        tags: ['profile'],
        summary: '找回密码：验证用户名与手机号码',
        description: `短信验证码的用途为 retrieve；成功后返回 ticket，并由响应头 ${SESSION_ID_HEADER} 返回其绑定的匿名会话。`,
        body: z.object({
          username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(64),
          mobile: zMobile,
          otp: zCode,
        }),
        response: { 200: zEnvelope(z.object({ ticket: z.string() })) },
      },
    },
    async (request, reply) => {
      const sessionId = await openAnonymous(request, reply);
      return ok(await profile.proveMobile({ ...readOrigin(request), sessionId }, request.body));
    },
  );

  app.post(
    '/api/app/user/reinit/password',
    {
      config: recoveryLimit,
      schema: {
        tags: ['profile'],
        summary: '找回密码：设置新密码',
        description: '须携带验证手机号码时的匿名会话（bearer）；成功后该账号的所有登录会话失效。',
        body: z.object({
          ticket: z.string({ error: MSG.retrieveTicketInvalid }).max(128, MSG.retrieveTicketInvalid),
          password: zPassword(MSG.passwordRequired),
          password2: zPassword(MSG.passwordRepeatRequired),
        }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      const sessionId = await profile.findAnonymousSessionId(readBearerToken(request));
      await profile.resetPassword({ ...readOrigin(request), sessionId }, request.body);
      return ok(null, MSG.passwordResetOk);
    },
  );

  app.post(
    '/api/app/search/username',
    {
      config: recoveryLimit,
      schema: {
        tags: ['profile'],
        summary: '找回用户名',
        description: '短信验证码的用途为 retrieve；返回该手机号码绑定的所有用户名（可为空）。',
        body: z.object({ mobile: zMobile, otp: zCode }),
        response: { 200: zEnvelope(z.object({ usernames: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const result = await profile.searchUsernames(readOrigin(request), request.body);
      return ok(result, result.usernames.length === 0 ? MSG.usernamesNone : MSG.usernamesFound);
    },
  );

  app.get(
    '/api/operator/retrieve/username/:name',
    {
      config: recoveryLimit,
      schema: {
        tags: ['profile'],
        summary: '用户名是否已被使用',
        params: z.object({ name: z.string().max(64, MSG.badRequest) }),
        response: { 200: zEnvelope(z.object({ exists: z.boolean() })) },
      },
    },
    async (request) => ok({ exists: await profile.isUsernameTaken(request.params.name) }),
  );

  app.get(
    '/api/app/user/phone',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '当前手机号码（脱敏）',
        response: {
          200: zEnvelope(z.object({ mobile: z.string().nullable(), pendingPhone: z.string().nullable() })),
        },
      },
    },
    async (request) => ok(await profile.getPhone(actorOf(request))),
  );

  app.post(
    '/api/app/user/update/phone',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '更换手机号码',
        description:
          '验证码用途均为 phone：oldOtp 发送至当前手机号码（确认待生效的手机号码时不需要），otp 发送至新手机号码。',
        body: z.object({ oldOtp: zCode.optional(), mobile: zMobile, otp: zCode }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await profile.updatePhone(actorOf(request), request.body);
      return ok(null, MSG.phoneUpdated);
    },
  );

  app.post(
    '/api/operator/update/mobile',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '为本机构操作员设置新手机号码（待本人确认）',
        body: z.object({
          operatorId: z
            .number({ error: MSG.badRequest })
            .int(MSG.badRequest)
            .positive(MSG.badRequest)
            .max(2_147_483_647, MSG.badRequest),
          mobile: zMobile,
        }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await profile.assignOperatorMobile(actorOf(request), request.body);
      return ok(null, MSG.pendingPhoneSet);
    },
  );

  app.post(
    '/api/app/user/edit/password',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '修改登录密码',
        description: 'phonecode 为发送至本人手机号码的 general 验证码；成功后本账号的其他登录会话失效。',
        body: z.object({
          phonecode: zCode,
          newpassword: zPassword(MSG.passwordRequired),
          newpassword2: zPassword(MSG.passwordRepeatRequired),
        }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await profile.editPassword(actorOf(request), request.body);
      return ok(null, MSG.passwordChanged);
    },
  );

  app.post(
    '/api/app/update/nickname',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '修改昵称',
        body: z.object({
          nickname: z.string({ error: MSG.nicknameRequired }).max(200, MSG.nicknameRequired),
        }),
        response: { 200: zEnvelope(z.object({ nickname: z.string() })) },
      },
    },
    async (request) => {
      const nickname = await profile.updateNickname(actorOf(request), request.body.nickname);
      return ok({ nickname }, MSG.nicknameUpdated);
    },
  );

  app.post(
    '/api/user/avatar/upload',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '上传头像图片',
        description: `multipart/form-data：file（png、jpg、jpeg，不超过 ${AVATAR_MAX_MB}M）。返回 uuid，再以 POST /api/app/user/avatar 设为头像。`,
        response: { 200: zEnvelope(z.object({ uuid: z.string() })) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!request.isMultipart()) throw refused(MSG.uploadFileMissing);
      let file: ReceivedFile | undefined;
      let isTruncated = false;
      try {
        for await (const part of readParts(request)) {
          if (part.type !== 'file') continue;
          if (part.fieldname === 'file' && file === undefined) {
            file = await profile.receiveAvatar(part.file, part.filename);
            isTruncated = part.file.truncated;
          } else {
            part.file.resume();
          }
        }
        if (file === undefined) throw refused(MSG.uploadFileMissing);
        return ok({ uuid: await profile.uploadAvatar(actor, file, isTruncated) });
      } finally {
        // A no-op once the file was stored; otherwise the temp file goes.
        if (file?.isAccepted === true) await file.staged.discard();
      }
    },
  );

  app.post(
    '/api/app/user/avatar',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '设置头像',
        body: z.object({ uuid: z.string({ error: MSG.badRequest }).max(64, MSG.badRequest) }),
        response: { 200: ZNull },
      },
    },
    async (request) => {
      await profile.setAvatar(actorOf(request), request.body.uuid);
      return ok(null, MSG.avatarUpdated);
    },
  );

  app.get(
    '/api/app/user/sec/role',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: '二级角色的可选权限与当前选择',
        response: {
          200: zEnvelope(
            z.object({
              available: z.array(z.object({ code: z.string(), title: z.string() })),
              chosen: z.array(z.string()),
            }),
          ),
        },
      },
    },
    async (request) => ok(await profile.getSecondaryRole(actorOf(request))),
  );
};
