// A vehicle's listing (挂牌) and its revocation (撤销挂牌): the owner e-signs the letter waiting on a vehicle, alone
// (signature) or the listing letters of many vehicles with one SMS code in one call (signatureAndSubmit, its
// tasks found by GET /api/task/batch/tasks/motorVehicle/hangingTag). A batch is one transaction: every vehicle is
// judged before anything is signed, and one that cannot be signed (its task handled, its letter replaced, another
// company's) refuses the whole batch, nothing signed. A signed listing lists the vehicle (the first starts the
// disposal's disclosure period); a signed revocation withdraws it.
import {
  addWorkdays,
  composeVehicleLetter,
  DISPOSAL_ITEM_DATA_CLASS,
  formatChineseDate,
  formatDate,
  formatDateTime,
  formatMessage,
  HANGING_TAG_LETTER_TAG,
  MSG,
  readProjectForm,
  REVOKE_LETTER_TAG,
  VEHICLE_FINAL_STATES,
  VEHICLE_LETTER_ACTIONS,
  VEHICLE_LETTER_TAG,
  VEHICLE_LETTER_TITLES,
  type SignRequest,
  type VehicleLetterKind,
} from '@cqjy/domain';
import { BATCH_TASKS_MAX } from '@cqjy/domain/contracts/workflow';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { bindingOf, waitingLetter, type LetterToSign } from '../../signatures/seal-letter.ts';
import type { ProjectRow } from '../../projects/service.ts';
import type { TaskRowDb } from '../../tasks/service.ts';
import { isOpenFor } from '../../tasks/service.ts';
import { drawLetter } from '../letters.ts';
import { itemSubject, platePublic, type Actor, type VehiclesContext } from '../context.ts';
import * as repo from '../repo.ts';
import { factsOf } from '../view.ts';

/** The state a vehicle waits in for each letter. */
const WAITS_IN: Record<VehicleLetterKind, repo.ItemRow['state']> = {
  hangingTag: 'confirmed',
  revoke: 'listed',
};

type Signable = { item: repo.ItemRow; kind: VehicleLetterKind; letter: LetterToSign };

/** The caller's vehicle with a letter waiting for its signature; another company's: 404. */
function signableOf(actor: Actor, item: repo.ItemRow | undefined): Signable {
  if (item === undefined || item.companyId !== actor.companyId) throw notFound();
  const kind = item.letterKind;
  if (kind === null || item.state !== WAITS_IN[kind]) throw refused(MSG.vehicleNotSignable);
  return { item, kind, letter: waitingLetter(item, MSG.vehicleNotSignable) };
}

async function findSignables(ctx: VehiclesContext, actor: Actor, itemIds: readonly number[]) {
  const unique = [...new Set(itemIds)];
  const items = await repo.findItems(ctx.db, unique);
  const byId = new Map(items.map((item) => [item.id, item]));
  return unique.map((id) => signableOf(actor, byId.get(id)));
}

/** POST /api/project/motorVehicle/sign/otp: the code to the caller's mobile, bound to those letters as drawn. */
export async function sendSignCode(
  ctx: VehiclesContext,
  actor: Actor,
  itemIds: readonly number[],
): Promise<{ isSent: boolean }> {
  const signables = await findSignables(ctx, actor, itemIds);
  return ctx.letterSigning.sendCode(actor, bindingOf(signables.map((each) => each.letter)));
}

/** POST /api/project/motorVehicle/sign/otp/check: the code checked against those letters, not used up. */
export async function checkSignCode(
  ctx: VehiclesContext,
  actor: Actor,
  itemIds: readonly number[],
  code: string,
): Promise<void> {
  const signables = await findSignables(ctx, actor, itemIds);
  await ctx.letterSigning.checkCode(actor, bindingOf(signables.map((each) => each.letter)), code);
}

