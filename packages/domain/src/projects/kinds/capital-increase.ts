// The capital-increase families' form and rules (增资扩股; spec 001 sections 1 to 3 and 7, spec 000 section 5). An
// enterprise raises capital from new investors through the exchange (regulation 32 of SASAC and the Ministry of
// Finance, chapter 3): the enterprise and its shareholders before the increase, the plan (registered capital
// before, added and after, the amount sought, the share offered, the number of investors sought, whether the
// existing shareholders and the employees take part, the use of the funds), the investors' qualification
// conditions and the selection method, the deposit, the ten attachments of SH-5.11 and a formal disclosure of at
// least 40 working days. The investors themselves are a module of their own (projects/investors.ts, drawn in the
// kind's custom section), so the kind has no participants and no list sheets.
//
// Open and ordinary: the two families share the form, the rules and the stored shape. capOpen (公开增资) may
// pre-disclose (信息预披露, optional: the spec gives its calls submit and submitFormal); cap (增资扩股, the
// ordinary one, whose calls the spec lists without a formal submit) has no pre-disclosure — its one submission
// is the formal disclosure. The pre-disclosure publishes the enterprise and the contact; the plan, the terms and
// the seven required attachments (the approvals among them) are asked of the formal disclosure only.
import { z } from 'zod';
import { CAPITAL_INCREASE_ATTACHMENTS } from '../../attachment-tags.ts';
import type { BusinessTypeKey } from '../../business-types.ts';
import { formatMessage } from '../../format.ts';
import { MSG, pleaseSelect } from '../../messages.ts';
import { DISCLOSURE_DAYS_MAX } from '../../workflow/actions.ts';
import { formatShare, SHARE_WHOLE, sumShares } from '../shares.ts';
import { AGENT_FIELD, checkContact, CONTACT_FIELD_LIST, CONTACT_FIELDS, NAME_FIELD } from './common.ts';
import { ANNOUNCEMENT_MAX } from './equity.ts';
import { field, missingRequired, type FieldGroup, type KindSettings } from './fields.ts';
import { defineKind, type ProjectKind, type RuleContext } from './kind.ts';
import { disclosureDaysOf } from './settings.ts';

export const CAPITAL_INCREASE_RULES = {
  /**
   * The deposit may be at most this many tenths of the lower bound of the amount sought: the cap the exchange
   * puts on a transfer's deposit (30% of the listing price), measured against the least an investor's offer
   * may be, the figure the capital increase lists.
   */
  depositTenthsMax: 3,
  /** regulation 32: a capital increase is disclosed at least 40 working days; the dictionary may ask more */
  formalDaysFloor: 40,
  /**
   * the most investors a project may seek: beyond 200 holders a company's offering is a public one (Securities
   * Law, article 9), which the exchange does not handle
   */
  investorCountMax: 200,
} as const;

export const SELECTION_METHODS = [
  { value: 'negotiation', label: '竞争性谈判' },
  { value: 'evaluation', label: '综合评议' },
  { value: 'onlineBidding', label: '网络竞价' },
] as const;

export type SelectionMethod = (typeof SELECTION_METHODS)[number]['value'];

/** The fewest working days of the formal disclosure: the dictionary's, never below regulation 32's 40. */
export function capitalIncreaseFormalDays(settings: KindSettings | undefined): number {
  return Math.max(CAPITAL_INCREASE_RULES.formalDaysFloor, disclosureDaysOf(settings, 'capitalIncrease'));
}

const SHAREHOLDER_FIELDS = {
  name: field.text('name', '股东名称', { isRequired: true, max: 100 }),
  share: field.share('share', '持股比例（%）', { isRequired: true }),
};

const shareholderSchema = z
  .object({
    name: SHAREHOLDER_FIELDS.name.schema.optional(),
    share: SHAREHOLDER_FIELDS.share.schema.optional(),
  })
  .strip();

export type CapitalIncreaseShareholder = z.infer<typeof shareholderSchema>;

