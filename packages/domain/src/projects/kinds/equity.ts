// The equity families' form and rules (股权/产权转让; spec 001 sections 1, 3 and 7: the stock rights and private
// stock calls, the economy type, industry, enterprise type, scale, approval and payment dictionaries). A project
// transfers shares of a target enterprise (标的企业) held by one or more transferors: the enterprise, the shares
// offered, the appraisal and the listing price, the approval, the transferee's conditions, the deposit, the
// payment, the employees' placement and the announcement; its shareholder structure and financial data are list
// sheets imported from templates. The state-owned kind (stock) follows regulation 32 of SASAC and the Ministry of
// Finance: an approval, a pre-disclosure before the formal one, each at least 20 working days, a listing price not
// below the appraisal of the shares offered, a price reduction below 90% of it only with the approving body's
// written consent, instalments with 30% first, the rest within a year and a guarantee, and a deposit of at most
// 30% of the price. The non-state kind (privateStock) has the same form and price rules; its approval and
// pre-disclosure are optional.
import { z } from 'zod';
import { formatFen, formatMessage } from '../../format.ts';
import { MSG } from '../../messages.ts';
import type { SheetDef, SheetValues } from '../sheets.ts';
import { formatShare, SHARE_WHOLE, sumShares } from '../shares.ts';
import type { BusinessTypeKey } from '../../business-types.ts';
import type { FamilyKey } from '../../workflow/families.ts';
import {
  AGENT_FIELD,
  checkContact,
  checkPaymentTerms,
  CONTACT_FIELD_LIST,
  CONTACT_FIELDS,
  NAME_FIELD,
  PAYMENT_FIELD_LIST,
  PAYMENT_FIELD_NAMES,
  PAYMENT_FIELDS,
} from './common.ts';
import { field, missingRequired, type FieldGroup, type ProjectFormBase } from './fields.ts';
import { defineKind, type ProjectKind, type RuleContext } from './kind.ts';
import { disclosureDaysOf } from './settings.ts';

/** The files of an equity project: the approval, and the approving body's consent to a price reduction. */
export const EQUITY_APPROVAL_TAG = 'approvalFile';
export const PRICE_REDUCTION_APPROVAL_TAG = 'priceReductionApproval';
/** The appraisal report: the engaged assessment institution reads it on its 评估项目 (projects/evaluations.ts). */
export const APPRAISAL_REPORT_TAG = 'appraisalReport';

export const EQUITY_RULES = {
  /** the deposit may be at most this many tenths of the listing price */
  depositTenthsMax: 3,
  /** a reduced price below this many tenths of the appraisal needs the approving body's consent */
  reductionTenthsMin: 9,
} as const;

export const ANNOUNCEMENT_MAX = 5000;
export const EMPLOYEES_MAX = 10_000_000;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Whether a reduced listing price is below 90% of the appraisal of the shares offered. */
export function isReductionBelowShare(form: ProjectFormBase): boolean {
  const price = num(form.listingPrice);
  const value = num(form.shareAppraisalValue);
  return (
    form.isPriceReduction === true &&
    price !== undefined &&
    value !== undefined &&
    price * 10 < value * EQUITY_RULES.reductionTenthsMin
  );
}

const TRANSFEROR_FIELDS = {
  name: field.text('name', '转让方名称', { isRequired: true, max: 100 }),
  creditCode: field.creditCode('creditCode', '统一社会信用代码', { isRequired: true }),
  heldShare: field.share('heldShare', '持有比例（%）', { isRequired: true }),
  offeredShare: field.share('offeredShare', '拟转让比例（%）', { isRequired: true }),
};

const transferorSchema = z
  .object({
    name: TRANSFEROR_FIELDS.name.schema.optional(),
    creditCode: TRANSFEROR_FIELDS.creditCode.schema.optional(),
    heldShare: TRANSFEROR_FIELDS.heldShare.schema.optional(),
    offeredShare: TRANSFEROR_FIELDS.offeredShare.schema.optional(),
  })
  .strip();

