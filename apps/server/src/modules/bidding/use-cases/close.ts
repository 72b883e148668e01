// Closing: a timer per open hall on every node fires at its end, and a read after the end closes it too; the
// housekeeping closes any left. The close locks the row and does nothing when the hall is closed already or its
// end moved later (the timer is set again). With bids, the leader (a sealed session's highest) wins when its price
// meets the reserve (the intentions module's settleDeal); without bids, or below the reserve, the hall closes
// without a winner (流拍).
import { biddingHallPath, formatFen, formatMessage, MSG, PROJECT_STATUS } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { settleDeal, type SettleResult } from '../../intentions/settle.ts';
import { track, type HallDeps } from '../deps.ts';
import { SYSTEM_ACTOR } from '../../../platform/audit.ts';
import { publish, winnerOf } from '../hall.ts';
import * as repo from '../repo.ts';
import { ensureResult } from './result.ts';

/** setTimeout's longest wait; a later end is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The node's close timer of the hall cleared (the hall closed, or the node stopping). */
export function disarm(deps: HallDeps, id: number): void {
  const { node } = deps;
  clearTimeout(node.timers.get(id));
  node.timers.delete(id);
}

/** The node's close timer of an open hall, set to its end (a read or the housekeeping close it otherwise). */
export function arm(deps: HallDeps, id: number, endsAt: number): void {
  const { clock, log, node } = deps;
  if (node.isStopped) return;
  disarm(deps, id);
  const delay = Math.min(Math.max(0, endsAt - clock.now().getTime()), MAX_TIMER_MS);
  const timer = setTimeout(() => {
    node.timers.delete(id);
    track(deps, closeHall(deps, id)).catch((error: unknown) => {
      log.error({ err: error, biddingId: id }, '网络竞价到期关闭失败');
    });
  }, delay);
  // a countdown is never a reason for the process to stay up
  timer.unref();
  node.timers.set(id, timer);
}

/** A timer for every open hall (at the start, and when the hub may have missed signals). */
export async function armOpenHalls(deps: HallDeps): Promise<void> {
  const { db } = deps;
  for (const hall of await repo.listOpen(db)) arm(deps, hall.id, hall.endsAt.getTime());
}

/**
 * The notices of a close: the project's owner, and each bidder's member when nobody bid (流拍; after a deal the
 * settlement has told each member its own result).
 */
async function raiseResultNotices(
  deps: HallDeps,
  tx: Db,
  item: repo.HallItem,
  bidders: repo.BidderRow[],
  winner: repo.BidderRow | undefined,
): Promise<void> {
  const { notifications } = deps;
  const project = item.projectName;
  const price = item.currentPrice === null ? '' : formatFen(item.currentPrice);
  const title = formatMessage(MSG.biddingResultTitle, { project });
  const link = biddingHallPath(item.id);
  const failed = item.currentPrice === null ? MSG.biddingResultFailedBody : MSG.biddingResultReserveBody;
  for (const bidder of winner === undefined ? bidders : []) {
    const params = { project, name: bidder.name, bidderNo: bidder.bidderNo, price };
    const body = formatMessage(failed, params);
    await notifications.raise(tx, {
      companyId: bidder.companyId,
      kind: 'bidding.result',
      title,
      body,
      link,
    });
  }
  await notifications.raise(tx, {
    companyId: item.ownerCompanyId,
    kind: 'bidding.result',
    title,
    body:
      winner === undefined
        ? formatMessage(failed, { project })
        : formatMessage(MSG.biddingResultOwnerBody, { project, name: winner.name, price }),
    link,
  });
}

/**
 * A hall closed without a sale (no bid, or the highest below the reserve, `reason` says which): the project is 流拍
 * (from a disclosure that ran out or ended; a project the owner moved elsewhere meanwhile keeps its status), and
 * its process log says so.
 */
