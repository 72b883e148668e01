// Participant calls of the kinds with the participants section ({family} is bulk or coll; spec 001 section 7, Bulk:
// "participant save/update/list/delete"): the persons and organisations registered as prospective buyers
// (意向受让方) of a project. A project of the other family, and another company's project or participant, answers
// {status: 404}.
//
//   POST /api/project/{family}/participant/save        {projectId, participant: ParticipantForm} -> {id, version}
//   POST /api/project/{family}/participant/update/{id} {version, participant} -> {id, version}; a blank certNo
//        keeps the stored number (kind and certificate type unchanged); stale version: 409
//   POST /api/project/{family}/participant/list        {projectId} -> ParticipantView[] (a person's number masked)
//   POST /api/project/{family}/participant/delete/{id} {version} -> {id}; stale version: 409
// Changes only by the owner company, while the project is disclosing, suspended or ended; the exchange and an
// agent member read. All need GJS_PROJECT_LT (or _ADMIN).
import { MSG, PROJECT_FAMILIES, PROJECT_KINDS, ZParticipantView } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import type { ProjectParticipantsService } from './participants-service.ts';
import { parseId, PROJECT_CODES } from './routes.ts';

/** Ids and versions: int4 columns, so a larger number is refused here rather than by the database (a 500). */
const zPositive = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
/** The participant travels as an object; its fields are checked by the domain so the messages are the form's. */
const zParticipant = z.record(z.string(), z.unknown(), { error: MSG.badRequest });
const ZIdParams = z.object({ id: z.string().max(32) });
const ZSaved = z.object({ id: z.number(), version: z.number() });

export const projectParticipantsRoutes: FastifyPluginCallbackZod<{
  participants: ProjectParticipantsService;
}> = (app, { participants }, done) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  for (const family of PROJECT_FAMILIES.filter((f) => PROJECT_KINDS[f].sections.includes('participants'))) {
    const base = `/api/project/${family}/participant`;
    const tags = ['project'];

    app.post(
      `${base}/save`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '登记意向受让方',
          body: z.object({ projectId: zPositive, participant: zParticipant }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(await participants.save(actorOf(request), family, request.body), MSG.participantSaved),
    );

    app.post(
      `${base}/update/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '修改意向受让方',
          params: ZIdParams,
          body: z.object({ version: zPositive, participant: zParticipant }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(
          await participants.update(actorOf(request), family, parseId(request.params.id), request.body),
          MSG.participantSaved,
        ),
    );

    app.post(
      `${base}/list`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '项目意向受让方列表',
          body: z.object({ projectId: zPositive }),
          response: { 200: zEnvelope(z.array(ZParticipantView)) },
        },
      },
      async (request) => ok(await participants.list(requireSession(request), family, request.body.projectId)),
    );

    app.post(
      `${base}/delete/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '删除意向受让方',
          params: ZIdParams,
          body: z.object({ version: zPositive }),
          response: { 200: zEnvelope(z.object({ id: z.number() })) },
        },
      },
      async (request) =>
        ok(
          await participants.remove(actorOf(request), family, parseId(request.params.id), request.body),
          MSG.participantDeleted,
        ),
    );
  }
  done();
};
