// The intended-transferee calls, served from their contracts (packages/domain/src/contracts/
// project-participants.ts), of the equity kinds (spec 001 section 7, stock: "customer list, upload
// transferee"), for every family whose buyers are registered by members (the registration action). Another
// company's project answers {status: 404}; the exchange and the member representing the project read.
//
//   POST /api/project/{family}/customer/list        {projectId} -> IntendedTransferee[]
//   POST /api/project/{family}/upload/transferee    {projectId, name, uuid} -> IntendedTransferee: the project's
//        file (tag transfereeFile) linked to the named transferee; the owner only
// Need GJS_PROJECT_LT (or _ADMIN).
import { MSG, PROJECT_FAMILIES } from '@cqjy/domain';
import { TRANSFEREE_CALLS } from '@cqjy/domain/contracts/project-participants';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { ProjectTransfereesService } from './transferees-service.ts';

export const projectTransfereesRoutes: FastifyPluginCallback<{
  transferees: ProjectTransfereesService;
}> = (app, { transferees }, done) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];

  for (const family of PROJECT_FAMILIES) {
    const calls = TRANSFEREE_CALLS[family];
    if (calls === undefined) continue;

    serve(app, calls.list, guard, async ({ body }, request) =>
      ok(await transferees.list(requireSession(request), family, body.projectId)),
    );

    serve(app, calls.linkFile, guard, async ({ body }, request) =>
      ok(
        await transferees.linkFile({ ...requireSession(request), ...readOrigin(request) }, family, body),
        MSG.transfereeFileLinked,
      ),
    );
  }
  done();
};
