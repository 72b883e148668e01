// The bulk project form as the screen holds it, and its conversion to and from the wire (projects contract): the
// screen keeps amounts as yuan strings with two decimals and the first payment as a percentage, the wire carries
// integer fen and a ratio 0..1. Blank fields are left out, and the instalment terms travel only with instalment
// payment, so a draft saves whatever has been filled in so far.
import type { AttachmentItem } from '@cqjy/domain/api';
import { fenToYuan, parseYuanToFen } from '@cqjy/domain/format';
import type { BulkAssetCategory, BulkProjectForm, PaymentMode } from '@cqjy/domain/projects/bulk';

export type BulkFormValues = {
  name?: string;
  assetCategory?: BulkAssetCategory;
  /** yuan */
  listingPrice?: string;
  /** yuan */
  appraisalPrice?: string;
  disclosureDays?: string;
  paymentMode?: PaymentMode;
  /** percent, 0..100 */
  firstPaymentPercent?: string;
  instalmentMonths?: string;
  hasGuarantee?: boolean;
  reserveBelowAppraisalApproved?: boolean;
  contactName?: string;
  contactMobile?: string;
  description?: string;
};

export type BulkFormState = BulkFormValues & { priceApproval?: AttachmentItem[] };

const blank = (value: string | undefined): boolean => value === undefined || value.trim() === '';

/** Text the user typed as a number; a text that is not one is kept as NaN so the domain's check names it. */
function toNumber(value: string | undefined): number | undefined {
  return blank(value) ? undefined : Number(value);
}

function toFen(value: string | undefined): number | undefined {
  if (blank(value)) return undefined;
  return parseYuanToFen(value ?? '') ?? Number.NaN;
}

/** '30' -> 0.3, shifting the decimal point in the text so that no binary rounding creeps in (33.3 -> 0.333). */
function percentToRatio(value: string | undefined): number | undefined {
  return blank(value) ? undefined : Number(`${value?.trim() ?? ''}e-2`);
}

function ratioToPercent(value: number | undefined): string | undefined {
  return value === undefined ? undefined : String(Number(`${value}e2`));
}

export function toWireForm(values: BulkFormValues): BulkProjectForm {
  const isInstalment = values.paymentMode === 'instalment';
  const form: BulkProjectForm = {
    name: values.name?.trim() ?? '',
    assetCategory: values.assetCategory,
    listingPrice: toFen(values.listingPrice),
    appraisalPrice: toFen(values.appraisalPrice),
    disclosureDays: toNumber(values.disclosureDays),
    paymentMode: values.paymentMode,
    firstPaymentRatio: isInstalment ? percentToRatio(values.firstPaymentPercent) : undefined,
    instalmentMonths: isInstalment ? toNumber(values.instalmentMonths) : undefined,
    hasGuarantee: isInstalment ? values.hasGuarantee === true : undefined,
    reserveBelowAppraisalApproved: values.reserveBelowAppraisalApproved === true,
    contactName: blank(values.contactName) ? undefined : values.contactName?.trim(),
    contactMobile: blank(values.contactMobile) ? undefined : values.contactMobile?.trim(),
    description: blank(values.description) ? undefined : values.description,
  };
  // JSON leaves undefined out anyway; dropping them here keeps the object equal to what travels.
  return Object.fromEntries(
    Object.entries(form).filter(([, value]) => value !== undefined),
  ) as BulkProjectForm;
}

export function fromWireForm(form: BulkProjectForm): BulkFormValues {
  return {
    name: form.name,
    assetCategory: form.assetCategory,
    listingPrice: form.listingPrice === undefined ? undefined : fenToYuan(form.listingPrice),
    appraisalPrice: form.appraisalPrice === undefined ? undefined : fenToYuan(form.appraisalPrice),
    disclosureDays: form.disclosureDays === undefined ? undefined : String(form.disclosureDays),
    paymentMode: form.paymentMode,
    firstPaymentPercent: ratioToPercent(form.firstPaymentRatio),
    instalmentMonths: form.instalmentMonths === undefined ? undefined : String(form.instalmentMonths),
    hasGuarantee: form.hasGuarantee,
    reserveBelowAppraisalApproved: form.reserveBelowAppraisalApproved,
    contactName: form.contactName,
    contactMobile: form.contactMobile,
    description: form.description,
  };
}