export type EquityTransferor = z.infer<typeof transferorSchema>;

const isReduction = (form: ProjectFormBase): boolean => form.isPriceReduction === true;

/** The fields of the equity form, each with its rule; `isStateOwned` makes the approval and placement required. */
function equityFields(isStateOwned: boolean, preDisclosure: 'required' | 'optional') {
  return {
    name: NAME_FIELD,
    targetName: field.text('targetName', '标的企业名称', { isRequired: true, max: 100 }),
    targetCreditCode: field.creditCode('targetCreditCode', '统一社会信用代码', { isRequired: true }),
    targetLegalRepresentative: field.text('targetLegalRepresentative', '法定代表人', {
      isRequired: true,
      max: 50,
    }),
    targetRegisteredCapital: field.money('targetRegisteredCapital', '注册资本（元）', { isRequired: true }),
    targetFoundedOn: field.date('targetFoundedOn', '成立日期', { isRequired: true }),
    targetRegion: field.region('targetRegion', '所在地区', { isRequired: true }),
    targetIndustry: field.dict('targetIndustry', '所属行业', 'industry', { isRequired: true }),
    targetEconomyType: field.dict('targetEconomyType', '经济类型', 'economyType', { isRequired: true }),
    targetEnterpriseType: field.dict('targetEnterpriseType', '企业类型', 'enterpriseType', {
      isRequired: true,
    }),
    targetScale: field.dict('targetScale', '企业规模', 'scale', { isRequired: true }),
    targetEmployees: field.integer('targetEmployees', '职工人数', {
      isRequired: true,
      max: EMPLOYEES_MAX,
      integerDigits: 8,
    }),
    targetBusinessScope: field.textarea('targetBusinessScope', '经营范围', { max: 1000 }),
    transferors: field.list('transferors', '转让方', Object.values(TRANSFEROR_FIELDS), transferorSchema, {
      isRequired: true,
      hint: '各转让方的拟转让比例合计不得超过100%',
    }),
    appraisalFirm: field.text('appraisalFirm', '评估机构', { isRequired: true, max: 100 }),
    appraisalBaseDate: field.date('appraisalBaseDate', '评估基准日', { isRequired: true }),
    appraisalReport: field.file(APPRAISAL_REPORT_TAG, '资产评估报告'),
    netAssetValue: field.money('netAssetValue', '净资产评估值（元）', { isRequired: true }),
    shareAppraisalValue: field.money('shareAppraisalValue', '转让标的对应评估值（元）', { isRequired: true }),
    listingPrice: field.money('listingPrice', '挂牌价（元）', {
      isRequired: true,
      hint: '不得低于转让标的对应评估值；降价重新披露的，低于评估值90%须经批准',
    }),
    isPriceReduction: field.boolean('isPriceReduction', '降价重新披露', {
      checkLabel: '本项目为降低转让底价后重新披露',
    }),
    previousProjectCode: field.text('previousProjectCode', '原挂牌项目编号', {
      isVisible: isReduction,
      isRequired: true,
      max: 32,
    }),
    priceReductionApproval: field.file(PRICE_REDUCTION_APPROVAL_TAG, '转让行为批准单位书面同意文件', {
      isVisible: isReductionBelowShare,
      isRequired: true,
    }),
    approvalType: field.dict('approvalType', '批准类型', 'approval', { isRequired: isStateOwned }),
    approvalBody: field.text('approvalBody', '批准单位', { isRequired: isStateOwned, max: 100 }),
    approvalDocumentNo: field.text('approvalDocumentNo', '批准文件文号', {
      isRequired: isStateOwned,
      max: 50,
    }),
    approvalDate: field.date('approvalDate', '批准日期'),
    approvalFile: field.file(EQUITY_APPROVAL_TAG, '批准文件', { isRequired: isStateOwned }),
    transfereeConditions: field.textarea('transfereeConditions', '受让方资格条件', {
      isRequired: true,
      max: 2000,
    }),
    depositAmount: field.money('depositAmount', '交易保证金（元）', {
      isRequired: true,
      hint: '不得超过挂牌价的30%',
    }),
    depositDeadline: field.date('depositDeadline', '保证金交纳截止日期', { isRequired: true }),
    ...PAYMENT_FIELDS,
    employeePlacement: field.textarea('employeePlacement', '职工安置方案', {
      isRequired: isStateOwned,
      max: 2000,
    }),
    preDisclosureDays: field.integer('preDisclosureDays', '信息预披露期（工作日）', {
      isRequired: preDisclosure === 'required',
      min: 1,
      max: 250,
      integerDigits: 3,
      hint: (_form, settings) =>
        `不少于${disclosureDaysOf(settings, 'equityPre')}个工作日${preDisclosure === 'optional' ? '；不预披露的不填' : ''}`,
    }),
    disclosureDays: field.integer('disclosureDays', '正式披露期（工作日）', {
      isRequired: true,
      min: 1,
      max: 250,
      integerDigits: 3,
      hint: (_form, settings) => `不少于${disclosureDaysOf(settings, 'equity')}个工作日`,
    }),
    announcement: field.textarea('announcement', '公告内容', { isRequired: true, max: ANNOUNCEMENT_MAX }),
    ...CONTACT_FIELDS,
    agentCompanyId: AGENT_FIELD,
  };
}

