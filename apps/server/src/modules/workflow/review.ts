// The exchange's review of an action instance under review (ACTION_TRANSITIONS' pass and back, the domain's
// statuses.ts): pass applies the action's effect to the project and the approval effects other modules registered,
// back gives the applicant the return task; either tells the applicant, in the same transaction.
import {
  ACTION_DATA_CLASS,
  applyEffect,
  isActionAllowed,
  MSG,
  nextActionStatus,
  projectPathOf,
  reviewNotice,
  stepPath,
  validateApprovalOpinion,
  validateReturnReason,
  type SignOffResult,
  type SignRequest,
} from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, forbidden, notFound, refused } from '../../platform/errors.ts';
import type { ProjectRow } from '../projects/service.ts';
import { isExchange, isTaskOf, requireConfig, type Actor, type WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';

function describeEffect(before: ProjectRow, after: ProjectRow): Record<string, unknown> {
  return {
    projectId: after.id,
    status: [before.status, after.status],
    disclosureEnd: [before.disclosureEnd?.toISOString() ?? null, after.disclosureEnd?.toISOString() ?? null],
  };
}

export function createReview(ctx: WorkflowContext) {
  const { db, clock, audit, projects, notifications, tasks, attachments } = ctx;
  const { describeActor, writeLog, openTask } = ctx;

  /**
   * The exchange passes or returns an instance under review. Pass applies the action's effect to the project;
   * back needs a reason and gives the applicant the return task. A task handled already answers 409.
   */
  async function review(
    actor: Actor,
    request: SignRequest & { result: SignOffResult },
  ): Promise<{ id: number; version: number }> {
    if (!isExchange(actor)) throw forbidden(MSG.workflowReviewerOnly);
    const task = await tasks.find(request.task.id);
    if (!isTaskOf(task, { id: request.dataId }) || task.type !== 'Review') throw notFound();
    if (task.status !== 'open') throw conflict(MSG.workflowTaskHandled);
    const instance = await repo.findInstance(db, task.subjectId);
    if (instance === undefined) throw notFound();
    if (instance.companyId === actor.companyId) throw refused(MSG.workflowSelfReview);
    const config = requireConfig(instance.family, instance.action);
    const isPass = request.result === 'pass';
    const reason = request.reason.trim();
    const message = isPass ? validateApprovalOpinion(reason) : validateReturnReason(reason);
    if (message !== null) throw refused(message);
    const who = await describeActor(actor);
    const now = clock.now();
    const applied = await projects.findById(instance.projectId);
    if (applied === undefined) throw notFound();
    // the files before the transaction (one connection: a read beside it would wait); locked since the submission
    const files = await attachments.listRelated(actor, {
      dataClass: ACTION_DATA_CLASS,
      dataId: String(instance.id),
    });

    return db.transaction(async (tx) => {
      const closed = await tasks.closeOne(tx, task.id, { result: request.result, decider: actor, at: now });
      if (closed === undefined) throw conflict(MSG.workflowTaskHandled);
      // The table allows pass and back from underReview only: anything else was handled already.
      const status = nextActionStatus(request.result, instance.status);
      if (status === null) throw conflict(MSG.workflowTaskHandled);
      const row = await repo.updateInstanceGuarded(tx, instance.id, instance.version, { status });
      if (row === undefined) throw conflict();
      let effect: Record<string, unknown> | null = null;
      if (isPass) {
        const project = await projects.findById(row.projectId, tx);
        if (project === undefined) throw notFound();
        if (!isActionAllowed(config, project.status)) throw refused(MSG.workflowProjectStatusRefused);
        await ctx.requirePrecondition(tx, config, {
          projectId: project.id,
          form: row.form,
          fileTags: new Set(files.map((file) => file.tag)),
        });
        const next = applyEffect(config, project, row.form, now);
        const changed = await projects.updateGuarded(tx, project.id, project.version, {
          status: next.status,
          disclosureStart: next.disclosureStart,
          disclosureEnd: next.disclosureEnd,
          pausedAt: next.pausedAt,
          details: next.details,
        });
        if (changed === undefined) throw conflict();
        effect = describeEffect(project, changed);
        await ctx.runApprovalEffects(tx, config, {
          projectId: project.id,
          companyId: project.companyId,
          family: config.family,
          action: config.action,
          form: row.form,
          approvedAt: now,
        });
      } else {
        await openTask(tx, row, 'MfyRrn', config.routes.MfyRrn);
      }
      await writeLog(
        tx,
        row,
        isPass ? 'pass' : 'back',
        { ...who, userId: actor.userId },
        reason === '' ? null : reason,
      );
      // the applicant hears the decision with the opinion, and where to go on: the project, or the correction
      await notifications.raise(tx, {
        companyId: row.companyId,
        ...reviewNotice({
          isPassed: isPass,
          actionTitle: config.title,
          projectName: applied.name,
          projectCode: applied.code,
          opinion: reason,
        }),
        link: isPass
          ? projectPathOf(config, row.projectId)
          : stepPath(config.routes.MfyRrn, { id: row.id }, config.family),
      });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'workflow.review',
        result: request.result,
        target: String(row.id),
        detail: {
          family: config.family,
          action: config.action,
          taskId: task.id,
          reason: reason || null,
          effect,
        },
      });
      return { id: row.id, version: row.version };
    });
  }

  return { review };
}
