// Routes of the signed-in user: who am I (userinfo), what may I do (role permissions, the company's per business
// type), the welcome prompt (gate 6) and the secondary role. Each is served from its contract
// (packages/domain/src/contracts/users.ts) but for the welcome picture, which answers an image, not the envelope.
//   POST /api/app/userinfo             -> SessionUser
//   GET  /api/app/user/role/permissions?actualProjectData=1
//                                      -> {permission, permissionProject}: the project permissions only when asked
//   GET  /api/app/get/business/permission?businessType=5
//                                      -> [{businessType, projectAssetType}]: permissionProject, or its one entry of
//                                      the business type; an unknown business type: status 1
//   GET  /api/operator/welcome/image   -> image/svg+xml banner
//   POST /api/operator/cancel/prompt   -> {status: 0}; userinfo.prompt is false from then on
//   POST /api/app/user/sec/role        {codes: string[]} -> {status: 0}; the permissions call then answers the
//                                      role codes plus the chosen codes the company's role allows
// Switching identity (POST /api/app/switch/{id}) opens a new session: the auth module serves it.
import {
  businessPermissionCall,
  cancelPromptCall,
  rolePermissionsCall,
  secondaryRoleCall,
  userInfoCall,
} from '@cqjy/domain/contracts/users';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { serve } from '../../platform/serve.ts';
import type { UsersService } from './service.ts';
import { renderWelcomeImage } from './welcome-image.ts';

export const usersRoutes: FastifyPluginCallback<{ users: UsersService }> = (app, { users }, done) => {
  const signedIn = [app.authenticate];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, userInfoCall, signedIn, async (_, request) =>
    ok(await users.getSessionUser(requireSession(request).operatorId)),
  );

  serve(app, rolePermissionsCall, signedIn, async ({ query }, request) =>
    ok(await users.getPermissions(requireSession(request).operatorId, query.actualProjectData === 1)),
  );

  serve(app, businessPermissionCall, signedIn, async ({ query }, request) =>
    ok(await users.listBusinessPermissions(requireSession(request).operatorId, query.businessType)),
  );

  // a picture, not the envelope: left out of the contracts
  app.get(
    '/api/operator/welcome/image',
    {
      preValidation: signedIn,
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

  serve(app, cancelPromptCall, signedIn, async (_, request) => {
    await users.cancelPrompt(actorOf(request));
    return ok(null);
  });

  serve(app, secondaryRoleCall, signedIn, async ({ body }, request) => {
    await users.setSecondaryRole(actorOf(request), body.codes);
    return ok(null);
  });
  done();
};
