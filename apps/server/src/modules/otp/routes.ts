// SMS code calls of spec 000 section 7 (Auth). Every answer is the envelope; codes are six digits.
//
//   POST /api/app/login/otp/{mobile}           no body
//     -> {status: 0, msg: '验证码已发送', data: null}, whether or not the mobile has an account (a code is sent
//        only when it has one). Header session-id: the caller's anonymous session (a new one when it has none).
//   POST /api/mobile/validate/otp/login        {mobile, otp}
//     -> {status: 0, data: null} when the sign-in code is right (not used up; a wrong one counts a try),
//        else {status: 1, msg: reason}. Header session-id as above.
//   POST /api/mobile/login                     {mobile, otp}
//     -> {status: 0, msg: '登录成功', data: LoginResult} (as POST /api/login); a wrong, expired or used code
//        or a mobile without an account -> HTTP 401 {status: 401, msg: '手机验证码错误！'}.
//        Send the anonymous session as bearer token: it is revoked once signed in.
//   POST /api/app/send/otp/{purpose}           {mobile?}; purpose: retrieve | phone | register | sign | general
//     -> {status: 0, msg: '验证码已发送', data: null}. Signed-in callers may leave out mobile (their own is used);
//        anonymous callers must give it and get the header session-id. Unknown purpose -> {status: 1}.
//   POST /api/app/validate/otp                 {mobile?, otp, purpose}
//     -> {status: 0, data: null} and the code is used up, else {status: 1, msg: reason}. mobile as for sending.
//        Header session-id when anonymous.
//
// Refusals (status 1): a malformed mobile (请填写正确的手机号码 / 手机号码不能为空), a send within 60 s of the last
// one to the mobile (请N秒后再获取验证码), a malformed code (请填写正确的短信验证码！), a wrong code, an expired or
// used code, five wrong tries (验证码错误次数过多，请重新获取). The sending calls share a per-IP limit
// (OTP_RATE_MAX per minute): beyond it HTTP 429 {status: 429}.
import { isOtpFormat, isOtpPurpose, MSG, SESSION_ID_HEADER, type OtpPurpose } from '@cqjy/domain';
import { validateMobile, validateMobileForCode } from '@cqjy/domain/validation/mobile';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { readBearerToken, readOrigin } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { refused } from '../../platform/errors.ts';
import { ZLoginResult } from '../auth/routes.ts';
import type { AuthService, Caller } from '../auth/service.ts';
import type { SmsActor } from '../sms/service.ts';
import type { UsersService } from '../users/service.ts';
import type { OtpService } from './service.ts';

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

const ZNull = zEnvelope(z.null());

function toActor(caller: Caller, request: FastifyRequest): SmsActor {
  const origin = readOrigin(request);
  if (caller.kind === 'anonymous') return origin;
  const { userId, operatorId, companyId, identityType } = caller.session;
  return { ...origin, userId, operatorId, companyId, identityType };
}

function handBackAnonymous(reply: FastifyReply, caller: Caller): void {
  if (caller.kind === 'anonymous') reply.header(SESSION_ID_HEADER, caller.token);
}

