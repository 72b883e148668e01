// Sign-in routes of spec 000 section 7 (Auth): captcha, login, logout.
import { MSG, SESSION_ID_HEADER, type LoginResult } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { readBearerToken, readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { AuthService } from './service.ts';

const ZLoginBody = z.object({
  username: z
    .string({ error: MSG.usernameRequired })
    .trim()
    .min(1, MSG.usernameRequired)
    .max(64, MSG.loginFailed),
  // bounded so that nobody can make the server hash megabytes
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(256, MSG.loginFailed),
  captcha: z
    .string({ error: MSG.captchaRequired })
    .trim()
    .min(1, MSG.captchaRequired)
    .max(16, MSG.captchaWrong),
});

export const ZLoginResult = z.object({
  access_token: z.string(),
  expires_in: z.number().int().describe('有效期（秒）'),
  created_at: z.number().int().describe('签发时间（UNIX 秒）'),
  identityType: z.number().int(),
}) satisfies z.ZodType<LoginResult>;

export const authRoutes: FastifyPluginCallbackZod<{ auth: AuthService; config: Config }> = (
  app,
  opts,
  done,
) => {
  const { auth, config } = opts;

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

  app.post(
    '/api/login',
    {
      config: { rateLimit: { max: config.loginRateMax, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: '用户名密码登录',
        description: '须携带获取验证码时返回的匿名会话（Authorization: Bearer <session-id>）。',
        body: ZLoginBody,
        response: { 200: zEnvelope(ZLoginResult) },
      },
    },
    async (request) => {
      const result = await auth.login({
        ...request.body,
        ...readOrigin(request),
        token: readBearerToken(request),
      });
      return ok(result, MSG.loginOk);
    },
  );

  app.post(
    '/api/logout',
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], summary: '退出登录', response: { 200: zEnvelope(z.null()) } },
    },
    async (request) => {
      await auth.logout(requireSession(request), readOrigin(request));
      return ok(null, MSG.logoutOk);
    },
  );
  done();
};
