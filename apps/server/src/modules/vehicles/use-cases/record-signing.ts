// A dismantling record's end: every step verified, it is submitted (its letter drawn, its photos locked), e-signed
// with the SMS code (the vehicle 已拆解 with its recovery certificate's number, the owner told, the project closed
// once no vehicle is left), or its letter withdrawn before the signature so the last step may be corrected.
import {
  composeRecordLetter,
  formatChineseDate,
  formatDate,
  formatMessage,
  maskCarNumber,
  MSG,
  RECORD_LETTER_TAG,
  RECORD_STEPS,
  RECORD_STEPS_DONE,
  SIGNED_RECORD_TAG,
  stepPath,
  type SignRequest,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { waitingLetter } from '../../signatures/seal-letter.ts';
import { isOpenFor } from '../../tasks/service.ts';
import { drawLetter } from '../letters.ts';
import { type Actor, type VehiclesContext } from '../context.ts';
import * as repo from '../repo.ts';
import { closeIfDone } from './listing.ts';
import { findOwn, reachRecord, recordFiles, requireEditing, stepRefusal } from './records.ts';

/**
 * POST /api/record/submit: every step verified (and judged again: a photo may have been deleted since), the record's
 * letter drawn for the dismantler's signature; its photos can no longer be deleted.
 */
export async function submitRecord(
  ctx: VehiclesContext,
  actor: Actor,
  input: { id: number; version: number },
): Promise<{ id: number; version: number }> {
  const { record, item, project } = await findOwn(ctx, actor, input.id, input.version);
  requireEditing(record);
  if (record.currentStep !== RECORD_STEPS_DONE) throw refused(MSG.recordNotVerified);
  for (const step of RECORD_STEPS) {
    const refusal = await stepRefusal(ctx, actor, record, item, step.key);
    if (refusal !== null) throw refused(`${step.title}：${refusal}`);
  }
  const now = ctx.clock.now();
  const [who, exchange, ownerName] = [
    await ctx.describe(actor),
    await ctx.users.findExchangeName(),
    await ctx.companyName(project.companyId),
  ];
  const letter = await drawLetter(
    ctx.attachments,
    composeRecordLetter({
      vehicle: item,
      project: { name: project.name, code: project.code, ownerName },
      data: record.data,
      company: who.actorCompanyName,
      exchange,
      day: formatDate(now),
      dayLabel: formatChineseDate(now),
    }),
  );
  return ctx.db.transaction(async (tx) => {
    const file = await ctx.attachments.recordPdf(tx, {
      stored: letter.stored,
      fileName: `报废机动车拆解记录（${maskCarNumber(item.carNumber)}）.pdf`,
      tag: RECORD_LETTER_TAG,
      record: recordFiles(record.id),
      companyId: record.companyId,
      createdBy: actor.userId,
    });
    const row = await repo.updateRecord(tx, record.id, input.version, {
      status: 'letterGenerated',
      letterId: file.uuid,
      letterSha256: letter.sha256,
      letterLayout: letter.layout,
    });
    if (row === undefined) throw conflict();
    await ctx.attachments.lockRecord(tx, recordFiles(record.id));
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'record.submit',
      result: 'ok',
      target: String(row.id),
      detail: { letterSha256: letter.sha256 },
    });
    return { id: row.id, version: row.version };
  });
}

/** The caller's record whose letter waits for its signature. */
async function findSignable(ctx: VehiclesContext, actor: Actor, id: number) {
  const reached = await reachRecord(ctx, actor, id);
  if (!reached.isKeeper) throw notFound();
  if (reached.record.status !== 'letterGenerated') throw refused(MSG.recordNotSignable);
  return { ...reached, letter: waitingLetter(reached.record, MSG.recordNotSignable) };
}

/** POST /api/record/sign/otp. */
export async function sendRecordSignCode(ctx: VehiclesContext, actor: Actor, id: number) {
  const { letter } = await findSignable(ctx, actor, id);
  return ctx.letterSigning.sendCode(actor, letter.sha256);
}

/** POST /api/record/sign/otp/check. */
export async function checkRecordSignCode(ctx: VehiclesContext, actor: Actor, id: number, code: string) {
  const { letter } = await findSignable(ctx, actor, id);
  await ctx.letterSigning.checkCode(actor, letter.sha256, code);
}