/** The ten attachments of SH-5.11 as file fields: the seven with a required message are required. */
const ATTACHMENT_FIELDS = CAPITAL_INCREASE_ATTACHMENTS.map((entry) =>
  field.file(entry.tag, entry.label, { isRequired: entry.requiredMessage !== undefined }),
);

/** The fields of the form, each with its rule (the ordinary kind's groups leave out the pre-disclosure). */
const F = {
  name: NAME_FIELD,
  enterpriseName: field.text('enterpriseName', '增资企业名称', { isRequired: true, max: 100 }),
  creditCode: field.creditCode('creditCode', '统一社会信用代码', { isRequired: true }),
  legalRepresentative: field.text('legalRepresentative', '法定代表人', { isRequired: true, max: 50 }),
  region: field.region('region', '所在地区', { isRequired: true }),
  industry: field.dict('industry', '所属行业', 'industry', { isRequired: true }),
  economyType: field.dict('economyType', '经济类型', 'economyType', { isRequired: true }),
  enterpriseType: field.dict('enterpriseType', '企业类型', 'enterpriseType', { isRequired: true }),
  scale: field.dict('scale', '企业规模', 'scale', { isRequired: true }),
  foundedOn: field.date('foundedOn', '成立日期', { isRequired: true }),
  shareholders: field.list(
    'shareholders',
    '增资前股东',
    Object.values(SHAREHOLDER_FIELDS),
    shareholderSchema,
    { isRequired: true, hint: '增资前各股东的持股比例合计不得超过100%' },
  ),
  capitalBefore: field.money('capitalBefore', '增资前注册资本（元）', { isRequired: true }),
  capitalAdded: field.money('capitalAdded', '拟新增注册资本（元）', { isRequired: true }),
  capitalAfter: field.money('capitalAfter', '增资后注册资本（元）', {
    isRequired: true,
    hint: '等于增资前注册资本与拟新增注册资本之和',
  }),
  raiseMin: field.money('raiseMin', '拟募集资金金额下限（元）', { isRequired: true }),
  raiseMax: field.money('raiseMax', '拟募集资金金额上限（元）', {
    hint: '不得低于下限；不设上限的不填',
  }),
  offeredShare: field.share('offeredShare', '拟新增股权比例（%）', {
    isRequired: true,
    hint: '增资完成后新增股权占增资后企业股权的比例，须大于0且小于100%',
  }),
  increaseType: field.dict('increaseType', '增资方式', 'increaseType', { isRequired: true }),
  existingShareholdersJoin: field.boolean('existingShareholdersJoin', '原股东是否参与增资', {
    checkLabel: '原股东参与本次增资',
  }),
  employeesJoin: field.boolean('employeesJoin', '员工是否参与增资', {
    checkLabel: '员工参与本次增资',
  }),
  fundUse: field.textarea('fundUse', '募集资金用途', { isRequired: true, max: 2000 }),
  investorCount: field.integer('investorCount', '拟征集投资方数量', {
    isRequired: true,
    min: 1,
    max: CAPITAL_INCREASE_RULES.investorCountMax,
    integerDigits: 3,
  }),
  investorConditions: field.textarea('investorConditions', '投资方资格条件', {
    isRequired: true,
    max: 2000,
  }),
  selectionMethod: field.choice('selectionMethod', '遴选方式', SELECTION_METHODS, {
    isRequired: true,
    isRadio: true,
    schema: z.enum(['negotiation', 'evaluation', 'onlineBidding'], { error: pleaseSelect('遴选方式') }),
  }),
  depositAmount: field.money('depositAmount', '交易保证金（元）', {
    isRequired: true,
    hint: '不得超过拟募集资金金额下限的30%',
  }),
  depositDeadline: field.date('depositDeadline', '保证金交纳截止日期', { isRequired: true }),
  preDisclosureDays: field.integer('preDisclosureDays', '信息预披露期（工作日）', {
    min: 1,
    max: DISCLOSURE_DAYS_MAX,
    integerDigits: 3,
    hint: (_form, settings) =>
      `不少于${disclosureDaysOf(settings, 'capitalIncreasePre')}个工作日；不预披露的不填`,
  }),
  disclosureDays: field.integer('disclosureDays', '正式披露期（工作日）', {
    isRequired: true,
    min: 1,
    max: DISCLOSURE_DAYS_MAX,
    integerDigits: 3,
    hint: (_form, settings) => `不少于${capitalIncreaseFormalDays(settings)}个工作日`,
  }),
  announcement: field.textarea('announcement', '公告内容', { isRequired: true, max: ANNOUNCEMENT_MAX }),
  ...CONTACT_FIELDS,
  agentCompanyId: AGENT_FIELD,
};

