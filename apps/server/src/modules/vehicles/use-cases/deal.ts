// The deal and the receipt: scrapped vehicles may only go to a qualified dismantler (报废机动车回收拆解企业, State
// Council order 715), so the exchange confirms a deal of listed vehicles only with a dismantler whose licence is in
// force, at a price not below each vehicle's listing; the dismantler, its licence still in force, applies to
// receive them (接收申请), which opens a dismantling record per vehicle (records.ts). The dismantler keeps its
// licence (number, issuing authority, validity, its scan) on its company.
import {
  checkLicence,
  checkReceiving,
  dealPriceRefusal,
  DISMANTLER_LICENCE_DATA_CLASS,
  DISMANTLER_LICENCE_TAG,
  formatDate,
  formatMessage,
  IDENTITY,
  isLicenceValidOn,
  MSG,
  stepPath,
  type DismantlerLicenceInput,
  type DismantlerLicenceView,
  type DisposalParty,
  type ReceivingInput,
  type VehicleDealInput,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import type { Viewer } from '../../attachments/service.ts';
import {
  disposalSubject,
  isExchange,
  platePublic,
  recordSubject,
  todayOf,
  type Actor,
  type VehiclesContext,
} from '../context.ts';
import * as repo from '../repo.ts';
import { closeIfDone } from './listing.ts';

/** GET /api/project/motorVehicle/dismantlers: the dismantlers whose licence is in force today, by name. */
export async function listDismantlers(ctx: VehiclesContext): Promise<DisposalParty[]> {
  const today = todayOf(ctx.clock.now());
  const parties: DisposalParty[] = [];
  for (const licence of await repo.listLicences(ctx.db)) {
    if (!isLicenceValidOn(licence, today)) continue;
    const company = await ctx.users.findCompany(licence.companyId);
    if (company?.identityType !== IDENTITY.disassembly) continue;
    parties.push({
      id: company.id,
      name: company.name,
      licenceNo: licence.licenceNo,
      validTo: licence.validTo,
    });
  }
  return parties.sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** POST /api/project/motorVehicle/dealConfirm: the exchange's deal of listed vehicles with a qualified dismantler. */
export async function confirmDeal(
  ctx: VehiclesContext,
  actor: Actor,
  input: VehicleDealInput,
): Promise<{ version: number }> {
  // a business rule, not the route's guard: the owner holds the same codes and is told who confirms the deal
  if (!isExchange(actor)) throw refused(MSG.vehicleDealExchangeOnly);
  const project = await ctx.findDisposalProject(input.projectId);
  const disposal = await repo.findDisposal(ctx.db, project.id);
  if (disposal === undefined || project.status !== 'disclosing') throw refused(MSG.vehicleDealNone);
  if (disposal.version !== input.version) throw conflict();
  const buyer = await ctx.users.findCompany(input.buyerCompanyId);
  if (buyer?.identityType !== IDENTITY.disassembly) throw refused(MSG.vehicleBuyerNotDismantler);
  const now = ctx.clock.now();
  await ctx.requireValidLicence(buyer.id, todayOf(now));
  const items = new Map((await repo.listItems(ctx.db, project.id)).map((item) => [item.id, item]));
  const dealt = input.vehicles.map((vehicle) => {
    const item = items.get(vehicle.id);
    if (item === undefined) throw notFound();
    if (item.state !== 'listed' || item.letterKind !== null || item.listingPrice === null) {
      throw refused(formatMessage(MSG.vehicleDealNotListed, { plate: platePublic(item) }));
    }
    const refusal = dealPriceRefusal(vehicle.dealPrice, item.listingPrice, item.carNumber);
    if (refusal !== null) throw refused(refusal);
    return { item, dealPrice: vehicle.dealPrice as number };
  });
  const who = await ctx.describe(actor);
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.updateDisposal(tx, project.id, input.version, {});
    if (saved === undefined) throw conflict();
    for (const { item, dealPrice } of dealt) {
      const row = await repo.updateItem(tx, item.id, item.version, {
        state: 'dealt',
        buyerCompanyId: buyer.id,
        dealPrice,
        dealtAt: now,
      });
      if (row === undefined) throw conflict();
    }
    await ctx.projects.lockStatus(tx, project.id, 'update');
    const current = await ctx.findDisposalProject(project.id, tx);
    await closeIfDone(ctx, tx, current, who, now);
    // one receiving task per dismantler and disposal: a second deal with it joins the one still open
    const open = await ctx.tasks.listOpenOf(
      disposalSubject(project.id),
      { companyId: buyer.id, identityType: IDENTITY.disassembly },
      tx,
    );
    if (open.length === 0) {
      await ctx.tasks.open(
        tx,
        {
          ...disposalSubject(project.id),
          step: 'vehicleReceiving',
          projectId: project.id,
          companyId: project.companyId,
          type: 'Aon',
          routeName: 'disposalReceivingAon',
          routeQuery: { projectId: project.id },
          assignee: { companyId: buyer.id },
        },
        now,
      );
    }
    await ctx.logEvent(tx, {
      projectId: project.id,
      event: 'vehicleDealt',
      actor: who,
      reason: `${buyer.name}：${dealt.length}辆`,
      at: now,
    });
    const params = { project: project.name, count: dealt.length };
    await ctx.tell(tx, {
      companyId: buyer.id,
      kind: 'vehicle.deal',
      title: MSG.vehicleDealTitle,
      body: MSG.vehicleDealBody,
      params,
      link: stepPath('disposalReceivingAon', { projectId: project.id }, 'motorVehicle'),
      at: now,
    });
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.deal.confirm',
      result: 'ok',
      target: String(project.id),
      detail: {
        buyer: buyer.id,
        vehicles: dealt.map(({ item, dealPrice }) => ({ id: item.id, dealPrice })),
      },
    });
    return { version: saved.version };
  });
}

