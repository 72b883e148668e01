// The small-lot family (小宗实物, business type 5; spec 000 sections 2 and 6, spec 001 sections 2 and 7): low-value
// goods a member (an agent organisation) disposes of for their owner, or an owner lists itself, in batches of lots
// (lots.ts: the lot list, filled from the agent's ledger or imported). The form says on whose behalf, how the lots
// are sold (online auction or agreement), the starting price of the batch, the deposit, the viewing (看样), payment
// and pick-up terms, and for scrap or hazardous waste the environmental facts a buyer must meet. Its disclosure
// period is the physical assets' (10 working days in the dictionary). Money is integer fen.
import { z } from 'zod';
import { formatMessage } from '../../format.ts';
import { MSG } from '../../messages.ts';
import { DISCLOSURE_DAYS_MAX } from '../../workflow/actions.ts';
import { SMALL_LOT_SHEET } from '../lots.ts';
import { AGENT_FIELD, CONTACT_FIELDS, NAME_FIELD } from './common.ts';
import { field, missingRequired, type FieldGroup, type KindSettings } from './fields.ts';
import { defineKind } from './kind.ts';
import { disclosureDaysOf } from './settings.ts';

export const SMALL_DESCRIPTION_MAX = 2000;
export const SMALL_PICKUP_DAYS_MAX = 60;
export const SMALL_PAYMENT_DAYS_MAX = 30;

export const SMALL_DISPOSAL_METHODS = [
  { value: 'auction', label: '网络竞价' },
  { value: 'agreement', label: '协议转让' },
] as const;

export type SmallDisposalMethod = (typeof SMALL_DISPOSAL_METHODS)[number]['value'];

/** The photos of the lots, shown with the announcement. */
export const SMALL_PHOTO_TAG = 'lotPhotos';

const isScrap = (form: Record<string, unknown>): boolean => form.isScrap === true;

/** The fewest working days a small-lot batch is disclosed: the physical assets' period. */
export function minSmallDisclosureDays(settings?: KindSettings): number {
  return disclosureDaysOf(settings, 'physical');
}

export const SMALL_FIELDS = {
  name: NAME_FIELD,
  principalName: field.text('principalName', '委托方', {
    max: 100,
    hint: '代理机构为资产所有人处置时填写所有人名称',
  }),
  disposalMethod: field.choice('disposalMethod', '处置方式', SMALL_DISPOSAL_METHODS, {
    isRequired: true,
    isRadio: true,
  }),
  listingPrice: field.money('listingPrice', '起始价（元）', {
    isRequired: true,
    hint: '本批标的的起始价合计',
  }),
  appraisalPrice: field.money('appraisalPrice', '评估（估价）值（元）'),
  // the assessment institution that estimates the lots: named here, it finds the batch in its 评估项目 and 我的待办
  appraisalFirm: field.text('appraisalFirm', '评估机构', {
    max: 100,
    hint: '填写本平台评估机构的名称，该机构将在“评估项目”中出具估价',
  }),
  appraisalBaseDate: field.date('appraisalBaseDate', '估价基准日'),
  disclosureDays: field.integer('disclosureDays', '披露期（工作日）', {
    isRequired: true,
    min: 1,
    max: DISCLOSURE_DAYS_MAX,
    integerDigits: 3,
    hint: (_form, settings) => `不少于${minSmallDisclosureDays(settings)}个工作日`,
  }),
  depositAmount: field.money('depositAmount', '交易保证金（元）', {
    hint: '不得超过起始价的30%；不填写则无需交纳',
  }),
  depositDeadline: field.date('depositDeadline', '保证金交纳截止日期', {
    isVisible: (form) => typeof form.depositAmount === 'number',
    isRequired: true,
  }),
  viewingPlace: field.text('viewingPlace', '看样地点', { isRequired: true, max: 200 }),
  viewingFrom: field.date('viewingFrom', '看样开始日期', { isRequired: true }),
  viewingTo: field.date('viewingTo', '看样截止日期', { isRequired: true }),
  viewingContact: field.text('viewingContact', '看样联系人', { isRequired: true, max: 50 }),
  viewingMobile: field.telephone('viewingMobile', '看样联系电话', { isRequired: true }),
  paymentDays: field.integer('paymentDays', '付款期限（工作日）', {
    isRequired: true,
    min: 1,
    max: SMALL_PAYMENT_DAYS_MAX,
    integerDigits: 2,
    hint: '成交后买受人一次性付清价款的期限',
  }),
  pickupDays: field.integer('pickupDays', '提货期限（工作日）', {
    isRequired: true,
    min: 1,
    max: SMALL_PICKUP_DAYS_MAX,
    integerDigits: 2,
    hint: '付清价款后买受人自行提货的期限',
  }),
  pickupTerms: field.textarea('pickupTerms', '提货及交付要求', { max: 500 }),
  isScrap: field.boolean('isScrap', '含废旧或危险物资', { checkLabel: '本批标的含报废、废旧或危险废物' }),
  wasteCategory: field.text('wasteCategory', '废物类别', {
    isVisible: isScrap,
    isRequired: true,
    max: 100,
    hint: '如：HW08 废矿物油与含矿物油废物',
  }),
  buyerLicence: field.text('buyerLicence', '受让方资质要求', {
    isVisible: isScrap,
    isRequired: true,
    max: 200,
    hint: '如：危险废物经营许可证（核准经营类别须包含上述类别）',
  }),
  lotPhotos: field.file(SMALL_PHOTO_TAG, '标的照片'),
  ...CONTACT_FIELDS,
  agentCompanyId: AGENT_FIELD,
  description: field.textarea('description', '项目描述', { max: SMALL_DESCRIPTION_MAX }),
};

