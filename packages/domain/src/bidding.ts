// The bidding hall (网络竞价; spec 001 section 2, bulkOnline and the online bidding flow): the exchange opens a
// hall on a project with two or more qualified registrations (intentions.ts), with a start, a starting price, an
// increment, a free period (自由报价期) and a timed period (限时报价期), in one of the auction modes:
// - 自由报价 + 限时竞价 (dynamic): during the free period any qualified bidder bids; when it ends the countdown of
//   the timed period starts, and every bid in it starts the countdown again; the hall closes when a countdown runs
//   out without a bid.
// - 一次报价 (sealed): during the bidding window (the free period) each bidder bids once, unseen by anyone; the bids
//   are opened together at the close and the highest takes it (the earlier of two equal ones).
// - 减价式 (dutch): from the starting price the ask falls by the step (the increment) every period (the timed
//   seconds) until the window (the free period) ends; the first bidder to take the ask wins at it, and the hall
//   closes at once.
// In a dynamic session a bidder may leave a ceiling (委托代理出价): whenever another bid tops it, the hall bids for it
// by the increment up to that ceiling (nextProxyBid); the ceiling is seen by its bidder alone.
// The owner may set a reserve price (保留价) no later than the rule's hours before the start: hidden until the
// close, a highest bid below it sells nothing. Bidders are known to each other by their numbers (竞买号) only; the
// exchange and the owner see who is behind each number once the hall closed. The server is the only clock and the
// only judge. Each bid is chained to the one before by its sha256, so the log cannot be changed unnoticed; the result
// (winner, price, every bid) is a PDF signed by the exchange.
import { z } from 'zod';
import {
  formatChineseDate,
  formatDate,
  formatDateTime,
  formatFen,
  formatMessage,
  TIMEZONE_OFFSET,
} from './format.ts';
import { zVersionOrNew } from './contract.ts';
import { addCalendarDays } from './workdays.ts';
import { dealRefusal, type DealFacts } from './intentions.ts';
import { MSG } from './messages.ts';

export const BIDDING_STATUSES = ['scheduled', 'free', 'timed', 'closed'] as const;
export type BiddingStatus = (typeof BIDDING_STATUSES)[number];

export const BIDDING_STATUS_LABELS: Record<BiddingStatus, string> = {
  scheduled: '未开始',
  free: '自由报价',
  timed: '限时报价',
  closed: '已结束',
};

/** A phase as its mode names it: a sealed or Dutch session's one window is 报价中, not a free period. */
export function biddingStatusLabel(mode: 'dynamic' | 'sealed' | 'dutch', status: BiddingStatus): string {
  return mode !== 'dynamic' && status === 'free' ? '报价中' : BIDDING_STATUS_LABELS[status];
}

export const AUCTION_MODES = ['dynamic', 'sealed', 'dutch'] as const;
export type AuctionMode = (typeof AUCTION_MODES)[number];

export const AUCTION_MODE_LABELS: Record<AuctionMode, string> = {
  dynamic: '自由报价+限时竞价',
  sealed: '一次报价（密封报价）',
  dutch: '减价式（降价竞价）',
};

type DutchSchedule = {
  startingPrice: number;
  increment: number;
  timedSeconds: number;
  startAt: Date | string;
  freeEndAt: Date | string;
};

/**
 * A Dutch session's ask at `now`: the starting price less one step (the increment) for every whole period (the
 * timed seconds) gone since the start, the fall stopping at the window's end.
 */
export function dutchAskAt(hall: DutchSchedule, now: Date | number): number {
  const start = new Date(hall.startAt).getTime();
  const end = new Date(hall.freeEndAt).getTime();
  const at = Math.min(Math.max(new Date(now).getTime(), start), end - 1);
  const steps = Math.floor((at - start) / (hall.timedSeconds * 1000));
  return hall.startingPrice - steps * hall.increment;
}

/** Why a Dutch session's schedule is refused, or null: its last ask must stay above nothing. */
export function dutchRefusal(
  form: Pick<BiddingOpenForm, 'startingPrice' | 'increment' | 'freeSeconds' | 'timedSeconds'>,
): string | null {
  const lowest = dutchAskAt(
    { ...form, startAt: new Date(0), freeEndAt: new Date(form.freeSeconds * 1000) },
    form.freeSeconds * 1000,
  );
  return lowest > 0 ? null : MSG.biddingDutchTooLow;
}

