// Routes of the signed-in user: who am I (userinfo), what may I do (role permissions), switching identity,
// the welcome prompt (gate 6) and the secondary role.
//   POST /api/app/switch/{id}          id: one of userinfo.identities[].id -> LoginResult (a new token; the old one
//                                      is revoked); another person's or an unknown id -> {status: 404}
//   GET  /api/operator/welcome/image   -> image/svg+xml banner
//   POST /api/operator/cancel/prompt   -> {status: 0}; userinfo.prompt is false from then on
//   POST /api/app/user/sec/role        {codes: string[]} -> {status: 0}; the permissions call then answers the
//                                      role codes plus the chosen codes the company's role allows
import { MSG, type PermissionsResult, type SessionUser } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { ZLoginResult } from '../auth/routes.ts';
import type { AuthService } from '../auth/service.ts';
import type { UsersService } from './service.ts';
import { renderWelcomeImage } from './welcome-image.ts';

const ZSessionUser = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  mobile: z.string().nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  identityType: z.number(),
  examineStatus: z.number().nullable(),
  idType: z.number().nullable(),
  realName: z.string().nullable(),
  manager: z.boolean(),
  validated: z.boolean(),
  authStatus: z.number(),
  companyAuthStatus: z.number(),
  mainOperatorAuth: z.boolean(),
  prompt: z.boolean(),
  setupPassword: z.boolean(),
  pendingPhone: z.string().nullable(),
  advancedAuthFlag: z.boolean(),
  passwordExpired: z.boolean(),
  avatarUuid: z.string().nullable(),
  identities: z.array(
    z.object({ id: z.number(), identityType: z.number(), companyName: z.string().nullable() }),
  ),
}) satisfies z.ZodType<SessionUser>;

const ZPermissions = z.object({
  permission: z.array(z.string()),
  permissionProject: z.array(z.object({ businessType: z.string(), projectAssetType: z.array(z.string()) })),
}) satisfies z.ZodType<PermissionsResult>;

/** An operator id of the path; anything else names no identity. */
function parseId(text: string): number {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (id < 1) throw notFound();
  return id;
}

const ZSecondaryRoleBody = z.object({
  codes: z.array(z.string().max(64, MSG.badRequest), { error: MSG.badRequest }).max(200, MSG.badRequest),
});

export const usersRoutes: FastifyPluginCallbackZod<{ users: UsersService; auth: AuthService }> = (
  app,
  { users, auth },
  done,
) => {
  app.post(
    '/api/app/userinfo',
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], summary: '当前登录用户信息', response: { 200: zEnvelope(ZSessionUser) } },
    },
    async (request) => ok(await users.getSessionUser(requireSession(request).operatorId)),
  );

  app.get(
    '/api/app/user/role/permissions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: '当前角色的权限码与项目权限',
        querystring: z.object({
          actualProjectData: z.coerce.number().int().optional().describe('为 1 时同时返回项目权限'),
        }),
        response: { 200: zEnvelope(ZPermissions) },
      },
    },
    async (request) =>
      ok(
        await users.getPermissions(requireSession(request).operatorId, request.query.actualProjectData === 1),
      ),
  );

  app.post(
    '/api/app/switch/:id',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: '切换身份',
        description: 'id 为 userinfo.identities 中的一项；成功后旧令牌失效，使用返回的新令牌。',
        params: z.object({ id: z.string().max(32) }),
        response: { 200: zEnvelope(ZLoginResult) },
      },
    },
    async (request) =>
      ok(
        await auth.switchOperator(requireSession(request), parseId(request.params.id), readOrigin(request)),
        MSG.identitySwitched,
      ),
  );

  app.get(
    '/api/operator/welcome/image',
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], summary: '欢迎页图片', description: '返回 SVG 图片。' },
    },
    async (request, reply) => {
      const user = await users.getSessionUser(requireSession(request).operatorId);
      const svg = renderWelcomeImage({
        name: user.nickname ?? user.username,
        companyName: user.companyName,
      });
      return reply.type('image/svg+xml').send(svg);
    },
  );

  app.post(
    '/api/operator/cancel/prompt',
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], summary: '不再显示欢迎页', response: { 200: zEnvelope(z.null()) } },
    },
    async (request) => {
      await users.cancelPrompt({ ...requireSession(request), ...readOrigin(request) });
      return ok(null);
    },
  );

  app.post(
    '/api/app/user/sec/role',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['user'],
        summary: '设置二级角色',
        description: '保存所选权限码；只有机构角色允许的权限码生效。',
        body: ZSecondaryRoleBody,
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await users.setSecondaryRole(
        { ...requireSession(request), ...readOrigin(request) },
        request.body.codes,
      );
      return ok(null);
    },
  );
  done();
};