export async function markUnsold(
  deps: HallDeps,
  tx: Db,
  projectId: number,
  at: Date,
  reason: string,
): Promise<void> {
  const { projects, processLog } = deps;
  await projects.lockStatus(tx, projectId, 'update');
  const project = await projects.findById(projectId, tx);
  if (project === undefined) return;
  if (project.status === PROJECT_STATUS.disclosing || project.status === PROJECT_STATUS.ended) {
    const updated = await projects.updateGuarded(tx, projectId, project.version, {
      status: PROJECT_STATUS.unsold,
    });
    if (updated === undefined) throw new Error(`project ${projectId} changed under its lock`);
  }
  await processLog.recordProjectEvent(tx, {
    projectId,
    event: 'biddingUnsold',
    reason,
    actor: null,
    at,
  });
}

/**
 * Closes the hall if its countdown ran out: 'closed' by this call, 'already' when it was, 'open' when its end
 * moved later (the timer is set again).
 */
export async function closeHall(deps: HallDeps, id: number): Promise<'closed' | 'already' | 'open'> {
  const { db, clock, log, audit, notifications, projects, processLog } = deps;
  const now = clock.now();
  const outcome = await db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, id);
    if (item === undefined || item.closedAt !== null) return { kind: 'already' as const };
    if (item.endsAt.getTime() > now.getTime()) return { kind: 'open' as const, endsAt: item.endsAt };
    // the hall ended when its countdown ran out, whenever the close is recorded
    const closedAt = item.endsAt;
    const bidders = await repo.listBidders(tx, id);
    const winner = winnerOf(item, bidders);
    let settled: SettleResult | null = null;
    if (winner !== undefined && item.currentPrice !== null) {
      // the winner won and the others lost, each member told of its own result, the project 待签约 and the
      // result in its process log, with the hall's close
      settled = await settleDeal(
        tx,
        item.projectId,
        winner.registrationId,
        {
          source: 'bidding',
          dealPrice: item.currentPrice,
          biddingId: id,
          bidderNo: winner.bidderNo,
          decidedAt: closedAt,
        },
        { notifications, projects, processLog, audit, at: now, kind: 'bidding.result' },
      );
    } else {
      const reason =
        item.currentPrice === null
          ? MSG.dealLogUnsold
          : formatMessage(MSG.dealLogReserveNotMet, { price: formatFen(item.currentPrice) });
      await markUnsold(deps, tx, item.projectId, closedAt, reason);
    }
    const row = await repo.updateHall(tx, id, { closedAt, updatedAt: now });
    if (row === undefined) return { kind: 'already' as const };
    await raiseResultNotices(deps, tx, item, bidders, winner);
    await audit.append(tx, {
      ...SYSTEM_ACTOR,
      action: 'bidding.close',
      result: 'ok',
      target: String(id),
      detail: {
        projectId: item.projectId,
        closedAt: closedAt.toISOString(),
        bidCount: item.bidCount,
        winnerRegistrationId: winner?.registrationId ?? null,
        winnerBidderNo: winner?.bidderNo ?? null,
        dealPrice: winner === undefined ? null : item.currentPrice,
        highestPrice: item.currentPrice,
        reservePrice: item.reservePrice,
        lastHash: item.lastHash,
        settled,
      },
    });
    return { kind: 'closed' as const, row };
  });
  if (outcome.kind === 'open') arm(deps, id, outcome.endsAt.getTime());
  if (outcome.kind === 'closed') {
    disarm(deps, id);
    await publish(deps, outcome.row);
    // the signed result is made after the close, outside its transaction (key and PDF work hold no lock)
    track(deps, ensureResult(deps, id)).catch((error: unknown) => {
      log.error({ err: error, biddingId: id }, '网络竞价结果文件生成失败');
    });
  }
  return outcome.kind;
}

/** Every hall past its end and still open closed (the housekeeping's step); answers how many were closed. */
export async function closeDue(deps: HallDeps): Promise<number> {
  const { db, clock } = deps;
  let closed = 0;
  for (const id of await repo.listDue(db, clock.now())) {
    if ((await closeHall(deps, id)) === 'closed') closed += 1;
  }
  for (const id of await repo.listWithoutResult(db)) await ensureResult(deps, id);
  return closed;
}
