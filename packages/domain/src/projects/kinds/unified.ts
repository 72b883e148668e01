// The unified family (综合类 / 统一类项目, business type 9; spec 001 sections 1, 2 and 7): the rights and assets
// an exchange lists under one disclosure form that the other families do not cover, told apart by a category of
// the data dictionary `unifiedCategory`: a lease of premises (房屋出租 / 招租), a claim (债权), intellectual
// property (知识产权), a franchise (特许经营权) and other rights. Each category adds the fields its trade needs (a
// lease's premises, term and use; a claim's debtor, principal and security; a patent's number, holder and term);
// a category the exchange adds to the dictionary takes the fields of 其他权益 (the right described in words). The
// owner proposes the day its disclosure starts and its working days; the closing day follows on the PRC calendar
// (POST /api/project/unified/work/date, and the reverse from a closing day). The disclosure period is the physical
// assets' (at least 10 working days). Money is integer fen.
import { z } from 'zod';
import { formatMessage } from '../../format.ts';
import { MSG } from '../../messages.ts';
import { DISCLOSURE_DAYS_MAX } from '../../workflow/actions.ts';
import { closingDayOf } from '../../workdays.ts';
import { AGENT_FIELD, CONTACT_FIELDS, NAME_FIELD } from './common.ts';
import { field, missingRequired, type FieldDef, type FieldGroup, type KindSettings } from './fields.ts';
import { defineKind } from './kind.ts';
import { disclosureDaysOf } from './settings.ts';

export const UNIFIED_TEXT_MAX = 1000;
export const UNIFIED_LEASE_MONTHS_MAX = 240;
export const UNIFIED_RENT_FREE_MONTHS_MAX = 24;

/**
 * The field sets of the categories, by the dictionary key of the category that has them. A key the exchange adds
 * to the dictionary has none of its own: it takes `other`'s.
 */
export const UNIFIED_FIELD_SETS = ['lease', 'claim', 'ip', 'franchise', 'other'] as const;
export type UnifiedFieldSet = (typeof UNIFIED_FIELD_SETS)[number];

/** The field set of a category key: its own, or `other`'s for a category without one. */
export function unifiedFieldSetOf(category: unknown): UnifiedFieldSet | undefined {
  if (typeof category !== 'string' || category === '') return undefined;
  return (UNIFIED_FIELD_SETS as readonly string[]).includes(category)
    ? (category as UnifiedFieldSet)
    : 'other';
}

const inSet =
  (set: UnifiedFieldSet) =>
  (form: Record<string, unknown>): boolean =>
    unifiedFieldSetOf(form.category) === set;

export const UNIFIED_IP_TYPES = [
  { value: 'patent', label: '专利权' },
  { value: 'trademark', label: '商标专用权' },
  { value: 'copyright', label: '著作权' },
  { value: 'software', label: '计算机软件著作权' },
  { value: 'other', label: '其他知识产权' },
] as const;

/** The fewest working days a unified project is disclosed: the physical assets' period. */
export function minUnifiedDisclosureDays(settings?: KindSettings): number {
  return disclosureDaysOf(settings, 'physical');
}

const isLease = inSet('lease');