/**
 * POST /api/record/signature: the record's letter signed; the vehicle is dismantled with its recovery
 * certificate's number, the owner told, and the project closed once no vehicle is left.
 */
export async function signRecord(
  ctx: VehiclesContext,
  actor: Actor,
  request: SignRequest,
): Promise<{ id: number; version: number }> {
  const { record, item, project, letter } = await findSignable(ctx, actor, request.dataId);
  const task = await ctx.tasks.find(request.task.id);
  if (task === undefined || task.subject !== 'dismantlingRecord' || task.subjectId !== record.id) {
    throw notFound();
  }
  if (!isOpenFor(actor, task)) throw conflict(MSG.workflowTaskHandled);
  const now = ctx.clock.now();
  const who = await ctx.describe(actor);
  const stored = await ctx.letterSigning.sign(actor, letter, {
    code: request.otp,
    reason: '报废机动车拆解记录',
    name: who.actorCompanyName,
    at: now,
  });
  const certificate = record.data.entry?.certificateNo;
  const certificateNo = typeof certificate === 'string' ? certificate : '';
  return ctx.db.transaction(async (tx) => {
    const closed = await ctx.tasks.closeOne(tx, task.id, { result: 'signed', decider: actor, at: now });
    if (closed === undefined) throw conflict(MSG.workflowTaskHandled);
    const file = await ctx.attachments.recordPdf(tx, {
      stored,
      fileName: `报废机动车拆解记录（${maskCarNumber(item.carNumber)}，已签章）.pdf`,
      tag: SIGNED_RECORD_TAG,
      record: recordFiles(record.id),
      companyId: record.companyId,
      createdBy: actor.userId,
    });
    const row = await repo.updateRecord(tx, record.id, record.version, {
      status: 'signed',
      signedLetterId: file.uuid,
      signedAt: now,
      letterId: null,
      letterSha256: null,
      letterLayout: null,
    });
    if (row === undefined) throw conflict();
    const dismantled = await repo.updateItem(tx, item.id, item.version, {
      state: 'dismantled',
      certificateNo,
      dismantledAt: now,
    });
    if (dismantled === undefined) throw conflict();
    await ctx.logEvent(tx, {
      projectId: project.id,
      event: 'vehicleDismantled',
      actor: who,
      reason: `${maskCarNumber(item.carNumber)}：${formatMessage('回收证明{no}', { no: certificateNo })}`,
      at: now,
    });
    await ctx.tell(tx, {
      companyId: project.companyId,
      kind: 'vehicle.dismantled',
      title: MSG.vehicleDismantledTitle,
      body: MSG.vehicleDismantledBody,
      params: { project: project.name, plate: maskCarNumber(item.carNumber), certificate: certificateNo },
      link: stepPath('disposalBreakup', { id: record.id }, 'motorVehicle'),
      at: now,
    });
    await ctx.projects.lockStatus(tx, project.id, 'update');
    await closeIfDone(ctx, tx, await ctx.findDisposalProject(project.id, tx), who, now);
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'record.sign',
      result: 'ok',
      target: String(row.id),
      detail: { itemId: item.id, certificateNo, signedSha256: stored.sha256, taskId: task.id },
    });
    return { id: row.id, version: row.version };
  });
}

/** POST /api/record/termination: a submitted record's letter withdrawn; its last step may be corrected again. */
export async function terminateRecord(
  ctx: VehiclesContext,
  actor: Actor,
  input: { id: number; version: number },
): Promise<{ id: number; version: number }> {
  const { record } = await findOwn(ctx, actor, input.id, input.version);
  if (record.status !== 'letterGenerated') throw refused(MSG.recordNotWithdrawable);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.updateRecord(tx, record.id, input.version, {
      status: 'editing',
      currentStep: RECORD_STEPS_DONE - 1,
      letterId: null,
      letterSha256: null,
      letterLayout: null,
    });
    if (row === undefined) throw conflict();
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'record.terminate',
      result: 'ok',
      target: String(row.id),
      detail: {},
    });
    return { id: row.id, version: row.version };
  });
}
