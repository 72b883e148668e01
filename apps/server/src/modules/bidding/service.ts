// The bidding hall (网络竞价, the domain's bidding.ts). The exchange opens a hall on a project whose registrations
// closed with its disclosure (its last day passed, or the disclosure ended early), no deposit awaited, with two or
// more qualified registrations of as many members (the domain's biddingRefusal over the intentions module's
// readDealFacts: the same rule the project's page shows on its button); each becomes a bidder with its number. The
// member that registered a bidder bids for it, and a member acts for one bidder only; the hall is seen by the
// exchange, the project's owner and those members, anyone else is answered 404.
//
// The server is the only clock and the only judge: a bid locks the hall's row, is checked against the hall as it
// stands (checkBid with the server's clock), chained to the bid before by its sha256 and may move the countdown's
// end (endsAfterBid), all in one transaction; two bids at once are judged one after the other, so the second of
// two equal bids is below the new minimum. After the commit a signal goes out (events.ts): every node sets its
// close timer for the hall to the new end and pushes the hall to its watchers (the SSE streams).
//
// Closing: a timer per open hall on every node fires at its end, and a read after the end closes it too; the
// housekeeping closes any left. The close locks the row and does nothing when the hall is closed already or its
// end moved later (the timer is set again). With bids, the leader wins: the registrations are settled, the
// project's details get the deal's result (dealResult) for the contract to prefill, the project is 待签约, its
// process log records the winner and the price, the members and the owner are told. Without bids the hall closes
// without a winner (流拍): the project is 流拍 (it may be disclosed again, and then get another hall), its process
// log says so, and the registrations stay as they are. The result is
// then drawn as a PDF, signed by the exchange (PAdES) and filed; a close whose file was not made (a crash) has it
// made at the next asking or housekeeping run.
//
// A winner that defaults loses the deal and its deposit; the deal is offered to the next highest bidder (递补,
// use-cases/default.ts).
//
// This file wires the use cases (use-cases/: open, bid, read, close, default, result, watch, life-cycle) to the module's deps
// and this node's state of its halls (deps.ts).
import { BIDDING_DATA_CLASS } from '@cqjy/domain';
import { saveAuctionRules, showAuctionRules } from './use-cases/rules.ts';
import { bindDeps } from '../../platform/use-cases.ts';
import { createSigningCredentials } from '../signatures/credentials.ts';
import { createHallNode, type BiddingDeps, type HallDeps } from './deps.ts';
import { canSee, load } from './hall.ts';
import { placeBid, setProxy } from './use-cases/bid.ts';
import { closeDue, closeHall } from './use-cases/close.ts';
import { answerOffer, defaultWinner, expireOffers } from './use-cases/default.ts';
import { startNode, stopNode } from './use-cases/life-cycle.ts';
import { openHall } from './use-cases/open.ts';
import { findForProject, openResult, showHall } from './use-cases/read.ts';
import { listenToHub, openStream, watcherCount } from './use-cases/watch.ts';

export type { Actor, BiddingDeps, BiddingStream } from './deps.ts';

export type BiddingService = ReturnType<typeof createBiddingService>;

export function createBiddingService(moduleDeps: BiddingDeps) {
  const deps: HallDeps = {
    ...moduleDeps,
    credentials: createSigningCredentials(moduleDeps),
    node: createHallNode(),
  };
  const { db, attachments } = deps;

  // The signed result is seen by whoever sees its hall; nobody adds files to a hall.
  attachments.registerRecordVisibility(BIDDING_DATA_CLASS, async (viewer, record) => {
    const id = Number(record.dataId);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
    const loaded = await load(db, id);
    return loaded !== undefined && canSee(viewer, loaded);
  });
  attachments.registerRecordWriteRule(BIDDING_DATA_CLASS, () => Promise.resolve(false));

  listenToHub(deps);

  /** A use case with the module's deps bound: what the routes and the housekeeping call. */
  const bound = bindDeps(deps);

  return {
    open: bound(openHall),
    findForProject: bound(findForProject),
    saveRules: bound(saveAuctionRules),
    showRules: bound(showAuctionRules),
    show: bound(showHall),
    bid: bound(placeBid),
    setProxy: bound(setProxy),
    closeHall: bound(closeHall),
    closeDue: bound(closeDue),
    defaultWinner: bound(defaultWinner),
    answerOffer: bound(answerOffer),
    expireOffers: bound(expireOffers),
    openResult: bound(openResult),
    openStream: bound(openStream),
    start: bound(startNode),
    stop: bound(stopNode),
    /** the number of streams this node serves (the bench reads it in its logs) */
    watcherCount: bound(watcherCount),
  };
}
