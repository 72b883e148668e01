// The bulk family (实物资产, business type 2; spec 001 sections 1, 2 and 7; spec 000 addproject/editproject): its
// form, the asset lists of its ten categories, the participants registered by the owner, the announcement, and
// its listing rules (BLUEPRINT section 7): the disclosure period of the price band (10 working days, 20 above
// 10,000,000 yuan, both from the exchange's dictionary), the approval file below 90% of the appraisal, the payment
// terms and the contact. Money is integer fen. The coll family (coll.ts) has the same form and rules.
import { z } from 'zod';
import { formatMessage } from '../../format.ts';
import { PRICE_APPROVAL_TAG } from '../../attachment-tags.ts';
import { MSG } from '../../messages.ts';
import { countChars } from '../../validation/return-reason.ts';
import { DISCLOSURE_DAYS_MAX } from '../../workflow/actions.ts';
import { ASSET_SHEETS, BULK_ASSET_CATEGORIES, type BulkAssetCategory } from '../assets.ts';
import {
  AGENT_FIELD,
  checkContact,
  checkPaymentTerms,
  CONTACT_FIELDS,
  NAME_FIELD,
  PAYMENT_FIELD_NAMES,
  PAYMENT_FIELDS,
} from './common.ts';
import { field, type FieldGroup, type KindSettings } from './fields.ts';
import { defineKind, type KindDefinition } from './kind.ts';
import { disclosureDaysOf } from './settings.ts';

export const BULK_DESCRIPTION_MAX = 2000;

/** The listing rules' constants: the price band's limit and the share of the appraisal below which approval is needed. */
export const BULK_RULES = {
  /** 10,000,000 yuan in fen: strictly above it is the high band */
  highBandFen: 1_000_000_000,
  /** a listing price below this share of the appraisal needs the approval file */
  appraisalShareMin: 0.9,
} as const;

const CATEGORY_CODES = BULK_ASSET_CATEGORIES.map((c) => c.code) as [
  BulkAssetCategory,
  ...BulkAssetCategory[],
];

const zFen = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** Whether the listing price is below 90% of the appraisal, so the approval file is required. */
export function isBelowAppraisal(form: {
  listingPrice?: number | undefined;
  appraisalPrice?: number | undefined;
}) {
  if (form.listingPrice === undefined || form.appraisalPrice === undefined) return false;
  // integer comparison: listing * 10 < appraisal * 9, no floating point on money
  return form.listingPrice * 10 < form.appraisalPrice * 9;
}

/** The fewest working days of disclosure for a listing price in fen: 10, or 20 above 10 million yuan. */
export function minDisclosureDays(listingPriceFen: number, settings?: KindSettings): number {
  return listingPriceFen > BULK_RULES.highBandFen
    ? disclosureDaysOf(settings, 'physicalHigh')
    : disclosureDaysOf(settings, 'physical');
}

const asBulk = (form: Record<string, unknown>) => ({
  listingPrice: typeof form.listingPrice === 'number' ? form.listingPrice : undefined,
  appraisalPrice: typeof form.appraisalPrice === 'number' ? form.appraisalPrice : undefined,
});

/** The fields of the form, each with its rule; the form's zod object and its groups are composed of them. */
export const BULK_FIELDS = {
  name: NAME_FIELD,
  assetCategory: field.choice(
    'assetCategory',
    '资产类别',
    BULK_ASSET_CATEGORIES.map((c) => ({ value: c.code, label: c.label })),
    { isRequired: true, schema: z.enum(CATEGORY_CODES, { error: MSG.projectsAssetCategoryRequired }) },
  ),
  listingPrice: field.money('listingPrice', '挂牌价（元）', {
    isRequired: true,
    schema: zFen(MSG.projectsListingPriceInvalid),
  }),
  appraisalPrice: field.money('appraisalPrice', '评估值（元）', {
    schema: zFen(MSG.projectsAppraisalPriceInvalid),
  }),
  disclosureDays: field.integer('disclosureDays', '披露期（工作日）', {
    isRequired: true,
    integerDigits: 3,
    hint: (form, settings) =>
      `不少于${minDisclosureDays(asBulk(form).listingPrice ?? 0, settings)}个工作日（挂牌价超过1000万元的不少于${disclosureDaysOf(settings, 'physicalHigh')}个工作日）`,
    schema: z
      .number({ error: MSG.projectsDisclosureDaysInvalid })
      .int(MSG.projectsDisclosureDaysInvalid)
      .min(1, MSG.projectsDisclosureDaysInvalid)
      .max(DISCLOSURE_DAYS_MAX, formatMessage(MSG.projectsDisclosureDaysMax, { days: DISCLOSURE_DAYS_MAX })),
  }),
  reserveBelowAppraisalApproved: field.boolean('reserveBelowAppraisalApproved', '低于评估值挂牌已获批准', {
    checkLabel: '已获批准',
    isVisible: (form) => isBelowAppraisal(asBulk(form)),
  }),
  priceApproval: field.file(PRICE_APPROVAL_TAG, '挂牌价低于评估值批准文件', {
    isVisible: (form) => isBelowAppraisal(asBulk(form)),
    isRequired: true,
  }),
  // The deposit each intention registration owes (代理意向登记): none asked when left blank.
  depositAmount: field.money('depositAmount', '交易保证金（元）', {
    hint: '不得超过挂牌价的30%；不填写则无需交纳',
    schema: zFen(MSG.depositAmountInvalid),
  }),
  depositDeadline: field.date('depositDeadline', '保证金交纳截止日期', {
    isVisible: (form) => typeof form.depositAmount === 'number',
    isRequired: true,
  }),
  ...PAYMENT_FIELDS,
  ...CONTACT_FIELDS,
  agentCompanyId: AGENT_FIELD,
  description: field.textarea('description', '项目描述', {
    max: BULK_DESCRIPTION_MAX,
    schema: z
      .string({ error: MSG.badRequest })
      .refine(
        (value) => countChars(value) <= BULK_DESCRIPTION_MAX,
        formatMessage(MSG.projectsDescriptionTooLong, { max: BULK_DESCRIPTION_MAX }),
      ),
  }),
};