/** Limits of the hall's parameters, in seconds. */
export const BIDDING_FREE_SECONDS_MAX = 7 * 24 * 3600;
export const BIDDING_TIMED_SECONDS_MIN = 10;
export const BIDDING_TIMED_SECONDS_MAX = 3600;
/** The most restarts of the countdown a session's rules may allow (延时次数上限). */
export const BIDDING_RESTARTS_MAX = 1000;

/** What the exchange enters to open a hall. Money in fen; times ISO. */
export const ZBiddingOpenForm = z.object({
  projectId: z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest),
  startAt: z.string({ error: MSG.biddingStartInvalid }).refine((v) => !Number.isNaN(Date.parse(v)), {
    message: MSG.biddingStartInvalid,
  }),
  freeSeconds: z
    .number({ error: MSG.biddingFreeSecondsInvalid })
    .int(MSG.biddingFreeSecondsInvalid)
    .min(0, MSG.biddingFreeSecondsInvalid)
    .max(BIDDING_FREE_SECONDS_MAX, MSG.biddingFreeSecondsInvalid),
  timedSeconds: z
    .number({ error: MSG.biddingTimedSecondsInvalid })
    .int(MSG.biddingTimedSecondsInvalid)
    .min(BIDDING_TIMED_SECONDS_MIN, MSG.biddingTimedSecondsInvalid)
    .max(BIDDING_TIMED_SECONDS_MAX, MSG.biddingTimedSecondsInvalid),
  startingPrice: z
    .number({ error: MSG.biddingStartingPriceInvalid })
    .int(MSG.biddingStartingPriceInvalid)
    .min(1, MSG.biddingStartingPriceInvalid)
    .max(Number.MAX_SAFE_INTEGER, MSG.biddingStartingPriceInvalid),
  increment: z
    .number({ error: MSG.biddingIncrementInvalid })
    .int(MSG.biddingIncrementInvalid)
    .min(1, MSG.biddingIncrementInvalid)
    .max(Number.MAX_SAFE_INTEGER, MSG.biddingIncrementInvalid),
  mode: z.enum(AUCTION_MODES, { error: MSG.badRequest }).default('dynamic'),
  /**
   * a dynamic session's cap on the countdown's restarts (延时次数上限): after that many, a bid in the timed period
   * no longer restarts it, so the session has a latest possible end; null: no cap
   */
  restartsMax: z
    .number({ error: MSG.biddingRestartsMaxInvalid })
    .int(MSG.biddingRestartsMaxInvalid)
    .min(1, MSG.biddingRestartsMaxInvalid)
    .max(BIDDING_RESTARTS_MAX, MSG.biddingRestartsMaxInvalid)
    .nullable()
    .default(null),
});
export type BiddingOpenForm = z.infer<typeof ZBiddingOpenForm>;

/**
 * The seller's rules for its project's hall (竞价规则, POST /api/project/save/auction): the session's start, periods,
 * starting price and increment, saved while the project is a draft or disclosing. The exchange's 开启网络竞价 starts
 * from them; the exchange still decides when it opens.
 */
export const ZAuctionRulesForm = ZBiddingOpenForm.extend({
  /** the reserve price (保留价, fen), hidden from the bidders until the close; null: none */
  reservePrice: z
    .number({ error: MSG.auctionReserveInvalid })
    .int(MSG.auctionReserveInvalid)
    .min(1, MSG.auctionReserveInvalid)
    .max(Number.MAX_SAFE_INTEGER, MSG.auctionReserveInvalid)
    .nullable()
    .default(null),
  /** the rules' version read (0: none saved yet) */
  version: zVersionOrNew,
});
export type AuctionRulesForm = z.infer<typeof ZAuctionRulesForm>;