export const UNIFIED_FIELDS = {
  name: NAME_FIELD,
  category: field.dict('category', '标的类别', 'unifiedCategory', { isRequired: true }),
  listingPrice: field.money('listingPrice', '挂牌价（元）', {
    isRequired: true,
    hint: (form) => (isLease(form) ? '招租项目填写首年租金' : '转让底价'),
  }),
  disclosureStartDate: field.date('disclosureStartDate', '拟披露开始日期', {
    isRequired: true,
    hint: '以交易所审核通过、发布公告之日为准',
  }),
  disclosureDays: field.integer('disclosureDays', '披露期（工作日）', {
    isRequired: true,
    min: 1,
    max: DISCLOSURE_DAYS_MAX,
    integerDigits: 3,
    hint: (_form, settings) => `不少于${minUnifiedDisclosureDays(settings)}个工作日`,
  }),
  disclosureEndDate: field.date('disclosureEndDate', '披露截止日期', {
    isRequired: true,
    hint: '按国家法定工作日自动计算；填写截止日期则自动计算工作日数',
  }),
  // 房屋出租（招租）
  leaseAddress: field.text('leaseAddress', '房屋坐落', { isVisible: isLease, isRequired: true, max: 200 }),
  leaseArea: field.integer('leaseArea', '出租面积（平方米）', {
    isVisible: isLease,
    isRequired: true,
    min: 1,
    max: 10_000_000,
    integerDigits: 8,
  }),
  leaseUse: field.text('leaseUse', '租赁用途', {
    isVisible: isLease,
    isRequired: true,
    max: 100,
    hint: '如：办公、商业、仓储',
  }),
  leaseTermMonths: field.integer('leaseTermMonths', '租赁期限（月）', {
    isVisible: isLease,
    isRequired: true,
    min: 1,
    max: UNIFIED_LEASE_MONTHS_MAX,
    integerDigits: 3,
  }),
  rentFreeMonths: field.integer('rentFreeMonths', '免租期（月）', {
    isVisible: isLease,
    min: 0,
    max: UNIFIED_RENT_FREE_MONTHS_MAX,
    integerDigits: 2,
  }),
  rentIncrease: field.text('rentIncrease', '租金递增方式', {
    isVisible: isLease,
    max: 200,
    hint: '如：自第三年起每年递增3%',
  }),
  // 债权
  debtorName: field.text('debtorName', '债务人', { isVisible: inSet('claim'), isRequired: true, max: 100 }),
  claimPrincipal: field.money('claimPrincipal', '债权本金（元）', {
    isVisible: inSet('claim'),
    isRequired: true,
  }),
  claimInterest: field.money('claimInterest', '利息及其他费用（元）', { isVisible: inSet('claim') }),
  claimSecurity: field.text('claimSecurity', '担保情况', {
    isVisible: inSet('claim'),
    isRequired: true,
    max: 200,
    hint: '如：抵押、质押、保证，或无担保',
  }),
  claimBasis: field.textarea('claimBasis', '债权形成及诉讼情况', {
    isVisible: inSet('claim'),
    max: UNIFIED_TEXT_MAX,
  }),
  // 知识产权
  ipType: field.choice('ipType', '权利类型', UNIFIED_IP_TYPES, { isVisible: inSet('ip'), isRequired: true }),
  ipRegistrationNo: field.text('ipRegistrationNo', '专利号（注册号、登记号）', {
    isVisible: inSet('ip'),
    isRequired: true,
    max: 64,
  }),
  ipHolder: field.text('ipHolder', '权利人', { isVisible: inSet('ip'), isRequired: true, max: 100 }),
  ipValidUntil: field.date('ipValidUntil', '有效期至', { isVisible: inSet('ip'), isRequired: true }),
  // 特许经营权
  franchiseGrantor: field.text('franchiseGrantor', '授予机关', {
    isVisible: inSet('franchise'),
    isRequired: true,
    max: 100,
  }),
  franchiseScope: field.textarea('franchiseScope', '经营范围及区域', {
    isVisible: inSet('franchise'),
    isRequired: true,
    max: UNIFIED_TEXT_MAX,
  }),
  franchiseValidUntil: field.date('franchiseValidUntil', '经营期限至', {
    isVisible: inSet('franchise'),
    isRequired: true,
  }),
  // 其他权益, and any category the exchange adds
  rightDescription: field.textarea('rightDescription', '权利内容', {
    isVisible: inSet('other'),
    isRequired: true,
    max: UNIFIED_TEXT_MAX,
  }),
  depositAmount: field.money('depositAmount', '交易保证金（元）', {
    hint: '不得超过挂牌价的30%；不填写则无需交纳',
  }),
  depositDeadline: field.date('depositDeadline', '保证金交纳截止日期', {
    isVisible: (form) => typeof form.depositAmount === 'number',
    isRequired: true,
  }),
  transfereeConditions: field.textarea('transfereeConditions', '受让方资格条件', { max: UNIFIED_TEXT_MAX }),
  ...CONTACT_FIELDS,
  agentCompanyId: AGENT_FIELD,
  description: field.textarea('description', '项目描述', { max: 2000 }),
};

