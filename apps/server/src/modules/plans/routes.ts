// Plan calls (我的计划 / 计划管理). Every answer is the envelope; another company's plan answers {status: 404} as
// if it did not exist; the exchange (identity 999) reads every company's plans and changes none.
//
//   POST /api/plan/list          {page, size, keyword?, status?} -> {list: PlanListRow[], total, isTotalCapped}
//   POST /api/plan/save          {form: PlanForm} -> {id, version}: a plan of the caller's company
//   POST /api/plan/update/{id}   {version, form} -> {id, version}; stale version: 409; turned into a project: refused
//   GET  /api/plan/show/{id}     -> PlanView
//   POST /api/plan/delete/{id}   {version} -> {id}; not once turned into a project
//   POST /api/plan/to/project    {id, version} -> {id, family, code} of the draft project made of the plan
// All need GJS_PLAN_LT (or the exchange's GJS_PLAN_LT_ADMIN).
import { MSG, PLAN_STATUS, ZPlanListRow, ZPlanProject, ZPlanView } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { parseId, zPage, zSize } from '../projects/routes.ts';
import type { PlansService } from './service.ts';

export const PLAN_CODES = ['GJS_PLAN_LT', 'GJS_PLAN_LT_ADMIN'] as const;

/** Ids and versions: int4 columns, so a larger number is refused here rather than by the database (a 500). */
const zPositive = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
/** The form travels as an object; its fields are checked by the domain so the messages are the form's. */
const zForm = z.record(z.string(), z.unknown(), { error: MSG.badRequest });
const ZIdParams = z.object({ id: z.string().max(32) });
const ZSaved = z.object({ id: z.number(), version: z.number() });

export const plansRoutes: FastifyPluginCallbackZod<{ plans: PlansService }> = (app, { plans }, done) => {
  const guard = [app.authenticate, requireAnyPermission([...PLAN_CODES])];
  const tags = ['plan'];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  app.post(
    '/api/plan/list',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '计划列表',
        body: z.object({
          page: zPage,
          size: zSize,
          keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
          status: z.enum(Object.values(PLAN_STATUS), { error: MSG.badRequest }).optional(),
        }),
        response: {
          200: zEnvelope(
            z.object({
              list: z.array(ZPlanListRow),
              total: z.number(),
              isTotalCapped: z.boolean().optional(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await plans.list(requireSession(request), request.body)),
  );

  app.post(
    '/api/plan/save',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '新增计划',
        body: z.object({ form: zForm }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) => ok(await plans.create(actorOf(request), request.body), MSG.planSaved),
  );

  app.post(
    '/api/plan/update/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '修改计划',
        params: ZIdParams,
        body: z.object({ version: zPositive, form: zForm }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(await plans.update(actorOf(request), parseId(request.params.id), request.body), MSG.planSaved),
  );

  app.get(
    '/api/plan/show/:id',
    {
      preValidation: guard,
      schema: { tags, summary: '计划详情', params: ZIdParams, response: { 200: zEnvelope(ZPlanView) } },
    },
    async (request) => ok(await plans.show(requireSession(request), parseId(request.params.id))),
  );

  app.post(
    '/api/plan/delete/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '删除计划',
        params: ZIdParams,
        body: z.object({ version: zPositive }),
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(await plans.remove(actorOf(request), parseId(request.params.id), request.body), MSG.planDeleted),
  );

  app.post(
    '/api/plan/to/project',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: '计划转为项目',
        body: z.object({ id: zPositive, version: zPositive }),
        response: { 200: zEnvelope(ZPlanProject) },
      },
    },
    async (request) => ok(await plans.toProject(actorOf(request), request.body), MSG.planToProjectDone),
  );

  done();
};