/** The vehicle's open task for its letter, the caller's; anything else 404 (handled meanwhile: 409). */
function taskOf(task: TaskRowDb | undefined, actor: Actor, item: repo.ItemRow): TaskRowDb {
  if (task === undefined || task.subject !== 'vehicleItem' || task.subjectId !== item.id) throw notFound();
  if (!isOpenFor(actor, task)) throw conflict(MSG.workflowTaskHandled);
  return task;
}

/** POST /api/project/motorVehicle/signature: one vehicle's waiting letter signed. */
export async function signOne(
  ctx: VehiclesContext,
  actor: Actor,
  request: SignRequest,
): Promise<{ id: number; version: number }> {
  const [signable] = await findSignables(ctx, actor, [request.dataId]);
  if (signable === undefined) throw notFound();
  const task = taskOf(await ctx.tasks.find(request.task.id), actor, signable.item);
  const [row] = await signAll(ctx, actor, [{ ...signable, task }], request.otp);
  if (row === undefined) throw conflict();
  return { id: row.id, version: row.version };
}

/**
 * POST /api/project/motorVehicle/signatureAndSubmit: the listing letters of the tasks' vehicles signed with one
 * code, all or none.
 */
export async function signatureAndSubmit(
  ctx: VehiclesContext,
  actor: Actor,
  input: { taskIds: readonly number[]; otp: string },
): Promise<{ count: number }> {
  const taskIds = [...new Set(input.taskIds)];
  if (taskIds.length > BATCH_TASKS_MAX) {
    throw refused(formatMessage(MSG.vehicleBatchTooMany, { max: BATCH_TASKS_MAX }));
  }
  const tasks = await ctx.tasks.findMany(taskIds);
  // another company's task answers as one that does not exist, before anything is said about what it is
  if (tasks.length !== taskIds.length || !tasks.every((task) => task.companyId === actor.companyId)) {
    throw notFound();
  }
  if (
    !tasks.every(
      (task) => task.subject === 'vehicleItem' && task.action === VEHICLE_LETTER_ACTIONS.hangingTag,
    )
  ) {
    throw refused(MSG.vehicleBatchMixed);
  }
  const byTask = new Map(tasks.map((task) => [task.id, task]));
  const signables = await findSignables(
    ctx,
    actor,
    taskIds.map((id) => byTask.get(id)?.subjectId ?? 0),
  );
  if (signables.length !== taskIds.length) throw refused(MSG.vehicleBatchMixed);
  const batch = signables.map((signable, i) => ({
    ...signable,
    task: taskOf(byTask.get(taskIds[i] ?? 0), actor, signable.item),
  }));
  if (!batch.every((each) => each.kind === 'hangingTag')) throw refused(MSG.vehicleBatchMixed);
  return { count: (await signAll(ctx, actor, batch, input.otp)).length };
}

/**
 * Signs the letters with one code and, in one transaction, files the signed copies, closes the tasks and moves the
 * vehicles (listed, or withdrawn) and the project (disclosing at the first listing; closed once no vehicle is left
 * to dispose of). A vehicle that moved meanwhile refuses everything (409): the signed bytes stay unreferenced and
 * the housekeeping purges them.
 */
