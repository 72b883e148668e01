import { describe, expect, it } from 'vitest';
import { addWorkdays } from '../workdays.ts';
import { validateActionForm } from './action-forms.ts';
import { ACTION_CONFIGS, composeLetter, findAction, type ActionConfig } from './actions.ts';
import { applyEffect, type ProjectState } from './effects.ts';
import { FAMILIES } from './families.ts';

function config(family: string, action: string): ActionConfig {
  const found = findAction(family, action);
  if (found === undefined) throw new Error(`no ${family}/${action}`);
  return found;
}

const disclosing: ProjectState = {
  status: 'disclosing',
  disclosureStart: new Date('2026-11-02T02:00:00Z'),
  disclosureEnd: new Date('2026-11-30T02:00:00Z'),
  pausedAt: null,
  details: { form: { name: '设备' } },
};
const now = new Date('2026-11-20T02:00:00Z');

describe('the actions the engine serves', () => {
  it('serves every bulk and coll action but the project view, each under the spec route names', () => {
    for (const family of ['bulk', 'coll'] as const) {
      const served = ACTION_CONFIGS.filter((c) => c.family === family).map((c) => c.action);
      expect(served).toEqual([
        'disclosure',
        'abort',
        'recovery',
        'end',
        'supplement',
        'termination',
        'rediscovery',
        'online',
        'contract',
        'price',
        'transfer',
        'withdrawal',
        'survey',
        'exhibition',
        'priceDeduction',
        'refundCashout',
      ]);
    }
  });

  it('a letter-only action serves every step on its one screen; the transfer has no letter', () => {
    expect(config('bulk', 'withdrawal')).toMatchObject({
      isSigned: true,
      isCompact: true,
      routes: { Aon: 'bulkWithdrawalEicSre', MfyRrn: 'bulkWithdrawalEicSre', EicSre: 'bulkWithdrawalEicSre' },
    });
    expect(config('bulk', 'priceDeduction').routes.EicSre).toBe('bulkPriceDeductionSre');
    expect(config('coll', 'transfer')).toMatchObject({
      isSigned: false,
      isCompact: true,
      routes: { Aon: 'collTransferAon', MfyRrn: 'collTransferMfyRrn', EicSre: 'collTransferAon' },
    });
    expect(config('bulk', 'abort')).toMatchObject({ isSigned: true, isCompact: false });
  });

  it('the later families: information records, their letters and the member actions', () => {
    // a Page screen is an information record: the facts, no reason, no letter, straight to review
    const transfer = config('small', 'assetTransfer');
    expect(transfer).toMatchObject({
      isSigned: false,
      isCompact: true,
      applicant: 'owner',
      startLabel: '录入资产移交信息',
      routes: { Aon: 'smallAssetTransfer', MfyRrn: 'smallAssetTransfer', EicSre: 'smallAssetTransfer' },
    });
    expect(transfer.fields.map((f) => f.name)).toEqual(['eventDate', 'partyName', 'content', 'remark']);
    expect(
      validateActionForm(
        transfer,
        { eventDate: '2026-11-30', partyName: '北京再生资源回收有限公司' },
        'submit',
      ),
    ).toBe('请填写移交说明');
    // a dealt batch's delivery is the deliveries module's, between seller and buyer: the engine serves none
    expect(findAction('small', 'delivery')).toBeUndefined();
    // the transaction-assurance letter is signed on its EicSreF screen
    expect(config('stock', 'assurance')).toMatchObject({
      isSigned: true,
      routes: { EicSre: 'rightEicSreF' },
    });
    // the member representing the project applies for the registration and the qualification opinion
    expect(config('stock', 'registration')).toMatchObject({
      applicant: 'agent',
      isSigned: true,
      routes: { Aon: 'registrationEicSre', EicSre: 'registrationEicSre' },
    });
    expect(config('unified', 'memberIntentionReview').applicant).toBe('agent');
    expect(
      ACTION_CONFIGS.filter((c) => c.applicant === 'agent').map((c) => `${c.family}/${c.action}`),
    ).toEqual(['stock/registration', 'privateStock/registration', 'unified/memberIntentionReview']);
    // a Page or Show screen is always served by the one compact screen, which the instance's state drives
    for (const c of ACTION_CONFIGS) {
      const kinds =
        FAMILIES[c.screens].actions.find((a) => a.key === c.action)?.steps.map((s) => s.step) ?? [];
      if (kinds.includes('Page') || kinds.includes('Show')) expect(c.isCompact, c.action).toBe(true);
    }
    // unified transaction management enters the contract: the project is dealt
    expect(config('unified', 'transaction').effect).toBe('contract');
  });
});

