import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  biddingPhase,
  bidderNo,
  biddingRefusal,
  biddingStatusLabel,
  checkBid,
  dutchAskAt,
  dutchRefusal,
  endsAfterBid,
  isReserveMet,
  leadsAfterBid,
  nextProxyBid,
  latestEndOf,
  sandboxSchedule,
  nextValidBid,
  offerCandidates,
  type ProxyCeiling,
  reserveLeadRefusal,
} from './bidding.ts';
import { MSG } from './messages.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 2, 0, seconds));

const hall = {
  status: 'free' as const,
  mode: 'dynamic' as const,
  startingPrice: 100_000,
  increment: 10_000,
  currentPrice: null as number | null,
  startAt: at(0),
  freeEndAt: at(60),
  endsAt: at(120),
  timedSeconds: 60,
  closedAt: null,
};

describe('a sealed session (一次报价)', () => {
  const sealed = { ...hall, mode: 'sealed' as const };

  it('takes any bid from the starting price up, whatever was bid before (the others are unseen)', () => {
    expect(nextValidBid({ ...sealed, currentPrice: 150_000 })).toBe(100_000);
    expect(checkBid({ ...sealed, currentPrice: 150_000 }, 100_000, at(10))).toBeNull();
    expect(checkBid(sealed, 99_999, at(10))).toBe('报价不能低于起始价1,000.00元');
  });

  it('names its one window 报价中, a dynamic session’s first period 自由报价', () => {
    expect(biddingStatusLabel('sealed', 'free')).toBe('报价中');
    expect(biddingStatusLabel('dutch', 'free')).toBe('报价中');
    expect(biddingStatusLabel('dynamic', 'free')).toBe('自由报价');
    expect(biddingStatusLabel('sealed', 'closed')).toBe('已结束');
  });

  it('never moves its end, and keeps the earlier of two equal bids ahead', () => {
    expect(endsAfterBid(sealed, at(119))).toEqual(at(120));
    expect(leadsAfterBid({ ...sealed, currentPrice: 150_000 }, 150_000)).toBe(false);
    expect(leadsAfterBid({ ...sealed, currentPrice: 150_000 }, 150_001)).toBe(true);
    expect(leadsAfterBid({ ...sealed, currentPrice: null }, 100_000)).toBe(true);
    // a dynamic session's accepted bid always leads: it is above the current price
    expect(leadsAfterBid({ ...hall, currentPrice: 150_000 }, 160_000)).toBe(true);
  });
});

describe('a Dutch session (减价式)', () => {
  // from 1,000 yuan down by 100 yuan every 60 s in a 5-minute window
  const dutch = {
    ...hall,
    mode: 'dutch' as const,
    increment: 10_000,
    timedSeconds: 60,
    freeEndAt: at(300),
    endsAt: at(300),
  };

  it('asks the starting price, less one step a period, the fall stopping at the window’s end', () => {
    expect(dutchAskAt(dutch, at(0))).toBe(100_000);
    expect(dutchAskAt(dutch, at(59))).toBe(100_000);
    expect(dutchAskAt(dutch, at(60))).toBe(90_000);
    expect(dutchAskAt(dutch, at(299))).toBe(60_000);
    expect(dutchAskAt(dutch, at(3600))).toBe(60_000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 299 }), fc.integer({ min: 0, max: 299 }), (a, b) => {
        // never rises
        if (a <= b) expect(dutchAskAt(dutch, at(a))).toBeGreaterThanOrEqual(dutchAskAt(dutch, at(b)));
      }),
    );
  });

  it('takes the ask of the moment (or more), and the first to take it ends the session', () => {
    expect(checkBid(dutch, 90_000, at(61))).toBeNull();
    expect(checkBid(dutch, 89_999, at(61))).toBe('应价不能低于当前报价900.00元');
    expect(endsAfterBid(dutch, at(61))).toEqual(at(61));
    expect(nextValidBid(dutch, at(130))).toBe(80_000);
  });

  it('refuses a schedule whose last ask would fall to nothing', () => {
    const form = { startingPrice: 100_000, increment: 10_000, freeSeconds: 300, timedSeconds: 60 };
    expect(dutchRefusal(form)).toBeNull();
    expect(dutchRefusal({ ...form, freeSeconds: 601 })).toBe(MSG.biddingDutchTooLow);
    expect(dutchRefusal({ ...form, freeSeconds: 600 })).toBeNull();
  });
});