async function signAll(
  ctx: VehiclesContext,
  actor: Actor,
  batch: readonly (Signable & { task: TaskRowDb })[],
  otp: string,
): Promise<repo.ItemRow[]> {
  const first = batch[0];
  if (first === undefined) throw refused(MSG.vehicleBatchEmpty);
  const projectIds = new Set(batch.map((each) => each.item.projectId));
  const who = await ctx.describe(actor);
  const now = ctx.clock.now();
  const stored = await ctx.letterSigning.signMany(
    actor,
    batch.map((each) => each.letter),
    { code: otp, reason: VEHICLE_LETTER_TITLES[first.kind], name: who.actorCompanyName, at: now },
  );
  return ctx.db.transaction(async (tx) => {
    const rows: repo.ItemRow[] = [];
    for (const [i, { item, kind, task }] of batch.entries()) {
      const closed = await ctx.tasks.closeOne(tx, task.id, { result: 'signed', decider: actor, at: now });
      if (closed === undefined) throw conflict(MSG.workflowTaskHandled);
      const signed = stored[i];
      if (signed === undefined) throw conflict();
      await ctx.attachments.recordPdf(tx, {
        stored: signed,
        fileName: `${VEHICLE_LETTER_TITLES[kind]}（${platePublic(item)}，已签章）.pdf`,
        tag: kind === 'hangingTag' ? HANGING_TAG_LETTER_TAG : REVOKE_LETTER_TAG,
        record: { dataClass: DISPOSAL_ITEM_DATA_CLASS, dataId: String(item.id) },
        companyId: item.companyId,
        createdBy: actor.userId,
      });
      const row = await repo.updateItem(tx, item.id, item.version, {
        ...(kind === 'hangingTag'
          ? { state: 'listed' as const, listedAt: now }
          : { state: 'withdrawn' as const }),
        letterKind: null,
        letterId: null,
        letterSha256: null,
        letterLayout: null,
      });
      if (row === undefined) throw conflict();
      rows.push(row);
    }
    for (const projectId of projectIds) {
      const signed = rows.filter((row) => row.projectId === projectId);
      const project = await followSignatures(ctx, tx, projectId, who, now);
      await ctx.logEvent(tx, {
        projectId,
        event: first.kind === 'hangingTag' ? 'vehicleListed' : 'vehicleRevoked',
        actor: who,
        reason:
          first.kind === 'hangingTag'
            ? `${signed.length}辆`
            : `${signed.map(platePublic).join('、')}：${signed[0]?.revokeReason ?? ''}`,
        at: now,
      });
      if (first.kind === 'hangingTag' && project.disclosureEnd !== null) {
        const exchangeId = await ctx.users.findExchangeCompanyId(tx);
        if (exchangeId !== null) {
          await ctx.tell(tx, {
            companyId: exchangeId,
            kind: 'vehicle.listed',
            title: MSG.vehicleListedTitle,
            body: MSG.vehicleListedBody,
            params: {
              project: project.name,
              count: signed.length,
              end: formatDateTime(project.disclosureEnd),
            },
            link: `/index/vehicleShowProject?id=${project.id}`,
            at: now,
          });
        }
      }
    }
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: first.kind === 'hangingTag' ? 'vehicle.listing.sign' : 'vehicle.revoke.sign',
      result: 'ok',
      target: [...projectIds].join(','),
      detail: { items: rows.map((row) => row.id), tasks: batch.map((each) => each.task.id) },
    });
    return rows;
  });
}

/**
 * The project after its vehicles' signatures (in their transaction): the first listing starts its disclosure
 * period (the application's listing days, in working days); once no vehicle is left to dispose of, it is dealt or
 * closed as the others' course says (closeIfDone).
 */
async function followSignatures(ctx: VehiclesContext, tx: Db, projectId: number, who: Decider, now: Date) {
  await ctx.projects.lockStatus(tx, projectId, 'update');
  const project = await ctx.findDisposalProject(projectId, tx);
  if (project.status === 'appraising') {
    const days = Number(readProjectForm(project).disclosureDays ?? 0);
    const listed = await ctx.projects.updateGuarded(tx, project.id, project.version, {
      status: 'disclosing',
      disclosureStart: now,
      disclosureEnd: addWorkdays(now, days).date,
    });
    if (listed === undefined) throw conflict();
    return listed;
  }
  return (await closeIfDone(ctx, tx, project, who, now)) ?? project;
}

/** Who moved the vehicles, as the process log names them. */
type Decider = Awaited<ReturnType<VehiclesContext['describe']>>;

/**
 * The project once its vehicles moved (in their transaction): closed when every vehicle is dismantled or withdrawn
 * (at least one dismantled), dealt when none is left to sell; unchanged otherwise. Answers the changed row.
 */
