// The vehicles of a draft disposal (车辆信息录入, 车辆信息修改): one entered, changed or taken off by the owner while
// the application may change, or many imported from the template (inputVehicleData): the filled-in template is
// uploaded first as a file of the project (tag assetImport, so the upload's checks and progress apply), previewed
// with every bad row named, then its good rows are stored in one statement. A plate or VIN already in the disposal
// (or twice in the file) is a bad row.
import {
  checkVehicle,
  checkVehicleRow,
  DISPOSAL_ITEM_DATA_CLASS,
  DISPOSAL_VEHICLES_MAX,
  duplicateVehicleMessage,
  formatMessage,
  MSG,
  PROJECT_DATA_CLASS,
  SHEET_IMPORT_TAG,
  VEHICLE_SHEET,
  xlsxName,
  type SheetImportPreview,
  type SheetImportResult,
  type VehicleFacts,
  type VehicleInput,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { buildSheetTemplate, readSheet } from '../../projects/sheet-files.ts';
import { toPreviewRow } from '../../projects/sheets-service.ts';
import { FAMILY, todayOf, type Actor, type VehiclesContext } from '../context.ts';
import * as repo from '../repo.ts';
import { toVehicle } from '../view.ts';
import type { Viewer } from '../../attachments/service.ts';

function requireFacts(input: VehicleInput, today: string): VehicleFacts {
  const checked = checkVehicle(input, today);
  const first = checked.errors[0];
  if (first !== undefined || checked.value === null) throw refused(first?.message ?? MSG.badRequest);
  return checked.value;
}

/** The vehicle of the disposal that has this VIN or plate already, other than `exceptId`. */
function findRepeat(items: readonly repo.ItemRow[], facts: VehicleFacts, exceptId?: number) {
  return items.find(
    (item) => item.id !== exceptId && (item.vin === facts.vin || item.carNumber === facts.carNumber),
  );
}

/** GET /api/project/disposalApply/item/{id}: one vehicle with its files, as the viewer may see it. */
export async function showItem(ctx: VehiclesContext, viewer: Viewer, itemId: number) {
  const item = await repo.findItem(ctx.db, itemId);
  if (item === undefined) throw notFound();
  const { role } = await ctx.reach(viewer, item.projectId);
  const files =
    role === 'public'
      ? []
      : await ctx.attachments.listRelated(viewer, {
          dataClass: DISPOSAL_ITEM_DATA_CLASS,
          dataId: String(item.id),
        });
  const buyerName = await ctx.companyName(item.buyerCompanyId);
  return {
    ...toVehicle(item, role, { buyerName, recordId: null, taskId: null }),
    projectId: item.projectId,
    files,
  };
}

/** POST /api/project/disposalApply/item/save: a vehicle added to the caller's editable disposal. */
export async function saveItem(
  ctx: VehiclesContext,
  actor: Actor,
  input: VehicleInput & { projectId: number },
): Promise<{ id: number; version: number }> {
  const project = await ctx.projects.findEditable(actor, input.projectId, FAMILY);
  const facts = requireFacts(input, todayOf(ctx.clock.now()));
  return ctx.db.transaction(async (tx) => {
    // under the project's lock: two saves at once number their vehicles one after the other
    await ctx.projects.lockStatus(tx, project.id, 'update');
    const items = await repo.listItems(tx, project.id);
    if (items.length >= DISPOSAL_VEHICLES_MAX) {
      throw refused(formatMessage(MSG.vehicleTooMany, { max: DISPOSAL_VEHICLES_MAX }));
    }
    const repeat = findRepeat(items, facts);
    if (repeat !== undefined) throw refused(duplicateVehicleMessage(repeat));
    const [row] =
      (await repo.insertItems(tx, [
        {
          ...facts,
          projectId: project.id,
          companyId: project.companyId,
          no: await repo.nextItemNo(tx, project.id),
          state: 'registered',
          createdBy: actor.userId,
        },
      ])) ?? [];
    if (row === undefined) throw refused(duplicateVehicleMessage(facts));
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.item.create',
      result: 'ok',
      target: String(row.id),
      detail: { projectId: project.id, carNumber: facts.carNumber, vin: facts.vin },
    });
    return { id: row.id, version: row.version };
  });
}

/** The caller's vehicle of an editable disposal, or 404 / refused. */
async function findEditableItem(ctx: VehiclesContext, actor: Actor, itemId: number) {
  const item = await repo.findItem(ctx.db, itemId);
  if (item === undefined || item.companyId !== actor.companyId) throw notFound();
  await ctx.projects.findEditable(actor, item.projectId, FAMILY);
  return item;
}

/** POST /api/project/disposalApply/item/update/{id}: a vehicle of an editable disposal corrected. */
export async function updateItem(
  ctx: VehiclesContext,
  actor: Actor,
  itemId: number,
  input: VehicleInput & { version: number },
): Promise<{ id: number; version: number }> {
  const item = await findEditableItem(ctx, actor, itemId);
  if (item.version !== input.version) throw conflict();
  const facts = requireFacts(input, todayOf(ctx.clock.now()));
  return ctx.db.transaction(async (tx) => {
    // under the project's lock, as a save is: the repeat is judged on the vehicles as they stand
    await ctx.projects.lockStatus(tx, item.projectId, 'update');
    const repeat = findRepeat(await repo.listItems(tx, item.projectId), facts, item.id);
    if (repeat !== undefined) throw refused(duplicateVehicleMessage(repeat));
    const row = await repo.updateItem(tx, item.id, input.version, facts);
    if (row === undefined) throw conflict();
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.item.update',
      result: 'ok',
      target: String(row.id),
      detail: { projectId: item.projectId, carNumber: facts.carNumber, vin: facts.vin },
    });
    return { id: row.id, version: row.version };
  });
}

