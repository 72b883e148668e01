// The plans module owns a company's disposal plans (我的计划): who may see a plan (its owner company and the
// exchange; anyone else is told it does not exist), saving and deleting it while it is a plan, and turning it into
// a draft project of its family (POST /api/plan/to/project) through the projects service, in one transaction with
// the plan's link to it. A plan that became a project is read only; two people turning one plan at once: one wins,
// the other gets a conflict and no second project is left behind.
//
// Each job is one use case (use-cases/: read, save, to-project); who sees and changes a plan (access.ts), its form
// check (form.ts) and its list row (view.ts) sit beside them; this file wires them to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { PlansDeps } from './deps.ts';
import { requireForm } from './form.ts';
import { listPlans, showPlan } from './use-cases/read.ts';
import { createPlan, insertPlan, removePlan, updatePlan } from './use-cases/save.ts';
import { planToProject } from './use-cases/to-project.ts';

export type { PlanListQuery, PlansDeps } from './deps.ts';

export type PlansService = ReturnType<typeof createPlansService>;

export function createPlansService(deps: PlansDeps) {
  /** A use case with the module's deps bound: what the routes and the registries' starts call. */
  const bound = bindDeps(deps);

  return {
    list: bound(listPlans),
    show: bound(showPlan),
    create: bound(createPlan),
    update: bound(updatePlan),
    remove: bound(removePlan),
    toProject: bound(planToProject),
    insertPlan: bound(insertPlan),
    checkForm: requireForm,
  };
}
