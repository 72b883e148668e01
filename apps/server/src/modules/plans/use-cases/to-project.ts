import { projectFormOfPlan, type PlanProject } from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict } from '../../../platform/errors.ts';
import type { Actor } from '../../attachments/service.ts';
import { findOpen } from '../access.ts';
import type { PlansDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/**
 * POST /api/plan/to/project: a draft project of the plan's family with the plan's facts, and the plan linked
 * to it, in one transaction. A plan changed or turned meanwhile (stale version) answers 409 and the draft made
 * for it is rolled back with the transaction.
 */
export async function planToProject(
  deps: PlansDeps,
  actor: Actor,
  input: { id: number; version: number },
): Promise<PlanProject> {
  const { db, audit, projects } = deps;
  const plan = await findOpen(deps, actor, input.id);
  return db.transaction(async (tx) => {
    const project = await projects.insertDraft(
      tx,
      actor,
      { family: plan.family, form: projectFormOfPlan(plan.form) },
      { action: 'project.fromPlan', detail: { planId: plan.id, planCode: plan.code } },
    );
    const row = await repo.updateGuarded(tx, plan.id, input.version, { projectId: project.id });
    if (row === undefined) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'plan.toProject',
      result: 'ok',
      target: String(plan.id),
      detail: { projectId: project.id, family: plan.family },
    });
    const created = await projects.findById(project.id, tx);
    return { id: project.id, family: plan.family, code: created?.code ?? '' };
  });
}
