// The dismantling records (/api/record/..., vehicle-records.ts of the domain): the dismantler keeps one per vehicle
// it received, step by step (entry with the recovery certificate, breakup, disintegration), verified one by one;
// submitted, its letter is drawn and e-signed with the SMS code, and the vehicle reads 已拆解 with its certificate
// number; the project closes when no vehicle is left. The vehicle's owner and the exchange read the records.
import {
  BREAKUP_PHOTO_TAG,
  checkRecordStep,
  cleanStepData,
  DISINTEGRATE_PHOTO_TAG,
  maskCarNumber,
  MSG,
  RECORD_DATA_CLASS,
  RECORD_STATUS_LABELS,
  RECORD_STEPS,
  type DismantlingRecord,
  type RecordRow as RecordListRow,
  type RecordStepKey,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import { assigneeOf } from '../../tasks/service.ts';
import { isExchange, recordSubject, todayOf, type Actor, type VehiclesContext } from '../context.ts';
import * as repo from '../repo.ts';

export const recordFiles = (id: number) => ({ dataClass: RECORD_DATA_CLASS, dataId: String(id) });

/**
 * The record and its vehicle, and whether the viewer keeps it (its dismantler); the owner and exchange read it;
 * undefined for anyone else.
 */
export async function tryReachRecord(
  ctx: VehiclesContext,
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
  id: number,
) {
  const record = await repo.findRecord(ctx.db, id);
  if (record === undefined) return undefined;
  const [item, project] = await Promise.all([
    repo.findItem(ctx.db, record.itemId),
    ctx.findDisposalProject(record.projectId),
  ]);
  const isKeeper = record.companyId === viewer.companyId;
  if (item === undefined || (!isKeeper && project.companyId !== viewer.companyId && !isExchange(viewer))) {
    return undefined;
  }
  return { record, item, project, isKeeper };
}

/** The record as tryReachRecord answers it; 404 for anyone else. */
export async function reachRecord(
  ctx: VehiclesContext,
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
  id: number,
) {
  const reached = await tryReachRecord(ctx, viewer, id);
  if (reached === undefined) throw notFound();
  return reached;
}

/** The caller's own record, still being kept (not signed) and at the version it read; else 404 / refused / 409. */
export async function findOwn(ctx: VehiclesContext, actor: Actor, id: number, version: number) {
  const reached = await reachRecord(ctx, actor, id);
  if (!reached.isKeeper) throw notFound();
  if (reached.record.version !== version) throw conflict();
  return reached;
}

/** The images a step's photo tag holds, counted by their content type (sniffed on upload), not by their names. */
async function countPhotos(ctx: VehiclesContext, viewer: Viewer, id: number, step: RecordStepKey) {
  const tag = RECORD_STEPS.find((each) => each.key === step)?.photoTag ?? null;
  if (tag === null) return 0;
  const files = await ctx.attachments.listRelated(viewer, recordFiles(id));
  return files.filter((file) => file.tag === tag && file.contentType.startsWith('image/')).length;
}

/** The day the dismantler received the vehicle, as its receiving application states it ('' before it). */
export async function receivedOn(ctx: VehiclesContext, item: repo.ItemRow): Promise<string> {
  const receiving =
    item.receivingId === null ? undefined : await repo.findReceiving(ctx.db, item.receivingId);
  return receiving?.receiveDate ?? '';
}

/** GET /api/record/show/{id}. */
export async function showRecord(
  ctx: VehiclesContext,
  viewer: Viewer,
  id: number,
): Promise<DismantlingRecord> {
  const { record, item, project, isKeeper } = await reachRecord(ctx, viewer, id);
  const files = await ctx.attachments.listRelated(viewer, recordFiles(id));
  const task = isKeeper
    ? ((await ctx.tasks.listOpenOf(recordSubject(record.id), assigneeOf(viewer)))[0] ?? null)
    : null;
  const pick = (uuid: string | null) => files.find((file) => file.uuid === uuid) ?? null;
  return {
    id: record.id,
    version: record.version,
    projectId: project.id,
    projectName: project.name,
    projectCode: project.code,
    itemId: item.id,
    carNumberPublish: maskCarNumber(item.carNumber),
    vin: item.vin,
    engineNo: item.engineNo,
    brandModel: item.brandModel,
    dismantlerName: await ctx.companyName(record.companyId),
    receivedOn: await receivedOn(ctx, item),
    status: record.status,
    statusLabel: RECORD_STATUS_LABELS[record.status],
    currentStep: record.currentStep,
    data: record.data,
    photos: {
      breakupPhotos: files.filter((file) => file.tag === BREAKUP_PHOTO_TAG),
      disintegratePhotos: files.filter((file) => file.tag === DISINTEGRATE_PHOTO_TAG),
    },
    letter: record.status === 'letterGenerated' ? pick(record.letterId) : null,
    signedLetter: pick(record.signedLetterId),
    signedAt: record.signedAt?.toISOString() ?? null,
    canEdit: isKeeper && record.status !== 'signed',
    taskId: task?.id ?? null,
  };
}

/** GET /api/record/list/{projectId}: the dismantler's own records of the disposal; the owner and exchange: all. */
export async function listRecords(
  ctx: VehiclesContext,
  viewer: Viewer,
  projectId: number,
): Promise<RecordListRow[]> {
  const { role, items } = await ctx.reach(viewer, projectId);
  if (role === 'public' || role === 'appraiser') throw notFound();
  const records = await repo.listRecords(ctx.db, projectId);
  const byItem = new Map(items.map((item) => [item.id, item]));
  return records
    .filter((record) => role !== 'dismantler' || record.companyId === viewer.companyId)
    .map((record) => {
      const item = byItem.get(record.itemId);
      return {
        id: record.id,
        itemId: record.itemId,
        carNumberPublish: item === undefined ? '' : maskCarNumber(item.carNumber),
        brandModel: item?.brandModel ?? '',
        status: record.status,
        statusLabel: RECORD_STATUS_LABELS[record.status],
        currentStep: record.currentStep,
        stepTitle: RECORD_STEPS[record.currentStep]?.title ?? '全部步骤已校验',
        certificateNo: item?.certificateNo ?? '',
      };
    });
}

function currentStepOf(record: repo.RecordRow): RecordStepKey {
  const step = RECORD_STEPS[record.currentStep];
  if (step === undefined) throw refused(MSG.recordStepNotCurrent);
  return step.key;
}

export function requireEditing(record: repo.RecordRow): void {
  if (record.status !== 'editing') throw refused(MSG.recordNotEditable);
}

/** POST /api/record/update: the current step's facts saved as typed (checked when verified). */
export async function updateRecord(
  ctx: VehiclesContext,
  actor: Actor,
  input: { id: number; version: number; step: string; data: Record<string, unknown> },
): Promise<{ id: number; version: number }> {
  const { record } = await findOwn(ctx, actor, input.id, input.version);
  requireEditing(record);
  const step = currentStepOf(record);
  if (input.step !== step) throw refused(MSG.recordStepNotCurrent);
  const data = { ...record.data, [step]: cleanStepData(step, input.data) };
  return ctx.db.transaction(async (tx) => {
    const row = await repo.updateRecord(tx, record.id, input.version, { data });
    if (row === undefined) throw conflict();
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'record.update',
      result: 'ok',
      target: String(row.id),
      detail: { step, data: data[step] },
    });
    return { id: row.id, version: row.version };
  });
}

