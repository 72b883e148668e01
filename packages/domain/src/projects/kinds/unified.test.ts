import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../format.ts';
import { MSG } from '../../messages.ts';
import { closingDayOf } from '../../workdays.ts';
import { DEFAULT_KIND_SETTINGS } from './settings.ts';
import {
  checkUnifiedProjectRules,
  UNIFIED_KIND,
  unifiedFieldSetOf,
  type UnifiedProjectForm,
} from './unified.ts';

const LEASE: UnifiedProjectForm = {
  name: '示范大厦三层写字楼招租',
  category: 'lease',
  listingPrice: 360_000_00,
  disclosureStartDate: '2026-12-01',
  disclosureDays: 10,
  disclosureEndDate: '2026-12-15',
  leaseAddress: '北京市西城区示范路1号',
  leaseArea: 1200,
  leaseUse: '办公',
  leaseTermMonths: 36,
  contactName: '王经理',
  contactMobile: '13800000001',
};

const check = (form: UnifiedProjectForm) => checkUnifiedProjectRules(form, {}, DEFAULT_KIND_SETTINGS);

describe('the unified kind', () => {
  it('gives a category the exchange added the fields of 其他权益, and none to a form without one', () => {
    expect(unifiedFieldSetOf('claim')).toBe('claim');
    expect(unifiedFieldSetOf('adRight')).toBe('other');
    expect(unifiedFieldSetOf('')).toBeUndefined();
    expect(UNIFIED_KIND.categories?.fieldsOf('adRight').map((field) => field.name)).toEqual([
      'rightDescription',
    ]);
  });

  it('asks for the fields of its category only', () => {
    expect(check(LEASE)).toEqual([]);
    const claim: UnifiedProjectForm = { ...LEASE, category: 'claim' };
    expect(check(claim)).toEqual(['请填写债务人', '请填写债权本金', '请填写担保情况']);
    expect(check({ ...LEASE, category: 'adRight' })).toEqual(['请填写权利内容']);
  });

  it('holds the closing day to the working days, the deposit to 30% and the rent-free months to the term', () => {
    expect(closingDayOf('2026-12-04', 1).day).toBe('2026-12-07');
    expect(check({ ...LEASE, disclosureEndDate: '2026-12-14' })).toEqual([
      formatMessage(MSG.unifiedClosingDayMismatch, { day: '2026-12-15' }),
    ]);
    expect(
      check({ ...LEASE, disclosureDays: 5, disclosureEndDate: closingDayOf('2026-12-01', 5).day }),
    ).toEqual([formatMessage(MSG.projectsDisclosureDaysMin, { days: 10 })]);
    expect(check({ ...LEASE, depositAmount: 108_000_01, depositDeadline: '2026-12-14' })).toEqual([
      MSG.depositTooHigh,
    ]);
    expect(check({ ...LEASE, rentFreeMonths: 36 })).toEqual([MSG.unifiedRentFreeTooLong]);
  });
});
