// Routes of the signed-in user: who am I (userinfo) and what may I do (role permissions).
import type { PermissionsResult, SessionUser } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import type { UsersService } from './service.ts';

const ZSessionUser = z.object({
  id: z.number(),
  username: z.string(),
  nickname: z.string().nullable(),
  mobile: z.string().nullable(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  identityType: z.number(),
  examineStatus: z.number().nullable(),
  idType: z.number(),
  manager: z.boolean(),
  validated: z.boolean(),
  authStatus: z.number(),
  companyAuthStatus: z.number(),
  mainOperatorAuth: z.boolean(),
  prompt: z.boolean(),
  setupPassword: z.boolean(),
  pendingPhone: z.string().nullable(),
  identities: z.array(
    z.object({ id: z.number(), identityType: z.number(), companyName: z.string().nullable() }),
  ),
}) satisfies z.ZodType<SessionUser>;

const ZPermissions = z.object({
  permission: z.array(z.string()),
  permissionProject: z.array(z.object({ businessType: z.string(), projectAssetType: z.array(z.string()) })),
}) satisfies z.ZodType<PermissionsResult>;

export const usersRoutes: FastifyPluginCallbackZod<{ users: UsersService }> = (app, { users }, done) => {
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
  done();
};