/** The first message of what a step lacks (its photos counted as the server sees them), or null. */
export async function stepRefusal(
  ctx: VehiclesContext,
  actor: Actor,
  record: repo.RecordRow,
  item: repo.ItemRow,
  step: RecordStepKey,
): Promise<string | null> {
  const messages = checkRecordStep(step, record.data[step] ?? {}, {
    receivedOn: await receivedOn(ctx, item),
    today: todayOf(ctx.clock.now()),
    photoCount: await countPhotos(ctx, actor, record.id, step),
    data: record.data,
  });
  return messages[0] ?? null;
}

/** POST /api/record/verify/step: the current step checked; sound, the next one opens. */
export async function verifyStep(
  ctx: VehiclesContext,
  actor: Actor,
  input: { id: number; version: number },
): Promise<{ id: number; version: number }> {
  const { record, item } = await findOwn(ctx, actor, input.id, input.version);
  requireEditing(record);
  const step = currentStepOf(record);
  const refusal = await stepRefusal(ctx, actor, record, item, step);
  if (refusal !== null) throw refused(refusal);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.updateRecord(tx, record.id, input.version, {
      currentStep: record.currentStep + 1,
    });
    if (row === undefined) throw conflict();
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'record.verify',
      result: 'ok',
      target: String(row.id),
      detail: { step },
    });
    return { id: row.id, version: row.version };
  });
}

/** POST /api/record/back/last/step: the step before reopened (its facts kept). */
export async function backStep(
  ctx: VehiclesContext,
  actor: Actor,
  input: { id: number; version: number },
): Promise<{ id: number; version: number }> {
  const { record } = await findOwn(ctx, actor, input.id, input.version);
  requireEditing(record);
  if (record.currentStep === 0) throw refused(MSG.recordFirstStep);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.updateRecord(tx, record.id, input.version, {
      currentStep: record.currentStep - 1,
    });
    if (row === undefined) throw conflict();
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'record.back',
      result: 'ok',
      target: String(row.id),
      detail: { to: RECORD_STEPS[row.currentStep]?.key ?? null },
    });
    return { id: row.id, version: row.version };
  });
}