const F = BULK_FIELDS;

/**
 * The shape every save checks: types, ranges and lengths. Only the name is required (it names the draft in the
 * lists); everything else may still be missing until submission. Unknown keys are dropped.
 */
export const bulkProjectFormSchema = z
  .object({
    name: F.name.schema,
    assetCategory: F.assetCategory.schema.optional(),
    listingPrice: F.listingPrice.schema.optional(),
    appraisalPrice: F.appraisalPrice.schema.optional(),
    disclosureDays: F.disclosureDays.schema.optional(),
    paymentMode: F.paymentMode.schema.optional(),
    firstPaymentRatio: F.firstPaymentRatio.schema.optional(),
    instalmentMonths: F.instalmentMonths.schema.optional(),
    hasGuarantee: F.hasGuarantee.schema.optional(),
    reserveBelowAppraisalApproved: F.reserveBelowAppraisalApproved.schema.optional(),
    depositAmount: F.depositAmount.schema.optional(),
    depositDeadline: F.depositDeadline.schema.optional(),
    contactName: F.contactName.schema.optional(),
    contactMobile: F.contactMobile.schema.optional(),
    agentCompanyId: F.agentCompanyId.schema.optional(),
    description: F.description.schema.optional(),
  })
  .strip();

export type BulkProjectForm = z.infer<typeof bulkProjectFormSchema>;

export const BULK_GROUPS: readonly FieldGroup[] = [
  {
    key: 'listing',
    title: '挂牌信息',
    fields: [
      F.name,
      F.assetCategory,
      F.listingPrice,
      F.appraisalPrice,
      F.disclosureDays,
      F.reserveBelowAppraisalApproved,
      F.priceApproval,
    ],
  },
  { key: 'terms', title: '交易条件', fields: [F.depositAmount, F.depositDeadline] },
  {
    key: 'payment',
    title: '付款方式',
    fields: [F.paymentMode, F.firstPaymentRatio, F.instalmentMonths, F.hasGuarantee],
  },
  {
    key: 'contact',
    title: '联系方式',
    fields: [F.contactName, F.contactMobile, F.agentCompanyId, F.description],
  },
];

/**
 * The rule checks of a submission, in the form's order: required fields, the disclosure period of the price
 * band, the approval file below 90% of the appraisal, and the instalment rules. Answers every failing message;
 * `priceApprovalFiles` is the number of files under the priceApproval tag.
 */
export function checkBulkProjectRules(
  form: BulkProjectForm,
  priceApprovalFiles: number,
  settings?: KindSettings,
): string[] {
  const messages: string[] = [];
  if (form.assetCategory === undefined) messages.push(MSG.projectsAssetCategoryRequired);
  if (form.listingPrice === undefined) messages.push(MSG.projectsListingPriceInvalid);
  if (form.disclosureDays === undefined) {
    messages.push(MSG.projectsDisclosureDaysInvalid);
  } else {
    const min = minDisclosureDays(form.listingPrice ?? 0, settings);
    if (form.disclosureDays < min) {
      messages.push(formatMessage(MSG.projectsDisclosureDaysMin, { days: min }));
    }
  }
  if (isBelowAppraisal(form) && (form.reserveBelowAppraisalApproved !== true || priceApprovalFiles === 0)) {
    messages.push(MSG.projectsPriceApprovalRequired);
  }
  if (form.depositAmount !== undefined) {
    // integer comparison: deposit * 10 > price * 3, no floating point on money
    if (form.listingPrice !== undefined && form.depositAmount * 10 > form.listingPrice * 3) {
      messages.push(MSG.depositTooHigh);
    }
    if (form.depositDeadline === undefined) messages.push(MSG.depositDeadlineRequired);
  }
  messages.push(...checkPaymentTerms(form), ...checkContact(form));
  return messages;
}

/** The definition bulk and coll share; coll.ts takes it with its own family and business type. */
export const PHYSICAL_DEFINITION: KindDefinition<BulkProjectForm> = {
  family: 'bulk',
  businessType: '2',
  groups: BULK_GROUPS,
  schema: bulkProjectFormSchema,
  sections: ['assets', 'participants', 'announcement'],
  sheets: ASSET_SHEETS,
  preDisclosure: 'none',
  periods: {
    formal: {
      field: 'disclosureDays',
      minDays: (form, settings) => minDisclosureDays(form.listingPrice ?? 0, settings),
    },
  },
  checkRules: (form, context) =>
    checkBulkProjectRules(form, context.files[PRICE_APPROVAL_TAG] ?? 0, context.settings),
  listingPrice: (form) => form.listingPrice,
  announcement: { bodyField: 'description', omit: ['reserveBelowAppraisalApproved', 'disclosureDays'] },
  publication: {
    fields: [
      'assetCategory',
      'listingPrice',
      'appraisalPrice',
      'depositAmount',
      'depositDeadline',
      ...PAYMENT_FIELD_NAMES,
      'contactName',
      'contactMobile',
      'agentCompanyId',
    ],
  },
  createPath: '',
};

export const BULK_KIND = defineKind(PHYSICAL_DEFINITION);