describe('the proxy bid (委托代理出价)', () => {
  // from 100 by steps of 10
  const open = { ...hall, startingPrice: 100, increment: 10 };
  const ceiling = (registrationId: number, value: number, setAt = registrationId) => ({
    registrationId,
    ceiling: value,
    setAt,
  });
  /** Applies the hall's bids on the ceilings until none can, as the server does. */
  function settle(
    state: { currentPrice: number | null; leaderRegistrationId: number | null },
    proxies: ProxyCeiling[],
  ) {
    let current = { ...open, ...state };
    const made: { registrationId: number; amount: number }[] = [];
    for (let next = nextProxyBid(current, proxies); next !== null; next = nextProxyBid(current, proxies)) {
      made.push(next);
      current = { ...current, currentPrice: next.amount, leaderRegistrationId: next.registrationId };
    }
    return { leader: current.leaderRegistrationId, price: current.currentPrice, made };
  }

  it('bids for its party by the increment: the first bid, then one step above whoever tops it', () => {
    expect(settle({ currentPrice: null, leaderRegistrationId: null }, [ceiling(1, 200)])).toMatchObject({
      leader: 1,
      price: 100,
    });
    // someone bids 150 by hand: the ceiling answers one step above
    expect(settle({ currentPrice: 150, leaderRegistrationId: 2 }, [ceiling(1, 200)])).toMatchObject({
      leader: 1,
      price: 160,
    });
    // topped beyond its ceiling: it is silent
    expect(settle({ currentPrice: 200, leaderRegistrationId: 2 }, [ceiling(1, 200)]).made).toEqual([]);
  });

  it('settles two ceilings one step above the lower, the earlier winning equal ones, in a bid or two', () => {
    const contest = settle({ currentPrice: 160, leaderRegistrationId: 1 }, [
      ceiling(1, 200),
      ceiling(2, 300),
    ]);
    expect(contest).toMatchObject({ leader: 2, price: 210 });
    expect(contest.made).toHaveLength(1);
    expect(
      settle({ currentPrice: 160, leaderRegistrationId: 1 }, [ceiling(1, 200), ceiling(2, 200)]),
    ).toMatchObject({ leader: 1, price: 200 });
    expect(
      settle({ currentPrice: 160, leaderRegistrationId: 1 }, [
        ceiling(1, 200),
        ceiling(2, 250),
        ceiling(3, 220),
      ]),
    ).toMatchObject({ leader: 2, price: 230 });
  });

  it('ends where bidding step by step for each would, for any ceilings', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 10, max: 60 }), { minLength: 1, maxLength: 5 }), (steps) => {
        const proxies = steps.map((value, index) => ceiling(index + 1, 100 + value * 10));
        const { leader, price } = settle({ currentPrice: null, leaderRegistrationId: null }, proxies);
        const sorted = [...proxies].sort((a, b) => b.ceiling - a.ceiling || a.setAt - b.setAt);
        const [top, second] = sorted;
        // the highest ceiling (the earliest of equal ones) leads, at one step above the second, within its own
        expect(leader).toBe(top?.registrationId);
        const expected = second === undefined ? 100 : Math.min(top!.ceiling, second.ceiling + 10);
        expect(price).toBe(expected);
      }),
    );
  });

  it('is for a dynamic session only', () => {
    expect(
      nextProxyBid({ ...open, mode: 'sealed', leaderRegistrationId: null }, [ceiling(1, 200)]),
    ).toBeNull();
  });
});

describe('the reserve price (保留价)', () => {
  it('sells only at or above it, and may be set no later than the lead hours before the start', () => {
    expect(isReserveMet(null, 1)).toBe(true);
    expect(isReserveMet(200_000, 199_999)).toBe(false);
    expect(isReserveMet(200_000, 200_000)).toBe(true);
    const start = new Date('2026-12-10T09:00:00+08:00');
    expect(reserveLeadRefusal(start, new Date('2026-12-09T09:00:00+08:00'), 24)).toBeNull();
    expect(reserveLeadRefusal(start, new Date('2026-12-09T09:00:01+08:00'), 24)).toBe(
      '保留价须在竞价开始24小时前设定，现已不能设定或调整',
    );
    expect(reserveLeadRefusal(start, new Date('2026-12-10T08:59:59+08:00'), 0)).toBeNull();
  });
});