/** The one shape both equity kinds store (their fields differ only in what is required). */
const F = equityFields(true, 'required');

export const equityProjectFormSchema = z
  .object({
    name: F.name.schema,
    targetName: F.targetName.schema.optional(),
    targetCreditCode: F.targetCreditCode.schema.optional(),
    targetLegalRepresentative: F.targetLegalRepresentative.schema.optional(),
    targetRegisteredCapital: F.targetRegisteredCapital.schema.optional(),
    targetFoundedOn: F.targetFoundedOn.schema.optional(),
    targetRegion: F.targetRegion.schema.optional(),
    targetIndustry: F.targetIndustry.schema.optional(),
    targetEconomyType: F.targetEconomyType.schema.optional(),
    targetEnterpriseType: F.targetEnterpriseType.schema.optional(),
    targetScale: F.targetScale.schema.optional(),
    targetEmployees: F.targetEmployees.schema.optional(),
    targetBusinessScope: F.targetBusinessScope.schema.optional(),
    transferors: F.transferors.schema.optional(),
    appraisalFirm: F.appraisalFirm.schema.optional(),
    appraisalBaseDate: F.appraisalBaseDate.schema.optional(),
    netAssetValue: F.netAssetValue.schema.optional(),
    shareAppraisalValue: F.shareAppraisalValue.schema.optional(),
    listingPrice: F.listingPrice.schema.optional(),
    isPriceReduction: F.isPriceReduction.schema.optional(),
    previousProjectCode: F.previousProjectCode.schema.optional(),
    approvalType: F.approvalType.schema.optional(),
    approvalBody: F.approvalBody.schema.optional(),
    approvalDocumentNo: F.approvalDocumentNo.schema.optional(),
    approvalDate: F.approvalDate.schema.optional(),
    transfereeConditions: F.transfereeConditions.schema.optional(),
    depositAmount: F.depositAmount.schema.optional(),
    depositDeadline: F.depositDeadline.schema.optional(),
    paymentMode: F.paymentMode.schema.optional(),
    firstPaymentRatio: F.firstPaymentRatio.schema.optional(),
    instalmentMonths: F.instalmentMonths.schema.optional(),
    hasGuarantee: F.hasGuarantee.schema.optional(),
    employeePlacement: F.employeePlacement.schema.optional(),
    preDisclosureDays: F.preDisclosureDays.schema.optional(),
    disclosureDays: F.disclosureDays.schema.optional(),
    announcement: F.announcement.schema.optional(),
    contactName: F.contactName.schema.optional(),
    contactMobile: F.contactMobile.schema.optional(),
    agentCompanyId: F.agentCompanyId.schema.optional(),
  })
  .strip();