/**
 * POST /api/project/motorVehicle/receiving: the dismantler, its licence in force, receives the vehicles dealt to
 * it and not yet received; each gets its dismantling record, waiting in the dismantler's 待办任务.
 */
export async function submitReceiving(
  ctx: VehiclesContext,
  actor: Actor,
  input: ReceivingInput,
): Promise<{ version: number }> {
  const { project, disposal, items, role } = await ctx.reach(actor, input.projectId);
  if (role !== 'dismantler' || disposal === undefined) throw notFound();
  if (disposal.version !== input.version) throw conflict();
  const waiting = items.filter((item) => item.state === 'dealt' && item.buyerCompanyId === actor.companyId);
  if (waiting.length === 0) throw refused(MSG.vehicleReceivingNone);
  const now = ctx.clock.now();
  const licence = await ctx.requireValidLicence(actor.companyId, todayOf(now));
  const earliest = waiting
    .map((item) => (item.dealtAt === null ? '' : formatDate(item.dealtAt)))
    .reduce((a, b) => (a > b ? a : b), '');
  const checked = checkReceiving(input, earliest);
  if (checked.message !== null) throw refused(checked.message);
  const who = await ctx.describe(actor);
  const dismantler = who.actorCompanyName;
  return ctx.db.transaction(async (tx) => {
    const saved = await repo.updateDisposal(tx, project.id, input.version, {});
    if (saved === undefined) throw conflict();
    const receiving = await repo.insertReceiving(tx, {
      ...checked.value,
      projectId: project.id,
      companyId: actor.companyId,
      licenceNo: licence.licenceNo,
      submittedBy: actor.userId,
      submittedAt: now,
    });
    for (const item of waiting) {
      const row = await repo.updateItem(tx, item.id, item.version, {
        state: 'received',
        receivingId: receiving.id,
        receivedAt: now,
      });
      if (row === undefined) throw conflict();
    }
    const records = await repo.insertRecords(
      tx,
      waiting.map((item) => ({
        itemId: item.id,
        projectId: project.id,
        companyId: actor.companyId,
        status: 'editing' as const,
      })),
    );
    for (const record of records) {
      await ctx.tasks.open(
        tx,
        {
          ...recordSubject(record.id),
          step: 'recordEntry',
          projectId: project.id,
          companyId: project.companyId,
          type: 'Aon',
          routeName: 'disposalBreakup',
          routeQuery: { id: record.id },
          assignee: { companyId: actor.companyId },
        },
        now,
      );
    }
    await ctx.closeTasksOf(tx, disposalSubject(project.id), actor, {
      result: 'received',
      decider: actor,
      at: now,
    });
    await ctx.logEvent(tx, {
      projectId: project.id,
      event: 'vehicleReceived',
      actor: who,
      reason: `${dismantler}：${waiting.length}辆，${checked.value.receiveDate}`,
      at: now,
    });
    await ctx.tell(tx, {
      companyId: project.companyId,
      kind: 'vehicle.deal',
      title: MSG.vehicleReceivedTitle,
      body: MSG.vehicleReceivedBody,
      params: {
        project: project.name,
        company: dismantler,
        date: checked.value.receiveDate,
        count: waiting.length,
      },
      link: `/index/vehicleShowProject?id=${project.id}`,
      at: now,
    });
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.receiving.submit',
      result: 'ok',
      target: String(project.id),
      detail: {
        receiving: receiving.id,
        vehicles: waiting.map((item) => item.id),
        licence: licence.licenceNo,
      },
    });
    return { version: saved.version };
  });
}

