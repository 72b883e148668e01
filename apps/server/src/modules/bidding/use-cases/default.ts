// When a winner defaults (违约): the exchange records it while the deal waits for its contract; the winner loses the
// deal (disqualified) and its deposit (forfeited, with the reason; barred from the owner's projects when asked), and
// the deal is offered to the next highest bidder at its own highest bid (递补, the domain's offerCandidates). The
// bidder's member accepts (the deal at that price, 待签约 again) or declines within the rule parameter
// biddingOfferDays (unanswered, the housekeeping counts it declined: 逾期); a decline passes the offer on, and when
// nobody is left above the reserve the project is unsold (流拍) and may be disclosed again. Each step locks the
// hall's row, so two defaults or two answers at once are judged one after the other: the second is refused. The
// process log says why at every step.
import {
  BIDDING_OFFER_ANSWER_LABELS,
  biddingHallPath,
  canDepositStep,
  depositStateOf,
  formatDate,
  formatDateTime,
  formatFen,
  formatMessage,
  MSG,
  offerCandidates,
  addCalendarDays,
  type BiddingHall,
} from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { SYSTEM_ACTOR, toAuditActor, type AuditActor } from '../../../platform/audit.ts';
import { conflict, notFound, refused } from '../../../platform/errors.ts';
import { moveAfterDeal, revokeDeal, settleOffer } from '../../intentions/settle.ts';
import type { ProjectEventInput } from '../../workflow/process-log.ts';
import type { Actor, HallDeps } from '../deps.ts';
import { canSee, isDealOpen, isExchange, load, publish, toHall } from '../hall.ts';
import * as repo from '../repo.ts';
import { markUnsold } from './close.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Who a step is recorded for: the audit's actor and the process log's (null: the server by its clock). */
type StepActor = { audit: AuditActor; log: ProjectEventInput['actor'] };

async function stepActorOf(deps: HallDeps, actor: Actor): Promise<StepActor> {
  return {
    audit: toAuditActor(actor),
    log: { userId: actor.userId, ...(await deps.processLog.describeActor(actor)) },
  };
}

/**
 * The deal offered to the best bidder still eligible (none defaulted or offered before, its bid meeting the
 * reserve), its member told; or, with nobody left, the project unsold. Answers the process log's line of it (the
 * owner's notice repeats it).
 */
async function offerNext(
  deps: HallDeps,
  tx: Db,
  item: repo.HallItem,
  at: Date,
  actor: StepActor,
): Promise<string> {
  const { processLog, notifications, dictionaries } = deps;
  const bidders = await repo.listBidders(tx, item.id);
  const offers = await repo.listOffers(tx, item.id);
  const excluded = new Set([
    ...offers.map((offer) => offer.registrationId),
    ...bidders.filter((bidder) => bidder.status !== 'lost').map((bidder) => bidder.registrationId),
  ]);
  const [next] = offerCandidates(await repo.listBids(tx, item.id), item.reservePrice, excluded);
  const bidder = bidders.find((row) => row.registrationId === next?.registrationId);
  if (next === undefined || bidder === undefined) {
    await markUnsold(deps, tx, item.projectId, at, MSG.dealLogNoOffer);
    return MSG.dealLogNoOffer;
  }
  await moveAfterDeal(tx, bidder.registrationId, 'offer', at);
  const days = await dictionaries.ruleValue('biddingOfferDays', at, tx);
  // on a sandbox clock the term runs as fast as the hall did
  const answerBy = new Date(at.getTime() + Math.round((days * DAY_MS) / item.sandboxSpeed));
  await repo.insertOffer(tx, {
    biddingId: item.id,
    registrationId: bidder.registrationId,
    bidderNo: bidder.bidderNo,
    price: next.amount,
    offeredAt: at,
    answerBy,
  });
  const params = {
    project: item.projectName,
    name: bidder.name,
    bidderNo: bidder.bidderNo,
    price: formatFen(next.amount),
    answerBy: formatDateTime(answerBy),
  };
  const reason = formatMessage(MSG.dealLogOffer, params);
  await processLog.recordProjectEvent(tx, {
    projectId: item.projectId,
    event: 'biddingOffered',
    reason,
    actor: actor.log,
    at,
  });
  await notifications.raise(tx, {
    companyId: bidder.companyId,
    kind: 'bidding.result',
    title: formatMessage(MSG.biddingOfferTitle, params),
    body: formatMessage(MSG.biddingOfferBody, params),
    link: biddingHallPath(item.id),
  });
  return reason;
}

