// The applicant's e-signature of a submitted letter (the course of signatures/seal-letter.ts): the SMS sign code
// bound to the sha256 of the letter waiting for signature, and the signature itself, which uses the code up, signs
// the letter with the company's credential and seal and hands the instance to review.
import {
  ACTION_DATA_CLASS,
  canTransition,
  MSG,
  nextActionStatus,
  PROJECT_DATA_CLASS,
  SIGNED_LETTER_TAG,
  type ActionConfig,
  type SignRequest,
} from '@cqjy/domain';
import { toAuditActor } from '../../platform/audit.ts';
import { conflict, notFound, refused } from '../../platform/errors.ts';
import { createLetterSigning } from '../signatures/seal-letter.ts';
import { isTaskOf, type Actor, type WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';

export function createSigning(ctx: WorkflowContext) {
  const { db, clock, audit, attachments, tasks } = ctx;
  const letterSigning = createLetterSigning(ctx);
  const { describeActor, findOwnInstance, writeLog, openTask } = ctx;

  /** An instance of the caller's company awaiting its signature, whatever its action. */
  async function findSignable(
    actor: Actor,
    dataId: number,
  ): Promise<repo.InstanceRow & { letterSha256: string }> {
    const row = await repo.findInstance(db, dataId);
    if (row === undefined || row.companyId !== actor.companyId) throw notFound();
    if (!canTransition('sign', row.status) || row.letterSha256 === null) {
      throw refused(MSG.workflowNotSignable);
    }
    return { ...row, letterSha256: row.letterSha256 };
  }

  /** The sign code sent and checked, bound to the sha256 of the instance's current letter. */
  const codes = letterSigning.codeCallsOf(
    async (actor, dataId) => (await findSignable(actor, dataId)).letterSha256,
  );
  const sendSignCode = codes.sendSignCode;
  const checkSignCode = (actor: Actor, input: { dataId: number; otp: string }): Promise<void> =>
    codes.checkSignCode(actor, input.dataId, input.otp);

  /**
   * The applicant e-signs the letter: the code (bound to this letter) is used up, the letter is signed with the
   * company's credential and seal and stored (tag signedLetter, on the instance and on the project), and the
   * exchange gets the review task.
   */
  async function sign(
    actor: Actor,
    config: ActionConfig,
    request: SignRequest,
  ): Promise<{ id: number; version: number }> {
    const instance = await findOwnInstance(actor, config, request.dataId);
    const status = nextActionStatus('sign', instance.status);
    if (status === null || instance.letterId === null || instance.letterLayout === null) {
      throw refused(MSG.workflowNotSignable);
    }
    const task = await tasks.find(request.task.id);
    if (!isTaskOf(task, instance) || task.type !== 'EicSre') throw notFound();
    if (task.status !== 'open') throw conflict(MSG.workflowTaskHandled);
    const who = await describeActor(actor);
    const now = clock.now();
    const stored = await letterSigning.sign(
      actor,
      { id: instance.letterId, sha256: instance.letterSha256 ?? '', layout: instance.letterLayout },
      { code: request.otp, reason: config.letterTitle, name: who.actorCompanyName, at: now },
    );
    const fileName = `${config.letterTitle}（已签章）.pdf`;

    return db.transaction(async (tx) => {
      const closed = await tasks.closeOne(tx, task.id, { result: 'signed', decider: actor, at: now });
      if (closed === undefined) throw conflict(MSG.workflowTaskHandled);
      const common = {
        stored,
        fileName,
        tag: SIGNED_LETTER_TAG,
        companyId: instance.companyId,
        createdBy: actor.userId,
      };
      const file = await attachments.recordPdf(tx, {
        ...common,
        record: { dataClass: ACTION_DATA_CLASS, dataId: String(instance.id) },
      });
      await attachments.recordPdf(tx, {
        ...common,
        record: { dataClass: PROJECT_DATA_CLASS, dataId: String(instance.projectId) },
      });
      const row = await repo.updateInstanceGuarded(tx, instance.id, instance.version, {
        status,
        signedLetterId: file.uuid,
      });
      if (row === undefined) throw conflict();
      await openTask(tx, row, 'Review', config.routes.EicSre);
      await writeLog(tx, row, 'sign', { ...who, userId: actor.userId }, null);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'workflow.sign',
        result: 'ok',
        target: String(row.id),
        detail: {
          family: config.family,
          action: config.action,
          taskId: task.id,
          signedSha256: stored.sha256,
        },
      });
      return { id: row.id, version: row.version };
    });
  }

  return { sendSignCode, checkSignCode, sign };
}