const F = SMALL_FIELDS;

export const smallProjectFormSchema = z
  .object({
    name: F.name.schema,
    principalName: F.principalName.schema.optional(),
    disposalMethod: F.disposalMethod.schema.optional(),
    listingPrice: F.listingPrice.schema.optional(),
    appraisalPrice: F.appraisalPrice.schema.optional(),
    appraisalFirm: F.appraisalFirm.schema.optional(),
    appraisalBaseDate: F.appraisalBaseDate.schema.optional(),
    disclosureDays: F.disclosureDays.schema.optional(),
    depositAmount: F.depositAmount.schema.optional(),
    depositDeadline: F.depositDeadline.schema.optional(),
    viewingPlace: F.viewingPlace.schema.optional(),
    viewingFrom: F.viewingFrom.schema.optional(),
    viewingTo: F.viewingTo.schema.optional(),
    viewingContact: F.viewingContact.schema.optional(),
    viewingMobile: F.viewingMobile.schema.optional(),
    paymentDays: F.paymentDays.schema.optional(),
    pickupDays: F.pickupDays.schema.optional(),
    pickupTerms: F.pickupTerms.schema.optional(),
    isScrap: F.isScrap.schema.optional(),
    wasteCategory: F.wasteCategory.schema.optional(),
    buyerLicence: F.buyerLicence.schema.optional(),
    contactName: F.contactName.schema.optional(),
    contactMobile: F.contactMobile.schema.optional(),
    agentCompanyId: F.agentCompanyId.schema.optional(),
    description: F.description.schema.optional(),
  })
  .strip();

export type SmallProjectForm = z.infer<typeof smallProjectFormSchema>;

export const SMALL_GROUPS: readonly FieldGroup[] = [
  {
    key: 'listing',
    title: '挂牌信息',
    fields: [
      F.name,
      F.principalName,
      F.disposalMethod,
      F.listingPrice,
      F.appraisalPrice,
      F.appraisalFirm,
      F.appraisalBaseDate,
      F.disclosureDays,
      F.lotPhotos,
    ],
  },
  { key: 'terms', title: '交易条件', fields: [F.depositAmount, F.depositDeadline, F.paymentDays] },
  {
    key: 'viewing',
    title: '看样安排',
    fields: [F.viewingPlace, F.viewingFrom, F.viewingTo, F.viewingContact, F.viewingMobile],
  },
  { key: 'pickup', title: '提货交付', fields: [F.pickupDays, F.pickupTerms] },
  { key: 'environment', title: '环保要求', fields: [F.isScrap, F.wasteCategory, F.buyerLicence] },
  {
    key: 'contact',
    title: '联系方式',
    fields: [F.contactName, F.contactMobile, F.agentCompanyId, F.description],
  },
];

/**
 * The rule checks of a submission, in the form's order: the required fields (the visible ones: the environmental
 * facts only for scrap), the disclosure period, the deposit at most 30% of the starting price, and the viewing
 * window in order.
 */
export function checkSmallProjectRules(
  form: SmallProjectForm,
  files: Readonly<Record<string, number>>,
  settings?: KindSettings,
): string[] {
  const messages = missingRequired(SMALL_GROUPS, form, files);
  const min = minSmallDisclosureDays(settings);
  if (form.disclosureDays !== undefined && form.disclosureDays < min) {
    messages.push(formatMessage(MSG.projectsDisclosureDaysMin, { days: min }));
  }
  // integer comparison: deposit * 10 > price * 3, no floating point on money
  if (
    form.depositAmount !== undefined &&
    form.listingPrice !== undefined &&
    form.depositAmount * 10 > form.listingPrice * 3
  ) {
    messages.push(MSG.smallDepositTooHigh);
  }
  if (form.viewingFrom !== undefined && form.viewingTo !== undefined && form.viewingTo < form.viewingFrom) {
    messages.push(MSG.smallViewingOrder);
  }
  return messages;
}

export const SMALL_KIND = defineKind<SmallProjectForm>({
  family: 'small',
  businessType: '5',
  groups: SMALL_GROUPS,
  schema: smallProjectFormSchema,
  sections: ['assets', 'participants', 'announcement', 'custom'],
  sheets: [SMALL_LOT_SHEET],
  preDisclosure: 'none',
  periods: {
    formal: { field: 'disclosureDays', minDays: (_form, settings) => minSmallDisclosureDays(settings) },
  },
  checkRules: (form, context) => checkSmallProjectRules(form, context.files, context.settings),
  listingPrice: (form) => form.listingPrice,
  announcement: { bodyField: 'description', omit: ['disclosureDays'] },
  publication: {
    fields: [
      'principalName',
      'disposalMethod',
      'listingPrice',
      'appraisalPrice',
      'depositAmount',
      'depositDeadline',
      'paymentDays',
      'viewingPlace',
      'viewingFrom',
      'viewingTo',
      'viewingContact',
      'viewingMobile',
      'pickupDays',
      'pickupTerms',
      'isScrap',
      'wasteCategory',
      'contactName',
      'contactMobile',
      'agentCompanyId',
    ],
    conditions: 'buyerLicence',
  },
  createPath: '/save',
  // the agent acts as the seller of the batch (for the owner it names); an owner listing its own lots is it too
  ownerLabel: '处置方',
  appraisal: {
    baseDateField: 'appraisalBaseDate',
    valueField: 'appraisalPrice',
    valueLabel: '评估（估价）值（元）',
  },
});
