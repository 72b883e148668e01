import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankNoticeTimeRefusal,
  judgeArrival,
  mapStatementHeaders,
  readStatementLine,
  refundBatchNo,
  refundDueOn,
  registrationOfAccount,
  virtualAccountOf,
  type DepositTarget,
} from './deposits.ts';
import { MSG } from './messages.ts';

const PREFIX = '955880';

describe('the receiving account of a registration', () => {
  it('names its registration back, and no other, for every id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        const account = virtualAccountOf(PREFIX, id);
        expect(account).toMatch(/^955880\d{11}$/);
        expect(registrationOfAccount(PREFIX, account)).toBe(id);
      }),
    );
  });

  it('names no registration when one digit is mistyped or two neighbours are swapped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.nat({ max: 16 }),
        fc.integer({ min: 1, max: 9 }),
        (id, position, shift) => {
          const account = virtualAccountOf(PREFIX, id);
          const digits = [...account];
          digits[position] = String((Number(digits[position]) + shift) % 10);
          const typo = digits.join('');
          // a slip in the prefix names no account under it; one in the id or the check digit fails the check
          expect(registrationOfAccount(PREFIX, typo)).toBeNull();
        },
      ),
    );
    const account = virtualAccountOf(PREFIX, 1234);
    const swapped = `${account.slice(0, 13)}${account[14]}${account[13]}${account.slice(15)}`;
    if (swapped !== account) expect(registrationOfAccount(PREFIX, swapped)).toBeNull();
  });

  it('reads an account with spaces between its groups, and refuses another prefix, letters or the wrong length', () => {
    const account = virtualAccountOf(PREFIX, 42);
    expect(registrationOfAccount(PREFIX, `${account.slice(0, 6)} ${account.slice(6)}`)).toBe(42);
    expect(registrationOfAccount('955881', account)).toBeNull();
    expect(registrationOfAccount(PREFIX, `${account}0`)).toBeNull();
    expect(registrationOfAccount(PREFIX, account.replace(/\d$/, 'X'))).toBeNull();
    expect(registrationOfAccount(PREFIX, virtualAccountOf(PREFIX, 0))).toBeNull();
  });
});

describe('the time of a bank notice', () => {
  const now = Date.parse('2026-12-01T10:00:00+08:00');
  it('is refused missing, not a number, or more than five minutes from the server', () => {
    expect(bankNoticeTimeRefusal(undefined, now)).toBe(MSG.depositNoticeUnsigned);
    expect(bankNoticeTimeRefusal('soon', now)).toBe(MSG.depositNoticeUnsigned);
    expect(bankNoticeTimeRefusal(String(now / 1000 - 301), now)).toBe(MSG.depositNoticeLate);
    expect(bankNoticeTimeRefusal(String(now / 1000 + 301), now)).toBe(MSG.depositNoticeLate);
    expect(bankNoticeTimeRefusal(String(now / 1000 - 300), now)).toBeNull();
  });
});

describe('an arrival judged against its deposit', () => {
  const owing: DepositTarget = {
    depositAmount: 500_000,
    depositDeadline: '2026-12-05',
    isArrived: false,
    isInRace: true,
  };
  const at = '2026-12-05T23:59:00+08:00';
  it('matches the amount owed on or before the deadline to a registration in the race', () => {
    expect(judgeArrival({ amount: 500_000, arrivedAt: at }, owing)).toBe('matched');
    expect(judgeArrival({ amount: 500_000, arrivedAt: at }, { ...owing, depositDeadline: null })).toBe(
      'matched',
    );
  });
  it('keeps aside what cannot be counted: unmatched, short, over, late, paid twice', () => {
    expect(judgeArrival({ amount: 500_000, arrivedAt: at }, null)).toBe('unmatched');
    expect(judgeArrival({ amount: 500_000, arrivedAt: at }, { ...owing, depositAmount: null })).toBe(
      'unmatched',
    );
    expect(judgeArrival({ amount: 499_999, arrivedAt: at }, owing)).toBe('short');
    expect(judgeArrival({ amount: 500_001, arrivedAt: at }, owing)).toBe('over');
    // the deadline is a day in +08:00: a minute past its midnight is late
    expect(judgeArrival({ amount: 500_000, arrivedAt: '2026-12-06T00:01:00+08:00' }, owing)).toBe('late');
    expect(judgeArrival({ amount: 500_000, arrivedAt: at }, { ...owing, isInRace: false })).toBe('late');
    expect(judgeArrival({ amount: 500_000, arrivedAt: at }, { ...owing, isArrived: true })).toBe('over');
  });
});

describe('a line of the bank statement', () => {
  const headers = ['交易流水号', '收款账号', '金额(元)', '到账时间', '付款人户名', '付款人账号', '摘要'];
  it('finds its columns by their headers in any order, and names the one missing', () => {
    const mapped = mapStatementHeaders(headers);
    expect(mapped.columns).toEqual({
      serial: 0,
      account: 1,
      amount: 2,
      arrivedAt: 3,
      payerName: 4,
      payerAccount: 5,
    });
    expect(mapStatementHeaders(headers.filter((h) => h !== '到账时间')).message).toBe(
      '对账单缺少“到账时间”列',
    );
  });
  const line = {
    serial: ' B2026120100001 ',
    account: virtualAccountOf(PREFIX, 7),
    amount: '5,000.00',
    arrivedAt: '2026/12/01 09:30',
    payerName: '北京示范意向投资有限公司',
    payerAccount: '6222000011112222',
  };
  it('reads amounts in yuan to fen and times in +08:00', () => {
    expect(readStatementLine(line)).toEqual({
      message: null,
      value: { ...line, serial: 'B2026120100001', amount: 500_000, arrivedAt: '2026-12-01T01:30:00.000Z' },
    });
  });
  it('refuses a bad amount, a day not in the calendar, an empty serial', () => {
    expect(readStatementLine({ ...line, amount: '五千' }).message).toBe(MSG.intentionDepositAmountInvalid);
    expect(readStatementLine({ ...line, amount: '0' }).message).toBe(MSG.intentionDepositAmountInvalid);
    expect(readStatementLine({ ...line, arrivedAt: '2026-02-30 10:00' }).message).toBe(
      MSG.depositArrivedAtInvalid,
    );
    expect(readStatementLine({ ...line, serial: '  ' }).message).toBe(MSG.depositSerialInvalid);
  });
});

describe('refunds', () => {
  it('names a batch by its day (+08:00) and id', () => {
    // 16:30 UTC is the next day in Beijing
    expect(refundBatchNo('2026-12-03T16:30:00.000Z', 42)).toBe('TK20261204000042');
  });

  it('is due a number of working days after the day it became owed, weekends and holidays skipped', () => {
    // Friday 2026-12-04 + 5 working days: the next Friday
    expect(refundDueOn('2026-12-04', 5)).toBe('2026-12-11');
    // National Day week: 2026-09-30 (Wednesday) + 1 working day skips 10-01 to 10-07
    expect(refundDueOn('2026-09-30', 1) > '2026-10-07').toBe(true);
  });
});
