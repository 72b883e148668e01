// The hall as the page holds it, and its clock. The server is the only clock of the hall (bidding.ts): every answer
// carries the server's time, and the page counts down against it, so a browser whose clock is minutes off still
// shows the seconds the server will hold it to. The offset is measured when each answer arrives; the network's
// delay makes the count at most that late, never early.
import { biddingPhase, ZBiddingHallEvent } from '@cqjy/domain/bidding';
import type { BiddingHall, BiddingStatus } from '@cqjy/domain/bidding';

export type LiveHall = BiddingHall & {
  /** the server's clock minus the browser's, when this was received */
  offsetMs: number;
};

/** A hall as it arrives: the offset of the clocks taken now. */
export function received(hall: BiddingHall, nowMs = Date.now()): LiveHall {
  const serverMs = Date.parse(hall.serverNow);
  return { ...hall, offsetMs: Number.isNaN(serverMs) ? 0 : serverMs - nowMs };
}

/**
 * The hall after one event of the stream. The events are the same for every watcher, so they leave out the
 * caller's bidder numbers: those are kept from what the page has. An event older than what the page has (a bid's
 * own answer may overtake the event of that bid) changes nothing; an event that is not a hall is ignored.
 */
export function applyEvent(
  current: LiveHall | undefined,
  data: unknown,
  nowMs = Date.now(),
): LiveHall | undefined {
  const parsed = ZBiddingHallEvent.safeParse(data);
  if (!parsed.success) return current;
  if (current !== undefined && parsed.data.version < current.version) return current;
  return received(
    { ...parsed.data, myBidderNos: current?.myBidderNos ?? [], bidders: current?.bidders ?? null },
    nowMs,
  );
}

/** A bid's own answer, unless an event newer than it has already come. */
export function applyAnswer(current: LiveHall | undefined, hall: BiddingHall, nowMs = Date.now()): LiveHall {
  if (current !== undefined && hall.version < current.version) return current;
  return received(hall, nowMs);
}

/** The server's time now, as the page reckons it. */
export function serverNow(hall: LiveHall, nowMs = Date.now()): number {
  return nowMs + hall.offsetMs;
}

/**
 * The phase by the server's clock: the hall moves from scheduled to free to timed on its own times without an
 * event; only the server closes it (the last bid may still be on its way when the count reaches zero).
 */
export function phaseOf(hall: LiveHall, nowMs = Date.now()): BiddingStatus {
  if (hall.status === 'closed') return 'closed';
  const phase = biddingPhase(
    {
      startAt: new Date(hall.startAt),
      freeEndAt: new Date(hall.freeEndAt),
      endsAt: new Date(hall.endsAt),
      closedAt: null,
    },
    new Date(serverNow(hall, nowMs)),
  );
  return phase === 'closed' ? 'timed' : phase;
}

/** What the countdown counts to: the start before it, the end after. */
export function countdownTarget(hall: LiveHall, phase: BiddingStatus): string {
  return phase === 'scheduled' ? hall.startAt : hall.endsAt;
}

/** Milliseconds left until `target` by the server's clock, never below zero. */
export function remainingMs(hall: LiveHall, target: string, nowMs = Date.now()): number {
  return Math.max(0, Date.parse(target) - serverNow(hall, nowMs));
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

/** mm:ss, or hh:mm:ss from an hour up; a started second counts whole (0.2 s left shows 00:01). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}` : `${pad2(minutes)}:${pad2(seconds)}`;
}