describe('action forms', () => {
  const online = config('bulk', 'online');
  const activity = {
    reason: '组织网络竞价',
    biddingStart: '2026-12-01 09:30',
    biddingEnd: '2026-12-01 11:30',
    startingPrice: 1_000_000_00,
    increment: 10_000_00,
    extensionMinutes: 5,
  };

  it('the bidding activity: times, prices in fen and the extension period', () => {
    expect(validateActionForm(online, activity, 'submit')).toBeNull();
    expect(validateActionForm(online, { ...activity, biddingStart: '2026-12-01 9:30' }, 'submit')).toBe(
      '竞价开始时间须为日期和时间，如2026-12-01 09:30',
    );
    expect(validateActionForm(online, { ...activity, biddingEnd: '2026-12-01 09:00' }, 'submit')).toBe(
      '竞价结束时间须晚于开始时间',
    );
    expect(validateActionForm(online, { ...activity, reservePrice: 900_000_00 }, 'submit')).toBe(
      '保留价不得低于起始价',
    );
    expect(validateActionForm(online, { ...activity, increment: 0 }, 'submit')).toBe(
      '加价幅度（元）须为大于0的金额，最多两位小数',
    );
    expect(validateActionForm(online, { ...activity, extensionMinutes: 61 }, 'submit')).toBe(
      '延时周期（分钟）须为1至60之间的整数',
    );
    const { increment: _increment, ...withoutIncrement } = activity;
    expect(validateActionForm(online, withoutIncrement, 'submit')).toBe(
      '加价幅度（元）须为大于0的金额，最多两位小数',
    );
    // a draft may be incomplete, but not malformed
    expect(validateActionForm(online, { biddingStart: '2026-12-01 09:30' }, 'draft')).toBeNull();
    expect(validateActionForm(online, { biddingStart: '明天' }, 'draft')).not.toBeNull();
  });

  it('the contract and the payout need their facts', () => {
    const contract = config('bulk', 'contract');
    expect(validateActionForm(contract, { reason: '签约' }, 'submit')).toBe('请填写合同编号');
    expect(
      validateActionForm(
        contract,
        {
          reason: '签约',
          contractNo: 'HT-2026-01',
          transfereeName: '某公司',
          dealPrice: 1,
          signDate: '2026-02-30',
        },
        'submit',
      ),
    ).toBe('请填写正确的签订日期');
    expect(validateActionForm(config('bulk', 'price'), { reason: '划转', payoutAmount: 100 }, 'submit')).toBe(
      '请填写收款户名',
    );
  });

  it('the letter lists the facts with money in yuan', () => {
    const letter = composeLetter({
      config: online,
      form: activity,
      project: { name: '设备一批', code: 'GR2026BJ0000001' },
      applicant: '示范公司',
      exchange: '示范产权交易所',
      day: '2026-11-22',
    });
    expect(letter.fields).toContainEqual({ label: '起始价（元）', value: '1,000,000.00元' });
    expect(letter.fields).toContainEqual({ label: '竞价开始时间', value: '2026-12-01 09:30' });
  });
});

describe('effects', () => {
  it('online records the bidding activity and keeps disclosing', () => {
    const next = applyEffect(config('bulk', 'online'), disclosing, { reason: 'x', increment: 100 }, now);
    expect(next.status).toBe('disclosing');
    expect(next.details).toEqual({
      form: { name: '设备' },
      online: { increment: 100, approvedAt: now.toISOString() },
    });
  });

  it('the contract deals the project; payouts add up; the transfer closes it', () => {
    const dealt = applyEffect(
      config('bulk', 'contract'),
      disclosing,
      { contractNo: 'HT-1', dealPrice: 500 },
      now,
    );
    expect(dealt.status).toBe('dealt');
    const paid = applyEffect(
      config('bulk', 'price'),
      applyEffect(config('bulk', 'price'), dealt, { payoutAmount: 200 }, now),
      { payoutAmount: 300 },
      now,
    );
    expect((paid.details.price as unknown[]).length).toBe(2);
    expect(applyEffect(config('coll', 'transfer'), paid, { handoverDate: '2026-12-01' }, now).status).toBe(
      'closed',
    );
  });

  it('withdrawal restarts the disclosure for its period', () => {
    const next = applyEffect(
      config('bulk', 'withdrawal'),
      { ...disclosing, status: 'ended' },
      { disclosureDays: 10 },
      now,
    );
    expect(next).toMatchObject({
      status: 'disclosing',
      disclosureStart: now,
      disclosureEnd: addWorkdays(now, 10).date,
    });
  });
});
