// The owner's confirmation of the appraisal (评估结果确认): accepted, each appraised vehicle's listing letter (挂牌申请函,
// at its appraised value) is drawn for the owner's e-signature (listing.ts); sent back, the firm gives it again.
import {
  composeVehicleLetter,
  DISPOSAL_ITEM_DATA_CLASS,
  formatChineseDate,
  formatDate,
  MSG,
  readProjectForm,
  stepPath,
  validateReturnReason,
  VEHICLE_LETTER_ACTIONS,
  VEHICLE_LETTER_TAG,
  VEHICLE_LETTER_TITLES,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { drawLetter, type DrawnLetter } from '../letters.ts';
import { disposalSubject, itemSubject, platePublic, type Actor, type VehiclesContext } from '../context.ts';
import * as repo from '../repo.ts';
import { factsOf } from '../view.ts';

/** The caller's disposal whose appraisal waits for its confirmation; anyone else 404, a stale read 409. */
async function findAwaitingConfirmation(
  ctx: VehiclesContext,
  actor: Actor,
  projectId: number,
  version: number,
) {
  const { project, disposal, items, role } = await ctx.reach(actor, projectId);
  if (role !== 'owner' || disposal === undefined) throw notFound();
  if (disposal.version !== version) throw conflict();
  if (disposal.appraisalSubmittedAt === null || disposal.resultConfirmedAt !== null) {
    throw refused(MSG.vehicleResultNotAwaiting);
  }
  return { project, disposal, items };
}

/**
 * POST /api/project/disposalApply/result/confirm: the owner accepts the values; each appraised vehicle's listing
 * letter is drawn (at its appraised value) and waits for the owner's e-signature, alone or in a batch.
 */
export async function confirmResult(
  ctx: VehiclesContext,
  actor: Actor,
  input: { projectId: number; version: number },
): Promise<{ version: number }> {
  const { project, items } = await findAwaitingConfirmation(ctx, actor, input.projectId, input.version);
  const appraised = items.filter((item) => item.state === 'appraised' && item.appraisedValue !== null);
  const now = ctx.clock.now();
  const [who, exchange] = [await ctx.describe(actor), await ctx.users.findExchangeName()];
  const listingDays = Number(readProjectForm(project).disclosureDays ?? 0);
  // drawn and stored before the transaction (it must not wait on the typesetter or on object storage)
  const letters: { item: repo.ItemRow; listingPrice: number; letter: DrawnLetter }[] = [];
  for (const item of appraised) {
    const listingPrice = item.appraisedValue ?? 0;
    const letter = await drawLetter(
      ctx.attachments,
      composeVehicleLetter({
        kind: 'hangingTag',
        project,
        vehicle: { ...factsOf(item), listingPrice },
        listingDays,
        reason: '',
        applicant: who.actorCompanyName,
        exchange,
        day: formatDate(now),
        dayLabel: formatChineseDate(now),
      }),
    );
    letters.push({ item, listingPrice, letter });
  }
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.updateDisposal(tx, project.id, input.version, { resultConfirmedAt: now });
    if (saved === undefined) throw conflict();
    for (const { item, listingPrice, letter } of letters) {
      const file = await ctx.attachments.recordPdf(tx, {
        stored: letter.stored,
        fileName: `${VEHICLE_LETTER_TITLES.hangingTag}（${platePublic(item)}）.pdf`,
        tag: VEHICLE_LETTER_TAG,
        record: { dataClass: DISPOSAL_ITEM_DATA_CLASS, dataId: String(item.id) },
        companyId: project.companyId,
        createdBy: actor.userId,
      });
      const row = await repo.updateItem(tx, item.id, item.version, {
        state: 'confirmed',
        listingPrice,
        letterKind: 'hangingTag',
        letterId: file.uuid,
        letterSha256: letter.sha256,
        letterLayout: letter.layout,
      });
      if (row === undefined) throw conflict();
      await ctx.tasks.open(
        tx,
        {
          ...itemSubject(item.id),
          step: 'vehicleHangingTag',
          action: VEHICLE_LETTER_ACTIONS.hangingTag,
          projectId: project.id,
          companyId: project.companyId,
          type: 'EicSre',
          routeName: 'vehicleHangingTagEicSre',
          routeQuery: { id: item.id },
          assignee: { companyId: project.companyId },
        },
        now,
      );
    }
    await ctx.closeTasksOf(tx, disposalSubject(project.id), actor, {
      result: 'confirmed',
      decider: actor,
      at: now,
    });
    await ctx.logEvent(tx, {
      projectId: project.id,
      event: 'vehicleResultConfirmed',
      actor: who,
      reason: `${letters.length}辆`,
      at: now,
    });
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.result.confirm',
      result: 'ok',
      target: String(project.id),
      detail: { vehicles: letters.length },
    });
    return { version: saved.version };
  });
}

/** POST /api/project/disposalApply/result/back: the owner sends the appraisal back to the firm with its reason. */
export async function returnResult(
  ctx: VehiclesContext,
  actor: Actor,
  input: { projectId: number; version: number; reason: string },
): Promise<{ version: number }> {
  const { project, disposal } = await findAwaitingConfirmation(ctx, actor, input.projectId, input.version);
  const reason = input.reason.trim();
  const message = validateReturnReason(reason);
  if (message !== null) throw refused(message);
  const firmId = disposal.appraiserCompanyId;
  if (firmId === null) throw refused(MSG.vehicleResultNotAwaiting);
  const now = ctx.clock.now();
  const who = await ctx.describe(actor);
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.updateDisposal(tx, project.id, input.version, {
      appraisalSubmittedAt: null,
      appraisalReturnReason: reason,
    });
    if (saved === undefined) throw conflict();
    await repo.updateItemsInState(tx, project.id, 'appraised', { state: 'registered' });
    await ctx.tasks.advance(
      tx,
      disposalSubject(project.id),
      { result: 'back', decider: actor, at: now },
      {
        ...disposalSubject(project.id),
        step: 'vehicleAppraise',
        projectId: project.id,
        companyId: project.companyId,
        type: 'MfyRrn',
        category: 'estimate',
        routeName: 'disposalAssessmentOpinion',
        routeQuery: { projectId: project.id },
        assignee: { companyId: firmId },
      },
    );
    await ctx.logEvent(tx, {
      projectId: project.id,
      event: 'vehicleResultReturned',
      actor: who,
      reason,
      at: now,
    });
    await ctx.tell(tx, {
      companyId: firmId,
      kind: 'vehicle.appraisal',
      title: MSG.vehicleResultBackTitle,
      body: MSG.vehicleResultBackBody,
      params: { project: project.name, reason },
      link: stepPath('disposalAssessmentOpinion', { projectId: project.id }, 'motorVehicle'),
      at: now,
    });
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.result.back',
      result: 'ok',
      target: String(project.id),
      detail: { reason },
    });
    return { version: saved.version };
  });
}
