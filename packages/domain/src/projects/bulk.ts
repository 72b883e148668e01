// The bulk (实物资产) project form (spec 001 sections 1 and 7, spec 000 section 2 addproject/editproject) and its
// listing rules (BLUEPRINT section 7): the fields with their codes and Chinese labels, the shape checked on every
// save, and the rule checks a submission must pass, each with a message naming the rule. Server and web read the
// same definitions, so a rule is written once. Money is integer fen; the price-band limits are the defaults a
// dictionary may later override.
import { z } from 'zod';
import type { AttachmentTag } from '../attachment-tags.ts';
import { formatMessage } from '../format.ts';
import { MSG } from '../messages.ts';
import { countChars } from '../validation/return-reason.ts';
import { validateMobile } from '../validation/mobile.ts';
import { DISCLOSURE_DAYS_MAX } from '../workflow/actions.ts';

/** The family key of bulk projects in the workflow registry, and its business type (实物资产). */
export const BULK_FAMILY = 'bulk';
export const BULK_BUSINESS_TYPE = '2';

/**
 * The families whose projects are physical assets with this form, its listing rules and asset lists: bulk (实物资产)
 * and coll (抵质押资产, business type 7), which mirrors bulk (spec 001 section 2) and shares its implementation.
 */
export const PHYSICAL_FAMILIES = { bulk: { businessType: '2' }, coll: { businessType: '7' } } as const;

export type PhysicalFamily = keyof typeof PHYSICAL_FAMILIES;

export function isPhysicalFamily(family: string): family is PhysicalFamily {
  return Object.hasOwn(PHYSICAL_FAMILIES, family);
}

/** A project's code: GR, the year, BJ, the id (yearSerialCode). */
export const PROJECT_CODE = { prefix: 'GR', infix: 'BJ' } as const;

export const BULK_ASSET_CATEGORIES = [
  { code: 'construction', label: '在建工程' },
  { code: 'house', label: '房产' },
  { code: 'land', label: '土地' },
  { code: 'inventory', label: '存货' },
  { code: 'machinery', label: '机器设备' },
  { code: 'other', label: '其他' },
  { code: 'financial', label: '金融资产' },
  { code: 'technical', label: '技术资产' },
  { code: 'obligee', label: '债权' },
  { code: 'vehicle', label: '车辆' },
] as const;

export type BulkAssetCategory = (typeof BULK_ASSET_CATEGORIES)[number]['code'];

export const PAYMENT_MODES = [
  { code: 'lump', label: '一次性' },
  { code: 'instalment', label: '分期' },
] as const;

export type PaymentMode = (typeof PAYMENT_MODES)[number]['code'];

/** The listing rules' defaults (BLUEPRINT section 7; dictionary-configurable later). */
export const BULK_RULES = {
  /** working days of disclosure at least */
  disclosureDaysMin: 10,
  /** ... and at least this many when the listing price is above the high band */
  disclosureDaysMinHigh: 20,
  /** 10,000,000 yuan in fen: strictly above it is the high band */
  highBandFen: 1_000_000_000,
  /** a listing price below this share of the appraisal needs the approval file */
  appraisalShareMin: 0.9,
  firstPaymentRatioMin: 0.3,
  instalmentMonthsMax: 12,
} as const;

export const BULK_NAME_MIN = 2;
export const BULK_NAME_MAX = 100;
export const BULK_CONTACT_NAME_MAX = 50;
export const BULK_DESCRIPTION_MAX = 2000;

/** The attachment tag of the approval of a listing price below 90% of the appraisal. */
export const PRICE_APPROVAL_TAG = 'priceApproval';

export const BULK_ATTACHMENTS: readonly AttachmentTag[] = [
  { tag: PRICE_APPROVAL_TAG, label: '挂牌价低于评估值批准文件' },
];

export type BulkProjectForm = {
  name: string;
  assetCategory?: BulkAssetCategory | undefined;
  listingPrice?: number | undefined;
  appraisalPrice?: number | undefined;
  disclosureDays?: number | undefined;
  paymentMode?: PaymentMode | undefined;
  firstPaymentRatio?: number | undefined;
  instalmentMonths?: number | undefined;
  hasGuarantee?: boolean | undefined;
  reserveBelowAppraisalApproved?: boolean | undefined;
  contactName?: string | undefined;
  contactMobile?: string | undefined;
  description?: string | undefined;
};