/** The owner told what became of its deal (`next`: the offer, or 流拍). */
async function tellOwner(deps: HallDeps, tx: Db, item: repo.HallItem, next: string): Promise<void> {
  await deps.notifications.raise(tx, {
    companyId: item.ownerCompanyId,
    kind: 'bidding.result',
    title: formatMessage(MSG.biddingResultTitle, { project: item.projectName }),
    body: formatMessage(MSG.biddingDefaultOwnerBody, { project: item.projectName, next }),
    link: biddingHallPath(item.id),
  });
}

/** The hall's change counted (its watchers follow it) and audited; answers the row to publish. */
async function touchHall(
  deps: HallDeps,
  tx: Db,
  item: repo.HallItem,
  at: Date,
  action: string,
  actor: AuditActor,
  detail: Record<string, unknown>,
): Promise<repo.HallRow> {
  const row = await repo.updateHall(tx, item.id, { updatedAt: at });
  if (row === undefined) throw conflict();
  await deps.audit.append(tx, {
    ...actor,
    action,
    result: 'ok',
    target: String(item.id),
    detail: { projectId: item.projectId, ...detail },
  });
  return row;
}

/** The hall as the caller sees it after a step, its watchers told. */
async function answerHall(deps: HallDeps, actor: Actor, row: repo.HallRow): Promise<BiddingHall> {
  await publish(deps, row);
  const loaded = await load(deps.db, row.id);
  if (loaded === undefined) throw notFound();
  return toHall(loaded, deps.clock.now(), actor);
}

/** POST /api/bidding/default/{id}: the exchange records the winner's default; the deal offered on, or 流拍. */
export async function defaultWinner(
  deps: HallDeps,
  actor: Actor,
  id: number,
  input: { version: number; reason: string; isBarred: boolean },
): Promise<BiddingHall> {
  const { db, clock, projects, processLog, notifications, intentions, dictionaries } = deps;
  if (!isExchange(actor)) throw notFound();
  const now = clock.now();
  const who = await stepActorOf(deps, actor);
  const barDays = input.isBarred ? await dictionaries.ruleValue('depositBarDays', now) : 0;
  // the bar counts calendar days from today (+08:00), today the first of them
  const barUntil = barDays > 0 ? formatDate(addCalendarDays(now, barDays - 1)) : null;
  const row = await db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, id);
    if (item === undefined) throw notFound();
    if (item.version !== input.version) throw conflict();
    if (!isDealOpen(item)) throw refused(MSG.biddingDefaultNotAllowed);
    const { deal, registration } = await revokeDeal(tx, item.projectId, id, { projects, at: now });
    const defaulter = (await repo.listBidders(tx, id)).find(
      (bidder) => bidder.registrationId === deal.registrationId,
    );
    if (defaulter === undefined) throw refused(MSG.biddingDefaultNotAllowed);
    // its deposit kept (a deal of a project asking none has nothing to forfeit)
    let depositState = depositStateOf(registration);
    if (canDepositStep('forfeit', depositState)) {
      const step = {
        step: 'forfeit' as const,
        reason: input.reason,
        version: registration.version,
        barUntil,
      };
      depositState = (await intentions.takeLedgerStep(who.audit, registration.id, step, tx)).depositState;
    }
    const params = {
      project: item.projectName,
      name: defaulter.name,
      bidderNo: defaulter.bidderNo,
      reason: input.reason,
    };
    await processLog.recordProjectEvent(tx, {
      projectId: item.projectId,
      event: 'biddingDefault',
      reason: formatMessage(MSG.dealLogDefault, params),
      actor: who.log,
      at: now,
    });
    await notifications.raise(tx, {
      companyId: defaulter.companyId,
      kind: 'bidding.result',
      title: formatMessage(MSG.biddingDefaultedTitle, params),
      body: formatMessage(MSG.biddingDefaultedBody, params),
      link: biddingHallPath(id),
    });
    const next = await offerNext(deps, tx, item, now, who);
    await tellOwner(deps, tx, item, next);
    return touchHall(deps, tx, item, now, 'bidding.default', who.audit, {
      registrationId: defaulter.registrationId,
      bidderNo: defaulter.bidderNo,
      dealPrice: deal.dealPrice,
      reason: input.reason,
      depositState,
      barUntil,
      next,
    });
  });
  return answerHall(deps, actor, row);
}

/**
 * The open offer passed on: declined by its bidder's member, or its term run out (the housekeeping's); the
 * registration is out of the race again (its deposit owed back), and the next bidder is offered the deal.
 */
