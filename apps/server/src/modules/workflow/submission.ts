// The submission of an action instance (ACTION_TRANSITIONS' submitLetter and submitUnsigned, the domain's
// statuses.ts): the form and the required files checked, the letter rendered and stored, a new revision recorded,
// and the next task opened: the applicant's e-signature (signing.ts), or the exchange's review at once when the
// action has no letter.
import {
  ACTION_DATA_CLASS,
  composeLetter,
  formatDate,
  isActionAllowed,
  LETTER_TAG,
  missingAttachmentMessages,
  MSG,
  nextActionStatus,
  readProjectForm,
  validateActionForm,
  type ActionConfig,
  type ActionStatus,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, refused } from '../../platform/errors.ts';
import { renderLetter } from '../../platform/pdf/letter.ts';
import type { ProjectRow } from '../projects/service.ts';
import type { TaskRowDb } from '../tasks/service.ts';
import {
  groupByTag,
  sha256,
  subjectOf,
  type Actor,
  type ActorNames,
  type WorkflowContext,
} from './instances.ts';
import * as repo from './repo.ts';

export function createSubmission(ctx: WorkflowContext) {
  const { db, clock, audit, users, attachments, projects, tasks } = ctx;
  const { describeActor, findOwnInstance, writeLog, openTask } = ctx;

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
    // a stale version first: the caller acted on a view someone else has changed (a second session submitting the
    // same application is told of the conflict, not that it cannot be submitted)
    if (instance.version !== input.version) throw conflict();
    const status = nextActionStatus(config.isSigned ? 'submitLetter' : 'submitUnsigned', instance.status);
    if (status === null) throw refused(MSG.workflowNotSubmittable);
    const message = validateActionForm(config, instance.form, 'submit');
    if (message !== null) throw refused(message);
    const record = { dataClass: ACTION_DATA_CLASS, dataId: String(instance.id) };
    const files = await attachments.listRelated(actor, record);
    const missing = missingAttachmentMessages(config.attachments, groupByTag(files));
    if (missing[0] !== undefined) throw refused(missing[0]);
    const project = await projects.findVisible(actor, instance.projectId);
    if (!isActionAllowed(config, project.status)) throw refused(MSG.workflowProjectStatusRefused);
    await ctx.requirePrecondition(db, config, {
      projectId: project.id,
      form: instance.form,
      fileTags: new Set(files.map((file) => file.tag)),
    });

    const now = clock.now();
    if (!config.isSigned) {
      return submitUnsigned(actor, config, { instance, version: input.version, status, now, project });
    }
    const [who, exchange, supplement] = await Promise.all([
      describeActor(actor),
      users.findExchangeName(),
      ctx.supplementOf(config, { projectId: project.id }),
    ]);
    const letter = await renderLetter(
      composeLetter({
        config,
        form: instance.form,
        project,
        applicant: who.actorCompanyName,
        exchange,
        day: formatDate(now),
        ...(supplement === undefined ? {} : { supplement }),
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

  return { submit };
}