const F = UNIFIED_FIELDS;

export const unifiedProjectFormSchema = z
  .object({
    name: F.name.schema,
    category: F.category.schema.optional(),
    listingPrice: F.listingPrice.schema.optional(),
    disclosureStartDate: F.disclosureStartDate.schema.optional(),
    disclosureDays: F.disclosureDays.schema.optional(),
    disclosureEndDate: F.disclosureEndDate.schema.optional(),
    leaseAddress: F.leaseAddress.schema.optional(),
    leaseArea: F.leaseArea.schema.optional(),
    leaseUse: F.leaseUse.schema.optional(),
    leaseTermMonths: F.leaseTermMonths.schema.optional(),
    rentFreeMonths: F.rentFreeMonths.schema.optional(),
    rentIncrease: F.rentIncrease.schema.optional(),
    debtorName: F.debtorName.schema.optional(),
    claimPrincipal: F.claimPrincipal.schema.optional(),
    claimInterest: F.claimInterest.schema.optional(),
    claimSecurity: F.claimSecurity.schema.optional(),
    claimBasis: F.claimBasis.schema.optional(),
    ipType: F.ipType.schema.optional(),
    ipRegistrationNo: F.ipRegistrationNo.schema.optional(),
    ipHolder: F.ipHolder.schema.optional(),
    ipValidUntil: F.ipValidUntil.schema.optional(),
    franchiseGrantor: F.franchiseGrantor.schema.optional(),
    franchiseScope: F.franchiseScope.schema.optional(),
    franchiseValidUntil: F.franchiseValidUntil.schema.optional(),
    rightDescription: F.rightDescription.schema.optional(),
    depositAmount: F.depositAmount.schema.optional(),
    depositDeadline: F.depositDeadline.schema.optional(),
    transfereeConditions: F.transfereeConditions.schema.optional(),
    contactName: F.contactName.schema.optional(),
    contactMobile: F.contactMobile.schema.optional(),
    agentCompanyId: F.agentCompanyId.schema.optional(),
    description: F.description.schema.optional(),
  })
  .strip();

export type UnifiedProjectForm = z.infer<typeof unifiedProjectFormSchema>;

/** The fields each category adds, in the form's order (the category call names them). */
export const UNIFIED_CATEGORY_FIELDS: Record<UnifiedFieldSet, readonly FieldDef[]> = {
  lease: [F.leaseAddress, F.leaseArea, F.leaseUse, F.leaseTermMonths, F.rentFreeMonths, F.rentIncrease],
  claim: [F.debtorName, F.claimPrincipal, F.claimInterest, F.claimSecurity, F.claimBasis],
  ip: [F.ipType, F.ipRegistrationNo, F.ipHolder, F.ipValidUntil],
  franchise: [F.franchiseGrantor, F.franchiseScope, F.franchiseValidUntil],
  other: [F.rightDescription],
};

export const UNIFIED_GROUPS: readonly FieldGroup[] = [
  {
    key: 'listing',
    title: '挂牌信息',
    fields: [
      F.name,
      F.category,
      F.listingPrice,
      F.disclosureStartDate,
      F.disclosureDays,
      F.disclosureEndDate,
    ],
  },
  { key: 'lease', title: '租赁标的', fields: UNIFIED_CATEGORY_FIELDS.lease },
  { key: 'claim', title: '债权情况', fields: UNIFIED_CATEGORY_FIELDS.claim },
  { key: 'ip', title: '知识产权情况', fields: UNIFIED_CATEGORY_FIELDS.ip },
  { key: 'franchise', title: '特许经营权情况', fields: UNIFIED_CATEGORY_FIELDS.franchise },
  { key: 'other', title: '权益情况', fields: UNIFIED_CATEGORY_FIELDS.other },
  {
    key: 'terms',
    title: '交易条件',
    fields: [F.depositAmount, F.depositDeadline, F.transfereeConditions],
  },
  {
    key: 'contact',
    title: '联系方式',
    fields: [F.contactName, F.contactMobile, F.agentCompanyId, F.description],
  },
];

