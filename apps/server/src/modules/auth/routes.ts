// Sign-in routes of spec 000 section 7 (Auth), served from their contracts (packages/domain/src/contracts/auth.ts)
// but for the captcha, which answers a picture, not the envelope.
//   GET  /api/login/captcha   -> image/svg+xml; header session-id: the anonymous session the captcha belongs to
//   POST /api/captcha/{id}    id: the answer typed, that session as the bearer token -> {valid: true} (the captcha
//                             stays good for the sign-in); wrong, expired or none: status 1, and the fifth wrong
//                             check spends it. Header session-id: that session, as for the picture
//   POST /api/login           {username, password, captcha}, that session as the bearer token -> LoginResult
//   POST /api/logout          -> null
//   POST /api/validate        -> {valid, expiresAt}: the quiet session check, public and never 401 (a signed-in
//                             live session: valid true until expiresAt; none, anonymous, expired, revoked: false)
//   POST /api/app/switch/{id} id: one of userinfo.identities[].id -> LoginResult (a new token; the old one is
//                             revoked); another person's or an unknown id -> {status: 404}
import { MSG, SESSION_ID_HEADER } from '@cqjy/domain';
import { checkCaptchaCall, loginCall, logoutCall, validateSessionCall } from '@cqjy/domain/contracts/auth';
import { switchIdentityCall } from '@cqjy/domain/contracts/users';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { readBearerToken, readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { refused } from '../../platform/errors.ts';
import { serve } from '../../platform/serve.ts';
import type { AuthService } from './service.ts';

export const authRoutes: FastifyPluginCallbackZod<{ auth: AuthService; config: Config }> = (
  app,
  opts,
  done,
) => {
  const { auth, config } = opts;

  // a picture and a header, not the envelope: left out of the contracts
  app.get(
    '/api/login/captcha',
    {
      config: { rateLimit: { max: config.captchaRateMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: '图形验证码',
        description: `返回 SVG 图片；响应头 ${SESSION_ID_HEADER} 为验证码所属的匿名会话，登录时作为 Bearer 令牌携带。`,
      },
    },
    async (request, reply) => {
      const { token, svg } = await auth.issueCaptcha({
        ...readOrigin(request),
        token: readBearerToken(request),
      });
      return reply
        .header(SESSION_ID_HEADER, token)
        .header('cache-control', 'no-store')
        .type('image/svg+xml')
        .send(svg);
    },
  );

  serve(
    app,
    checkCaptchaCall,
    'public',
    async ({ params }, request, reply) => {
      const { isRight, token } = await auth.checkCaptcha({
        ...readOrigin(request),
        token: readBearerToken(request),
        answer: params.id,
      });
      if (token !== undefined) reply.header(SESSION_ID_HEADER, token);
      if (!isRight) throw refused(MSG.captchaWrong);
      return ok({ valid: true as const }, MSG.captchaChecked);
    },
    // counted like the picture: each check is a guess at one
    { config: { rateLimit: { max: config.captchaRateMax, timeWindow: '1 minute' } } },
  );

  serve(
    app,
    loginCall,
    'public',
    async ({ body }, request) => {
      const result = await auth.login({ ...body, ...readOrigin(request), token: readBearerToken(request) });
      return ok(result, MSG.loginOk);
    },
    { config: { rateLimit: { max: config.loginRateMax, timeWindow: '1 minute' } } },
  );

  serve(app, logoutCall, [app.authenticate], async (_, request) => {
    await auth.logout(requireSession(request), readOrigin(request));
    return ok(null, MSG.logoutOk);
  });

  // public, and never 401: a token the signed-in routes refuse is answered valid false
  serve(app, validateSessionCall, 'public', async (_, request) =>
    ok(await auth.checkSession(readBearerToken(request))),
  );

  // the contract is the users area's (the identities userinfo lists); the session it opens is this module's
  serve(app, switchIdentityCall, [app.authenticate], async ({ params }, request) =>
    ok(
      await auth.switchOperator(requireSession(request), params.id, readOrigin(request)),
      MSG.identitySwitched,
    ),
  );
  done();
};
