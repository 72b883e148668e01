import { describe, expect, it } from 'vitest';
import { formatMessage } from '../format.ts';
import { MSG } from '../messages.ts';
import { composeCreditCode } from '../validation/credit-code.ts';
import {
  checkInvestor,
  checkInvestorAuditReason,
  checkSelection,
  INVESTOR_AUDIT_REASON_MAX,
  investorKindOf,
  type InvestorStatus,
} from './investors.ts';

const TYPES = ['1', '2', '3', '9'];
const OPTIONS = { investorTypes: TYPES, offeredShare: 200_000, now: new Date('2026-11-24T00:00:00+08:00') };
const COMPANY = {
  investorType: '1',
  name: '北京甲方投资有限公司',
  certType: 'creditCode',
  certNo: composeCreditCode('110105', '30120001'),
  contactName: '赵经理',
  contactMobile: '13900000011',
  amount: 35_000_000_00,
  share: 100_000,
};
const PERSON = {
  ...COMPANY,
  investorType: '2',
  name: '张伟',
  certType: 'idCard',
  certNo: '11010519491231002x',
};

describe('checkInvestor', () => {
  it('answers the first failing field in the form order', () => {
    expect(checkInvestor({}, OPTIONS).message).toBe('请选择投资方类型');
    expect(checkInvestor({ ...COMPANY, name: '' }, OPTIONS).message).toBe('请填写投资方名称');
    expect(checkInvestor({ ...COMPANY, name: '甲' }, OPTIONS).message).toBe(MSG.investorsNameInvalid);
    expect(checkInvestor({ ...COMPANY, certType: 'idCard' }, OPTIONS).message).toBe(
      MSG.investorsCertTypeMismatch,
    );
    expect(checkInvestor({ ...PERSON, certType: 'creditCode' }, OPTIONS).message).toBe(
      MSG.investorsCertTypeMismatch,
    );
    expect(checkInvestor({ ...COMPANY, certNo: '91110105MA0000015X' }, OPTIONS).message).toMatch(/信用代码/);
    expect(checkInvestor({ ...COMPANY, amount: 0 }, OPTIONS).message).toBe(MSG.investorsAmountInvalid);
    expect(checkInvestor({ ...COMPANY, amount: 1.5 }, OPTIONS).message).toBe(MSG.investorsAmountInvalid);
    expect(checkInvestor({ ...COMPANY, share: 0 }, OPTIONS).message).toBe(MSG.investorsShareInvalid);
    expect(checkInvestor({ ...COMPANY, share: 250_000 }, OPTIONS).message).toBe(
      formatMessage(MSG.investorsShareOverOffered, { share: '20.0000' }),
    );
    expect(checkInvestor({ ...COMPANY, note: '注'.repeat(501) }, OPTIONS).message).toBe(
      formatMessage(MSG.investorsNoteTooLong, { max: 500 }),
    );
    expect(checkInvestor('x', OPTIONS).message).toBe(MSG.badRequest);
  });

  it('answers the values trimmed, the number upper-cased, the kind from the type', () => {
    const checked = checkInvestor({ ...PERSON, name: ' 张伟 ' }, OPTIONS);
    expect(checked.message).toBeNull();
    expect(checked.value).toMatchObject({
      kind: 'person',
      name: '张伟',
      certNo: '11010519491231002X',
      memberCompanyId: null,
      note: '',
    });
    expect(investorKindOf('1')).toBe('company');
  });

  it('keeps the stored number on an update with a blank one of the same type', () => {
    const stored = { kind: 'company' as const, certType: 'creditCode' as const };
    expect(checkInvestor({ ...COMPANY, certNo: '' }, { ...OPTIONS, stored }).value?.certNo).toBeNull();
    expect(checkInvestor({ ...PERSON, certNo: '' }, { ...OPTIONS, stored }).message).toBe('请填写证件号码');
  });
});

describe('checkInvestorAuditReason', () => {
  it('needs a reason to refuse, none to pass, and bounds both', () => {
    expect(checkInvestorAuditReason(false, '  ')).toBe(MSG.investorsAuditReasonRequired);
    expect(checkInvestorAuditReason(true, '')).toBeNull();
    expect(checkInvestorAuditReason(false, '材料不全')).toBeNull();
    expect(checkInvestorAuditReason(true, '意'.repeat(INVESTOR_AUDIT_REASON_MAX + 1))).toBe(
      formatMessage(MSG.investorsAuditReasonTooLong, { max: INVESTOR_AUDIT_REASON_MAX }),
    );
  });
});

describe('checkSelection', () => {
  const investor = (id: number, status: InvestorStatus, share = 100_000) => ({ id, status, share });
  const base = {
    investors: [investor(1, 'qualified'), investor(2, 'qualified'), investor(3, 'refused')],
    investorCount: 2,
    offeredShare: 200_000,
  };

  it('chooses among the qualified, within the number sought and the share offered', () => {
    expect(checkSelection({ ...base, chosenIds: [1, 2] })).toBeNull();
    expect(checkSelection({ ...base, chosenIds: [] })).toBe(MSG.investorsSelectionEmpty);
    expect(checkSelection({ ...base, chosenIds: [1, 3] })).toBe(MSG.investorsSelectionNotQualified);
    expect(checkSelection({ ...base, chosenIds: [1, 99] })).toBe(MSG.investorsSelectionNotQualified);
    expect(
      checkSelection({
        ...base,
        investors: [...base.investors, investor(4, 'qualified')],
        chosenIds: [1, 2, 4],
      }),
    ).toBe(formatMessage(MSG.investorsSelectionTooMany, { count: 2 }));
    expect(
      checkSelection({
        ...base,
        investors: [investor(1, 'qualified', 150_000), investor(2, 'qualified')],
        chosenIds: [1, 2],
      }),
    ).toBe(formatMessage(MSG.investorsSelectionShareOver, { sum: '25.0000', share: '20.0000' }));
  });

  it('waits until every submission is audited; a selection may be made again', () => {
    expect(
      checkSelection({ ...base, investors: [...base.investors, investor(4, 'submitted')], chosenIds: [1] }),
    ).toBe(MSG.investorsAuditPending);
    expect(
      checkSelection({
        ...base,
        investors: [investor(1, 'selected'), investor(2, 'notSelected')],
        chosenIds: [2],
      }),
    ).toBeNull();
  });
});
