// The capital-increase calls as spec 001 section 7 names them, for the ordinary (/api/capitalIncrease) and the open
// (/api/capitalIncreaseOpen) capital increase. They are the project calls of the kinds cap and capOpen under the
// names the spec gives (the same service, checks and answers as /api/project/{cap,capOpen}/...):
//   POST {base}                          {form} -> {id, version}: a draft of the caller's company
//   POST {base}/update/{id}              {version, form} -> {id, version}
//   POST {base}/project/{id}             -> ProjectFormView: the capital increase of project {id}
//   POST {base}/{capitalIncreaseId}/submit {version, stage?} -> {id, actionId, taskId}: the disclosure (the open
//                                        one's pre-disclosure with stage 'pre')
// All need GJS_PROJECT_LT (or the exchange's GJS_PROJECT_LT_ADMIN).
import { MSG, PROJECT_KINDS, ZProjectFormView, type ProjectFamily } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { actorOf, parseId, PROJECT_CODES, ZIdParams, zForm, ZSaved, ZSubmitted, zVersion } from './routes.ts';
import type { ProjectsService } from './service.ts';

const CALLS: readonly { base: string; family: ProjectFamily }[] = [
  { base: '/api/capitalIncrease', family: 'cap' },
  { base: '/api/capitalIncreaseOpen', family: 'capOpen' },
];

const zStage = z.enum(['pre', 'formal'], { error: MSG.badRequest });

export const capitalIncreaseRoutes: FastifyPluginCallbackZod<{ projects: ProjectsService }> = (
  app,
  { projects },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];
  for (const { base, family } of CALLS) {
    const hasPreDisclosure = PROJECT_KINDS[family].preDisclosure !== 'none';
    const tags = ['capitalIncrease'];

    app.post(
      base,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '新增增资项目（草稿）',
          body: z.object({ form: zForm }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(await projects.createProject(actorOf(request), family, request.body), MSG.projectSaved),
    );

    app.post(
      `${base}/update/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '修改增资项目',
          params: ZIdParams,
          body: z.object({ version: zVersion, form: zForm }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(
          await projects.updateProject(actorOf(request), family, parseId(request.params.id), request.body),
          MSG.projectSaved,
        ),
    );

    app.post(
      `${base}/project/:id`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: '增资项目详情',
          params: ZIdParams,
          response: { 200: zEnvelope(ZProjectFormView) },
        },
      },
      async (request) =>
        ok(await projects.showForm(requireSession(request), family, parseId(request.params.id))),
    );

    app.post(
      `${base}/:id/submit`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: hasPreDisclosure ? '提交增资项目信息预披露或正式披露申请' : '提交增资项目信息披露申请',
          params: ZIdParams,
          body: z.object({ version: zVersion, stage: zStage.optional() }),
          response: { 200: zEnvelope(ZSubmitted) },
        },
      },
      async (request) =>
        ok(
          await projects.submitProject(actorOf(request), family, parseId(request.params.id), {
            version: request.body.version,
            // the ordinary capital increase has only its formal disclosure
            stage: hasPreDisclosure ? (request.body.stage ?? 'formal') : 'formal',
          }),
          MSG.workflowSubmitted,
        ),
    );
  }
  done();
};