/** POST /api/project/disposalApply/item/delete/{id}: a vehicle taken off an editable disposal, with its files. */
export async function deleteItem(
  ctx: VehiclesContext,
  actor: Actor,
  itemId: number,
  version: number,
): Promise<{ id: number }> {
  const item = await findEditableItem(ctx, actor, itemId);
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteItem(tx, item.id, version))) throw conflict();
    await ctx.attachments.discardRecord(tx, { dataClass: DISPOSAL_ITEM_DATA_CLASS, dataId: String(item.id) });
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.item.delete',
      result: 'ok',
      target: String(item.id),
      detail: { projectId: item.projectId, carNumber: item.carNumber, vin: item.vin },
    });
    return { id: item.id };
  });
}

/** GET /api/project/motorVehicle/template: the import template. */
export async function buildTemplate(): Promise<{ fileName: string; bytes: Buffer }> {
  return { fileName: xlsxName(`${VEHICLE_SHEET.title}模板`), bytes: await buildSheetTemplate(VEHICLE_SHEET) };
}

type ImportInput = { projectId: number; uuid: string };

/**
 * The uploaded template of the caller's editable disposal, every row checked as a vehicle and against the
 * vehicles already listed and the rows above it.
 */
async function readImport(ctx: VehiclesContext, actor: Actor, input: ImportInput) {
  const project = await ctx.projects.findEditable(actor, input.projectId, FAMILY);
  const files = await ctx.attachments.listRelated(actor, {
    dataClass: PROJECT_DATA_CLASS,
    dataId: String(project.id),
  });
  const file = files.find((item) => item.uuid === input.uuid && item.tag === SHEET_IMPORT_TAG);
  if (file === undefined) throw notFound();
  if (!file.fileName.toLowerCase().endsWith('.xlsx')) throw refused(MSG.assetsFileInvalid);
  const download = await ctx.attachments.openDownload(actor, file.uuid, false);
  const today = todayOf(ctx.clock.now());
  const existing = await repo.listItems(ctx.db, project.id);
  const seen = new Set(existing.flatMap((item) => [item.vin, item.carNumber]));
  const rows = (await readSheet(download.stream, VEHICLE_SHEET)).map((row) => {
    const preview = toPreviewRow(row, VEHICLE_SHEET);
    const checked = checkVehicleRow(row.cells, today);
    const facts = checked.value;
    const errors = [...checked.errors];
    if (facts !== null && (seen.has(facts.vin) || seen.has(facts.carNumber))) {
      errors.push(duplicateVehicleMessage(facts));
    }
    if (facts !== null) seen.add(facts.vin).add(facts.carNumber);
    return { ...preview, errors, facts: errors.length === 0 ? facts : null };
  });
  return { project, existing, rows };
}

/** POST /api/project/motorVehicle/inputVehicleData/preview: the rows checked; nothing is stored. */
export async function previewImport(
  ctx: VehiclesContext,
  actor: Actor,
  input: ImportInput,
): Promise<SheetImportPreview> {
  const { rows } = await readImport(ctx, actor, input);
  const valid = rows.filter((row) => row.facts !== null).length;
  return {
    category: VEHICLE_SHEET.key,
    total: rows.length,
    valid,
    invalid: rows.length - valid,
    rows: rows.map(({ facts: _facts, ...row }) => row),
    problems: [],
  };
}

/** POST /api/project/motorVehicle/inputVehicleData: the good rows stored as vehicles, the bad ones counted. */
export async function importItems(
  ctx: VehiclesContext,
  actor: Actor,
  input: ImportInput,
): Promise<SheetImportResult> {
  const { project, existing, rows } = await readImport(ctx, actor, input);
  const good = rows.flatMap((row) => (row.facts === null ? [] : [row.facts]));
  if (good.length === 0) throw refused(MSG.assetsNothingValid);
  if (existing.length + good.length > DISPOSAL_VEHICLES_MAX) {
    throw refused(formatMessage(MSG.vehicleTooMany, { max: DISPOSAL_VEHICLES_MAX }));
  }
  return ctx.db.transaction(async (tx) => {
    await ctx.projects.lockStatus(tx, project.id, 'update');
    const first = await repo.nextItemNo(tx, project.id);
    const inserted = await repo.insertItems(
      tx,
      good.map((facts, index) => ({
        ...facts,
        projectId: project.id,
        companyId: project.companyId,
        no: first + index,
        state: 'registered' as const,
        createdBy: actor.userId,
      })),
    );
    // a vehicle saved meanwhile with one of the file's VINs or plates: nothing of the file is stored
    if (inserted === undefined) throw conflict();
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.item.import',
      result: 'ok',
      target: String(project.id),
      detail: { file: input.uuid, imported: good.length, skipped: rows.length - good.length },
    });
    return { imported: good.length, skipped: rows.length - good.length };
  });
}