async function passOn(
  deps: HallDeps,
  tx: Db,
  item: repo.HallItem,
  offer: repo.OfferRow,
  answer: 'declined' | 'expired',
  at: Date,
  actor: StepActor,
): Promise<repo.HallRow> {
  const answered = await repo.answerOffer(tx, offer.id, { answer, at, by: actor.audit.operatorId });
  if (answered === undefined) throw conflict();
  const registration = await moveAfterDeal(tx, offer.registrationId, 'declineOffer', at);
  await deps.processLog.recordProjectEvent(tx, {
    projectId: item.projectId,
    event: 'biddingOfferDeclined',
    reason: formatMessage(MSG.dealLogOfferDeclined, {
      name: registration.name,
      bidderNo: offer.bidderNo,
      answer: BIDDING_OFFER_ANSWER_LABELS[answer],
    }),
    actor: actor.log,
    at,
  });
  const next = await offerNext(deps, tx, item, at, actor);
  await tellOwner(deps, tx, item, next);
  const action = answer === 'expired' ? 'bidding.offerExpired' : 'bidding.offer';
  return touchHall(deps, tx, item, at, action, actor.audit, {
    registrationId: offer.registrationId,
    answer,
    next,
  });
}

/**
 * POST /api/bidding/offer/{id}: the member of the offered bidder answers, before the term ends. Accepted: the deal at
 * the bidder's price (the project 待签约, the owner told). Declined: passed on.
 */
export async function answerOffer(
  deps: HallDeps,
  actor: Actor,
  id: number,
  input: { registrationId: number; isAccepted: boolean },
): Promise<BiddingHall> {
  const { db, clock, projects, processLog, notifications, audit } = deps;
  const now = clock.now();
  const who = await stepActorOf(deps, actor);
  const row = await db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, id);
    if (item === undefined) throw notFound();
    const bidders = await repo.listBidders(tx, id);
    if (!canSee(actor, { item, bidders, bids: [], proxies: [], offers: [] })) throw notFound();
    const bidder = bidders.find(
      (row) => row.registrationId === input.registrationId && row.companyId === actor.companyId,
    );
    const offer = (await repo.listOffers(tx, id)).find(
      (row) => row.answer === null && row.registrationId === bidder?.registrationId,
    );
    if (bidder === undefined || offer === undefined) throw refused(MSG.biddingOfferNotOpen);
    if (offer.answerBy.getTime() <= now.getTime()) throw refused(MSG.biddingOfferLate);
    if (!input.isAccepted) return passOn(deps, tx, item, offer, 'declined', now, who);
    const answered = await repo.answerOffer(tx, offer.id, {
      answer: 'accepted',
      at: now,
      by: actor.operatorId,
    });
    if (answered === undefined) throw conflict();
    const dealResult = await settleOffer(
      tx,
      item.projectId,
      bidder.registrationId,
      { source: 'bidding', dealPrice: offer.price, biddingId: id, bidderNo: bidder.bidderNo, decidedAt: now },
      { notifications, projects, processLog, audit, at: now, actor: who.audit, logActor: who.log },
    );
    await notifications.raise(tx, {
      companyId: item.ownerCompanyId,
      kind: 'bidding.result',
      title: formatMessage(MSG.biddingResultTitle, { project: item.projectName }),
      body: formatMessage(MSG.biddingResultOwnerBody, {
        project: item.projectName,
        name: bidder.name,
        price: formatFen(offer.price),
      }),
      link: biddingHallPath(id),
    });
    return touchHall(deps, tx, item, now, 'bidding.offer', who.audit, {
      registrationId: bidder.registrationId,
      answer: 'accepted',
      dealResult,
    });
  });
  return answerHall(deps, actor, row);
}

/** The offers whose term ran out passed on (the housekeeping's step); answers how many. */
export async function expireOffers(deps: HallDeps): Promise<number> {
  const { db, clock } = deps;
  const now = clock.now();
  let expired = 0;
  for (const id of await repo.listLateOffers(db, now)) {
    const row = await db.transaction(async (tx) => {
      const item = await repo.lockItem(tx, id);
      const offer =
        item === undefined ? undefined : (await repo.listOffers(tx, id)).find((o) => o.answer === null);
      // answered meanwhile, or not late after all
      if (item === undefined || offer === undefined || offer.answerBy.getTime() > now.getTime())
        return undefined;
      return passOn(deps, tx, item, offer, 'expired', now, { audit: SYSTEM_ACTOR, log: null });
    });
    if (row !== undefined) {
      expired += 1;
      await publish(deps, row);
    }
  }
  return expired;
}
