// The firm's appraisal (评估意见): a value and an opinion per vehicle saved as it goes, the opinions of experts it
// asked (专家意见, each with the expert's signed opinion as a file), its report, and the submission to the owner.
import {
  checkAppraisal,
  checkExpertOpinion,
  DISPOSAL_EXPERT_DATA_CLASS,
  isCalendarDate,
  missingAppraisal,
  MSG,
  stepPath,
  VEHICLE_APPRAISAL_REPORT_TAG,
  VEHICLE_DISPOSAL_DATA_CLASS,
  type ExpertOpinionInput,
  type VehicleAppraisalInput,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { disposalSubject, todayOf, type Actor, type VehiclesContext } from '../context.ts';
import * as repo from '../repo.ts';

/** The disposal whose appraisal the caller's firm has to give now; anyone else 404, a stale read 409. */
async function findAwaitingAppraisal(
  ctx: VehiclesContext,
  actor: Actor,
  projectId: number,
  version?: number,
) {
  const { project, disposal, items, role } = await ctx.reach(actor, projectId);
  if (role !== 'appraiser' || disposal === undefined) throw notFound();
  if (disposal.appraisalSubmittedAt !== null || project.status !== 'appraising') {
    throw refused(MSG.vehicleAppraisalNotAwaiting);
  }
  if (version !== undefined && disposal.version !== version) throw conflict();
  return { project, disposal, items };
}

/** POST /api/project/disposalApply/assessment/save: the firm's base day, values and opinions so far. */
export async function saveAppraisal(
  ctx: VehiclesContext,
  actor: Actor,
  input: { projectId: number; version: number; appraisalBaseDate: string; vehicles: VehicleAppraisalInput[] },
): Promise<{ version: number }> {
  const { project, items } = await findAwaitingAppraisal(ctx, actor, input.projectId, input.version);
  const baseDate = input.appraisalBaseDate.trim();
  if (baseDate !== '' && !isCalendarDate(baseDate)) throw refused(MSG.vehicleAppraisalBaseDateInvalid);
  const byId = new Map(items.map((item) => [item.id, item]));
  const changes = input.vehicles.map((vehicle) => {
    const item = byId.get(vehicle.id);
    if (item === undefined) throw notFound();
    const checked = checkAppraisal(vehicle);
    if (checked.message !== null) throw refused(checked.message);
    return { item, ...checked.value };
  });
  return ctx.db.transaction(async (tx) => {
    // the disposal's version guards the whole appraisal: two saves at once, one wins
    const saved = await repo.updateDisposal(tx, project.id, input.version, {
      appraisalBaseDate: baseDate === '' ? null : baseDate,
    });
    if (saved === undefined) throw conflict();
    for (const change of changes) {
      const row = await repo.updateItem(tx, change.item.id, change.item.version, {
        appraisedValue: change.value,
        appraisalOpinion: change.opinion,
      });
      if (row === undefined) throw conflict();
    }
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.appraisal.save',
      result: 'ok',
      target: String(project.id),
      detail: { baseDate, vehicles: changes.length },
    });
    return { version: saved.version };
  });
}

const disposalRecord = (projectId: number) => ({
  dataClass: VEHICLE_DISPOSAL_DATA_CLASS,
  dataId: String(projectId),
});

