// The intended-transferee calls of the equity kinds (spec 001 section 7, stock: "customer list, upload
// transferee"), for every family whose buyers are registered by members (the registration action). Another
// company's project answers {status: 404}; the exchange and the member representing the project read.
//
//   POST /api/project/{family}/customer/list        {projectId} -> IntendedTransferee[]
//   POST /api/project/{family}/upload/transferee    {projectId, name, uuid} -> IntendedTransferee: the project's
//        file (tag transfereeFile) linked to the named transferee; the owner only
// Need GJS_PROJECT_LT (or _ADMIN).
import { findAction, MSG, PROJECT_FAMILIES, ZIntendedTransferee } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { PROJECT_CODES } from './routes.ts';
import type { ProjectTransfereesService } from './transferees-service.ts';

/** An id of a row: an int4 column, so a larger number is refused here rather than by the database (a 500). */
const zProjectId = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);

export const projectTransfereesRoutes: FastifyPluginCallbackZod<{
  transferees: ProjectTransfereesService;
}> = (app, { transferees }, done) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];

  for (const family of PROJECT_FAMILIES.filter((f) => findAction(f, 'registration') !== undefined)) {
    const base = `/api/project/${family}`;

    app.post(
      `${base}/customer/list`,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: '意向受让方列表',
          body: z.object({ projectId: zProjectId }),
          response: { 200: zEnvelope(z.array(ZIntendedTransferee)) },
        },
      },
      async (request) => ok(await transferees.list(requireSession(request), family, request.body.projectId)),
    );

    app.post(
      `${base}/upload/transferee`,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: '上传意向受让方资料',
          body: z.object({
            projectId: zProjectId,
            name: z.string({ error: MSG.transfereeUnknown }).trim().min(1, MSG.transfereeUnknown).max(200),
            uuid: z.string({ error: MSG.badRequest }).uuid(MSG.badRequest),
          }),
          response: { 200: zEnvelope(ZIntendedTransferee) },
        },
      },
      async (request) =>
        ok(
          await transferees.linkFile(
            { ...requireSession(request), ...readOrigin(request) },
            family,
            request.body,
          ),
          MSG.transfereeFileLinked,
        ),
    );
  }
  done();
};
