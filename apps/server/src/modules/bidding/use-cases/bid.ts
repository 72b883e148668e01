// 报价 and 委托代理出价: every bid, a person's or one the hall makes on a ceiling, is judged and appended the same way
// under the hall's row lock (two bids at once are judged one after the other): chained to the one before, the
// countdown moved (a dynamic session), the leader and price kept, audited; then the hall's ceilings answer it
// (the domain's nextProxyBid, until none can) in the same transaction, and every node is signalled once.
import {
  bidChainLine,
  biddingPhase,
  checkBid,
  endsAfterBid,
  formatFen,
  formatMessage,
  leadsAfterBid,
  MSG,
  nextProxyBid,
  type BiddingHall,
} from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { SYSTEM_ACTOR, toAuditActor, type AuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import type { Actor, HallDeps } from '../deps.ts';
import { isExchange, publish, sha256 } from '../hall.ts';
import * as repo from '../repo.ts';
import { closeHall } from './close.ts';
import { showHall } from './read.ts';

/** The most bids the ceilings make in answer to one event: each raises the price, so a contest ends long before. */
const PROXY_ROUNDS_MAX = 1000;

/** One bid appended to the hall (already judged): chained, the hall's row moved on, audited. */
async function appendBid(
  deps: HallDeps,
  tx: Db,
  item: repo.HallItem,
  bid: { bidder: repo.BidderRow; amount: number; at: Date; by: AuditActor; isProxy: boolean },
): Promise<repo.HallItem> {
  const { bidder, amount, at, by, isProxy } = bid;
  const seq = item.bidCount + 1;
  const hash = sha256(
    bidChainLine({
      previous: item.lastHash,
      biddingId: item.id,
      seq,
      bidderNo: bidder.bidderNo,
      amount,
      at: at.toISOString(),
    }),
  );
  await repo.insertBid(tx, {
    biddingId: item.id,
    seq,
    registrationId: bidder.registrationId,
    bidderNo: bidder.bidderNo,
    amount,
    at,
    previousHash: item.lastHash,
    hash,
    bidBy: by.operatorId,
    isProxy,
    createdAt: at,
    updatedAt: at,
  });
  const endsAt = endsAfterBid(item, at);
  const updated = await repo.updateHall(tx, item.id, {
    ...(leadsAfterBid(item, amount)
      ? { currentPrice: amount, leaderRegistrationId: bidder.registrationId }
      : {}),
    bidCount: seq,
    lastHash: hash,
    endsAt,
    // a dynamic session's timed-period bid that moved the end is one restart of the countdown
    ...(item.mode === 'dynamic' && endsAt.getTime() > item.endsAt.getTime()
      ? { restarts: item.restarts + 1 }
      : {}),
    updatedAt: at,
  });
  if (updated === undefined) throw notFound();
  await deps.audit.append(tx, {
    ...toAuditActor(by),
    action: 'bidding.bid',
    result: 'ok',
    target: String(item.id),
    detail: {
      seq,
      bidderNo: bidder.bidderNo,
      registrationId: bidder.registrationId,
      // a sealed bid's amount stays in its row alone until the close (the log is read by more people)
      amount: item.mode === 'sealed' ? undefined : amount,
      isProxy,
      hash,
      endsAt: updated.endsAt.toISOString(),
      version: updated.version,
    },
  });
  return { ...item, ...updated };
}

/** The ceilings answer what just happened, bid after bid, until none can top the price. */
async function runProxies(deps: HallDeps, tx: Db, start: repo.HallItem, at: Date): Promise<repo.HallItem> {
  const proxies = await repo.listProxies(tx, start.id);
  let item = start;
  // the bidders are read only when a ceiling bids (a hall may have a thousand)
  let bidders: repo.BidderRow[] | undefined;
  for (let round = 0; round < PROXY_ROUNDS_MAX; round += 1) {
    const next = nextProxyBid(item, proxies);
    if (next === null) break;
    bidders ??= await repo.listBidders(tx, start.id);
    const bidder = bidders.find((candidate) => candidate.registrationId === next.registrationId);
    if (bidder === undefined) break;
    item = await appendBid(deps, tx, item, {
      bidder,
      amount: next.amount,
      at,
      by: SYSTEM_ACTOR,
      isProxy: true,
    });
  }
  return item;
}

/**
 * The hall and the caller's one bidder of `registrationId`, read before its lock (a bidder never changes once the
 * hall opened): anyone with no bidder here, not the exchange nor the owner, is answered 404; a hall past its end
 * is closed first, so the refusal that follows and the hall agree. Only the caller's own bidders are read: a hall
 * may have a thousand, and the offers that are refused should cost little.
 */
async function findOwnBidder(deps: HallDeps, actor: Actor, id: number, registrationId: number) {
  const { db, clock } = deps;
  let item = await repo.findItem(db, id);
  if (item === undefined) throw notFound();
  const own = await repo.listCompanyBidders(db, id, actor.companyId);
  if (own.length === 0 && !isExchange(actor) && item.ownerCompanyId !== actor.companyId) throw notFound();
  if (item.closedAt === null && clock.now().getTime() >= item.endsAt.getTime()) {
    await closeHall(deps, id);
    item = (await repo.findItem(db, id)) ?? item;
  }
  const bidder = own.find((candidate) => candidate.registrationId === registrationId);
  if (bidder === undefined) throw refused(MSG.biddingNotBidder);
  // a member's company is one bidder: one holding two (a hall of older data) bids for neither
  if (own.length > 1) throw refused(MSG.biddingMemberTwice);
  return { item, bidder };
}

/**
 * 报价: judged under the hall's lock with the server's clock; a sealed session takes one bid per bidder and keeps
 * the highest as its leader, unseen; the ceilings then answer it; then signalled.
 */
export async function placeBid(
  deps: HallDeps,
  actor: Actor,
  id: number,
  input: { registrationId: number; amount: number },
): Promise<BiddingHall> {
  const { db, clock } = deps;
  const { item: read, bidder } = await findOwnBidder(deps, actor, id, input.registrationId);
  // judged first against the hall as read, without its lock: a price only rises and a phase only moves on, so a bid
  // refused now would be refused under the lock too (most bids of a busy hall are: another took the step first)
  const early = clock.now();
  const earlyRefusal = checkBid({ ...read, status: biddingPhase(read, early) }, input.amount, early);
  if (earlyRefusal !== null) throw refused(earlyRefusal);
  const row = await db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, id);
    if (item === undefined) throw notFound();
    const now = clock.now();
    const refusal = checkBid({ ...item, status: biddingPhase(item, now) }, input.amount, now);
    if (refusal !== null) throw refused(refusal);
    if (item.mode === 'sealed' && (await repo.hasBid(tx, id, bidder.registrationId))) {
      throw refused(MSG.biddingSealedOnce);
    }
    const bid = { bidder, amount: input.amount, at: now, by: actor, isProxy: false };
    return runProxies(deps, tx, await appendBid(deps, tx, item, bid), now);
  });
  await publish(deps, row);
  return showHall(deps, actor, id);
}