export type EquityProjectForm = z.infer<typeof equityProjectFormSchema>;

function equityGroups(fields: ReturnType<typeof equityFields>): FieldGroup[] {
  const f = fields;
  return [
    { key: 'basic', title: '项目信息', fields: [f.name] },
    {
      key: 'target',
      title: '标的企业',
      fields: [
        f.targetName,
        f.targetCreditCode,
        f.targetLegalRepresentative,
        f.targetRegisteredCapital,
        f.targetFoundedOn,
        f.targetRegion,
        f.targetIndustry,
        f.targetEconomyType,
        f.targetEnterpriseType,
        f.targetScale,
        f.targetEmployees,
        f.targetBusinessScope,
      ],
    },
    { key: 'offer', title: '转让方及转让标的', fields: [f.transferors] },
    {
      key: 'appraisal',
      title: '评估及挂牌价',
      fields: [
        f.appraisalFirm,
        f.appraisalBaseDate,
        f.appraisalReport,
        f.netAssetValue,
        f.shareAppraisalValue,
        f.listingPrice,
        f.isPriceReduction,
        f.previousProjectCode,
        f.priceReductionApproval,
      ],
    },
    {
      key: 'approval',
      title: '批准情况',
      fields: [f.approvalType, f.approvalBody, f.approvalDocumentNo, f.approvalDate, f.approvalFile],
    },
    {
      key: 'terms',
      title: '交易条件',
      fields: [
        f.transfereeConditions,
        f.depositAmount,
        f.depositDeadline,
        ...PAYMENT_FIELD_LIST,
        f.employeePlacement,
      ],
    },
    {
      key: 'disclosure',
      title: '信息披露',
      fields: [f.preDisclosureDays, f.disclosureDays, f.announcement],
    },
    { key: 'contact', title: '联系方式', fields: [f.contactName, f.contactMobile, f.agentCompanyId] },
  ];
}

/** What the pre-disclosure publishes: the enterprise, the transferors and the contact (the price comes later). */
const PRE_DISCLOSURE_GROUPS: readonly string[] = ['basic', 'target', 'offer', 'contact'];

/** The shares offered: each transferor at most what it holds, together at most the whole company. */
export function checkTransferorShares(transferors: readonly EquityTransferor[]): string[] {
  const messages: string[] = [];
  for (const [index, row] of transferors.entries()) {
    if (row.heldShare !== undefined && row.offeredShare !== undefined && row.offeredShare > row.heldShare) {
      messages.push(formatMessage(MSG.equityOfferAboveHeld, { row: index + 1, name: row.name ?? '' }));
    }
    if (row.offeredShare === 0) messages.push(formatMessage(MSG.equityOfferZero, { row: index + 1 }));
  }
  const held = sumShares(transferors.map((row) => row.heldShare));
  if (held > SHARE_WHOLE) messages.push(formatMessage(MSG.equityHeldOverWhole, { sum: formatShare(held) }));
  const offered = sumShares(transferors.map((row) => row.offeredShare));
  if (offered > SHARE_WHOLE) {
    messages.push(formatMessage(MSG.equitySharesOverWhole, { sum: formatShare(offered) }));
  }
  return messages;
}

/** The listing price against the appraisal of the shares offered, and the deposit against the price. */
export function checkEquityPrice(form: EquityProjectForm, files: Readonly<Record<string, number>>): string[] {
  const messages: string[] = [];
  const { listingPrice: price, shareAppraisalValue: value } = form;
  if (price !== undefined && value !== undefined) {
    if (form.isPriceReduction !== true && price < value) {
      messages.push(formatMessage(MSG.equityPriceBelowAppraisal, { value: formatFen(value) }));
    }
    if (isReductionBelowShare(form) && (files[PRICE_REDUCTION_APPROVAL_TAG] ?? 0) === 0) {
      messages.push(MSG.equityReductionApprovalRequired);
    }
  }
  if (price !== undefined && form.depositAmount !== undefined) {
    // integer comparison: deposit * 10 > price * 3, no floating point on money
    if (form.depositAmount * 10 > price * EQUITY_RULES.depositTenthsMax) {
      messages.push(MSG.equityDepositTooHigh);
    }
  }
  return messages;
}

