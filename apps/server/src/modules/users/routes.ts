// Routes of the signed-in user: who am I (userinfo), what may I do (role permissions), switching identity,
// the welcome prompt (gate 6) and the secondary role. Each is served from its contract
// (packages/domain/src/contracts/users.ts) but for the welcome picture, which answers an image, not the envelope.
//   POST /api/app/userinfo             -> SessionUser
//   GET  /api/app/user/role/permissions?actualProjectData=1
//                                      -> {permission, permissionProject}: the project permissions only when asked
//   POST /api/app/switch/{id}          id: one of userinfo.identities[].id -> LoginResult (a new token; the old one
//                                      is revoked); another person's or an unknown id -> {status: 404}
//   GET  /api/operator/welcome/image   -> image/svg+xml banner
//   POST /api/operator/cancel/prompt   -> {status: 0}; userinfo.prompt is false from then on
//   POST /api/app/user/sec/role        {codes: string[]} -> {status: 0}; the permissions call then answers the
//                                      role codes plus the chosen codes the company's role allows
import { MSG } from '@cqjy/domain';
import {
  cancelPromptCall,
  rolePermissionsCall,
  secondaryRoleCall,
  switchIdentityCall,
  userInfoCall,
} from '@cqjy/domain/contracts/users';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { serve } from '../../platform/serve.ts';
import type { AuthService } from '../auth/service.ts';
import type { UsersService } from './service.ts';
import { renderWelcomeImage } from './welcome-image.ts';

export const usersRoutes: FastifyPluginCallback<{ users: UsersService; auth: AuthService }> = (
  app,
  { users, auth },
  done,
) => {
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

  serve(app, switchIdentityCall, signedIn, async ({ params }, request) =>
    ok(
      await auth.switchOperator(requireSession(request), params.id, readOrigin(request)),
      MSG.identitySwitched,
    ),
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