export async function closeIfDone(
  ctx: VehiclesContext,
  tx: Db,
  project: ProjectRow,
  who: Decider,
  now: Date,
): Promise<ProjectRow | undefined> {
  const items = await repo.listItems(tx, project.id);
  const isFinal = items.every((item) => VEHICLE_FINAL_STATES.includes(item.state));
  const isSold = items.every(
    (item) => !['registered', 'appraised', 'confirmed', 'listed'].includes(item.state),
  );
  const hasDismantled = items.some((item) => item.state === 'dismantled');
  const status = isFinal && hasDismantled ? 'closed' : isSold && items.length > 0 ? 'dealt' : null;
  if (status === null || status === project.status) return undefined;
  // a disposal whose every vehicle was withdrawn ends unsold: terminated, with nothing dealt
  const next = isFinal && !hasDismantled ? 'terminated' : status;
  const changed = await ctx.projects.updateGuarded(tx, project.id, project.version, { status: next });
  if (changed === undefined) throw conflict();
  if (next === 'closed') {
    await ctx.logEvent(tx, {
      projectId: project.id,
      event: 'vehicleClosed',
      actor: who,
      reason: '',
      at: now,
    });
    await ctx.tell(tx, {
      companyId: project.companyId,
      kind: 'vehicle.dismantled',
      title: MSG.vehicleClosedTitle,
      body: MSG.vehicleClosedBody,
      params: { project: project.name },
      link: `/index/vehicleShowProject?id=${project.id}`,
      at: now,
    });
  }
  return changed;
}

/** POST /api/project/motorVehicle/revoke: the revocation letter of a listed vehicle drawn for its signature. */
export async function revoke(
  ctx: VehiclesContext,
  actor: Actor,
  input: { itemId: number; version: number; reason: string },
): Promise<{ id: number; version: number }> {
  const item = await repo.findItem(ctx.db, input.itemId);
  if (item === undefined || item.companyId !== actor.companyId) throw notFound();
  if (item.version !== input.version) throw conflict();
  if (item.state !== 'listed' || item.letterKind !== null || item.listingPrice === null) {
    throw refused(MSG.vehicleRevokeNotListed);
  }
  const project = await ctx.findDisposalProject(item.projectId);
  const reason = input.reason.trim();
  const now = ctx.clock.now();
  const [who, exchange] = [await ctx.describe(actor), await ctx.users.findExchangeName()];
  const letter = await drawLetter(
    ctx.attachments,
    composeVehicleLetter({
      kind: 'revoke',
      project,
      vehicle: { ...factsOf(item), listingPrice: item.listingPrice },
      listingDays: 0,
      reason,
      applicant: who.actorCompanyName,
      exchange,
      day: formatDate(now),
      dayLabel: formatChineseDate(now),
    }),
  );
  return ctx.db.transaction(async (tx) => {
    const file = await ctx.attachments.recordPdf(tx, {
      stored: letter.stored,
      fileName: `${VEHICLE_LETTER_TITLES.revoke}（${platePublic(item)}）.pdf`,
      tag: VEHICLE_LETTER_TAG,
      record: { dataClass: DISPOSAL_ITEM_DATA_CLASS, dataId: String(item.id) },
      companyId: item.companyId,
      createdBy: actor.userId,
    });
    const row = await repo.updateItem(tx, item.id, input.version, {
      letterKind: 'revoke',
      letterId: file.uuid,
      letterSha256: letter.sha256,
      letterLayout: letter.layout,
      revokeReason: reason,
    });
    if (row === undefined) throw conflict();
    await ctx.tasks.open(
      tx,
      {
        ...itemSubject(item.id),
        step: 'vehicleRevoke',
        action: VEHICLE_LETTER_ACTIONS.revoke,
        projectId: item.projectId,
        companyId: item.companyId,
        type: 'EicSre',
        routeName: 'vehicleRevokeEicSre',
        routeQuery: { id: item.id },
        assignee: { companyId: item.companyId },
      },
      now,
    );
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.revoke.apply',
      result: 'ok',
      target: String(item.id),
      detail: { projectId: item.projectId, reason },
    });
    return { id: row.id, version: row.version };
  });
}
