// 竞价规则 (POST /api/project/save/auction, GET /api/project/auction/{id}): the seller's rules for its project's hall
// — when the session should start, its mode, its free and timed periods, its starting price, increment and reserve
// price (保留价, no later than the rule's lead hours before the start). The owner or the
// member acting for it saves them while the project is a draft or disclosing and no hall is open; the exchange's
// 开启网络竞价 starts from them. Nobody else reaches them (404).
import {
  auctionRulesRefusal,
  dutchRefusal,
  MSG,
  reserveLeadRefusal,
  readProjectForm,
  type AuctionRules,
  type AuctionRulesForm,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { listingPriceOf } from '../../intentions/view.ts';
import type { Actor, BiddingDeps } from '../deps.ts';
import { isExchange } from '../hall.ts';
import * as repo from '../repo.ts';

type Viewer = Pick<Actor, 'companyId' | 'identityType'>;

const RULES_STATUSES: readonly string[] = ['draft', 'disclosing'];

/** POST /api/project/save/auction: the seller's rules, checked against its project; answers {id: projectId, version}. */
export async function saveAuctionRules(
  deps: BiddingDeps,
  actor: Actor,
  form: AuctionRulesForm,
): Promise<{ id: number; version: number }> {
  const { db, clock, audit, projects } = deps;
  const found = await projects.findById(form.projectId);
  if (found === undefined || !projects.isSellerSide(actor, found)) throw notFound();
  const now = clock.now();
  return db.transaction(async (tx) => {
    await projects.lockStatus(tx, found.id, 'share');
    const project = await projects.findById(found.id, tx);
    if (project === undefined) throw notFound();
    const { disposalMethod } = readProjectForm(project) as { disposalMethod?: unknown };
    if (disposalMethod === 'agreement') throw refused(MSG.auctionRulesNotAuction);
    if (!RULES_STATUSES.includes(project.status)) throw refused(MSG.auctionRulesStatus);
    const hall = await repo.findByProject(tx, project.id);
    if (hall !== undefined && hall.closedAt === null) throw refused(MSG.auctionRulesHallOpen);
    const refusal = auctionRulesRefusal(form, {
      status: project.status,
      disclosureEnd: project.disclosureEnd,
      listingPrice: listingPriceOf(project),
    });
    if (refusal !== null) throw refused(refusal);
    const dutch = form.mode === 'dutch' ? dutchRefusal(form) : null;
    if (dutch !== null) throw refused(dutch);
    if (Date.parse(form.startAt) <= now.getTime()) throw refused(MSG.biddingStartInvalid);
    const values = {
      startAt: new Date(form.startAt),
      freeSeconds: form.freeSeconds,
      timedSeconds: form.timedSeconds,
      restartsMax: form.mode === 'dynamic' ? form.restartsMax : null,
      startingPrice: form.startingPrice,
      increment: form.increment,
      mode: form.mode,
      reservePrice: form.reservePrice,
      updatedBy: actor.userId,
      updatedAt: now,
    };
    const current = await repo.lockRules(tx, project.id);
    if ((current?.version ?? 0) !== form.version) throw conflict();
    // the reserve set or moved (or the start moved closer to it) no later than the lead hours before the start
    const isReserveTouched =
      form.reservePrice !== (current?.reservePrice ?? null) ||
      (form.reservePrice !== null && current !== undefined && values.startAt < current.startAt);
    if (isReserveTouched) {
      const leadHours = await deps.dictionaries.ruleValue('reservePriceLeadHours', now, tx);
      const late = reserveLeadRefusal(values.startAt, now, leadHours);
      if (late !== null) throw refused(late);
    }
    const saved =
      current === undefined
        ? await repo.insertRules(tx, { projectId: project.id, ...values })
        : await repo.updateRules(tx, project.id, form.version, values);
    if (saved === undefined) throw conflict();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'bidding.rules',
      result: 'ok',
      target: String(project.id),
      detail: { ...values, startAt: form.startAt, updatedAt: undefined, version: saved.version },
    });
    return { id: project.id, version: saved.version };
  });
}

/** GET /api/project/auction/{id}: the rules saved, or null; to the seller's side and the exchange. */
export async function showAuctionRules(
  deps: BiddingDeps,
  viewer: Viewer,
  projectId: number,
): Promise<AuctionRules | null> {
  const project = await deps.projects.findById(projectId);
  if (project === undefined || !(deps.projects.isSellerSide(viewer, project) || isExchange(viewer)))
    throw notFound();
  const row = await repo.findRules(deps.db, projectId);
  if (row === undefined) return null;
  return {
    projectId,
    startAt: row.startAt.toISOString(),
    freeSeconds: row.freeSeconds,
    timedSeconds: row.timedSeconds,
    startingPrice: row.startingPrice,
    increment: row.increment,
    mode: row.mode,
    restartsMax: row.restartsMax,
    reservePrice: row.reservePrice,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