/** GET /api/project/auction/{projectId}: the saved rules (to the seller's side and the exchange), or null. */
export const ZAuctionRules = ZBiddingOpenForm.extend({
  reservePrice: z.number().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type AuctionRules = z.infer<typeof ZAuctionRules>;

/**
 * Why the seller's rules are refused for its project, or null: a hall starts on the day after the disclosure's
 * last day at the earliest (the registrations run to its end), and never below the disclosed starting price.
 */
export function auctionRulesRefusal(
  rules: Pick<AuctionRulesForm, 'startAt' | 'startingPrice' | 'reservePrice'>,
  project: { status: string; disclosureEnd: Date | null; listingPrice: number | null },
): string | null {
  if (project.listingPrice !== null && rules.startingPrice < project.listingPrice) {
    return formatMessage(MSG.auctionRulesPriceTooLow, { price: formatFen(project.listingPrice) });
  }
  if (rules.reservePrice !== null && rules.reservePrice < rules.startingPrice) {
    return MSG.auctionReserveBelowStart;
  }
  if (project.status === 'disclosing' && project.disclosureEnd !== null) {
    if (Date.parse(rules.startAt) < earliestAuctionStart(project.disclosureEnd).getTime()) {
      return formatMessage(MSG.auctionRulesStartTooEarly, { end: formatChineseDate(project.disclosureEnd) });
    }
  }
  return null;
}

/**
 * Why a reserve price may not be set or changed now, or null: no later than `leadHours` (规则参数 保留价设定时限)
 * before the session's start, so no bidder can be met by a reserve moved at the last minute.
 */
export function reserveLeadRefusal(startAt: Date | string, now: Date, leadHours: number): string | null {
  const latest = new Date(startAt).getTime() - leadHours * 3_600_000;
  return now.getTime() > latest ? formatMessage(MSG.auctionReserveTooLate, { hours: leadHours }) : null;
}

/** Whether a hall's highest bid sells: with no reserve any bid does, else only one at or above it. */
export function isReserveMet(reservePrice: number | null, price: number): boolean {
  return reservePrice === null || price >= reservePrice;
}

/** The earliest start of a hall: the day after the disclosure's last day (+08:00), at its first minute. */
export function earliestAuctionStart(disclosureEnd: Date | string): Date {
  return addCalendarDays(new Date(`${formatDate(disclosureEnd)}T00:00:00${TIMEZONE_OFFSET}`), 1);
}

/**
 * The next valid bid: the starting price for the first, then one step (the increment) above the current price. It
 * is the least the server takes (checkBid) and what the bidder's 加一手 offers, so the two never disagree.
 */
export function nextValidBid(
  hall: {
    mode: AuctionMode;
    startingPrice: number;
    increment: number;
    currentPrice: number | null;
    timedSeconds: number;
    startAt: Date | string;
    freeEndAt: Date | string;
  },
  now: Date | number = new Date(hall.startAt),
): number {
  // a Dutch session's is the ask of the moment; a sealed bid is measured against the starting price alone
  if (hall.mode === 'dutch') return dutchAskAt(hall, now);
  if (hall.mode === 'sealed' || hall.currentPrice === null) return hall.startingPrice;
  return hall.currentPrice + hall.increment;
}

/**
 * Why the exchange may not open a hall on the project now, or null: the deal's readiness (the registrations
 * closed with the disclosure, no deposit awaited), no hall already, two or more qualified buyers, and no member
 * holding two of them (a member acts for one bidder). The project's page shows the same words on its disabled
 * button.
 */
export function biddingRefusal(facts: DealFacts, now: Date): string | null {
  const refusal = dealRefusal(facts, now, MSG.biddingProjectNotOpen);
  if (refusal !== null) return refusal;
  if (facts.hasHall) return MSG.biddingAlreadyOpen;
  if (facts.qualified < 2) return MSG.biddingTooFewBidders;
  return facts.sharedMembers > 0 ? MSG.biddingMemberShared : null;
}

/** Why a bid of `amount` at `now` is refused, or null: the hall must be open and the bid at least the next valid one. */
export function checkBid(
  hall: {
    status: BiddingStatus;
    mode: AuctionMode;
    timedSeconds: number;
    freeEndAt: Date;
    startingPrice: number;
    increment: number;
    currentPrice: number | null;
    startAt: Date;
    endsAt: Date;
  },
  amount: number,
  now: Date,
): string | null {
  if (hall.status === 'closed' || now.getTime() >= hall.endsAt.getTime()) return MSG.biddingClosed;
  if (now.getTime() < hall.startAt.getTime()) return MSG.biddingNotStarted;
  if (!Number.isSafeInteger(amount) || amount <= 0) return MSG.biddingAmountInvalid;
  const minimum = nextValidBid(hall, now);
  if (amount < minimum) {
    const message =
      hall.mode === 'sealed'
        ? MSG.biddingBelowStart
        : hall.mode === 'dutch'
          ? MSG.biddingBelowAsk
          : MSG.biddingBelowMinimum;
    return formatMessage(message, { min: formatFen(minimum) });
  }
  return null;
}

/**
 * Whether a bid of `amount` leads the hall after it: in a dynamic session every accepted bid does (it is above the
 * current price); in a sealed one only a bid above the highest so far (of two equal bids the earlier stays ahead).
 */
export function leadsAfterBid(
  hall: { mode: AuctionMode; currentPrice: number | null },
  amount: number,
): boolean {
  return hall.mode !== 'sealed' || hall.currentPrice === null || amount > hall.currentPrice;
}

/**
 * A winner's default (违约) and what follows it: the deal offered to the next highest bidder at its own highest bid
 * (递补), which accepts or declines (or lets the term run out, 逾期); a decline passes it on to the next, and when
 * nobody is left above the reserve the project is unsold (流拍) and may be disclosed again.
 */
export const BIDDING_OFFER_ANSWERS = ['accepted', 'declined', 'expired'] as const;
export type BiddingOfferAnswer = (typeof BIDDING_OFFER_ANSWERS)[number];

export const BIDDING_OFFER_ANSWER_LABELS: Record<BiddingOfferAnswer | 'open', string> = {
  open: '待答复',
  accepted: '已接受',
  declined: '已放弃',
  expired: '逾期未答复',
};

/**
 * The bidders the deal may be offered to after a default, best first: each bidder's highest bid, higher first, of
 * equal ones the earlier; only bids meeting the reserve, and none of the bidders in `excluded` (the defaulters,
 * those offered before). A Dutch session has one bid only: nobody follows its taker.
 */
export function offerCandidates(
  bids: readonly { registrationId: number; amount: number; seq: number }[],
  reservePrice: number | null,
  excluded: ReadonlySet<number>,
): { registrationId: number; amount: number }[] {
  const best = new Map<number, { registrationId: number; amount: number; seq: number }>();
  for (const bid of bids) {
    const held = best.get(bid.registrationId);
    if (held === undefined || bid.amount > held.amount) best.set(bid.registrationId, bid);
  }
  return [...best.values()]
    .filter((bid) => !excluded.has(bid.registrationId) && isReserveMet(reservePrice, bid.amount))
    .sort((a, b) => b.amount - a.amount || a.seq - b.seq)
    .map(({ registrationId, amount }) => ({ registrationId, amount }));
}

/** The latest offer of a hall after a default, as every watcher sees it. */
export const ZBiddingOffer = z.object({
  bidderNo: z.string(),
  /** fen: the bidder's own highest bid */
  price: z.number(),
  offeredAt: z.string(),
  /** the last moment to answer (递补答复期限) */
  answerBy: z.string(),
  answer: z.enum(BIDDING_OFFER_ANSWERS).nullable(),
  answerLabel: z.string(),
});
export type BiddingOffer = z.infer<typeof ZBiddingOffer>;

/** A bidder's standing ceiling (委托最高价, fen) in a dynamic session, and when it was left (ms). */
export type ProxyCeiling = { registrationId: number; ceiling: number; setAt: number };

/**
 * The bid the hall makes next on a party's behalf, or null when no ceiling can top the current price: the best
 * challenger (the highest ceiling of those not leading that reach the next valid bid; of equal ones the earlier)
 * against the leader's own ceiling. A leader whose ceiling is at least the challenger's holds, answering with one
 * step above the challenger's ceiling (or its own ceiling, on equal ones: the earlier ceiling wins); otherwise the
 * challenger takes the lead at one step above the best rival ceiling (the leader's, or the next challenger's), never
 * above its own ceiling, never below the next valid bid. Applied until it answers null, every contest of ceilings
 * ends where a person bidding step by step for each would have left it, in a few bids instead of hundreds.
 */
export function nextProxyBid(
  hall: {
    mode: AuctionMode;
    startingPrice: number;
    increment: number;
    currentPrice: number | null;
    leaderRegistrationId: number | null;
    timedSeconds: number;
    startAt: Date | string;
    freeEndAt: Date | string;
  },
  proxies: readonly ProxyCeiling[],
): { registrationId: number; amount: number } | null {
  if (hall.mode !== 'dynamic') return null;
  const next = nextValidBid(hall);
  const challengers = proxies
    .filter((proxy) => proxy.registrationId !== hall.leaderRegistrationId && proxy.ceiling >= next)
    .sort((a, b) => b.ceiling - a.ceiling || a.setAt - b.setAt);
  const best = challengers[0];
  if (best === undefined) return null;
  const defender = proxies.find((proxy) => proxy.registrationId === hall.leaderRegistrationId);
  if (defender !== undefined && hall.leaderRegistrationId !== null && defender.ceiling >= best.ceiling) {
    const amount = Math.min(defender.ceiling, best.ceiling + hall.increment);
    return amount >= next ? { registrationId: hall.leaderRegistrationId, amount } : null;
  }
  const rival = Math.max(defender?.ceiling ?? 0, challengers[1]?.ceiling ?? 0);
  const amount = Math.max(next, Math.min(best.ceiling, rival + hall.increment));
  return { registrationId: best.registrationId, amount };
}

/**
 * The hall's phase at `now` given its stored times: before the start it is scheduled; until the free period's end
 * free; then timed until `endsAt` (the timed countdown's end, moved by every bid in it); closed after.
 */
export function biddingPhase(
  hall: { startAt: Date; freeEndAt: Date; endsAt: Date; closedAt: Date | null },
  now: Date,
): BiddingStatus {
  if (hall.closedAt !== null || now.getTime() >= hall.endsAt.getTime()) return 'closed';
  if (now.getTime() < hall.startAt.getTime()) return 'scheduled';
  return now.getTime() < hall.freeEndAt.getTime() ? 'free' : 'timed';
}

/**
 * The countdown's end after a bid at `at`: in the timed period (or the bid at the free period's very end) the
 * countdown starts again from the bid; during the free period it stays.
 */
export function endsAfterBid(
  hall: {
    mode: AuctionMode;
    freeEndAt: Date;
    endsAt: Date;
    timedSeconds: number;
    restartsMax?: number | null;
    restarts?: number;
  },
  at: Date,
): Date {
  // the first to take a Dutch session's ask ends it; a sealed session ends when its window does
  if (hall.mode === 'dutch') return at;
  if (hall.mode === 'sealed' || at.getTime() < hall.freeEndAt.getTime()) return hall.endsAt;
  // the rules' restarts all taken: the countdown runs out where it stands
  if (hall.restartsMax != null && (hall.restarts ?? 0) >= hall.restartsMax) return hall.endsAt;
  const restarted = at.getTime() + hall.timedSeconds * 1000;
  return new Date(Math.max(restarted, hall.endsAt.getTime()));
}

/**
 * A session's schedule on the sandbox clock (规则参数 演练时钟倍速, never in production): the wait before the start,
 * the free period (a sealed or Dutch session's window) and the timed period (a Dutch session's step) each `speed`
 * times shorter, a second at the least. At speed 1 the form's own.
 */
export function sandboxSchedule(
  form: { startAt: string; freeSeconds: number; timedSeconds: number },
  now: Date,
  speed: number,
): { startAt: Date; freeSeconds: number; timedSeconds: number } {
  const startAt = new Date(form.startAt);
  if (speed <= 1) return { startAt, freeSeconds: form.freeSeconds, timedSeconds: form.timedSeconds };
  const wait = Math.max(0, startAt.getTime() - now.getTime());
  return {
    // a start already come stays where it is
    startAt: wait === 0 ? startAt : new Date(now.getTime() + Math.round(wait / speed)),
    freeSeconds: Math.ceil(form.freeSeconds / speed),
    timedSeconds: Math.max(1, Math.ceil(form.timedSeconds / speed)),
  };
}

/**
 * The latest a dynamic session with capped restarts can end: every restart left taken at the last moment, each
 * adding one timed period to the end as it stands; null without a cap (or in another mode).
 */
export function latestEndOf(hall: {
  mode: AuctionMode;
  endsAt: Date;
  timedSeconds: number;
  restartsMax: number | null;
  restarts: number;
}): Date | null {
  if (hall.mode !== 'dynamic' || hall.restartsMax === null) return null;
  const left = Math.max(0, hall.restartsMax - hall.restarts);
  return new Date(hall.endsAt.getTime() + left * hall.timedSeconds * 1000);
}

/** The facts of one bid, as the hash chain links them (the server hashes the line with the previous link). */
export function bidChainLine(input: {
  previous: string;
  biddingId: number;
  seq: number;
  bidderNo: string;
  amount: number;
  at: string;
}): string {
  return [input.previous, input.biddingId, input.seq, input.bidderNo, input.amount, input.at].join('|');
}

/** A bidder is named in the hall by its number only (竞买号), never by its name, until the result. */
export function bidderNo(index: number): string {
  return `J${String(index + 1).padStart(3, '0')}`;
}

export const ZBid = z.object({
  seq: z.number(),
  bidderNo: z.string(),
  /** made by the hall on its bidder's ceiling (委托代理出价) */
  isProxy: z.boolean(),
  /** fen */
  amount: z.number(),
  at: z.string(),
  hash: z.string(),
});
export type Bid = z.infer<typeof ZBid>;

/** The hall as a watcher sees it (GET /api/bidding/{id}, and each event of the stream). */
export const ZBiddingHall = z.object({
  id: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  status: z.enum(BIDDING_STATUSES),
  statusLabel: z.string(),
  mode: z.enum(AUCTION_MODES),
  modeLabel: z.string(),
  /** the server's clock when this was read: the browser counts down from the difference */
  serverNow: z.string(),
  startAt: z.string(),
  freeEndAt: z.string(),
  /** the countdown's end as it stands */
  endsAt: z.string(),
  timedSeconds: z.number(),
  /** the sandbox clock's speed the hall runs at (1: the real pace; more only outside production) */
  sandboxSpeed: z.number(),
  /** the rules' cap on the countdown's restarts (null: none), the restarts so far, and the latest possible end */
  restartsMax: z.number().nullable(),
  restarts: z.number(),
  latestEndsAt: z.string().nullable(),
  startingPrice: z.number(),
  increment: z.number(),
  /** a sealed session's price and leader stay null (unseen) until the close */
  currentPrice: z.number().nullable(),
  nextMinimum: z.number(),
  leaderNo: z.string().nullable(),
  /** how many bids there are (a sealed session shows only this until the close) */
  bidCount: z.number(),
  /** the reserve price once the hall closed (null before, or none set), and whether the highest bid met it */
  reservePrice: z.number().nullable(),
  isReserveMet: z.boolean().nullable(),
  /** the caller's bidder number when it bids here (its own registration, or one its member represents) */
  myBidderNos: z.array(
    z.object({
      bidderNo: z.string(),
      registrationId: z.number(),
      name: z.string(),
      /** its own bids (a sealed session: its one bid, seen by itself alone) */
      amounts: z.array(z.number()),
      /** its standing ceiling (委托最高价), seen by itself alone; null: none */
      proxyCeiling: z.number().nullable(),
    }),
  ),
  /** once closed, to the exchange and the owner: who is behind each bidder number */
  bidders: z.array(z.object({ bidderNo: z.string(), name: z.string() })).nullable(),
  bids: z.array(ZBid),
  /** once closed: the winner (after a default, the bidder that accepted the offer; none while it is open) */
  winnerName: z.string().nullable(),
  winnerNo: z.string().nullable(),
  /** the bidder numbers whose winner defaulted (违约), in order */
  defaultedNos: z.array(z.string()),
  /** the latest offer after a default (递补), or null */
  offer: ZBiddingOffer.nullable(),
  /** the deal decided here still waits for its contract (待签约): the exchange may record its winner's default */
  canDefault: z.boolean(),
  resultFileId: z.string().nullable(),
  version: z.number(),
});
export type BiddingHall = z.infer<typeof ZBiddingHall>;

export function biddingHallPath(id: number): string {
  return `/index/biddingHall?id=${id}`;
}

/**
 * The hall as the event stream carries it (GET /api/bidding/{id}/events): the same as ZBiddingHall but for
 * myBidderNos, which depend on the watcher (the browser keeps those of its first read).
 */
export const ZBiddingHallEvent = ZBiddingHall.omit({ myBidderNos: true, bidders: true });
export type BiddingHallEvent = z.infer<typeof ZBiddingHallEvent>;

/** The event names of the stream: the hall when the stream opens, then one per accepted bid and on close. */
export const BIDDING_EVENTS = { hall: 'hall', bid: 'bid', close: 'close' } as const;

/** The chain's first link: the hall's identity and its starting price, before any bid. */
export function biddingGenesisLine(input: {
  biddingId: number;
  projectId: number;
  startingPrice: number;
}): string {
  return ['genesis', input.biddingId, input.projectId, input.startingPrice].join('|');
}

/** The record class and tag of a hall's signed result file. */
export const BIDDING_DATA_CLASS = 'bidding';
export const BIDDING_RESULT_TAG = 'biddingResult';

/** The result of a hall as its signed PDF shows it: labelled facts, then every bid of the chain. */
export function composeBiddingResult(input: {
  projectName: string;
  projectCode: string;
  exchange: string;
  mode: AuctionMode;
  reservePrice: number | null;
  /** the highest bid when it did not meet the reserve (no winner) */
  highestPrice: number | null;
  startAt: Date;
  freeEndAt: Date;
  timedSeconds: number;
  startingPrice: number;
  increment: number;
  closedAt: Date;
  winner: { name: string; bidderNo: string; price: number } | null;
  bidderCount: number;
  bids: readonly { seq: number; bidderNo: string; amount: number; at: Date; hash: string }[];
  genesisHash: string;
  finalHash: string;
}): {
  title: string;
  fields: { label: string; value: string }[];
  bidsTitle: string;
  bidHeader: string[];
  bidRows: string[][];
  chainNote: string;
  signatory: string;
  date: string;
} {
  const yuan = (fen: number): string => `${formatFen(fen)}元`;
  return {
    title: '网络竞价结果',
    fields: [
      { label: '项目名称', value: input.projectName },
      { label: '项目编号', value: input.projectCode },
      { label: '竞价方式', value: AUCTION_MODE_LABELS[input.mode] },
      { label: '竞价开始时间', value: formatDateTime(input.startAt) },
      ...(input.mode === 'sealed'
        ? [{ label: '报价截止时间', value: formatDateTime(input.freeEndAt) }]
        : [
            { label: '自由报价期截止', value: formatDateTime(input.freeEndAt) },
            { label: '限时报价周期', value: `${input.timedSeconds}秒` },
          ]),
      { label: '起始价', value: yuan(input.startingPrice) },
      ...(input.mode === 'sealed' ? [] : [{ label: '加价幅度', value: yuan(input.increment) }]),
      { label: '保留价', value: input.reservePrice === null ? '未设' : yuan(input.reservePrice) },
      { label: '竞买人数', value: `${input.bidderCount}名` },
      { label: '报价次数', value: `${input.bids.length}次` },
      { label: '竞价结束时间', value: formatDateTime(input.closedAt) },
      {
        label: '竞价结果',
        value:
          input.winner !== null
            ? `${input.winner.name}（${input.winner.bidderNo}）竞得`
            : input.highestPrice !== null
              ? formatMessage(MSG.dealLogReserveNotMet, { price: formatFen(input.highestPrice) })
              : '无人报价，本次竞价流拍',
      },
      { label: '成交价', value: input.winner === null ? '—' : yuan(input.winner.price) },
      { label: '起始链值', value: input.genesisHash },
      { label: '最终链值', value: input.finalHash },
    ],
    bidsTitle: '报价记录',
    bidHeader: ['序号', '竞买号', '报价（元）', '报价时间', '链值（SHA-256）'],
    bidRows: input.bids.map((bid) => [
      String(bid.seq),
      bid.bidderNo,
      formatFen(bid.amount),
      formatDateTime(bid.at),
      bid.hash,
    ]),
    chainNote:
      '每条报价的链值为SHA-256（上一链值|竞价编号|序号|竞买号|报价（分）|报价时间），首条报价的上一链值为起始链值；任何一条记录被改动，其后的链值均无法复算。',
    signatory: input.exchange,
    date: formatChineseDate(input.closedAt),
  };
}
