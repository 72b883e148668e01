// SMS code calls of spec 000 section 7 (Auth), served from their contracts (packages/domain/src/contracts/otp.ts).
// Every answer is the envelope; codes are six digits.
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
import { MSG, SESSION_ID_HEADER } from '@cqjy/domain';
import {
  checkLoginOtpCall,
  checkOtpCall,
  mobileLoginCall,
  sendLoginOtpCall,
  sendOtpCall,
} from '@cqjy/domain/contracts/otp';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { readBearerToken, readOrigin } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { refused } from '../../platform/errors.ts';
import { serve } from '../../platform/serve.ts';
import type { AuthService, Caller } from '../auth/service.ts';
import type { SmsActor } from '../sms/service.ts';
import type { UsersService } from '../users/service.ts';
import type { OtpService } from './service.ts';

function toActor(caller: Caller, request: FastifyRequest): SmsActor {
  const origin = readOrigin(request);
  if (caller.kind === 'anonymous') return origin;
  const { userId, operatorId, companyId, identityType } = caller.session;
  return { ...origin, userId, operatorId, companyId, identityType };
}

function handBackAnonymous(reply: FastifyReply, caller: Caller): void {
  if (caller.kind === 'anonymous') reply.header(SESSION_ID_HEADER, caller.token);
}

export const otpRoutes: FastifyPluginCallback<{
  otp: OtpService;
  auth: AuthService;
  users: UsersService;
  config: Config;
}> = (app, { otp, auth, users, config }, done) => {
  // One bucket for every sending call, so switching calls does not buy more messages (the other limits count
  // per route).
  const limitSends = {
    config: { rateLimit: { max: config.otpRateMax, timeWindow: '1 minute', groupId: 'otp-send' } },
  };
  const limitChecks = { config: { rateLimit: { max: config.loginRateMax, timeWindow: '1 minute' } } };

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

  serve(
    app,
    sendLoginOtpCall,
    'public',
    async ({ params }, request, reply) => {
      const sessionId = await openAnonymous(request, reply);
      const account = await users.findLoginAccountByMobile(params.mobile);
      await otp.issue({
        mobile: params.mobile,
        purpose: 'login',
        sessionId,
        actor: readOrigin(request),
        isDelivered: account !== undefined,
      });
      return ok(null, MSG.otpSent);
    },
    limitSends,
  );

  serve(
    app,
    checkLoginOtpCall,
    'public',
    async ({ body }, request, reply) => {
      await openAnonymous(request, reply);
      await otp.assertCode({ mobile: body.mobile, purpose: 'login', code: body.otp, isConsuming: false });
      return ok(null);
    },
    limitChecks,
  );

  serve(
    app,
    mobileLoginCall,
    'public',
    async ({ body }, request) => {
      const result = await auth.loginWithOtp({
        mobile: body.mobile,
        otp: body.otp,
        token: readBearerToken(request),
        ...readOrigin(request),
      });
      return ok(result, MSG.loginOk);
    },
    limitChecks,
  );

  serve(
    app,
    sendOtpCall,
    'public',
    async ({ params, body }, request, reply) => {
      const caller = await identify(request);
      handBackAnonymous(reply, caller);
      const mobile = await resolveMobile(caller, body.mobile);
      const { isSent } = await otp.issue({
        mobile,
        purpose: params.purpose,
        sessionId: caller.kind === 'anonymous' ? caller.sessionId : caller.session.sessionId,
        actor: toActor(caller, request),
        isDelivered: true,
      });
      if (!isSent) throw refused(MSG.smsSendFailed);
      return ok(null, MSG.otpSent);
    },
    limitSends,
  );

  serve(
    app,
    checkOtpCall,
    'public',
    async ({ body }, request, reply) => {
      const caller = await identify(request);
      handBackAnonymous(reply, caller);
      await otp.assertCode({
        mobile: await resolveMobile(caller, body.mobile),
        purpose: body.purpose,
        code: body.otp,
        isConsuming: true,
      });
      return ok(null);
    },
    limitChecks,
  );
  done();
};
