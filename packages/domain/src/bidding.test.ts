import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { biddingPhase, bidderNo, checkBid, endsAfterBid, nextMinimum } from './bidding.ts';
import { MSG } from './messages.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 2, 0, seconds));

const hall = {
  status: 'free' as const,
  startingPrice: 100_000,
  increment: 10_000,
  currentPrice: null as number | null,
  startAt: at(0),
  freeEndAt: at(60),
  endsAt: at(120),
  timedSeconds: 60,
  closedAt: null,
};

describe('the bidding hall', () => {
  it('asks the starting price first, then the current price plus the increment', () => {
    expect(nextMinimum(hall)).toBe(100_000);
    expect(nextMinimum({ ...hall, currentPrice: 150_000 })).toBe(160_000);
  });

  it('refuses a bid below the minimum with the minimum in yuan, and accepts any bid at or above it', () => {
    const current = { ...hall, currentPrice: 150_000 };
    expect(checkBid(current, 155_000, at(10))).toBe('报价不能低于1,600.00元（当前价加上加价幅度）');
    fc.assert(
      fc.property(
        fc.integer({ min: 160_000, max: 1e12 }),
        (amount) => checkBid(current, amount, at(10)) === null,
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 159_999 }),
        (amount) => checkBid(current, amount, at(10)) !== null,
      ),
    );
  });

  it('refuses bids before the start and at or after the end', () => {
    expect(checkBid(hall, 100_000, new Date(at(0).getTime() - 1))).toBe(MSG.biddingNotStarted);
    expect(checkBid(hall, 100_000, at(120))).toBe(MSG.biddingClosed);
    expect(checkBid({ ...hall, status: 'closed' }, 100_000, at(10))).toBe(MSG.biddingClosed);
  });

  it('keeps the end during the free period and restarts the countdown with each bid in the timed period', () => {
    expect(endsAfterBid(hall, at(30))).toEqual(at(120));
    expect(endsAfterBid(hall, at(100))).toEqual(at(160));
    // a bid never shortens the countdown
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 119 }),
        (s) => endsAfterBid(hall, at(s)).getTime() >= at(120).getTime(),
      ),
    );
  });

  it('reads its phase from the server clock', () => {
    expect(biddingPhase(hall, new Date(at(0).getTime() - 1))).toBe('scheduled');
    expect(biddingPhase(hall, at(30))).toBe('free');
    expect(biddingPhase(hall, at(90))).toBe('timed');
    expect(biddingPhase(hall, at(120))).toBe('closed');
    expect(biddingPhase({ ...hall, closedAt: at(5) }, at(30))).toBe('closed');
  });

  it('numbers the bidders J001, J002 ...', () => {
    expect([0, 1, 11].map(bidderNo)).toEqual(['J001', 'J002', 'J012']);
  });
});