/**
 * The shape every save checks: types, ranges and lengths. Only the name is required (it names the draft in the
 * lists); everything else may still be missing until submission. Unknown keys are dropped.
 */
export const capitalIncreaseProjectFormSchema = z
  .object({
    name: F.name.schema,
    enterpriseName: F.enterpriseName.schema.optional(),
    creditCode: F.creditCode.schema.optional(),
    legalRepresentative: F.legalRepresentative.schema.optional(),
    region: F.region.schema.optional(),
    industry: F.industry.schema.optional(),
    economyType: F.economyType.schema.optional(),
    enterpriseType: F.enterpriseType.schema.optional(),
    scale: F.scale.schema.optional(),
    foundedOn: F.foundedOn.schema.optional(),
    shareholders: F.shareholders.schema.optional(),
    capitalBefore: F.capitalBefore.schema.optional(),
    capitalAdded: F.capitalAdded.schema.optional(),
    capitalAfter: F.capitalAfter.schema.optional(),
    raiseMin: F.raiseMin.schema.optional(),
    raiseMax: F.raiseMax.schema.optional(),
    offeredShare: F.offeredShare.schema.optional(),
    increaseType: F.increaseType.schema.optional(),
    existingShareholdersJoin: F.existingShareholdersJoin.schema.optional(),
    employeesJoin: F.employeesJoin.schema.optional(),
    fundUse: F.fundUse.schema.optional(),
    investorCount: F.investorCount.schema.optional(),
    investorConditions: F.investorConditions.schema.optional(),
    selectionMethod: F.selectionMethod.schema.optional(),
    depositAmount: F.depositAmount.schema.optional(),
    depositDeadline: F.depositDeadline.schema.optional(),
    preDisclosureDays: F.preDisclosureDays.schema.optional(),
    disclosureDays: F.disclosureDays.schema.optional(),
    announcement: F.announcement.schema.optional(),
    contactName: F.contactName.schema.optional(),
    contactMobile: F.contactMobile.schema.optional(),
    agentCompanyId: F.agentCompanyId.schema.optional(),
  })
  .strip();

export type CapitalIncreaseProjectForm = z.infer<typeof capitalIncreaseProjectFormSchema>;

/** The groups of the form, one per section; the ordinary kind's form has no pre-disclosure period. */
function capitalIncreaseGroups(isOpen: boolean): FieldGroup[] {
  return [
    {
      key: 'enterprise',
      title: '增资企业',
      fields: [
        F.name,
        F.enterpriseName,
        F.creditCode,
        F.legalRepresentative,
        F.region,
        F.industry,
        F.economyType,
        F.enterpriseType,
        F.scale,
        F.foundedOn,
        F.shareholders,
      ],
    },
    {
      key: 'plan',
      title: '增资方案',
      fields: [
        F.capitalBefore,
        F.capitalAdded,
        F.capitalAfter,
        F.raiseMin,
        F.raiseMax,
        F.offeredShare,
        F.increaseType,
        F.existingShareholdersJoin,
        F.employeesJoin,
        F.fundUse,
      ],
    },
    {
      key: 'investors',
      title: '投资方条件及遴选',
      fields: [F.investorCount, F.investorConditions, F.selectionMethod],
    },
    { key: 'terms', title: '交易条件', fields: [F.depositAmount, F.depositDeadline] },
    { key: 'attachments', title: '附件材料', fields: ATTACHMENT_FIELDS },
    {
      key: 'disclosure',
      title: '信息披露',
      fields: isOpen
        ? [F.preDisclosureDays, F.disclosureDays, F.announcement]
        : [F.disclosureDays, F.announcement],
    },
    { key: 'contact', title: '联系方式', fields: [F.contactName, F.contactMobile, F.agentCompanyId] },
  ];
}