/**
 * The rule checks of a submission, in the form's order: the required fields (the category's own among them), the
 * disclosure period and its closing day on the calendar, the deposit at most 30% of the listing price, a lease's
 * rent-free months within its term.
 */
export function checkUnifiedProjectRules(
  form: UnifiedProjectForm,
  files: Readonly<Record<string, number>>,
  settings?: KindSettings,
): string[] {
  const messages = missingRequired(UNIFIED_GROUPS, form, files);
  const min = minUnifiedDisclosureDays(settings);
  if (form.disclosureDays !== undefined && form.disclosureDays < min) {
    messages.push(formatMessage(MSG.projectsDisclosureDaysMin, { days: min }));
  }
  const { disclosureStartDate: start, disclosureDays: days, disclosureEndDate: end } = form;
  if (start !== undefined && days !== undefined && end !== undefined) {
    const closing = closingDayOf(start, days).day;
    if (closing !== end) messages.push(formatMessage(MSG.unifiedClosingDayMismatch, { day: closing }));
  }
  // integer comparison: deposit * 10 > price * 3, no floating point on money
  if (
    form.depositAmount !== undefined &&
    form.listingPrice !== undefined &&
    form.depositAmount * 10 > form.listingPrice * 3
  ) {
    messages.push(MSG.depositTooHigh);
  }
  if (
    isLease(form) &&
    form.rentFreeMonths !== undefined &&
    form.leaseTermMonths !== undefined &&
    form.rentFreeMonths >= form.leaseTermMonths
  ) {
    messages.push(MSG.unifiedRentFreeTooLong);
  }
  return messages;
}

export const UNIFIED_KIND = defineKind<UnifiedProjectForm>({
  family: 'unified',
  businessType: '9',
  groups: UNIFIED_GROUPS,
  schema: unifiedProjectFormSchema,
  sections: ['participants', 'announcement'],
  sheets: [],
  preDisclosure: 'none',
  periods: {
    formal: { field: 'disclosureDays', minDays: (_form, settings) => minUnifiedDisclosureDays(settings) },
  },
  checkRules: (form, context) => checkUnifiedProjectRules(form, context.files, context.settings),
  listingPrice: (form) => form.listingPrice,
  announcement: { bodyField: 'description', omit: ['disclosureDays'] },
  publication: {
    fields: [
      'category',
      'listingPrice',
      'leaseAddress',
      'leaseArea',
      'leaseUse',
      'leaseTermMonths',
      'rentFreeMonths',
      'rentIncrease',
      'debtorName',
      'claimPrincipal',
      'claimInterest',
      'claimSecurity',
      'claimBasis',
      'ipType',
      'ipRegistrationNo',
      'ipHolder',
      'ipValidUntil',
      'franchiseGrantor',
      'franchiseScope',
      'franchiseValidUntil',
      'rightDescription',
      'depositAmount',
      'depositDeadline',
      'contactName',
      'contactMobile',
      'agentCompanyId',
    ],
    conditions: 'transfereeConditions',
  },
  createPath: '/save',
  categories: {
    field: 'category',
    dict: 'unifiedCategory',
    fieldsOf: (key) => UNIFIED_CATEGORY_FIELDS[unifiedFieldSetOf(key) ?? 'other'],
  },
  workdayPeriod: { start: 'disclosureStartDate', days: 'disclosureDays', end: 'disclosureEndDate' },
});