const licenceRecord = (companyId: number) => ({
  dataClass: DISMANTLER_LICENCE_DATA_CLASS,
  dataId: String(companyId),
});

function requireDismantler(viewer: Pick<Viewer, 'identityType'>): void {
  if (viewer.identityType !== IDENTITY.disassembly) throw notFound();
}

/** GET /api/project/motorVehicle/licence: the caller's own licence (none yet: empty, version 0). */
export async function showLicence(ctx: VehiclesContext, viewer: Viewer): Promise<DismantlerLicenceView> {
  requireDismantler(viewer);
  const [licence, files] = await Promise.all([
    repo.findLicence(ctx.db, viewer.companyId),
    ctx.attachments.listRelated(viewer, licenceRecord(viewer.companyId)),
  ]);
  return {
    licenceNo: licence?.licenceNo ?? '',
    issuer: licence?.issuer ?? '',
    validFrom: licence?.validFrom ?? '',
    validTo: licence?.validTo ?? '',
    isValid: licence !== undefined && isLicenceValidOn(licence, todayOf(ctx.clock.now())),
    version: licence?.version ?? 0,
    files: files.filter((file) => file.tag === DISMANTLER_LICENCE_TAG),
  };
}

/** POST /api/project/motorVehicle/licence: the dismantler records (or renews) its licence, its scan uploaded. */
export async function saveLicence(
  ctx: VehiclesContext,
  actor: Actor,
  input: DismantlerLicenceInput,
): Promise<{ version: number }> {
  requireDismantler(actor);
  const checked = checkLicence(input);
  if (checked.message !== null) throw refused(checked.message);
  const files = await ctx.attachments.listUploadedBy(
    licenceRecord(actor.companyId),
    actor.companyId,
    DISMANTLER_LICENCE_TAG,
  );
  if (files.length === 0) throw refused(MSG.vehicleLicenceFileRequired);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.saveLicence(tx, input.version, {
      ...checked.value,
      companyId: actor.companyId,
      updatedBy: actor.userId,
    });
    if (row === undefined) throw conflict();
    await ctx.audit.append(tx, {
      ...toAuditActor(actor),
      action: 'vehicle.licence.save',
      result: 'ok',
      target: String(actor.companyId),
      detail: { ...checked.value, files: files.map((file) => file.uuid) },
    });
    return { version: row.version };
  });
}