/** What the pre-disclosure publishes: the enterprise and the contact (the plan and its terms come later). */
const PRE_DISCLOSURE_GROUPS: readonly string[] = ['enterprise', 'contact'];

/**
 * The fields whose rules say more than "required": the contact (its own messages) and the attachments (each
 * with its message of SH-5.11, asked of the formal disclosure only).
 */
const OWN_RULE_FIELDS: ReadonlySet<string> = new Set([
  ...CONTACT_FIELD_LIST.map((entry) => entry.name),
  ...ATTACHMENT_FIELDS.map((entry) => entry.name),
]);

/** The required fields a submission lacks, of the groups given, but for those with rules of their own. */
function missingOf(
  groups: readonly FieldGroup[],
  form: CapitalIncreaseProjectForm,
  files: RuleContext['files'],
): string[] {
  const plain = groups.map((group) => ({
    ...group,
    fields: group.fields.filter((entry) => !OWN_RULE_FIELDS.has(entry.name)),
  }));
  return missingRequired(plain, form, files);
}

/** The seven required attachments without a file, each with its own message, in the list's order. */
export function missingCapitalIncreaseFiles(files: RuleContext['files']): string[] {
  return CAPITAL_INCREASE_ATTACHMENTS.flatMap((entry) =>
    entry.requiredMessage !== undefined && (files[entry.tag] ?? 0) === 0 ? [entry.requiredMessage] : [],
  );
}

/**
 * The rules across fields, on what is given: the shareholders at most the whole company, the registered capital
 * after the increase the sum of before and added, the amount's lower bound at most its upper one, the share
 * offered strictly between 0 and 100%, and the deposit at most 30% of the lower bound. Money is integer fen and
 * shares integer millionths: no floating point.
 */
export function checkCapitalIncreasePlan(form: CapitalIncreaseProjectForm): string[] {
  const messages: string[] = [];
  const held = sumShares((form.shareholders ?? []).map((row) => row.share));
  if (held > SHARE_WHOLE) {
    messages.push(formatMessage(MSG.capitalIncreaseShareholdersOverWhole, { sum: formatShare(held) }));
  }
  const { capitalBefore, capitalAdded, capitalAfter } = form;
  if (
    capitalBefore !== undefined &&
    capitalAdded !== undefined &&
    capitalAfter !== undefined &&
    capitalBefore + capitalAdded !== capitalAfter
  ) {
    messages.push(MSG.capitalIncreaseCapitalSum);
  }
  if (form.raiseMin !== undefined && form.raiseMax !== undefined && form.raiseMin > form.raiseMax) {
    messages.push(MSG.capitalIncreaseRaiseRange);
  }
  if (form.offeredShare !== undefined && (form.offeredShare <= 0 || form.offeredShare >= SHARE_WHOLE)) {
    messages.push(MSG.capitalIncreaseShareInvalid);
  }
  if (
    form.depositAmount !== undefined &&
    form.raiseMin !== undefined &&
    form.depositAmount * 10 > form.raiseMin * CAPITAL_INCREASE_RULES.depositTenthsMax
  ) {
    messages.push(MSG.capitalIncreaseDepositTooHigh);
  }
  return messages;
}

/** The pre-disclosure period: required of a pre-disclosure, and when given at least the dictionary's days. */
function checkPrePeriod(form: CapitalIncreaseProjectForm, context: RuleContext): string[] {
  const min = disclosureDaysOf(context.settings, 'capitalIncreasePre');
  if (form.preDisclosureDays === undefined) {
    return context.stage === 'pre' ? [MSG.equityPreDisclosureDaysRequired] : [];
  }
  return form.preDisclosureDays < min ? [formatMessage(MSG.equityPreDisclosureDaysMin, { days: min })] : [];
}

