import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applicationDefaults,
  canIntention,
  checkIntention,
  dealCourse,
  dealResultOf,
  INTENTION_EVENTS,
  INTENTION_STATUSES,
  INTENTION_TRANSITIONS,
  intentionShowPath,
  nextIntentionStatus,
} from './intentions.ts';
import { MSG } from './messages.ts';

const buyer = {
  kind: 'company',
  name: '北京示范投资有限公司',
  certType: 'creditCode',
  certNo: '91110000600037341L',
  contactName: '王经理',
  contactMobile: '13800138000',
};

describe('intention registrations', () => {
  it('moves only along the table, and the final statuses stay final', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INTENTION_EVENTS),
        fc.constantFrom(...INTENTION_STATUSES),
        (event, status) => {
          const allowed = INTENTION_TRANSITIONS[event].from.includes(status);
          expect(canIntention(event, status)).toBe(allowed);
          if (allowed) expect(INTENTION_STATUSES).toContain(nextIntentionStatus(event, status));
          else expect(() => nextIntentionStatus(event, status)).toThrow();
        },
      ),
    );
    for (const status of ['withdrawn', 'disqualified', 'won', 'lost'] as const) {
      expect(INTENTION_EVENTS.filter((event) => canIntention(event, status))).toEqual([]);
    }
  });

  it('is confirmed by the owner first, then the exchange; a return sends it back to the member', () => {
    expect(nextIntentionStatus('sign', 'letterGenerated')).toBe('submitted');
    expect(nextIntentionStatus('ownerPass', 'submitted')).toBe('ownerApproved');
    expect(canIntention('exchangePass', 'submitted')).toBe(false);
    expect(nextIntentionStatus('exchangePass', 'ownerApproved')).toBe('qualified');
    expect(nextIntentionStatus('back', 'ownerApproved')).toBe('returned');
    expect(nextIntentionStatus('draw', 'returned')).toBe('letterGenerated');
    // once confirmed by the exchange it is no longer withdrawn by the member
    expect(canIntention('withdraw', 'qualified')).toBe(false);
  });

  it("checks the buyer with the participant's rules, then the offer", () => {
    expect(checkIntention({ ...buyer, amount: 1_000_000 })).toEqual({
      message: null,
      value: expect.objectContaining({ name: buyer.name, certNo: buyer.certNo, amount: 1_000_000 }),
    });
    expect(checkIntention({ ...buyer, contactMobile: '123' }).message).not.toBeNull();
    expect(checkIntention({ ...buyer, amount: 0 }).message).toBe(MSG.intentionAmountInvalid);
    expect(checkIntention({ ...buyer, amount: 1.5 }).message).toBe(MSG.intentionAmountInvalid);
    expect(checkIntention('x').message).toBe(MSG.badRequest);
  });

  it('leads to agreement with one qualified buyer and to bidding with two or more', () => {
    expect(dealCourse(0)).toBe('none');
    expect(dealCourse(1)).toBe('agreement');
    fc.assert(fc.property(fc.integer({ min: 2, max: 1000 }), (n) => dealCourse(n) === 'bidding'));
  });

  it("opens each family's registration on its own view", () => {
    expect(intentionShowPath('bulk', 3)).toBe('/index/bulkShow?id=3');
    expect(intentionShowPath('stock', 3)).toBe('/index/rightShow?id=3');
    expect(intentionShowPath('unified', 3)).toBe('/index/paperlessShow?id=3');
  });

  it("starts the contract from the deal's buyer and price, and nothing else from it", () => {
    const details = {
      dealResult: {
        source: 'bidding',
        transfereeName: '甲',
        dealPrice: 123_400,
        registrationId: 7,
        biddingId: 2,
        decidedAt: '2026-11-24T10:00:00.000Z',
      },
    };
    expect(applicationDefaults('contract', details)).toEqual({ transfereeName: '甲', dealPrice: 123_400 });
    expect(applicationDefaults('abort', details)).toEqual({});
    expect(applicationDefaults('contract', {})).toEqual({});
    expect(dealResultOf({ dealResult: { source: 'bidding' } })).toBeNull();
  });
});
