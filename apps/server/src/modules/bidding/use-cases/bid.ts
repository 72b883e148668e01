import {
  bidChainLine,
  biddingPhase,
  checkBid,
  endsAfterBid,
  leadsAfterBid,
  MSG,
  type BiddingHall,
} from '@cqjy/domain';
import { toAuditActor } from '../../../platform/audit.ts';
import { notFound, refused } from '../../../platform/errors.ts';
import type { Actor, HallDeps } from '../deps.ts';
import { canSee, publish, sha256 } from '../hall.ts';
import * as repo from '../repo.ts';
import { loadVisible, showHall } from './read.ts';

/**
 * 报价: judged under the hall's lock with the server's clock, chained, the countdown moved (a dynamic session); a
 * sealed session takes one bid per bidder and keeps the highest as its leader, unseen; then signalled.
 */
export async function placeBid(
  deps: HallDeps,
  actor: Actor,
  id: number,
  input: { registrationId: number; amount: number },
): Promise<BiddingHall> {
  const { db, clock, audit } = deps;
  // a hall past its end is closed before the bid is refused, so the refusal and the hall agree
  await loadVisible(deps, actor, id);
  const row = await db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, id);
    if (item === undefined) throw notFound();
    const bidders = await repo.listBidders(tx, id);
    if (!canSee(actor, { item, bidders, bids: [] })) throw notFound();
    const own = bidders.filter((candidate) => candidate.companyId === actor.companyId);
    const bidder = own.find((candidate) => candidate.registrationId === input.registrationId);
    if (bidder === undefined) throw refused(MSG.biddingNotBidder);
    // a member's company is one bidder: one holding two (a hall of older data) bids for neither
    if (own.length > 1) throw refused(MSG.biddingMemberTwice);
    const now = clock.now();
    const refusal = checkBid({ ...item, status: biddingPhase(item, now) }, input.amount, now);
    if (refusal !== null) throw refused(refusal);
    if (item.mode === 'sealed' && (await repo.hasBid(tx, id, bidder.registrationId))) {
      throw refused(MSG.biddingSealedOnce);
    }
    const leads = leadsAfterBid(item, input.amount);
    const seq = item.bidCount + 1;
    const hash = sha256(
      bidChainLine({
        previous: item.lastHash,
        biddingId: id,
        seq,
        bidderNo: bidder.bidderNo,
        amount: input.amount,
        at: now.toISOString(),
      }),
    );
    await repo.insertBid(tx, {
      biddingId: id,
      seq,
      registrationId: bidder.registrationId,
      bidderNo: bidder.bidderNo,
      amount: input.amount,
      at: now,
      previousHash: item.lastHash,
      hash,
      bidBy: actor.operatorId,
      createdAt: now,
      updatedAt: now,
    });
    const updated = await repo.updateHall(tx, id, {
      ...(leads ? { currentPrice: input.amount, leaderRegistrationId: bidder.registrationId } : {}),
      bidCount: seq,
      lastHash: hash,
      endsAt: endsAfterBid(item, now),
      updatedAt: now,
    });
    if (updated === undefined) throw notFound();
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'bidding.bid',
      result: 'ok',
      target: String(id),
      detail: {
        seq,
        bidderNo: bidder.bidderNo,
        registrationId: bidder.registrationId,
        // a sealed bid's amount stays in its row alone until the close (the log is read by more people)
        amount: item.mode === 'sealed' ? undefined : input.amount,
        hash,
        endsAt: updated.endsAt.toISOString(),
        version: updated.version,
      },
    });
    return updated;
  });
  await publish(deps, row);
  return showHall(deps, actor, id);
}