export const BULK_FIELD_LABELS: Record<keyof BulkProjectForm, string> = {
  name: '项目名称',
  assetCategory: '资产类别',
  listingPrice: '挂牌价（元）',
  appraisalPrice: '评估值（元）',
  disclosureDays: '披露期（工作日）',
  paymentMode: '付款方式',
  firstPaymentRatio: '首付比例',
  instalmentMonths: '分期付款期限（月）',
  hasGuarantee: '提供担保',
  reserveBelowAppraisalApproved: '低于评估值挂牌已获批准',
  contactName: '联系人',
  contactMobile: '联系电话',
  description: '项目描述',
};

const CATEGORY_CODES = BULK_ASSET_CATEGORIES.map((c) => c.code) as [
  BulkAssetCategory,
  ...BulkAssetCategory[],
];
const PAYMENT_CODES = PAYMENT_MODES.map((m) => m.code) as [PaymentMode, ...PaymentMode[]];

const zFen = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

const zText = (max: number, message: string) =>
  z
    .string({ error: MSG.badRequest })
    .refine((value) => countChars(value) <= max, formatMessage(message, { max }));

/**
 * The field rules of the form, one per field, so a form that carries some of these fields (a plan that becomes a
 * project) checks them with the same rules and messages.
 */
/** A name of 2 to 100 characters, trimmed; `message` says whose name it is (a project's, a plan's). */
export const zBulkName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => {
      const n = countChars(value);
      return n >= BULK_NAME_MIN && n <= BULK_NAME_MAX;
    }, message);

export const BULK_FIELD_SCHEMAS = {
  name: zBulkName(MSG.projectsNameInvalid),
  assetCategory: z.enum(CATEGORY_CODES, { error: MSG.projectsAssetCategoryRequired }).optional(),
  listingPrice: zFen(MSG.projectsListingPriceInvalid).optional(),
  appraisalPrice: zFen(MSG.projectsAppraisalPriceInvalid).optional(),
  disclosureDays: z
    .number({ error: MSG.projectsDisclosureDaysInvalid })
    .int(MSG.projectsDisclosureDaysInvalid)
    .min(1, MSG.projectsDisclosureDaysInvalid)
    .max(DISCLOSURE_DAYS_MAX, formatMessage(MSG.projectsDisclosureDaysMax, { days: DISCLOSURE_DAYS_MAX }))
    .optional(),
  paymentMode: z.enum(PAYMENT_CODES, { error: MSG.projectsPaymentModeRequired }).optional(),
  firstPaymentRatio: z
    .number({ error: MSG.projectsFirstPaymentRatioInvalid })
    .min(0, MSG.projectsFirstPaymentRatioInvalid)
    .max(1, MSG.projectsFirstPaymentRatioInvalid)
    .optional(),
  instalmentMonths: z
    .number({ error: MSG.projectsInstalmentMonthsInvalid })
    .int(MSG.projectsInstalmentMonthsInvalid)
    .min(1, MSG.projectsInstalmentMonthsInvalid)
    .optional(),
  hasGuarantee: z.boolean({ error: MSG.badRequest }).optional(),
  reserveBelowAppraisalApproved: z.boolean({ error: MSG.badRequest }).optional(),
  contactName: zText(BULK_CONTACT_NAME_MAX, MSG.projectsContactNameTooLong).optional(),
  contactMobile: z
    .string({ error: MSG.mobileInvalid })
    .refine((value) => value === '' || validateMobile(value) === null, MSG.mobileInvalid)
    .optional(),
  description: zText(BULK_DESCRIPTION_MAX, MSG.projectsDescriptionTooLong).optional(),
} as const;

/**
 * The shape every save checks: types, ranges and lengths. Only the name is required (it names the draft in the
 * lists); everything else may still be missing until submission. Unknown keys are dropped.
 */
