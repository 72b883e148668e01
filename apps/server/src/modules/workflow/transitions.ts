// The transitions of an action instance (the table is ACTION_TRANSITIONS in the domain's statuses.ts): create,
// save and update of the form and the applicant's withdrawal are here; submit (the letter rendered and stored, or
// straight to review when the action has no letter) is in submission.ts, and the exchange's review with the
// action's effect on the project in review.ts. The e-signature between submit and review is in signing.ts.
import {
  ACTION_DATA_CLASS,
  canTransition,
  cleanActionForm,
  DISCARDABLE_ACTION_STATUSES,
  isActionAllowed,
  MSG,
  nextActionStatus,
  validateActionForm,
  type ActionConfig,
  type ActionForm,
} from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import { subjectOf, type Actor, type WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';
import { createReview } from './review.ts';
import { createSubmission } from './submission.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export type Transitions = ReturnType<typeof createTransitions>;

export function createTransitions(ctx: WorkflowContext) {
  const { db, clock, audit, attachments, projects, tasks } = ctx;
  const { describeActor, findOwnInstance, writeLog } = ctx;

  /**
   * Creates the instance at its first save (the screen creates nothing before): the files uploaded meanwhile
   * under the screen's draft id (`createId`) become the instance's.
   */
  async function create(
    actor: Actor,
    config: ActionConfig,
    projectId: number,
    createId?: string,
  ): Promise<{ id: number; version: number }> {
    const project = await projects.findVisible(actor, projectId);
    // Only the action's applicant applies (the project's own company, or for the member's actions the member
    // representing the project), through its family's calls; the exchange reviews.
    const applicantCompanyId = config.applicant === 'agent' ? project.agentCompanyId : project.companyId;
    if (applicantCompanyId !== actor.companyId || project.family !== config.family) throw notFound();
    if (!isActionAllowed(config, project.status)) throw refused(MSG.workflowProjectStatusRefused);
    const key = { projectId, family: config.family, action: config.action };
    if ((await repo.findOpenInstance(db, key)) !== undefined) throw refused(MSG.workflowInstanceOpen);
    try {
      return await db.transaction(async (tx) => {
        const row = await repo.insertInstance(tx, {
          ...key,
          companyId: actor.companyId,
          status: 'draft',
          form: {},
          createdBy: actor.userId,
        });
        if (createId !== undefined && createId !== '') {
          await attachments.bindDraft(tx, {
            companyId: actor.companyId,
            dataClass: ACTION_DATA_CLASS,
            createId,
            dataId: String(row.id),
          });
        }
        await audit.append(tx, {
          ...toAuditActor(actor),
          action: 'workflow.create',
          result: 'ok',
          target: String(row.id),
          detail: key,
        });
        return { id: row.id, version: row.version };
      });
    } catch (error) {
      // Another create of the same project and action won the race: the open-instance index refused this one.
      if (isUniqueViolation(error)) throw refused(MSG.workflowInstanceOpen);
      throw error;
    }
  }

  /** save (draft) and update (draft or returned): the form replaces the stored one. */
  async function saveForm(
    actor: Actor,
    config: ActionConfig,
    input: { id: number; version: number; form: unknown },
    auditAction: 'workflow.save' | 'workflow.update',
  ): Promise<{ id: number; version: number }> {
    const instance = await findOwnInstance(actor, config, input.id);
    if (!canTransition('edit', instance.status)) throw refused(MSG.workflowNotEditable);
    const message = validateActionForm(config, input.form, 'draft');
    if (message !== null) throw refused(message);
    const form = cleanActionForm(config, input.form as ActionForm);
    return db.transaction(async (tx) => {
      const row = await repo.updateInstanceGuarded(tx, instance.id, input.version, { form });
      if (row === undefined) throw conflict();
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: auditAction,
        result: 'ok',
        target: String(row.id),
        detail: { family: config.family, action: config.action, version: row.version },
      });
      return { id: row.id, version: row.version };
    });
  }

  /**
   * Withdraws an instance not yet signed (draft, letter generated) or returned; its open tasks are cancelled, and
   * a letter waiting for its signature can no longer be signed.
   */
  async function terminate(
    actor: Actor,
    config: ActionConfig,
    input: { id: number; version: number },
  ): Promise<{ id: number; version: number; isDiscarded: boolean }> {
    const instance = await findOwnInstance(actor, config, input.id);
    if (DISCARDABLE_ACTION_STATUSES.includes(instance.status)) return discard(actor, config, input);
    const status = nextActionStatus('withdraw', instance.status);
    if (status === null) throw refused(MSG.workflowNotWithdrawable);
    const who = await describeActor(actor);
    return db.transaction(async (tx) => {
      const row = await repo.updateInstanceGuarded(tx, instance.id, input.version, { status });
      if (row === undefined) throw conflict();
      await tasks.cancel(tx, subjectOf(row), { result: 'withdrawn', decider: actor, at: clock.now() });
      await writeLog(tx, row, 'terminate', { ...who, userId: actor.userId }, null);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'workflow.terminate',
        result: 'ok',
        target: String(row.id),
        detail: { family: config.family, action: config.action },
      });
      return { id: row.id, version: row.version, isDiscarded: false };
    });
  }

  /**
   * A draft never submitted is discarded rather than withdrawn: nobody but its author saw it, so it leaves no
   * application, no process log and no files behind (the audit log keeps that it existed).
   */
  async function discard(
    actor: Actor,
    config: ActionConfig,
    input: { id: number; version: number },
  ): Promise<{ id: number; version: number; isDiscarded: boolean }> {
    return db.transaction(async (tx) => {
      const row = await repo.deleteDraftGuarded(tx, input.id, input.version);
      if (row === undefined) throw conflict();
      await attachments.discardRecord(tx, { dataClass: ACTION_DATA_CLASS, dataId: String(row.id) });
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'workflow.discard',
        result: 'ok',
        target: String(row.id),
        detail: { family: config.family, action: config.action, projectId: row.projectId },
      });
      return { id: row.id, version: row.version, isDiscarded: true };
    });
  }

  return { create, saveForm, ...createSubmission(ctx), terminate, ...createReview(ctx) };
}
