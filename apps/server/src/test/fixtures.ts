// Forms the server tests send again and again: one copy each, so a rule change is mended in one place.
import type { PlanForm } from '@cqjy/domain';

/** A complete disposal plan of the demo owner (bulk machinery). */
export const PLAN_FORM = {
  name: '闲置设备处置计划',
  family: 'bulk',
  assetCategory: 'machinery',
  listingPrice: 1_200_000_00,
  appraisalPrice: 1_250_000_00,
  plannedDate: '2027-03-01',
  contactName: '赵六',
  contactMobile: '13800000001',
  description: '数控机床12台，2015年购置。',
} as const satisfies PlanForm;