/** POST /api/project/disposalApply/assessment/submit: every vehicle valued, the report uploaded, to the owner. */
export async function submitAppraisal(
  ctx: VehiclesContext,
  actor: Actor,
  input: { projectId: number; version: number },
): Promise<{ version: number }> {
  const { project, disposal, items } = await findAwaitingAppraisal(
    ctx,
    actor,
    input.projectId,
    input.version,
  );
  const now = ctx.clock.now();
  if (disposal.appraisalBaseDate === null) throw refused(MSG.vehicleAppraisalBaseDateInvalid);
  if (disposal.appraisalBaseDate > todayOf(now)) throw refused(MSG.vehicleAppraisalBaseDateFuture);
  const missing = missingAppraisal(items);
  if (missing !== null) throw refused(missing);
  const reports = await ctx.attachments.listUploadedBy(
    disposalRecord(project.id),
    actor.companyId,
    VEHICLE_APPRAISAL_REPORT_TAG,
  );
  if (reports.length === 0) throw refused(MSG.vehicleAppraisalReportRequired);
  const experts = await repo.listExperts(ctx.db, project.id);
  const [who, firmName] = [await ctx.describe(actor), await ctx.companyName(actor.companyId)];
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.updateDisposal(tx, project.id, input.version, {
      appraisalSubmittedAt: now,
      appraisalReturnReason: '',
    });
    if (saved === undefined) throw conflict();
    await repo.updateItemsInState(tx, project.id, 'registered', { state: 'appraised' });
    await ctx.attachments.lockFiles(
      tx,
      reports.map((file) => file.uuid),
    );
    for (const expert of experts) {
      await ctx.attachments.lockRecord(tx, {
        dataClass: DISPOSAL_EXPERT_DATA_CLASS,
        dataId: String(expert.id),
      });
    }
    await ctx.tasks.advance(
      tx,
      disposalSubject(project.id),
      { result: 'submitted', decider: actor, at: now },
      {
        ...disposalSubject(project.id),
        step: 'vehicleResultConfirm',
        projectId: project.id,
        companyId: project.companyId,
        type: 'Aon',
        routeName: 'disposalResultConfirm',
        routeQuery: { projectId: project.id },
        assignee: { companyId: project.companyId },
      },
    );
    await ctx.logEvent(tx, {
      projectId: project.id,
      event: 'vehicleAppraisalSubmitted',
      actor: who,
      reason: `${items.length}辆`,
      at: now,
    });
    await ctx.tell(tx, {
      companyId: project.companyId,
      kind: 'vehicle.appraisal',
      title: MSG.vehicleResultTitle,
      body: MSG.vehicleResultBody,
      params: { project: project.name, firm: firmName },
      link: stepPath('disposalResultConfirm', { projectId: project.id }, 'motorVehicle'),
      at: now,
    });
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.appraisal.submit',
      result: 'ok',
      target: String(project.id),
      detail: {
        vehicles: items.length,
        reports: reports.map((file) => file.uuid),
        experts: experts.length,
      },
    });
    return { version: saved.version };
  });
}

/** POST /api/project/disposalApply/expert/save: an expert's opinion the firm recorded, its signed file adopted. */
export async function saveExpertOpinion(
  ctx: VehiclesContext,
  actor: Actor,
  input: ExpertOpinionInput & { createId?: string | undefined },
): Promise<{ id: number }> {
  const { project } = await findAwaitingAppraisal(ctx, actor, input.projectId);
  const checked = checkExpertOpinion(input);
  if (checked.message !== null) throw refused(checked.message);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.insertExpert(tx, {
      ...checked.value,
      projectId: project.id,
      companyId: actor.companyId,
      createdBy: actor.userId,
    });
    if (input.createId !== undefined) {
      await ctx.attachments.bindDraft(tx, {
        companyId: actor.companyId,
        dataClass: DISPOSAL_EXPERT_DATA_CLASS,
        createId: input.createId,
        dataId: String(row.id),
      });
    }
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.expert.create',
      result: 'ok',
      target: String(row.id),
      detail: { projectId: project.id, expert: checked.value.expertName },
    });
    return { id: row.id };
  });
}

/** POST /api/project/disposalApply/expert/delete/{id}: the firm takes an expert's opinion back before submitting. */
export async function deleteExpertOpinion(
  ctx: VehiclesContext,
  actor: Actor,
  id: number,
): Promise<{ id: number }> {
  const expert = await repo.findExpert(ctx.db, id);
  if (expert === undefined || expert.companyId !== actor.companyId) throw notFound();
  await findAwaitingAppraisal(ctx, actor, expert.projectId);
  return ctx.db.transaction(async (tx) => {
    await repo.deleteExpert(tx, expert.id);
    await ctx.attachments.discardRecord(tx, {
      dataClass: DISPOSAL_EXPERT_DATA_CLASS,
      dataId: String(expert.id),
    });
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.expert.delete',
      result: 'ok',
      target: String(expert.id),
      detail: { projectId: expert.projectId },
    });
    return { id: expert.id };
  });
}
