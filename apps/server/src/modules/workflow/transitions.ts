// The transitions of an action instance (the table is ACTION_TRANSITIONS in the domain's statuses.ts): create,
// save and update of the form, submit (the letter rendered and stored, or straight to review when the action has
// no letter), the applicant's withdrawal, and the exchange's review with the action's effect on the project. The
// e-signature between submit and review is in signing.ts.
import {
  ACTION_DATA_CLASS,
  applyEffect,
  canTransition,
  cleanActionForm,
  composeLetter,
  DISCARDABLE_ACTION_STATUSES,
  formatDate,
  isActionAllowed,
  LETTER_TAG,
  missingAttachmentMessages,
  MSG,
  nextActionStatus,
  projectPathOf,
  readProjectForm,
  reviewNotice,
  stepPath,
  validateActionForm,
  validateApprovalOpinion,
  validateReturnReason,
  type ActionConfig,
  type ActionForm,
  type ActionStatus,
  type SignOffResult,
  type SignRequest,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, forbidden, notFound, refused } from '../../platform/errors.ts';
import { renderLetter } from '../../platform/pdf/letter.ts';
import type { ProjectRow } from '../projects/service.ts';
import type { TaskRowDb } from '../tasks/service.ts';
import {
  groupByTag,
  isExchange,
  isTaskOf,
  requireConfig,
  sha256,
  subjectOf,
  type Actor,
  type ActorNames,
  type WorkflowContext,
} from './instances.ts';
import * as repo from './repo.ts';

export type Transitions = ReturnType<typeof createTransitions>;

function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((e) => (e as { code?: unknown } | null)?.code === '23505');
}

function describeEffect(before: ProjectRow, after: ProjectRow): Record<string, unknown> {
  return {
    projectId: after.id,
    status: [before.status, after.status],
    disclosureEnd: [before.disclosureEnd?.toISOString() ?? null, after.disclosureEnd?.toISOString() ?? null],
  };
}

export function createTransitions(ctx: WorkflowContext) {
  const { db, clock, audit, users, attachments, projects, notifications, tasks } = ctx;
  const { describeActor, findOwnInstance, writeLog, openTask } = ctx;

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
   * Submits a draft or returned instance: the form and the required files are checked, the letter is rendered
   * and stored (tag letter), a new revision is recorded, and the applicant gets the e-signature task.
   */
  async function submit(
    actor: Actor,
    config: ActionConfig,
    input: { id: number; version: number },
  ): Promise<{ id: number; version: number; taskId: number }> {
    const instance = await findOwnInstance(actor, config, input.id);
    const status = nextActionStatus(config.isSigned ? 'submitLetter' : 'submitUnsigned', instance.status);
    if (status === null) throw refused(MSG.workflowNotSubmittable);
    if (instance.version !== input.version) throw conflict();
    const message = validateActionForm(config, instance.form, 'submit');
    if (message !== null) throw refused(message);
    const record = { dataClass: ACTION_DATA_CLASS, dataId: String(instance.id) };
    const files = await attachments.listRelated(actor, record);
    const missing = missingAttachmentMessages(config.attachments, groupByTag(files));
    if (missing[0] !== undefined) throw refused(missing[0]);
    const project = await projects.findVisible(actor, instance.projectId);
    if (!isActionAllowed(config, project.status)) throw refused(MSG.workflowProjectStatusRefused);
    await ctx.requirePrecondition(db, config, project.id);

    const now = clock.now();
    if (!config.isSigned) {
      return submitUnsigned(actor, config, { instance, version: input.version, status, now, project });
    }
    const [who, exchange] = await Promise.all([describeActor(actor), users.findExchangeName()]);
    const letter = await renderLetter(
      composeLetter({
        config,
        form: instance.form,
        project,
        applicant: who.actorCompanyName,
        exchange,
        day: formatDate(now),
      }),
    );
    const letterSha256 = sha256(letter.pdf);
    const stored = await attachments.putBytes(letter.pdf);
    const revisionNo = instance.revisionNo + 1;

    return db.transaction(async (tx) => {
      const file = await attachments.recordPdf(tx, {
        stored,
        fileName: `${config.letterTitle}（第${revisionNo}版）.pdf`,
        tag: LETTER_TAG,
        record,
        companyId: instance.companyId,
        createdBy: actor.userId,
      });
      const row = await repo.updateInstanceGuarded(tx, instance.id, input.version, {
        status,
        revisionNo,
        letterId: file.uuid,
        letterSha256,
        letterLayout: { pageIndex: letter.pageIndex, sealRect: letter.sealRect },
        signedLetterId: null,
      });
      if (row === undefined) throw conflict();
      const task = await recordSubmission(tx, actor, config, row, {
        who,
        now,
        letter: { id: file.uuid, sha256: letterSha256 },
        next: 'EicSre',
        project,
      });
      return { id: row.id, version: row.version, taskId: task.id };
    });
  }

  /**
   * Submits an action without a letter (the asset handover has application and return screens only): a new
   * revision, and the exchange gets the review task at once.
   */
  async function submitUnsigned(
    actor: Actor,
    config: ActionConfig,
    input: {
      instance: repo.InstanceRow;
      version: number;
      status: ActionStatus;
      now: Date;
      project: ProjectRow;
    },
  ): Promise<{ id: number; version: number; taskId: number }> {
    const { instance, version, status, now, project } = input;
    const who = await describeActor(actor);
    return db.transaction(async (tx) => {
      const row = await repo.updateInstanceGuarded(tx, instance.id, version, {
        status,
        revisionNo: instance.revisionNo + 1,
      });
      if (row === undefined) throw conflict();
      const task = await recordSubmission(tx, actor, config, row, {
        who,
        now,
        letter: null,
        next: 'Review',
        project,
      });
      return { id: row.id, version: row.version, taskId: task.id };
    });
  }

  /**
   * What every submission records once its instance is updated (row.revisionNo is the new revision): the
   * revision with its form and letter, the return task it answers closed, the next task opened (the applicant's
   * signature, or the exchange's review when there is no letter), the process log and the audit row.
   */
  async function recordSubmission(
    tx: Db,
    actor: Actor,
    config: ActionConfig,
    row: repo.InstanceRow,
    input: {
      who: ActorNames;
      now: Date;
      letter: { id: string; sha256: string } | null;
      next: 'EicSre' | 'Review';
      project: ProjectRow;
    },
  ): Promise<TaskRowDb> {
    await repo.insertRevision(tx, {
      instanceId: row.id,
      companyId: row.companyId,
      no: row.revisionNo,
      form: row.form,
      projectForm: readProjectForm(input.project),
      letterId: input.letter?.id ?? null,
      submittedAt: input.now,
    });
    // A resubmission handles the return task it answers.
    await tasks.advance(tx, subjectOf(row), { result: 'resubmitted', decider: actor, at: input.now });
    const task = await openTask(tx, row, input.next, config.routes.EicSre);
    await writeLog(tx, row, 'submit', { ...input.who, userId: actor.userId }, null);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'workflow.submit',
      result: 'ok',
      target: String(row.id),
      detail: {
        family: config.family,
        action: config.action,
        revision: row.revisionNo,
        letterSha256: input.letter?.sha256 ?? null,
      },
    });
    return task;
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

  // --- review (the exchange) ---------------------------------------------------------------------------------

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
        await ctx.requirePrecondition(tx, config, project.id);
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

  return { create, saveForm, submit, terminate, review };
}