export const otpRoutes: FastifyPluginCallbackZod<{
  otp: OtpService;
  auth: AuthService;
  users: UsersService;
  config: Config;
}> = (app, { otp, auth, users, config }, done) => {
  // One bucket for every sending call, so switching calls does not buy more messages (the other limits count
  // per route).
  const limitSends = app.rateLimit({ max: config.otpRateMax, timeWindow: '1 minute', groupId: 'otp-send' });
  const checkLimit = { rateLimit: { max: config.loginRateMax, timeWindow: '1 minute' } };

  async function identify(request: FastifyRequest): Promise<Caller> {
    return auth.identifyCaller({ ...readOrigin(request), token: readBearerToken(request) });
  }

  async function openAnonymous(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    const anonymous = await auth.openAnonymousSession({
      ...readOrigin(request),
      token: readBearerToken(request),
    });
    reply.header(SESSION_ID_HEADER, anonymous.token);
    return anonymous.sessionId;
  }

  /** The mobile a generic call is about: the one given, else the signed-in caller's own. */
  async function resolveMobile(caller: Caller, given: string | undefined): Promise<string> {
    if (given !== undefined) return given;
    if (caller.kind === 'anonymous') throw refused(MSG.mobileEmptyForCode);
    const own = (await users.getSessionUser(caller.session.operatorId)).mobile;
    if (own === null) throw refused(MSG.mobileEmptyForCode);
    return own;
  }

  app.post(
    '/api/app/login/otp/:mobile',
    {
      preHandler: limitSends,
      schema: {
        tags: ['otp'],
        summary: '发送短信登录验证码',
        description: `无论手机号是否已注册都回答“${MSG.otpSent}”；响应头 ${SESSION_ID_HEADER} 为匿名会话。`,
        params: z.object({ mobile: zMobile(validateMobileForCode, MSG.mobileEmptyForCode) }),
        response: { 200: ZNull },
      },
    },
    async (request, reply) => {
      const sessionId = await openAnonymous(request, reply);
      const { mobile } = request.params;
      const account = await users.findLoginAccountByMobile(mobile);
      await otp.issue({
        mobile,
        purpose: 'login',
        sessionId,
        actor: readOrigin(request),
        isDelivered: account !== undefined,
      });
      return ok(null, MSG.otpSent);
    },
  );

  app.post(
    '/api/mobile/validate/otp/login',
    {
      config: checkLimit,
      schema: {
        tags: ['otp'],
        summary: '校验短信登录验证码（不消耗）',
        body: ZMobileCode,
        response: { 200: ZNull },
      },
    },
    async (request, reply) => {
      await openAnonymous(request, reply);
      await otp.assertCode({
        mobile: request.body.mobile,
        purpose: 'login',
        code: request.body.otp,
        isConsuming: false,
      });
      return ok(null);
    },
  );

  app.post(
    '/api/mobile/login',
    {
      config: checkLimit,
      schema: {
        tags: ['otp'],
        summary: '短信验证码登录',
        body: ZMobileCode,
        response: { 200: zEnvelope(ZLoginResult) },
      },
    },
    async (request) => {
      const result = await auth.loginWithOtp({
        mobile: request.body.mobile,
        otp: request.body.otp,
        token: readBearerToken(request),
        ...readOrigin(request),
      });
      return ok(result, MSG.loginOk);
    },
  );

  app.post(
    '/api/app/send/otp/:purpose',
    {
      preHandler: limitSends,
      schema: {
        tags: ['otp'],
        summary: '发送短信验证码',
        description: `已登录时可不传 mobile（使用本人手机号）；未登录时须传，并由响应头 ${SESSION_ID_HEADER} 返回匿名会话。`,
        params: z.object({ purpose: zPurpose }),
        body: z.preprocess(
          (body) => body ?? {},
          z.object({ mobile: zMobile(validateMobileForCode, MSG.mobileEmptyForCode).optional() }),
        ),
        response: { 200: ZNull },
      },
    },
    async (request, reply) => {
      const caller = await identify(request);
      handBackAnonymous(reply, caller);
      const mobile = await resolveMobile(caller, request.body.mobile);
      const { isSent } = await otp.issue({
        mobile,
        purpose: request.params.purpose,
        sessionId: caller.kind === 'anonymous' ? caller.sessionId : caller.session.sessionId,
        actor: toActor(caller, request),
        isDelivered: true,
      });
      if (!isSent) throw refused(MSG.smsSendFailed);
      return ok(null, MSG.otpSent);
    },
  );

  app.post(
    '/api/app/validate/otp',
    {
      config: checkLimit,
      schema: {
        tags: ['otp'],
        summary: '校验短信验证码（校验通过即失效）',
        body: z.object({
          mobile: zMobile(validateMobile, MSG.mobileRequired).optional(),
          otp: zCode,
          purpose: zPurpose,
        }),
        response: { 200: ZNull },
      },
    },
    async (request, reply) => {
      const caller = await identify(request);
      handBackAnonymous(reply, caller);
      await otp.assertCode({
        mobile: await resolveMobile(caller, request.body.mobile),
        purpose: request.body.purpose,
        code: request.body.otp,
        isConsuming: true,
      });
      return ok(null);
    },
  );
  done();
};
