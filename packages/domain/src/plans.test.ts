import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { BULK_KIND, checkBulkProjectRules } from './projects/kinds/bulk.ts';

const validateBulkProjectShape = (form: unknown): string | null => BULK_KIND.parse(form).message;
import { checkPlanForm, projectFormOfPlan, type PlanForm } from './plans.ts';

const plan: PlanForm = {
  name: '  闲置设备处置计划 ',
  family: 'bulk',
  assetCategory: 'machinery',
  listingPrice: 50_000_00,
  appraisalPrice: 52_000_00,
  plannedDate: '2027-01-15',
  contactName: '赵六',
  contactMobile: '13800000001',
  description: '机床两台',
};

describe('checkPlanForm', () => {
  it('trims the name and drops unknown keys', () => {
    const checked = checkPlanForm({ ...plan, disclosureDays: 10, extra: 'x' });
    expect(checked.message).toBeNull();
    if (checked.message !== null) return;
    expect(checked.value.name).toBe('闲置设备处置计划');
    expect(checked.value).not.toHaveProperty('extra');
    expect(checked.value).not.toHaveProperty('disclosureDays');
  });

  it.each([
    [{ name: '计划' }, MSG.plansFamilyRequired],
    [{ family: 'bulk' }, MSG.plansNameInvalid],
    [{ ...plan, name: '计'.repeat(101) }, MSG.plansNameInvalid],
    [{ ...plan, family: 'cap' }, MSG.plansFamilyRequired],
    [{ ...plan, plannedDate: '2027-13-01' }, MSG.plansPlannedDateInvalid],
    [{ ...plan, plannedDate: '2027/01/15' }, MSG.plansPlannedDateInvalid],
    [{ ...plan, assetCategory: 'ship' }, MSG.projectsAssetCategoryRequired],
    [{ ...plan, appraisalPrice: 1.5 }, MSG.projectsAppraisalPriceInvalid],
    [{ ...plan, contactMobile: '12345' }, MSG.telephoneInvalid],
  ])('refuses %j with %s', (input, message) => {
    expect(checkPlanForm(input)).toEqual({ message });
  });
});

describe('projectFormOfPlan', () => {
  it('carries the plan facts into a project form the project rules accept as a draft', () => {
    const checked = checkPlanForm(plan);
    if (checked.message !== null) throw new Error(checked.message);
    const form = projectFormOfPlan(checked.value);
    expect(validateBulkProjectShape(form)).toBeNull();
    expect(form).toEqual({
      name: '闲置设备处置计划',
      assetCategory: 'machinery',
      listingPrice: 50_000_00,
      appraisalPrice: 52_000_00,
      contactName: '赵六',
      contactMobile: '13800000001',
      description: '机床两台',
    });
    // what the plan does not decide is left for the project form before submission
    expect(checkBulkProjectRules(form, 0)).toEqual([
      MSG.projectsDisclosureDaysInvalid,
      MSG.projectsPaymentModeRequired,
    ]);
  });
});