function checkCapitalIncreaseRules(
  groups: readonly FieldGroup[],
  isOpen: boolean,
  form: CapitalIncreaseProjectForm,
  context: RuleContext,
): string[] {
  const { files, settings, stage } = context;
  if (stage === 'pre') {
    return [
      ...missingOf(
        groups.filter((group) => PRE_DISCLOSURE_GROUPS.includes(group.key)),
        form,
        files,
      ),
      ...checkCapitalIncreasePlan(form),
      ...checkPrePeriod(form, context),
      ...checkContact(form),
    ];
  }
  const messages = [
    ...missingOf(groups, form, files),
    ...checkCapitalIncreasePlan(form),
    ...missingCapitalIncreaseFiles(files),
  ];
  if (isOpen) messages.push(...checkPrePeriod(form, context));
  const min = capitalIncreaseFormalDays(settings);
  if (form.disclosureDays !== undefined && form.disclosureDays < min) {
    messages.push(formatMessage(MSG.capitalIncreaseDisclosureDaysMin, { days: min }));
  }
  return [...messages, ...checkContact(form)];
}

/** A capital-increase kind: capOpen (公开增资, an optional pre-disclosure) or cap (增资扩股, formal only). */
export function defineCapitalIncreaseKind(input: {
  family: 'cap' | 'capOpen';
  businessType: BusinessTypeKey;
  isOpen: boolean;
}): ProjectKind {
  const { isOpen } = input;
  const groups = capitalIncreaseGroups(isOpen);
  return defineKind<CapitalIncreaseProjectForm>({
    family: input.family,
    businessType: input.businessType,
    groups,
    schema: capitalIncreaseProjectFormSchema,
    // the investors are a module of their own (investors.ts), drawn in the family's own section (custom)
    sections: ['announcement', 'custom'],
    // the enterprise raising capital (or its shareholder applying for it) is the financing party
    ownerLabel: '融资方',
    sheets: [],
    preDisclosure: isOpen ? 'optional' : 'none',
    periods: {
      ...(isOpen
        ? {
            pre: {
              field: 'preDisclosureDays',
              minDays: (_form, settings) => disclosureDaysOf(settings, 'capitalIncreasePre'),
            },
          }
        : {}),
      formal: { field: 'disclosureDays', minDays: (_form, settings) => capitalIncreaseFormalDays(settings) },
    },
    checkRules: (form, context) => checkCapitalIncreaseRules(groups, isOpen, form, context),
    // the least the increase raises: the figure list pages show
    listingPrice: (form) => form.raiseMin,
    announcement: { bodyField: 'announcement', omit: ['preDisclosureDays', 'disclosureDays'] },
    publication: {
      fields: [
        'enterpriseName',
        'region',
        'industry',
        'economyType',
        'enterpriseType',
        'scale',
        'foundedOn',
        'capitalBefore',
        'capitalAdded',
        'raiseMin',
        'raiseMax',
        'offeredShare',
        'increaseType',
        'existingShareholdersJoin',
        'employeesJoin',
        'fundUse',
        'investorCount',
        'selectionMethod',
        'depositAmount',
        'depositDeadline',
        'contactName',
        'contactMobile',
        'agentCompanyId',
      ],
      region: 'region',
      industry: 'industry',
      conditions: 'investorConditions',
    },
    // spec 001 section 7: the capital-increase calls under /api/project/cap save a draft under check/save
    createPath: '/check/save',
    // and names the same calls under /api/capitalIncrease and /api/capitalIncreaseOpen
    specBase: isOpen ? '/api/capitalIncreaseOpen' : '/api/capitalIncrease',
    // the ordinary one has no pre-disclosure, yet spec 001 names its submitFormal beside its submit
    isFormalSubmitNamed: !isOpen,
  });
}

export const CAP_KIND = defineCapitalIncreaseKind({ family: 'cap', businessType: '3', isOpen: false });

export const CAP_OPEN_KIND = defineCapitalIncreaseKind({
  family: 'capOpen',
  businessType: '3',
  isOpen: true,
});