/**
 * 委托代理出价: a ceiling left for the caller's bidder in an open dynamic session, at least the next valid bid and
 * never below the one it left before; the hall bids for it at once if it is not leading, and answers every bid that
 * tops it later, up to the ceiling.
 */
export async function setProxy(
  deps: HallDeps,
  actor: Actor,
  id: number,
  input: { registrationId: number; ceiling: number },
): Promise<BiddingHall> {
  const { db, clock, audit } = deps;
  const { bidder } = await findOwnBidder(deps, actor, id, input.registrationId);
  const row = await db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, id);
    if (item === undefined) throw notFound();
    if (item.mode !== 'dynamic') throw refused(MSG.biddingProxyDynamicOnly);
    const now = clock.now();
    // the ceiling must be a bid the hall could make now
    const refusal = checkBid({ ...item, status: biddingPhase(item, now) }, input.ceiling, now);
    if (refusal !== null) throw refused(refusal);
    const previous = (await repo.listProxies(tx, id)).find(
      (proxy) => proxy.registrationId === bidder.registrationId,
    );
    if (previous !== undefined && input.ceiling < previous.ceiling) {
      throw refused(formatMessage(MSG.biddingProxyLower, { ceiling: formatFen(previous.ceiling) }));
    }
    await repo.saveProxy(tx, {
      biddingId: id,
      registrationId: bidder.registrationId,
      ceiling: input.ceiling,
      setBy: actor.operatorId,
      at: now,
    });
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'bidding.proxy',
      result: 'ok',
      target: String(id),
      // the ceiling is its bidder's secret: the log keeps that one was left, not how high
      detail: { bidderNo: bidder.bidderNo, registrationId: bidder.registrationId },
    });
    return runProxies(deps, tx, item, now);
  });
  await publish(deps, row);
  return showHall(deps, actor, id);
}