describe('the bidding hall', () => {
  it('asks the starting price first, then the current price plus the increment', () => {
    expect(nextValidBid(hall)).toBe(100_000);
    expect(nextValidBid({ ...hall, currentPrice: 150_000 })).toBe(160_000);
  });

  it('offers as the next valid bid exactly one step above the current price: the least the server takes', () => {
    // 加一手 on a hall at 1,860,000 yuan with a 1,000 yuan step: 1,861,000, not a step on top of the minimum
    expect(nextValidBid({ ...hall, currentPrice: 186_000_000, increment: 100_000 })).toBe(186_100_000);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e10 }),
        fc.integer({ min: 1, max: 1e8 }),
        fc.option(fc.integer({ min: 1, max: 1e12 }), { nil: null }),
        (startingPrice, increment, currentPrice) => {
          const state = { ...hall, startingPrice, increment, currentPrice };
          const next = nextValidBid(state);
          expect(next).toBe(currentPrice === null ? startingPrice : currentPrice + increment);
          expect(checkBid(state, next, at(10))).toBeNull();
          if (next > 1) expect(checkBid(state, next - 1, at(10))).not.toBeNull();
        },
      ),
    );
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
    // with the restarts capped, the last one taken leaves the end where it stands, and the latest end is known
    const capped = { ...hall, restartsMax: 2, restarts: 2, endsAt: at(170) };
    expect(endsAfterBid(capped, at(160))).toEqual(at(170));
    expect(endsAfterBid({ ...capped, restarts: 1 }, at(160))).toEqual(at(220));
    expect(latestEndOf({ ...hall, restartsMax: 2, restarts: 0 })).toEqual(at(240));
    expect(latestEndOf(capped)).toEqual(at(170));
    expect(latestEndOf({ ...hall, restartsMax: null, restarts: 0 })).toBeNull();
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

  it('opens a hall only after the registrations closed, with every deposit in, two qualified buyers of two members', () => {
    const facts = {
      status: 'disclosing',
      // the disclosure's last day is 2026-11-30 (+08:00)
      disclosureEnd: new Date('2026-11-30T10:00:00+08:00'),
      isDecided: false,
      qualified: 2,
      awaitingDeposit: 0,
      sharedMembers: 0,
      hasHall: false,
    };
    const lastDay = new Date('2026-11-30T23:59:00+08:00');
    const dayAfter = new Date('2026-12-01T00:00:00+08:00');
    expect(biddingRefusal(facts, lastDay)).toBe('意向登记截止日（披露期满）为2026-11-30，截止后方可确定成交');
    expect(biddingRefusal(facts, dayAfter)).toBeNull();
    // an early end of the disclosure (终止披露) closes the registrations too
    expect(biddingRefusal({ ...facts, status: 'ended' }, lastDay)).toBeNull();
    expect(biddingRefusal({ ...facts, awaitingDeposit: 1 }, dayAfter)).toBe(
      '尚有1名意向受让方的保证金未交纳，交纳或逾期取消资格后方可确定成交',
    );
    expect(biddingRefusal({ ...facts, qualified: 1 }, dayAfter)).toBe(MSG.biddingTooFewBidders);
    expect(biddingRefusal({ ...facts, hasHall: true }, dayAfter)).toBe(MSG.biddingAlreadyOpen);
    expect(biddingRefusal({ ...facts, sharedMembers: 1 }, dayAfter)).toBe(MSG.biddingMemberShared);
    expect(biddingRefusal({ ...facts, isDecided: true }, dayAfter)).toBe(MSG.intentionDealDecided);
    for (const status of ['awaitingContract', 'unsold', 'suspended', 'dealt']) {
      expect(biddingRefusal({ ...facts, status }, dayAfter)).toBe(MSG.biddingProjectNotOpen);
    }
  });

  it('numbers the bidders J001, J002 ...', () => {
    expect([0, 1, 11].map(bidderNo)).toEqual(['J001', 'J002', 'J012']);
  });
});

describe('offerCandidates (递补)', () => {
  const bids = [
    { registrationId: 1, amount: 100, seq: 1 },
    { registrationId: 2, amount: 110, seq: 2 },
    { registrationId: 3, amount: 120, seq: 3 },
    { registrationId: 1, amount: 130, seq: 4 },
    { registrationId: 4, amount: 120, seq: 5 },
  ];

  it('ranks each bidder by its highest bid, of equal ones the earlier, leaving out the excluded', () => {
    expect(offerCandidates(bids, null, new Set([1]))).toEqual([
      { registrationId: 3, amount: 120 },
      { registrationId: 4, amount: 120 },
      { registrationId: 2, amount: 110 },
    ]);
    expect(offerCandidates(bids, null, new Set([1, 3, 4, 2]))).toEqual([]);
  });

  it('offers nothing below the reserve, and nobody follows a Dutch taker', () => {
    expect(offerCandidates(bids, 115, new Set([1]))).toEqual([
      { registrationId: 3, amount: 120 },
      { registrationId: 4, amount: 120 },
    ]);
    expect(offerCandidates([{ registrationId: 7, amount: 90, seq: 1 }], null, new Set([7]))).toEqual([]);
  });
});

describe('the sandbox clock (演练时钟倍速)', () => {
  it('runs the wait and every period the speed times faster, a second at the least', () => {
    const form = { startAt: at(600).toISOString(), freeSeconds: 3600, timedSeconds: 30 };
    expect(sandboxSchedule(form, at(0), 60)).toEqual({ startAt: at(10), freeSeconds: 60, timedSeconds: 1 });
    expect(sandboxSchedule(form, at(0), 1)).toEqual({
      startAt: at(600),
      freeSeconds: 3600,
      timedSeconds: 30,
    });
    // a start already past stays where it is
    expect(sandboxSchedule({ ...form, startAt: at(0).toISOString() }, at(5), 60).startAt).toEqual(at(0));
  });
});
