import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  agreementRefusal,
  applicationDefaults,
  canIntention,
  checkDepositReceipt,
  checkIntention,
  dealCourse,
  canDepositStep,
  composeIntentionLetter,
  depositStateOf,
  isRegistrationOpen,
  dealResultOf,
  INTENTION_EVENTS,
  INTENTION_STATUSES,
  INTENTION_TRANSITIONS,
  intentionShowPath,
  nextIntentionStatus,
} from './intentions.ts';
import { MSG } from './messages.ts';
import { ACTION_CONFIGS } from './workflow/actions.ts';
import { PROJECT_STATUS_LABELS } from './workflow/statuses.ts';

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
    for (const status of ['withdrawn', 'disqualified'] as const) {
      expect(INTENTION_EVENTS.filter((event) => canIntention(event, status))).toEqual([]);
    }
    // after the deal only a default moves a winner, and an offer (递补) a loser, which answers it
    expect(INTENTION_EVENTS.filter((event) => canIntention(event, 'won'))).toEqual(['default']);
    expect(INTENTION_EVENTS.filter((event) => canIntention(event, 'lost'))).toEqual(['offer']);
    expect(INTENTION_EVENTS.filter((event) => canIntention(event, 'offered'))).toEqual([
      'acceptOffer',
      'declineOffer',
    ]);
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

  it('derives the deposit from the letter and its records: owed as soon as the letter carries one', () => {
    const drawn = {
      depositAmount: 100_000_00,
      depositPaidAt: null,
      depositRefundIssuedAt: null,
      depositRefundedAt: null,
      depositForfeitedAt: null,
    };
    // the letter drawn (待签章): the deposit it names is owed, never 无需交纳 beside an amount due
    expect(depositStateOf({ ...drawn, status: 'letterGenerated' })).toBe('unpaid');
    expect(depositStateOf({ ...drawn, status: 'draft', depositAmount: null })).toBe('none');
    const paid = { ...drawn, depositPaidAt: '2026-11-20T02:00:00.000Z' };
    expect(depositStateOf({ ...paid, status: 'submitted' })).toBe('paid');
    // qualified: it stands behind the bids, frozen until the deal
    expect(depositStateOf({ ...paid, status: 'qualified' })).toBe('frozen');
    expect(depositStateOf({ ...paid, status: 'won' })).toBe('applied');
    // offered the deal after the winner's default (递补): held again until it answers
    expect(depositStateOf({ ...paid, status: 'offered' })).toBe('frozen');
    for (const status of ['withdrawn', 'disqualified', 'lost'] as const) {
      expect(depositStateOf({ ...paid, status })).toBe('refunding');
    }
    const issued = { ...paid, status: 'lost' as const, depositRefundIssuedAt: '2026-11-24T02:00:00.000Z' };
    expect(depositStateOf(issued)).toBe('refundIssued');
    expect(depositStateOf({ ...issued, depositRefundedAt: '2026-11-25T02:00:00.000Z' })).toBe('refunded');
    // a refund recorded by hand closes it without a batch
    expect(depositStateOf({ ...paid, status: 'lost', depositRefundedAt: '2026-11-25T02:00:00.000Z' })).toBe(
      'refunded',
    );
    // kept: whatever the registration's status, nothing follows
    for (const status of ['won', 'qualified', 'lost'] as const) {
      expect(depositStateOf({ ...paid, status, depositForfeitedAt: '2026-11-26T02:00:00.000Z' })).toBe(
        'forfeited',
      );
    }
    fc.assert(
      fc.property(fc.constantFrom(...INTENTION_STATUSES), (status) => {
        expect(depositStateOf({ ...drawn, status, depositAmount: null })).toBe('none');
        expect(depositStateOf({ ...drawn, status })).toBe('unpaid');
      }),
    );
  });

  it("names the registration's receiving account in its letter, beside the deposit owed", () => {
    const base = {
      projectName: '示范设备一批',
      projectCode: 'GR2026BJ1000001',
      buyer: {
        kind: 'company' as const,
        name: '示范受让企业',
        certType: 'creditCode' as const,
        certNo: '91110108MA00000000',
        contactName: '钱经理',
        contactMobile: '13900000002',
        amount: null,
        note: '',
      },
      depositAmount: 50_000_00,
      depositDeadline: '2026-12-10',
      depositAccount: '95588000000000042',
      member: '示范经纪会员',
      exchange: '示范产权交易所',
      at: new Date('2026-12-01T02:00:00Z'),
    };
    const letter = composeIntentionLetter(base);
    expect(letter.paragraphs[1]).toContain('汇入本登记专用的保证金收款账号95588000000000042');
    expect(letter.fields).toContainEqual({ label: '保证金收款账号', value: '95588000000000042' });
    const none = composeIntentionLetter({ ...base, depositAmount: null, depositAccount: null });
    expect(none.fields.map((field) => field.label)).not.toContain('保证金收款账号');
  });

  it('allows each ledger step only from its states, so no step is taken twice', () => {
    // the states a step leads to never allow it again
    expect(canDepositStep('arrive', 'paid')).toBe(false);
    expect(canDepositStep('issueRefund', 'refundIssued')).toBe(false);
    expect(canDepositStep('confirmRefund', 'refunded')).toBe(false);
    expect(canDepositStep('forfeit', 'forfeited')).toBe(false);
    // nothing is refunded before it arrived, nor kept once it went back
    expect(canDepositStep('issueRefund', 'unpaid')).toBe(false);
    expect(canDepositStep('forfeit', 'refundIssued')).toBe(false);
    expect(canDepositStep('forfeit', 'refunded')).toBe(false);
    // a winner that defaults: its applied deposit is kept
    expect(canDepositStep('forfeit', 'applied')).toBe(true);
  });

  it("checks a deposit's record: the amount owed, a day not after today, the bank's reference", () => {
    const good = { amount: 100_000_00, arrivedOn: '2026-11-20', reference: ' HX20261120-0001 ' };
    expect(checkDepositReceipt(good, 100_000_00, '2026-11-20')).toEqual({
      message: null,
      value: { amount: 100_000_00, arrivedOn: '2026-11-20', reference: 'HX20261120-0001' },
    });
    expect(checkDepositReceipt({ ...good, amount: 99_999_00 }, 100_000_00, '2026-11-20').message).toBe(
      '到账金额99,999.00元与应交保证金100,000.00元不一致',
    );
    expect(checkDepositReceipt({ ...good, amount: 1.5 }, 100_000_00, '2026-11-20').message).toBe(
      MSG.intentionDepositAmountInvalid,
    );
    expect(checkDepositReceipt({ ...good, arrivedOn: '2026-02-30' }, 100_000_00, '2026-11-20').message).toBe(
      MSG.intentionDepositDateInvalid,
    );
    expect(checkDepositReceipt({ ...good, arrivedOn: '2026-11-21' }, 100_000_00, '2026-11-20').message).toBe(
      MSG.intentionDepositDateFuture,
    );
    expect(checkDepositReceipt({ ...good, reference: '  ' }, 100_000_00, '2026-11-20').message).toBe(
      MSG.intentionDepositReferenceRequired,
    );
    expect(
      checkDepositReceipt({ ...good, reference: 'x'.repeat(65) }, 100_000_00, '2026-11-20').message,
    ).not.toBeNull();
    expect(
      checkDepositReceipt({ ...good, reference: 'a\u0000b' }, 100_000_00, '2026-11-20').message,
    ).not.toBeNull();
  });

  it("takes registrations up to the disclosure's last day, and agrees only after it with the one buyer", () => {
    const project = { status: 'disclosing', disclosureEnd: '2026-11-30T02:00:00.000Z' };
    expect(isRegistrationOpen(project, new Date('2026-11-30T23:59:59+08:00'))).toBe(true);
    expect(isRegistrationOpen(project, new Date('2026-12-01T00:00:00+08:00'))).toBe(false);
    expect(isRegistrationOpen({ ...project, status: 'ended' }, new Date('2026-11-01T00:00:00+08:00'))).toBe(
      false,
    );
    const facts = {
      ...project,
      isDecided: false,
      qualified: 1,
      awaitingDeposit: 0,
      sharedMembers: 0,
      hasHall: false,
    };
    const after = new Date('2026-12-01T09:00:00+08:00');
    expect(agreementRefusal(facts, new Date('2026-11-30T09:00:00+08:00'))).toBe(
      '意向登记截止日（披露期满）为2026-11-30，截止后方可确定成交',
    );
    expect(agreementRefusal(facts, after)).toBeNull();
    expect(agreementRefusal({ ...facts, qualified: 2 }, after)).toBe(MSG.intentionAgreementNotOne);
    expect(agreementRefusal({ ...facts, awaitingDeposit: 2 }, after)).toBe(
      '尚有2名意向受让方的保证金未交纳，交纳或逾期取消资格后方可确定成交',
    );
    expect(agreementRefusal({ ...facts, status: 'awaitingContract' }, after)).toBe(
      MSG.intentionAgreementNotOpen,
    );
  });

  it("follows the deal's stage with the actions offered: the contract once decided, a new disclosure after 流拍", () => {
    expect(PROJECT_STATUS_LABELS.awaitingContract).toBe('待签约');
    expect(PROJECT_STATUS_LABELS.unsold).toBe('流拍');
    const startable = (family: string, status: 'awaitingContract' | 'unsold') =>
      ACTION_CONFIGS.filter(
        (config) => config.family === family && config.allowedProjectStatuses?.includes(status) === true,
      ).map((config) => config.action);
    for (const family of ['bulk', 'coll', 'stock', 'privateStock']) {
      const decided = startable(family, 'awaitingContract');
      expect(decided).toContain('contract');
      // the hall is over: no bidding to apply for, no disclosure to change, no registration to review
      for (const action of ['online', 'abort', 'supplement', 'end', 'registration', 'intentionReview']) {
        expect(decided).not.toContain(action);
      }
      const unsold = startable(family, 'unsold');
      expect(unsold).toContain('rediscovery');
      expect(unsold).not.toContain('online');
      expect(unsold).not.toContain('contract');
    }
    expect(startable('unified', 'awaitingContract')).toContain('transaction');
  });
});