/**
 * The fields whose rules say more than "required" (the payment terms, the contact, the consent to a price
 * reduction): checked by their own rules, with their own messages.
 */
const OWN_RULE_FIELDS: ReadonlySet<string> = new Set([
  ...PAYMENT_FIELD_LIST.map((field) => field.name),
  ...CONTACT_FIELD_LIST.map((field) => field.name),
  PRICE_REDUCTION_APPROVAL_TAG,
]);

/** The required fields a submission lacks, of the groups given, but for those with rules of their own. */
function missingOf(groups: readonly FieldGroup[], form: EquityProjectForm, files: RuleContext['files']) {
  const plain = groups.map((group) => ({
    ...group,
    fields: group.fields.filter((field) => !OWN_RULE_FIELDS.has(field.name)),
  }));
  return missingRequired(plain, form, files);
}

function checkEquityRules(
  groups: readonly FieldGroup[],
  form: EquityProjectForm,
  context: RuleContext,
): string[] {
  const { settings, stage, files } = context;
  const messages: string[] = [];
  if (stage === 'pre') {
    messages.push(
      ...missingOf(
        groups.filter((group) => PRE_DISCLOSURE_GROUPS.includes(group.key)),
        form,
        files,
      ),
    );
    const min = disclosureDaysOf(settings, 'equityPre');
    if (form.preDisclosureDays === undefined) messages.push(MSG.equityPreDisclosureDaysRequired);
    else if (form.preDisclosureDays < min) {
      messages.push(formatMessage(MSG.equityPreDisclosureDaysMin, { days: min }));
    }
    return [...messages, ...checkTransferorShares(form.transferors ?? []), ...checkContact(form)];
  }
  messages.push(...missingOf(groups, form, files));
  const min = disclosureDaysOf(settings, 'equity');
  if (form.disclosureDays !== undefined && form.disclosureDays < min) {
    messages.push(formatMessage(MSG.projectsDisclosureDaysMin, { days: min }));
  }
  const preMin = disclosureDaysOf(settings, 'equityPre');
  if (form.preDisclosureDays !== undefined && form.preDisclosureDays < preMin) {
    messages.push(formatMessage(MSG.equityPreDisclosureDaysMin, { days: preMin }));
  }
  return [
    ...messages,
    ...checkTransferorShares(form.transferors ?? []),
    ...checkEquityPrice(form, files),
    ...checkPaymentTerms(form),
    ...checkContact(form),
  ];
}

// --- the list sheets: the shareholder structure and the financial data --------------------------------------

const SHAREHOLDER_TYPES = ['国有', '集体', '民营', '外资', '自然人', '其他'] as const;

export const STRUCTURES_SHEET: SheetDef = {
  key: 'structures',
  group: 'structures',
  groupTitle: '股权结构',
  title: '股权结构',
  columns: [
    { key: 'name', label: '股东名称', kind: 'text', isRequired: true, max: 100 },
    { key: 'type', label: '股东类型', kind: 'choice', isRequired: true, options: SHAREHOLDER_TYPES },
    { key: 'capital', label: '认缴出资额（元）', kind: 'money', isRequired: false },
    { key: 'paidCapital', label: '实缴出资额（元）', kind: 'money', isRequired: false },
    { key: 'share', label: '持股比例（%）', kind: 'share', isRequired: true },
    { key: 'note', label: '备注', kind: 'text', isRequired: false, max: 500 },
  ],
  importMode: 'replace',
  checkSheet(rows: readonly SheetValues[]) {
    const sum = sumShares(rows.map((row) => (typeof row.share === 'number' ? row.share : undefined)));
    return sum > SHARE_WHOLE ? [formatMessage(MSG.equityStructureOverWhole, { sum: formatShare(sum) })] : [];
  },
};

