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
import { createHash } from 'node:crypto';
import {
  BIDDING_DATA_CLASS,
  BIDDING_EVENTS,
  BIDDING_RESULT_TAG,
  BIDDING_STATUS_LABELS,
  bidChainLine,
  bidderNo as bidderNoOf,
  biddingGenesisLine,
  biddingHallPath,
  biddingPhase,
  checkBid,
  composeBiddingResult,
  endsAfterBid,
  formatFen,
  formatMessage,
  biddingRefusal,
  IDENTITY,
  MSG,
  nextValidBid,
  PROJECT_STATUS,
  type BiddingHall,
  type BiddingHallEvent,
  type BiddingOpenForm,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { ModuleDeps } from '../../module-deps.ts';
import { toAuditActor, type AuditActor } from '../../platform/audit.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { isAppError, notFound, refused } from '../../platform/errors.ts';
import type { Viewer } from '../attachments/service.ts';
import { createSigningCredentials } from '../signatures/credentials.ts';
import { sealPdf } from '../signatures/seal-letter.ts';
import type { Signer, SignaturesService } from '../signatures/service.ts';
import { readDealFacts, settleDeal, type SettleResult } from '../intentions/settle.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { WorkflowService } from '../workflow/service.ts';
import type { BiddingHub, BiddingSignal } from './events.ts';
import * as repo from './repo.ts';
import { renderBiddingResultPdf } from './result-pdf.ts';

export type BiddingService = ReturnType<typeof createBiddingService>;

export type BiddingDeps = Pick<
  ModuleDeps,
  'db' | 'config' | 'clock' | 'log' | 'audit' | 'users' | 'attachments' | 'notifications'
> & {
  signatures: Pick<SignaturesService, 'loadSigner'>;
  /** where the deal the hall decided is kept (the project's details) and the stage the close moves it to */
  projects: Pick<ProjectsService, 'findById' | 'lockStatus' | 'updateGuarded'>;
  /** the project's process log, where the hall's result is recorded */
  processLog: Pick<WorkflowService, 'recordProjectEvent'>;
  hub: BiddingHub;
};

export type Actor = SessionContext & RequestOrigin;

/** The stream of one watcher: what the route writes to its response, and how it ends it. */
export type BiddingStream = {
  /** the first event: the hall as it stands */
  first: string;
  /** from now on the events go to `write`; those that came meanwhile are written first */
  attach(write: (chunk: string) => void, end: () => void): void;
  stop(): void;
};

type Loaded = { item: repo.HallItem; bidders: repo.BidderRow[]; bids: repo.BidRow[] };

type Watcher = {
  /** the last version this watcher was sent (0 before its first event) */
  version: number;
  pending: { version: number; chunk: string }[];
  write: ((chunk: string) => void) | undefined;
  end: (() => void) | undefined;
};

/** What the system does by itself (timers, housekeeping) is audited with no one behind it. */
const SYSTEM_ACTOR: AuditActor = {
  userId: null,
  operatorId: null,
  companyId: null,
  identityType: null,
  ip: null,
  userAgent: null,
};

/** setTimeout's longest wait; a later end is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const isExchange = (viewer: Pick<Viewer, 'identityType'>): boolean => viewer.identityType === IDENTITY.admin;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** One server-sent event: its name, the hall's version as its id, the hall as JSON. */
export function formatEvent(name: string, hall: BiddingHallEvent): string {
  return `event: ${name}\nid: ${hall.version}\ndata: ${JSON.stringify(hall)}\n\n`;
}

function canSee(viewer: Pick<Viewer, 'companyId' | 'identityType'>, loaded: Loaded): boolean {
  return (
    isExchange(viewer) ||
    loaded.item.ownerCompanyId === viewer.companyId ||
    loaded.bidders.some((bidder) => bidder.companyId === viewer.companyId)
  );
}

function toEvent(loaded: Loaded, now: Date): BiddingHallEvent {
  const { item, bidders, bids } = loaded;
  const status = biddingPhase(item, now);
  const winner =
    item.closedAt === null || item.leaderRegistrationId === null
      ? undefined
      : bidders.find((bidder) => bidder.registrationId === item.leaderRegistrationId);
  return {
    id: item.id,
    projectId: item.projectId,
    projectName: item.projectName,
    projectCode: item.projectCode,
    status,
    statusLabel: BIDDING_STATUS_LABELS[status],
    serverNow: now.toISOString(),
    startAt: item.startAt.toISOString(),
    freeEndAt: item.freeEndAt.toISOString(),
    endsAt: item.endsAt.toISOString(),
    timedSeconds: item.timedSeconds,
    startingPrice: item.startingPrice,
    increment: item.increment,
    currentPrice: item.currentPrice,
    nextMinimum: nextValidBid(item),
    leaderNo: bidders.find((bidder) => bidder.registrationId === item.leaderRegistrationId)?.bidderNo ?? null,
    bids: bids.map((bid) => ({
      seq: bid.seq,
      bidderNo: bid.bidderNo,
      amount: bid.amount,
      at: bid.at.toISOString(),
      hash: bid.hash,
    })),
    winnerName: winner?.name ?? null,
    resultFileId: item.resultFileId,
    version: item.version,
  };
}

function toHall(loaded: Loaded, now: Date, viewer: Pick<Viewer, 'companyId'>): BiddingHall {
  return {
    ...toEvent(loaded, now),
    myBidderNos: loaded.bidders
      .filter((bidder) => bidder.companyId === viewer.companyId)
      .map((bidder) => ({
        bidderNo: bidder.bidderNo,
        registrationId: bidder.registrationId,
        name: bidder.name,
      })),
  };
}

const signalOf = (row: Pick<repo.HallRow, 'id' | 'version' | 'endsAt' | 'closedAt'>): BiddingSignal => ({
  hallId: row.id,
  version: row.version,
  endsAt: row.endsAt.getTime(),
  isClosed: row.closedAt !== null,
});

/** Thrown inside the result's transaction when another node filed the result first: rolls back this one. */
class ResultTaken extends Error {}

export function createBiddingService(deps: BiddingDeps) {
  const { db, clock, log, audit, users, attachments, notifications, signatures, projects, processLog, hub } =
    deps;
  const credentials = createSigningCredentials(deps);

  const timers = new Map<number, NodeJS.Timeout>();
  const watchers = new Map<number, Set<Watcher>>();
  /** per hall: a push under way, and whether another signal came during it */
  const pushing = new Map<number, { isAgain: boolean }>();
  const resultsMaking = new Map<number, Promise<string | null>>();
  /** closes and results under way, waited for when the app closes */
  const running = new Set<Promise<unknown>>();
  let isStopped = false;

  function track<T>(work: Promise<T>): Promise<T> {
    running.add(work);
    void work.then(
      () => running.delete(work),
      () => running.delete(work),
    );
    return work;
  }

  async function load(executor: Db, id: number): Promise<Loaded | undefined> {
    const item = await repo.findItem(executor, id);
    if (item === undefined) return undefined;
    const [bidders, bids] = [await repo.listBidders(executor, id), await repo.listBids(executor, id)];
    return { item, bidders, bids };
  }

  /** The hall to whoever may see it; anything else is not found. A hall read after its end is closed first. */
  async function loadVisible(
    viewer: Pick<Viewer, 'companyId' | 'identityType'>,
    id: number,
  ): Promise<Loaded> {
    const loaded = await load(db, id);
    if (loaded === undefined || !canSee(viewer, loaded)) throw notFound();
    const { item } = loaded;
    if (item.closedAt === null && clock.now().getTime() >= item.endsAt.getTime()) {
      await closeHall(id);
      return (await load(db, id)) ?? loaded;
    }
    return loaded;
  }

  // The signed result is seen by whoever sees its hall; nobody adds files to a hall.
  attachments.registerRecordVisibility(BIDDING_DATA_CLASS, async (viewer, record) => {
    const id = Number(record.dataId);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return false;
    const loaded = await load(db, id);
    return loaded !== undefined && canSee(viewer, loaded);
  });
  attachments.registerRecordWriteRule(BIDDING_DATA_CLASS, () => Promise.resolve(false));

  // ---- timers -------------------------------------------------------------------------------------------------

  function disarm(id: number): void {
    clearTimeout(timers.get(id));
    timers.delete(id);
  }

  /** The node's close timer of an open hall, set to its end (a read or the housekeeping close it otherwise). */
  function arm(id: number, endsAt: number): void {
    if (isStopped) return;
    disarm(id);
    const delay = Math.min(Math.max(0, endsAt - clock.now().getTime()), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      timers.delete(id);
      track(closeHall(id)).catch((error: unknown) => {
        log.error({ err: error, biddingId: id }, '网络竞价到期关闭失败');
      });
    }, delay);
    // a countdown is never a reason for the process to stay up
    timer.unref();
    timers.set(id, timer);
  }

  async function armOpenHalls(): Promise<void> {
    for (const hall of await repo.listOpen(db)) arm(hall.id, hall.endsAt.getTime());
  }

  // ---- fan-out --------------------------------------------------------------------------------------------------

  function deliver(watcher: Watcher, version: number, chunk: string): void {
    if (version <= watcher.version) return;
    if (watcher.write === undefined) {
      watcher.pending.push({ version, chunk });
      return;
    }
    watcher.version = version;
    watcher.write(chunk);
  }

  /** Reads the hall once and writes it to this node's watchers; signals during the read cause one more read. */
  async function pushLatest(id: number): Promise<void> {
    const state = pushing.get(id);
    if (state !== undefined) {
      state.isAgain = true;
      return;
    }
    const current = { isAgain: true };
    pushing.set(id, current);
    try {
      while (current.isAgain) {
        current.isAgain = false;
        const set = watchers.get(id);
        if (set === undefined || set.size === 0) break;
        const loaded = await load(db, id);
        if (loaded === undefined) break;
        const hall = toEvent(loaded, clock.now());
        const chunk = formatEvent(
          hall.status === 'closed' && loaded.item.closedAt !== null
            ? BIDDING_EVENTS.close
            : BIDDING_EVENTS.bid,
          hall,
        );
        for (const watcher of set) deliver(watcher, hall.version, chunk);
      }
    } finally {
      pushing.delete(id);
    }
  }

  function onSignal(signal: BiddingSignal): void {
    if (signal.isClosed) disarm(signal.hallId);
    else arm(signal.hallId, signal.endsAt);
    if (watchers.has(signal.hallId)) {
      pushLatest(signal.hallId).catch((error: unknown) => {
        log.error({ err: error, biddingId: signal.hallId }, '网络竞价推送失败');
      });
    }
  }

  hub.setListener({
    onSignal,
    onResync: () => {
      armOpenHalls().catch((error: unknown) => log.error({ err: error }, '网络竞价计时恢复失败'));
      for (const id of watchers.keys()) {
        pushLatest(id).catch((error: unknown) =>
          log.error({ err: error, biddingId: id }, '网络竞价推送失败'),
        );
      }
    },
  });

  async function publish(row: Pick<repo.HallRow, 'id' | 'version' | 'endsAt' | 'closedAt'>): Promise<void> {
    await hub.publish(signalOf(row));
  }

  // ---- calls --------------------------------------------------------------------------------------------------

  /**
   * 开启网络竞价: the exchange opens the project's hall, judged by biddingRefusal with the project's row locked (two
   * openings queue); its bidders are the qualified registrations, one per member.
   */
  async function open(actor: Actor, form: BiddingOpenForm): Promise<{ id: number; version: number }> {
    // only the exchange opens a hall: to anyone else there is nothing here to open
    if (!isExchange(actor)) throw notFound();
    const startAt = new Date(form.startAt);
    const freeEndAt = new Date(startAt.getTime() + form.freeSeconds * 1000);
    const endsAt = new Date(freeEndAt.getTime() + form.timedSeconds * 1000);
    const now = clock.now();
    if (endsAt.getTime() <= now.getTime()) throw refused(MSG.biddingStartInvalid);
    const row = await db.transaction(async (tx) => {
      const project = await repo.lockProject(tx, form.projectId);
      if (project === undefined) throw notFound();
      const refusal = biddingRefusal(await readDealFacts(tx, project), now);
      if (refusal !== null) throw refused(refusal);
      const qualified = await repo.listQualified(tx, project.id);
      const inserted = await repo.insertHall(tx, {
        projectId: project.id,
        startAt,
        freeEndAt,
        endsAt,
        timedSeconds: form.timedSeconds,
        startingPrice: form.startingPrice,
        increment: form.increment,
        // the genesis link names the hall's id, known once the row exists
        lastHash: '',
        openedBy: actor.operatorId,
        createdAt: now,
        updatedAt: now,
      });
      const genesis = sha256(
        biddingGenesisLine({
          biddingId: inserted.id,
          projectId: project.id,
          startingPrice: form.startingPrice,
        }),
      );
      await repo.setGenesis(tx, inserted.id, genesis);
      await repo.insertBidders(
        tx,
        qualified.map((registration, index) => ({
          biddingId: inserted.id,
          registrationId: registration.id,
          companyId: registration.companyId,
          bidderNo: bidderNoOf(index),
          kind: registration.kind,
          name: registration.name,
        })),
      );
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'bidding.open',
        result: 'ok',
        target: String(inserted.id),
        detail: {
          projectId: project.id,
          projectName: project.name,
          startAt: startAt.toISOString(),
          freeSeconds: form.freeSeconds,
          timedSeconds: form.timedSeconds,
          startingPrice: form.startingPrice,
          increment: form.increment,
          bidders: qualified.map((registration, index) => ({
            registrationId: registration.id,
            bidderNo: bidderNoOf(index),
          })),
          genesisHash: genesis,
        },
      });
      return inserted;
    });
    await publish(row);
    return { id: row.id, version: row.version };
  }

  /** The project's hall, or null: to whoever sees the project (404 otherwise), the id only when it sees the hall. */
  async function findForProject(viewer: Viewer, projectId: number): Promise<{ id: number } | null> {
    const project = await repo.findProject(db, projectId);
    if (project === undefined) throw notFound();
    const isVisible =
      isExchange(viewer) ||
      project.companyId === viewer.companyId ||
      (viewer.identityType === IDENTITY.member && project.agentCompanyId === viewer.companyId) ||
      (await repo.hasRegistration(db, projectId, viewer.companyId));
    if (!isVisible) throw notFound();
    const hall = await repo.findByProject(db, projectId);
    if (hall === undefined) return null;
    const loaded = await load(db, hall.id);
    return loaded !== undefined && canSee(viewer, loaded) ? { id: hall.id } : null;
  }

  async function show(viewer: Viewer, id: number): Promise<BiddingHall> {
    return toHall(await loadVisible(viewer, id), clock.now(), viewer);
  }

  /** 报价: judged under the hall's lock with the server's clock, chained, the countdown moved; then signalled. */
  async function bid(
    actor: Actor,
    id: number,
    input: { registrationId: number; amount: number },
  ): Promise<BiddingHall> {
    // a hall past its end is closed before the bid is refused, so the refusal and the hall agree
    await loadVisible(actor, id);
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
        currentPrice: input.amount,
        leaderRegistrationId: bidder.registrationId,
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
          amount: input.amount,
          hash,
          endsAt: updated.endsAt.toISOString(),
          version: updated.version,
        },
      });
      return updated;
    });
    await publish(row);
    return show(actor, id);
  }

  /**
   * The notices of a close: the project's owner, and each bidder's member when nobody bid (流拍; after a deal the
   * settlement has told each member its own result).
   */
  async function raiseResultNotices(
    tx: Db,
    item: repo.HallItem,
    bidders: repo.BidderRow[],
    winner: repo.BidderRow | undefined,
  ): Promise<void> {
    const project = item.projectName;
    const price = item.currentPrice === null ? '' : formatFen(item.currentPrice);
    const title = formatMessage(MSG.biddingResultTitle, { project });
    const link = biddingHallPath(item.id);
    for (const bidder of winner === undefined ? bidders : []) {
      const params = { project, name: bidder.name, bidderNo: bidder.bidderNo, price };
      const body = formatMessage(MSG.biddingResultFailedBody, params);
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
          ? formatMessage(MSG.biddingResultFailedBody, { project })
          : formatMessage(MSG.biddingResultOwnerBody, { project, name: winner.name, price }),
      link,
    });
  }

  /**
   * A hall closed without a bid: the project is 流拍 (from a disclosure that ran out or ended; a project the owner
   * moved elsewhere meanwhile keeps its status), and its process log says so.
   */
  async function markUnsold(tx: Db, projectId: number, at: Date): Promise<void> {
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
      reason: MSG.dealLogUnsold,
      actor: null,
      at,
    });
  }

  /**
   * Closes the hall if its countdown ran out: 'closed' by this call, 'already' when it was, 'open' when its end
   * moved later (the timer is set again).
   */
  async function closeHall(id: number): Promise<'closed' | 'already' | 'open'> {
    const now = clock.now();
    const outcome = await db.transaction(async (tx) => {
      const item = await repo.lockItem(tx, id);
      if (item === undefined || item.closedAt !== null) return { kind: 'already' as const };
      if (item.endsAt.getTime() > now.getTime()) return { kind: 'open' as const, endsAt: item.endsAt };
      // the hall ended when its countdown ran out, whenever the close is recorded
      const closedAt = item.endsAt;
      const bidders = await repo.listBidders(tx, id);
      const winner =
        item.currentPrice === null
          ? undefined
          : bidders.find((bidder) => bidder.registrationId === item.leaderRegistrationId);
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
        await markUnsold(tx, item.projectId, closedAt);
      }
      const row = await repo.updateHall(tx, id, { closedAt, updatedAt: now });
      if (row === undefined) return { kind: 'already' as const };
      await raiseResultNotices(tx, item, bidders, winner);
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
          lastHash: item.lastHash,
          settled,
        },
      });
      return { kind: 'closed' as const, row };
    });
    if (outcome.kind === 'open') arm(id, outcome.endsAt.getTime());
    if (outcome.kind === 'closed') {
      disarm(id);
      await publish(outcome.row);
      // the signed result is made after the close, outside its transaction (key and PDF work hold no lock)
      track(ensureResult(id)).catch((error: unknown) => {
        log.error({ err: error, biddingId: id }, '网络竞价结果文件生成失败');
      });
    }
    return outcome.kind;
  }

  /** Every hall past its end and still open closed (the housekeeping's step); answers how many were closed. */
  async function closeDue(): Promise<number> {
    let closed = 0;
    for (const id of await repo.listDue(db, clock.now())) {
      if ((await closeHall(id)) === 'closed') closed += 1;
    }
    for (const id of await repo.listWithoutResult(db)) await ensureResult(id);
    return closed;
  }

  // ---- the signed result ----------------------------------------------------------------------------------------

  /**
   * The exchange's signer: the credentials of its first enrolled operator (the company's certificate signs). An
   * exchange without them gets them issued here, as an enrolment would, rather than leaving the result unsigned.
   */
  async function exchangeSigner(companyId: number): Promise<Signer & { privateKeyPem: string }> {
    const members = await users.listCompanyOperators(companyId);
    const chosen = members.find((member) => member.operator.mainOperatorAuth) ?? members[0];
    if (chosen === undefined) throw new Error('the exchange has no operator to sign with');
    const operatorId = chosen.operator.id;
    let signer: Signer | undefined;
    try {
      signer = await signatures.loadSigner(companyId, operatorId);
    } catch (error) {
      if (!isAppError(error)) throw error;
      const facts = await credentials.findSignerFacts(operatorId);
      if (facts === undefined) throw new Error('the exchange operator has no signer facts');
      await credentials.ensureCredentials(facts, {
        actor: { ...SYSTEM_ACTOR, companyId },
        action: 'signature.enrol.exchange',
        isRefreshing: false,
      });
      signer = await signatures.loadSigner(companyId, operatorId);
    }
    if (signer.privateKeyPem === null) throw new Error('the exchange key is not held here');
    return { ...signer, privateKeyPem: signer.privateKeyPem };
  }

  async function makeResult(id: number): Promise<string | null> {
    const loaded = await load(db, id);
    if (loaded === undefined || loaded.item.closedAt === null) return null;
    if (loaded.item.resultFileId !== null) return loaded.item.resultFileId;
    const { item, bidders, bids } = loaded;
    const exchangeId = await users.findExchangeCompanyId();
    if (exchangeId === null) throw new Error('no exchange company to sign the result');
    const exchangeName = await users.findExchangeName();
    const winner = bidders.find((bidder) => bidder.registrationId === item.leaderRegistrationId);
    const closedAt: Date = loaded.item.closedAt;
    const genesisHash = sha256(
      biddingGenesisLine({ biddingId: id, projectId: item.projectId, startingPrice: item.startingPrice }),
    );
    const rendered = await renderBiddingResultPdf(
      composeBiddingResult({
        projectName: item.projectName,
        projectCode: item.projectCode,
        exchange: exchangeName,
        startAt: item.startAt,
        freeEndAt: item.freeEndAt,
        timedSeconds: item.timedSeconds,
        startingPrice: item.startingPrice,
        increment: item.increment,
        closedAt,
        winner:
          winner === undefined || item.currentPrice === null
            ? null
            : { name: winner.name, bidderNo: winner.bidderNo, price: item.currentPrice },
        bidderCount: bidders.length,
        bids,
        genesisHash,
        finalHash: item.lastHash,
      }),
    );
    const signer = await exchangeSigner(exchangeId);
    const signed = await sealPdf(signer, {
      pdf: rendered.pdf,
      layout: rendered,
      reason: '网络竞价结果',
      name: exchangeName,
      at: clock.now(),
    });
    const stored = await attachments.putBytes(signed);
    try {
      const row = await db.transaction(async (tx) => {
        const file = await attachments.recordPdf(tx, {
          stored,
          fileName: `网络竞价结果（${item.projectCode}）.pdf`,
          tag: BIDDING_RESULT_TAG,
          record: { dataClass: BIDDING_DATA_CLASS, dataId: String(id) },
          companyId: exchangeId,
          createdBy: null,
        });
        const updated = await repo.updateHall(
          tx,
          id,
          { resultFileId: file.uuid, updatedAt: clock.now() },
          { isResultMissing: true },
        );
        if (updated === undefined) throw new ResultTaken();
        await audit.append(tx, {
          ...SYSTEM_ACTOR,
          companyId: exchangeId,
          action: 'bidding.result',
          result: 'ok',
          target: String(id),
          detail: { fileId: file.uuid, sha256: stored.sha256, lastHash: item.lastHash },
        });
        return updated;
      });
      await publish(row);
      return row.resultFileId;
    } catch (error) {
      // another node filed it first: theirs stands (these bytes, unreferenced, go with the purge)
      if (error instanceof ResultTaken) return (await repo.findItem(db, id))?.resultFileId ?? null;
      throw error;
    }
  }

  /** The closed hall's signed result, made once per node at a time. */
  function ensureResult(id: number): Promise<string | null> {
    let making = resultsMaking.get(id);
    if (making === undefined) {
      making = makeResult(id).finally(() => resultsMaking.delete(id));
      resultsMaking.set(id, making);
    }
    return making;
  }

  /** The signed result PDF of a closed hall, to whoever sees the hall. */
  async function openResult(viewer: Viewer, id: number) {
    const loaded = await loadVisible(viewer, id);
    if (loaded.item.closedAt === null) throw refused(MSG.biddingNotClosed);
    const fileId = loaded.item.resultFileId ?? (await track(ensureResult(id)));
    if (fileId === null) throw refused(MSG.biddingResultPending);
    return attachments.openDownload(viewer, fileId, false);
  }

  // ---- streams ----------------------------------------------------------------------------------------------------

  /**
   * A watcher of the hall: registered before the hall is read, so no signal falls between the read and the
   * watch; its first event is the hall as read, the later ones each newer version.
   */
  async function openStream(viewer: Viewer, id: number): Promise<BiddingStream> {
    const watcher: Watcher = { version: 0, pending: [], write: undefined, end: undefined };
    let set = watchers.get(id);
    if (set === undefined) {
      set = new Set();
      watchers.set(id, set);
    }
    set.add(watcher);
    const stop = (): void => {
      const current = watchers.get(id);
      current?.delete(watcher);
      if (current?.size === 0) watchers.delete(id);
    };
    try {
      const hall = toEvent(await loadVisible(viewer, id), clock.now());
      watcher.version = hall.version;
      return {
        first: formatEvent(BIDDING_EVENTS.hall, hall),
        attach: (write, end) => {
          watcher.write = write;
          watcher.end = end;
          for (const pending of watcher.pending.splice(0)) deliver(watcher, pending.version, pending.chunk);
        },
        stop,
      };
    } catch (error) {
      stop();
      throw error;
    }
  }

  // ---- life cycle -------------------------------------------------------------------------------------------------

  /** When the app is ready: the hub listens, and a timer is set for every open hall. */
  async function start(): Promise<void> {
    await hub.start();
    await armOpenHalls();
  }

  /** Before the app closes: no more timers, the streams ended, the work under way waited for, the hub closed. */
  async function stop(): Promise<void> {
    isStopped = true;
    for (const id of [...timers.keys()]) disarm(id);
    for (const set of watchers.values()) {
      for (const watcher of set) watcher.end?.();
    }
    watchers.clear();
    await Promise.allSettled([...running]);
    await hub.close();
  }

  return {
    open,
    findForProject,
    show,
    bid,
    closeHall,
    closeDue,
    openResult,
    openStream,
    start,
    stop,
    /** the number of streams this node serves (the bench reads it in its logs) */
    watcherCount: (): number => [...watchers.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
