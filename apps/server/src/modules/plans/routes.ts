// Plan calls (我的计划 / 计划管理), served from their contracts (packages/domain/src/contracts/plans.ts). Every
// answer is the envelope; another company's plan answers {status: 404} as if it did not exist; the exchange
// (identity 999) reads every company's plans and changes none.
//
//   POST /api/plan/list          {page, size, keyword?, status?} -> {list: PlanListRow[], total, isTotalCapped}
//   POST /api/plan/save          {form: PlanForm} -> {id, version}: a plan of the caller's company
//   POST /api/plan/update/{id}   {version, form} -> {id, version}; stale version: 409; turned into a project: refused
//   GET  /api/plan/show/{id}     -> PlanView
//   POST /api/plan/delete/{id}   {version} -> {id}; not once turned into a project
//   POST /api/plan/to/project    {id, version} -> {id, family, code} of the draft project made of the plan
// All need GJS_PLAN_LT (or the exchange's GJS_PLAN_LT_ADMIN).
import { MSG } from '@cqjy/domain';
import {
  deletePlanCall,
  listPlansCall,
  PLAN_CODES,
  planToProjectCall,
  savePlanCall,
  showPlanCall,
  updatePlanCall,
} from '@cqjy/domain/contracts/plans';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { PlansService } from './service.ts';

export const plansRoutes: FastifyPluginCallback<{ plans: PlansService }> = (app, { plans }, done) => {
  const guard = [app.authenticate, requireAnyPermission([...PLAN_CODES])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, listPlansCall, guard, async ({ body }, request) =>
    ok(await plans.list(requireSession(request), body)),
  );

  serve(app, savePlanCall, guard, async ({ body }, request) =>
    ok(await plans.create(actorOf(request), body), MSG.planSaved),
  );

  serve(app, updatePlanCall, guard, async ({ params, body }, request) =>
    ok(await plans.update(actorOf(request), params.id, body), MSG.planSaved),
  );

  serve(app, showPlanCall, guard, async ({ params }, request) =>
    ok(await plans.show(requireSession(request), params.id)),
  );

  serve(app, deletePlanCall, guard, async ({ params, body }, request) =>
    ok(await plans.remove(actorOf(request), params.id, body), MSG.planDeleted),
  );

  serve(app, planToProjectCall, guard, async ({ body }, request) =>
    ok(await plans.toProject(actorOf(request), body), MSG.planToProjectDone),
  );

  done();
};