export const FINANCIALS_SHEET: SheetDef = {
  key: 'financials',
  group: 'financials',
  groupTitle: '财务数据',
  title: '财务数据',
  columns: [
    {
      key: 'period',
      label: '报告期',
      kind: 'text',
      isRequired: true,
      max: 30,
      hint: '如2024年度、2025年9月30日',
    },
    {
      key: 'reportType',
      label: '报表类型',
      kind: 'choice',
      isRequired: true,
      options: ['年度审计报告', '最近一期财务报表'],
    },
    { key: 'totalAssets', label: '资产总额（元）', kind: 'money', isRequired: true },
    { key: 'totalLiabilities', label: '负债总额（元）', kind: 'money', isRequired: true },
    { key: 'ownersEquity', label: '所有者权益（元）', kind: 'money', isRequired: true, isSigned: true },
    { key: 'revenue', label: '营业收入（元）', kind: 'money', isRequired: true },
    { key: 'operatingProfit', label: '营业利润（元）', kind: 'money', isRequired: false, isSigned: true },
    { key: 'netProfit', label: '净利润（元）', kind: 'money', isRequired: true, isSigned: true },
    { key: 'auditFirm', label: '审计机构', kind: 'text', isRequired: false, max: 100 },
  ],
  importMode: 'replace',
};

/** An equity kind: stock (state-owned, 产权转让) or privateStock (non-state). */
export function defineEquityKind(input: {
  family: FamilyKey;
  businessType: BusinessTypeKey;
  isStateOwned: boolean;
}): ProjectKind {
  const preDisclosure = input.isStateOwned ? 'required' : 'optional';
  const groups = equityGroups(equityFields(input.isStateOwned, preDisclosure));
  return defineKind<EquityProjectForm>({
    family: input.family,
    businessType: input.businessType,
    groups,
    schema: equityProjectFormSchema,
    sections: ['shareholders', 'financials', 'announcement', 'custom'],
    sheets: [STRUCTURES_SHEET, FINANCIALS_SHEET],
    preDisclosure,
    periods: {
      pre: {
        field: 'preDisclosureDays',
        minDays: (_form, settings) => disclosureDaysOf(settings, 'equityPre'),
      },
      formal: { field: 'disclosureDays', minDays: (_form, settings) => disclosureDaysOf(settings, 'equity') },
    },
    checkRules: (form, context) => checkEquityRules(groups, form, context),
    listingPrice: (form) => form.listingPrice,
    announcement: {
      bodyField: 'announcement',
      omit: ['isPriceReduction', 'preDisclosureDays', 'disclosureDays', 'targetBusinessScope'],
    },
    publication: {
      fields: [
        'targetName',
        'targetRegion',
        'targetIndustry',
        'targetEconomyType',
        'targetEnterpriseType',
        'targetScale',
        'targetRegisteredCapital',
        'targetFoundedOn',
        'targetEmployees',
        'targetBusinessScope',
        'appraisalFirm',
        'appraisalBaseDate',
        'netAssetValue',
        'shareAppraisalValue',
        'listingPrice',
        'isPriceReduction',
        'previousProjectCode',
        'approvalType',
        'approvalBody',
        'depositAmount',
        'depositDeadline',
        ...PAYMENT_FIELD_NAMES,
        'employeePlacement',
        'contactName',
        'contactMobile',
        'agentCompanyId',
      ],
      region: 'targetRegion',
      industry: 'targetIndustry',
      conditions: 'transfereeConditions',
    },
    // spec 001 section 7: the stock calls save a draft under right/save
    createPath: '/right/save',
    appraisal: {
      baseDateField: 'appraisalBaseDate',
      netAssetField: 'netAssetValue',
      valueField: 'shareAppraisalValue',
      valueLabel: '转让标的对应评估值（元）',
    },
  });
}
