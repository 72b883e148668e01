// A hall as the use cases read it (the row, its bidders and bids), who sees it, and the views the calls and the
// stream answer; the signal a change sends to every node.
import { createHash } from 'node:crypto';
import {
  AUCTION_MODE_LABELS,
  BIDDING_OFFER_ANSWER_LABELS,
  PROJECT_STATUS,
  biddingPhase,
  biddingStatusLabel,
  IDENTITY,
  isReserveMet,
  latestEndOf,
  nextValidBid,
  type BiddingHall,
  type BiddingOffer,
  type ProxyCeiling,
  type BiddingHallEvent,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { Viewer } from '../attachments/service.ts';
import type { HallDeps } from './deps.ts';
import type { BiddingSignal } from './events.ts';
import * as repo from './repo.ts';

export type Loaded = {
  item: repo.HallItem;
  bidders: repo.BidderRow[];
  bids: repo.BidRow[];
  /** the ceilings left (委托代理出价): each shown to its own bidder alone */
  proxies: ProxyCeiling[];
  /** the offers of the deal after defaults (递补), in order */
  offers: repo.OfferRow[];
};

export const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean =>
  viewer.identityType === IDENTITY.admin;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The exchange, the project's owner and the members with a bidder in the hall see it. */
export function canSee(viewer: Pick<Viewer, 'companyId' | 'identityType'>, loaded: Loaded): boolean {
  return (
    isExchange(viewer) ||
    loaded.item.ownerCompanyId === viewer.companyId ||
    loaded.bidders.some((bidder) => bidder.companyId === viewer.companyId)
  );
}

/**
 * The winner of a hall with its leader's price: none without a bid, or when the highest bid is below the reserve.
 * (Read once the hall closed; a sealed session's leader is its highest bid, the earlier of two equal ones.)
 */
export function winnerOf(
  item: Pick<repo.HallItem, 'currentPrice' | 'reservePrice' | 'leaderRegistrationId'>,
  bidders: readonly repo.BidderRow[],
): repo.BidderRow | undefined {
  if (item.currentPrice === null || !isReserveMet(item.reservePrice, item.currentPrice)) return undefined;
  return bidders.find((bidder) => bidder.registrationId === item.leaderRegistrationId);
}

/** The offer as every watcher sees it. */
function toOffer(offer: repo.OfferRow): BiddingOffer {
  return {
    bidderNo: offer.bidderNo,
    price: offer.price,
    offeredAt: offer.offeredAt.toISOString(),
    answerBy: offer.answerBy.toISOString(),
    answer: offer.answer,
    answerLabel: BIDDING_OFFER_ANSWER_LABELS[offer.answer ?? 'open'],
  };
}

/** Whether the deal this closed hall decided still waits for its contract: its winner's default may be recorded. */
export function isDealOpen(item: repo.HallItem): boolean {
  return (
    item.closedAt !== null &&
    item.dealBiddingId === item.id &&
    item.projectStatus === PROJECT_STATUS.awaitingContract
  );
}

/**
 * The hall as the stream carries it (the same for every watcher). A sealed session shows how many bids there are and
 * nothing of them (no price, no leader, no amounts) until it closed; the reserve price shows once it closed.
 */
export function toEvent(loaded: Loaded, now: Date): BiddingHallEvent {
  const { item, bidders, bids } = loaded;
  const status = biddingPhase(item, now);
  const isClosed = item.closedAt !== null;
  const isUnseen = item.mode === 'sealed' && !isClosed;
  // the deal's winner as it stands: the hall's leader, or after its default the bidder that accepted the offer
  const winner = isClosed ? bidders.find((bidder) => bidder.status === 'won') : undefined;
  const lastOffer = loaded.offers.at(-1);
  return {
    id: item.id,
    projectId: item.projectId,
    projectName: item.projectName,
    projectCode: item.projectCode,
    status,
    statusLabel: biddingStatusLabel(item.mode, status),
    mode: item.mode,
    modeLabel: AUCTION_MODE_LABELS[item.mode],
    serverNow: now.toISOString(),
    startAt: item.startAt.toISOString(),
    freeEndAt: item.freeEndAt.toISOString(),
    endsAt: item.endsAt.toISOString(),
    timedSeconds: item.timedSeconds,
    sandboxSpeed: item.sandboxSpeed,
    restartsMax: item.restartsMax,
    restarts: item.restarts,
    latestEndsAt: latestEndOf(item)?.toISOString() ?? null,
    startingPrice: item.startingPrice,
    increment: item.increment,
    currentPrice: isUnseen ? null : item.currentPrice,
    nextMinimum: nextValidBid(item, now),
    leaderNo: isUnseen
      ? null
      : (bidders.find((bidder) => bidder.registrationId === item.leaderRegistrationId)?.bidderNo ?? null),
    bidCount: item.bidCount,
    reservePrice: isClosed ? item.reservePrice : null,
    isReserveMet:
      isClosed && item.reservePrice !== null && item.currentPrice !== null
        ? isReserveMet(item.reservePrice, item.currentPrice)
        : null,
    bids: (isUnseen ? [] : bids).map((bid) => ({
      seq: bid.seq,
      bidderNo: bid.bidderNo,
      isProxy: bid.isProxy,
      amount: bid.amount,
      at: bid.at.toISOString(),
      hash: bid.hash,
    })),
    winnerName: winner?.name ?? null,
    winnerNo: winner?.bidderNo ?? null,
    // a bidder is disqualified after its hall opened only by its default
    defaultedNos: bidders
      .filter((bidder) => bidder.status === 'disqualified')
      .map((bidder) => bidder.bidderNo),
    offer: lastOffer === undefined ? null : toOffer(lastOffer),
    canDefault: isDealOpen(item),
    resultFileId: item.resultFileId,
    version: item.version,
  };
}

/**
 * The hall as the calls answer it: the stream's view, the viewer's own bidder numbers with its own bids (a sealed
 * bid is seen by its bidder), and once closed, to the exchange and the owner, who is behind each number.
 */
export function toHall(
  loaded: Loaded,
  now: Date,
  viewer: Pick<Viewer, 'companyId' | 'identityType'>,
): BiddingHall {
  const { item, bidders, bids, proxies } = loaded;
  const isRevealed =
    item.closedAt !== null && (isExchange(viewer) || item.ownerCompanyId === viewer.companyId);
  return {
    ...toEvent(loaded, now),
    myBidderNos: bidders
      .filter((bidder) => bidder.companyId === viewer.companyId)
      .map((bidder) => ({
        bidderNo: bidder.bidderNo,
        registrationId: bidder.registrationId,
        name: bidder.name,
        amounts: bids.filter((bid) => bid.registrationId === bidder.registrationId).map((bid) => bid.amount),
        proxyCeiling:
          proxies.find((proxy) => proxy.registrationId === bidder.registrationId)?.ceiling ?? null,
      })),
    bidders: isRevealed ? bidders.map((bidder) => ({ bidderNo: bidder.bidderNo, name: bidder.name })) : null,
  };
}

const signalOf = (row: Pick<repo.HallRow, 'id' | 'version' | 'endsAt' | 'closedAt'>): BiddingSignal => ({
  hallId: row.id,
  version: row.version,
  endsAt: row.endsAt.getTime(),
  isClosed: row.closedAt !== null,
});

/** The hall with its bidders and bids, or undefined when there is no such hall. */
export async function load(executor: Db, id: number): Promise<Loaded | undefined> {
  const item = await repo.findItem(executor, id);
  if (item === undefined) return undefined;
  const bidders = await repo.listBidders(executor, id);
  const bids = await repo.listBids(executor, id);
  const proxies = await repo.listProxies(executor, id);
  const offers = await repo.listOffers(executor, id);
  return { item, bidders, bids, proxies, offers };
}

/** Tells every node (this one too) of the hall's change: its timers and its watchers follow it. */
export async function publish(
  deps: HallDeps,
  row: Pick<repo.HallRow, 'id' | 'version' | 'endsAt' | 'closedAt'>,
): Promise<void> {
  const { hub } = deps;
  await hub.publish(signalOf(row));
}
