// Participant calls, served from their contracts (packages/domain/src/contracts/project-participants.ts), of the
// kinds with the participants section ({family} is bulk or coll; spec 001 section 7, Bulk:
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
import { MSG, PROJECT_FAMILIES } from '@cqjy/domain';
import { PARTICIPANT_CALLS } from '@cqjy/domain/contracts/project-participants';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { ProjectParticipantsService } from './participants-service.ts';

export const projectParticipantsRoutes: FastifyPluginCallback<{
  participants: ProjectParticipantsService;
}> = (app, { participants }, done) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  for (const family of PROJECT_FAMILIES) {
    const calls = PARTICIPANT_CALLS[family];
    if (calls === undefined) continue;

    serve(app, calls.save, guard, async ({ body }, request) =>
      ok(await participants.save(actorOf(request), family, body), MSG.participantSaved),
    );

    serve(app, calls.update, guard, async ({ params, body }, request) =>
      ok(await participants.update(actorOf(request), family, params.id, body), MSG.participantSaved),
    );

    serve(app, calls.list, guard, async ({ body }, request) =>
      ok(await participants.list(requireSession(request), family, body.projectId)),
    );

    serve(app, calls.remove, guard, async ({ params, body }, request) =>
      ok(await participants.remove(actorOf(request), family, params.id, body), MSG.participantDeleted),
    );
  }
  done();
};