export const bulkProjectFormSchema = z
  .object(BULK_FIELD_SCHEMAS)
  .strip() as unknown as z.ZodType<BulkProjectForm>;

/** The first message of a form that does not have the saved shape, or null. */
export function validateBulkProjectShape(form: unknown): string | null {
  const result = bulkProjectFormSchema.safeParse(form ?? {});
  return result.success ? null : (result.error.issues[0]?.message ?? MSG.badRequest);
}

/** The parsed form (trimmed name, unknown keys dropped); call after validateBulkProjectShape answered null. */
export function parseBulkProjectForm(form: unknown): BulkProjectForm {
  return bulkProjectFormSchema.parse(form ?? {});
}

/** The fewest working days of disclosure for a listing price in fen: 10, or 20 above 10 million yuan. */
export function minDisclosureDays(listingPriceFen: number): number {
  return listingPriceFen > BULK_RULES.highBandFen
    ? BULK_RULES.disclosureDaysMinHigh
    : BULK_RULES.disclosureDaysMin;
}

/** Whether the listing price is below 90% of the appraisal, so the approval file is required. */
export function isBelowAppraisal(form: Pick<BulkProjectForm, 'listingPrice' | 'appraisalPrice'>): boolean {
  if (form.listingPrice === undefined || form.appraisalPrice === undefined) return false;
  // integer comparison: listing * 10 < appraisal * 9, no floating point on money
  return form.listingPrice * 10 < form.appraisalPrice * 9;
}

/**
 * The rule checks of a submission, in the form's order: required fields, the disclosure period of the price
 * band, the approval file below 90% of the appraisal, and the instalment rules. Answers every failing message;
 * `priceApprovalFiles` is the number of files under the priceApproval tag.
 */
export function checkBulkProjectRules(form: BulkProjectForm, priceApprovalFiles: number): string[] {
  const messages: string[] = [];
  if (form.assetCategory === undefined) messages.push(MSG.projectsAssetCategoryRequired);
  if (form.listingPrice === undefined) messages.push(MSG.projectsListingPriceInvalid);
  if (form.disclosureDays === undefined) {
    messages.push(MSG.projectsDisclosureDaysInvalid);
  } else {
    const min = minDisclosureDays(form.listingPrice ?? 0);
    if (form.disclosureDays < min) {
      messages.push(formatMessage(MSG.projectsDisclosureDaysMin, { days: min }));
    }
  }
  if (isBelowAppraisal(form) && (form.reserveBelowAppraisalApproved !== true || priceApprovalFiles === 0)) {
    messages.push(MSG.projectsPriceApprovalRequired);
  }
  if (form.paymentMode === undefined) {
    messages.push(MSG.projectsPaymentModeRequired);
  } else if (form.paymentMode === 'instalment') {
    if (form.firstPaymentRatio === undefined) messages.push(MSG.projectsFirstPaymentRatioInvalid);
    else if (form.firstPaymentRatio < BULK_RULES.firstPaymentRatioMin) {
      messages.push(MSG.projectsFirstPaymentRatioMin);
    }
    if (form.instalmentMonths === undefined) messages.push(MSG.projectsInstalmentMonthsInvalid);
    else if (form.instalmentMonths > BULK_RULES.instalmentMonthsMax) {
      messages.push(MSG.projectsInstalmentMonthsMax);
    }
    if (form.hasGuarantee !== true) messages.push(MSG.projectsGuaranteeRequired);
  }
  if (form.contactName === undefined || form.contactName.trim() === '') {
    messages.push(MSG.projectsContactNameRequired);
  }
  const mobile = validateMobile(form.contactMobile);
  if (mobile !== null) messages.push(mobile);
  return messages;
}

/** The form a physical-asset project keeps in its details (every save stores one, checked), if it has one. */
export function readBulkForm(details: Record<string, unknown>): BulkProjectForm | undefined {
  const form = details.form;
  return typeof form === 'object' && form !== null ? (form as BulkProjectForm) : undefined;
}

export function assetCategoryLabel(code: string | undefined): string {
  return BULK_ASSET_CATEGORIES.find((c) => c.code === code)?.label ?? '';
}
