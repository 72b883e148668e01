// The plan as the form holds it, and its conversion to and from the wire: the screen keeps amounts as yuan text
// with two decimals, the wire carries integer fen; blank fields are left out.
import { fenToYuan, parseYuanToFen } from '@cqjy/domain/format';
import type { PlanForm } from '@cqjy/domain/plans';

export type PlanFormValues = Omit<Partial<PlanForm>, 'listingPrice' | 'appraisalPrice'> & {
  /** yuan */
  listingPrice?: string;
  /** yuan */
  appraisalPrice?: string;
};

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

/** Yuan text as fen; a text that is no amount is kept as NaN, so the domain's rule names it. */
function toFen(value: string | undefined): number | undefined {
  if (blank(value)) return undefined;
  return parseYuanToFen(value ?? '') ?? Number.NaN;
}

const text = (value: string | undefined): string | undefined => (blank(value) ? undefined : value?.trim());

export function toWirePlan(values: PlanFormValues): PlanForm {
  const plan = {
    name: values.name?.trim() ?? '',
    family: values.family,
    assetCategory: values.assetCategory,
    listingPrice: toFen(values.listingPrice),
    appraisalPrice: toFen(values.appraisalPrice),
    plannedDate: text(values.plannedDate),
    contactName: text(values.contactName),
    contactMobile: text(values.contactMobile),
    description: blank(values.description) ? undefined : values.description,
  };
  // JSON leaves undefined out anyway; dropping them here keeps the object equal to what travels.
  return Object.fromEntries(Object.entries(plan).filter(([, value]) => value !== undefined)) as PlanForm;
}

export function fromWirePlan(plan: PlanForm): PlanFormValues {
  return {
    ...plan,
    listingPrice: plan.listingPrice === undefined ? undefined : fenToYuan(plan.listingPrice),
    appraisalPrice: plan.appraisalPrice === undefined ? undefined : fenToYuan(plan.appraisalPrice),
  };
}
