// What each workflow action of the registry (families.ts) asks for and does: its form fields and their rules,
// its attachment tags, the letter the applicant e-signs (or none), the effect an approval has on the project,
// the project statuses it may start from, and who applies (the owner, or the member representing the project).
// Every application shares the reason and remark (an information record, the remark only); the fields its effect
// needs come on top (the suspension's expected resumption, the bidding activity's times and prices, the
// contract, the payout ...). Server and web read the same definitions, so a rule is written once. The rules of
// the forms (zod) are in action-forms.ts, so that the route table can read this registry without them.
import type { z } from 'zod';
import { PRICE_APPROVAL_TAG, type AttachmentTag } from '../attachment-tags.ts';
import { fenToYuan, formatChineseDate, formatThousands } from '../format.ts';
import { MSG } from '../messages.ts';
import {
  FAMILIES,
  FAMILY_KEYS,
  FAMILY_SCREENS,
  type FamilyDef,
  type FamilyKey,
  type ScreenGroupKey,
  type StepKind,
  type WorkflowRouteName,
} from './families.ts';
import type { ZActionForm } from './action-forms.ts';
import type { ProjectStatus } from './statuses.ts';

/** The record class the files of an action instance are filed under (`dataClass` of uploads, dataId = its id). */
export const ACTION_DATA_CLASS = 'actionInstance';
/** The record class of a project's own files; the signed letters are filed there too. */
export const PROJECT_DATA_CLASS = 'project';

export const APPLICATION_FILE_TAG = 'applicationFile';
/** the generated, unsigned letter */
export const LETTER_TAG = 'letter';
/** the letter with the applicant company's seal and signature */
export const SIGNED_LETTER_TAG = 'signedLetter';

export const ACTION_TEXT_MAX = 500;
export const ACTION_SHORT_TEXT_MAX = 100;
export const EXTEND_DAYS_MIN = 1;
export const EXTEND_DAYS_MAX = 60;
export const DISCLOSURE_DAYS_MIN = 10;
/** no disclosure period is longer than a working year; the bound keeps a typo from meaning a decade */
export const DISCLOSURE_DAYS_MAX = 250;
/** the extension period of online bidding: a bid in its last minutes extends the bidding by as many */
export const EXTENSION_MINUTES_MIN = 1;
export const EXTENSION_MINUTES_MAX = 60;

/** What an approval does to the project; `record` only records the approval (and the form, in its details). */
export type EffectKey =
  | 'abort'
  | 'recovery'
  | 'termination'
  | 'end'
  | 'supplement'
  | 'rediscovery'
  | 'preDisclosure'
  | 'disclosure'
  | 'application'
  | 'online'
  | 'contract'
  | 'price'
  | 'transfer'
  | 'record';

/**
 * textarea / text: free text (max characters); date: 'YYYY-MM-DD'; datetime: 'YYYY-MM-DD HH:mm' (+08:00);
 * integer: a whole number in [min, max]; money: integer fen above 0 (typed in yuan).
 */
export type ActionFieldKind = 'textarea' | 'text' | 'date' | 'datetime' | 'integer' | 'money';

export type ActionFieldDef = {
  name: keyof ActionForm;
  label: string;
  kind: ActionFieldKind;
  isRequired: boolean;
  /** characters for text, the largest value for integers */
  max?: number;
  min?: number;
};

/**
 * The form of every action; fields an action does not use stay absent. Money is integer fen. Declared by its schema
 * (ZActionForm, with the meaning of each field) in action-forms.ts, which the route table does not load.
 */
export type ActionForm = z.infer<typeof ZActionForm>;

export type StepNames = { Aon: WorkflowRouteName; MfyRrn: WorkflowRouteName; EicSre: WorkflowRouteName };

/**
 * Who applies: the project's owner company, or the member company that represents the project (agentCompanyId):
 * the member registers intended transferees and gives its opinion on their qualification.
 */
export type Applicant = 'owner' | 'agent';

export type ActionConfig = {
  family: FamilyKey;
  /** the screens its steps open on (the family's own, or the rights-type screens of the equity families) */
  screens: ScreenGroupKey;
  action: string;
  title: string;
  /** 「<action title>申请函」 */
  letterTitle: string;
  fields: readonly ActionFieldDef[];
  attachments: readonly AttachmentTag[];
  effect: EffectKey;
  /** whether the applicant e-signs a letter; without one, a submission goes straight to review */
  isSigned: boolean;
  /**
   * Whether the action lacks its own return or e-signature screen, so one screen serves every step and shows
   * what the instance's state needs (the spec's withdrawal, survey and exhibition letters, the price-deduction
   * letter, the transfer's application without a signature).
   */
  isCompact: boolean;
  applicant: Applicant;
  /** the project statuses the action may be started (and approved) in; null: any */
  allowedProjectStatuses: readonly ProjectStatus[] | null;
  /** The screen of each task kind; an action without a screen of a kind falls back to one it has. */
  routes: StepNames;
  /** the button on the project's page that starts an application */
  startLabel: string;
  /** the application screen in edit mode (contract information of a dealt project), when the action has one */
  editRoute: WorkflowRouteName | undefined;
};

/** Buttons whose wording is not 申请 + the action's title. */
const START_LABELS: Record<string, string> = {
  contract: '录入合同信息',
  survey: '现场踏勘确认',
  exhibition: '展示确认',
  priceDeduction: '服务费从价款扣除',
  refundCashout: '申请退款出金',
  assurance: '申请交易鉴证',
  registration: '意向登记',
  intentionReview: '意向资格审核',
  memberIntentionReview: '意向资格审核意见',
  transaction: '录入交易信息',
  earlyClearance: '录入提前清场信息',
  environmentalProtection: '录入环保信息',
  assetTransfer: '录入资产移交信息',
  resultConfirm: '结果确认',
  supplementInfo: '录入补充信息',
  auctionResultImport: '录入拍卖结果',
};

const REASON: ActionFieldDef = {
  name: 'reason',
  label: '申请原因',
  kind: 'textarea',
  isRequired: true,
  max: ACTION_TEXT_MAX,
};
const REMARK: ActionFieldDef = {
  name: 'remark',
  label: '备注',
  kind: 'textarea',
  isRequired: false,
  max: ACTION_TEXT_MAX,
};

const text = (name: keyof ActionForm, label: string): ActionFieldDef => ({
  name,
  label,
  kind: 'text',
  isRequired: true,
  max: ACTION_SHORT_TEXT_MAX,
});
const money = (name: keyof ActionForm, label: string, isRequired = true): ActionFieldDef => ({
  name,
  label: `${label}（元）`,
  kind: 'money',
  isRequired,
});
const day = (name: keyof ActionForm, label: string, isRequired = true): ActionFieldDef => ({
  name,
  label,
  kind: 'date',
  isRequired,
});
const content = (label: string): ActionFieldDef => ({
  name: 'content',
  label,
  kind: 'textarea',
  isRequired: true,
  max: ACTION_TEXT_MAX,
});
const optionalText = (name: keyof ActionForm, label: string): ActionFieldDef => ({
  ...text(name, label),
  isRequired: false,
});
const DISCLOSURE_DAYS: ActionFieldDef = {
  name: 'disclosureDays',
  label: '披露天数（工作日）',
  kind: 'integer',
  isRequired: true,
  min: DISCLOSURE_DAYS_MIN,
  max: DISCLOSURE_DAYS_MAX,
};
const PRE_DISCLOSURE_DAYS: ActionFieldDef = { ...DISCLOSURE_DAYS, label: '预披露天数（工作日）' };

/** The fields each action needs beyond the reason and remark. */
const ACTION_FIELDS: Record<string, readonly ActionFieldDef[]> = {
  abort: [day('expectedResumeDate', '预计恢复日期', false)],
  supplement: [
    {
      name: 'extendDays',
      label: '延长披露天数（工作日）',
      kind: 'integer',
      isRequired: true,
      min: EXTEND_DAYS_MIN,
      max: EXTEND_DAYS_MAX,
    },
  ],
  rediscovery: [DISCLOSURE_DAYS],
  withdrawal: [DISCLOSURE_DAYS],
  disclosure: [DISCLOSURE_DAYS],
  preDisclosure: [PRE_DISCLOSURE_DAYS],
  online: [
    { name: 'biddingStart', label: '竞价开始时间', kind: 'datetime', isRequired: true },
    { name: 'biddingEnd', label: '竞价结束时间', kind: 'datetime', isRequired: true },
    money('startingPrice', '起始价'),
    money('increment', '加价幅度'),
    money('reservePrice', '保留价', false),
    {
      name: 'extensionMinutes',
      label: '延时周期（分钟）',
      kind: 'integer',
      isRequired: true,
      min: EXTENSION_MINUTES_MIN,
      max: EXTENSION_MINUTES_MAX,
    },
  ],
  contract: [
    text('contractNo', '合同编号'),
    text('transfereeName', '受让方名称'),
    money('dealPrice', '成交价'),
    day('signDate', '签订日期'),
  ],
  price: [
    money('payoutAmount', '划转金额'),
    text('payeeName', '收款户名'),
    text('payeeBank', '开户银行'),
    text('payeeAccount', '收款账号'),
  ],
  transfer: [day('handoverDate', '交割日期')],
  priceDeduction: [money('serviceFee', '服务费金额')],
  // the exchange pays a participant's deposit back (退款出金) once the project is settled
  refundCashout: [
    text('payeeName', '收款户名'),
    money('payoutAmount', '退款金额'),
    text('payeeBank', '开户银行'),
    text('payeeAccount', '收款账号'),
  ],
  survey: [day('eventDate', '踏勘日期')],
  exhibition: [day('eventDate', '展示日期')],
  // the letters of the later families
  assurance: [
    text('contractNo', '合同编号'),
    text('transfereeName', '受让方名称'),
    money('dealPrice', '成交价'),
  ],
  registration: [text('transfereeName', '意向受让方名称'), money('amount', '拟受让价格', false)],
  // the owner's opinion on a registered buyer's qualification, confirmed by the exchange
  intentionReview: [text('transfereeName', '意向受让方名称'), content('资格审核意见')],
  memberIntentionReview: [text('transfereeName', '意向受让方名称'), content('资格审核意见')],
  // the information records (the Page screens): what happened, entered by the applicant, confirmed by the exchange
  transaction: [
    text('contractNo', '合同编号'),
    text('transfereeName', '受让方名称'),
    money('dealPrice', '成交价'),
    day('signDate', '签订日期'),
  ],
  extensionStatement: [day('eventDate', '延期至'), content('延期说明')],
  estimate: [money('amount', '估价金额'), content('估价说明')],
  earlyClearance: [day('eventDate', '清场日期'), content('清场说明')],
  environmentalProtection: [optionalText('partyName', '环保责任单位'), content('环保措施')],
  assetTransfer: [day('eventDate', '移交日期'), text('partyName', '接收方'), content('移交说明')],
  evaluation: [text('partyName', '评估机构'), money('amount', '评估价值'), day('eventDate', '评估基准日')],
  resultConfirm: [text('transfereeName', '受让方名称'), money('dealPrice', '成交价'), content('确认意见')],
  supplementInfo: [content('补充内容')],
  auctionResultImport: [
    text('transfereeName', '竞得人'),
    money('dealPrice', '成交价'),
    day('eventDate', '拍卖日期'),
  ],
};

/**
 * The information records: the applicant states facts (a clearance, an opinion, an investor), not a request, so
 * the form asks for no reason; the exchange confirms the record like any application.
 */
const INFORMATION_ACTIONS: ReadonlySet<string> = new Set([
  'intentionReview',
  'transaction',
  'extensionStatement',
  'estimate',
  'earlyClearance',
  'environmentalProtection',
  'assetTransfer',
  'evaluation',
  'resultConfirm',
  'supplementInfo',
  'auctionResultImport',
]);

const ACTION_APPLICANTS: Record<string, Applicant> = {
  registration: 'agent',
  memberIntentionReview: 'agent',
};

/** The effect of each action's approval; actions not listed only record it. */
const ACTION_EFFECTS: Record<string, EffectKey> = {
  abort: 'abort',
  recovery: 'recovery',
  termination: 'termination',
  end: 'end',
  supplement: 'supplement',
  rediscovery: 'rediscovery',
  withdrawal: 'rediscovery',
  preDisclosure: 'preDisclosure',
  disclosure: 'disclosure',
  online: 'online',
  contract: 'contract',
  price: 'price',
  transfer: 'transfer',
  transaction: 'contract',
};

/** The project statuses each action may start (and be approved) in; null: any. */
const ACTION_STATUSES: Record<string, readonly ProjectStatus[] | null> = {
  abort: ['disclosing'],
  recovery: ['suspended'],
  end: ['disclosing', 'suspended'],
  termination: ['disclosing', 'suspended', 'ended'],
  supplement: ['disclosing'],
  // disclosed again after an early end, or after a hall closed without a bid (流拍)
  rediscovery: ['ended', 'unsold'],
  withdrawal: ['disclosing', 'ended'],
  disclosure: ['draft'],
  online: ['disclosing'],
  survey: ['disclosing'],
  exhibition: ['disclosing'],
  // a contract is entered once the deal is decided (待签约: the hall's winner or the agreement), on a disclosure
  // that found its transferee without them (the families without registrations), and edited (Edit) once dealt
  contract: ['disclosing', 'awaitingContract', 'dealt'],
  price: ['dealt'],
  priceDeduction: ['dealt'],
  refundCashout: ['awaitingContract', 'dealt', 'unsold', 'ended', 'terminated', 'closed'],
  transfer: ['dealt'],
  assurance: ['dealt', 'closed'],
  registration: ['disclosing'],
  intentionReview: ['disclosing', 'ended'],
  memberIntentionReview: ['disclosing', 'ended'],
  transaction: ['disclosing', 'awaitingContract', 'dealt'],
  estimate: ['draft', 'disclosing'],
  evaluation: ['draft', 'disclosing'],
  environmentalProtection: ['draft', 'disclosing', 'dealt'],
  supplementInfo: ['draft', 'disclosing', 'suspended', 'dealt'],
  extensionStatement: ['disclosing', 'suspended', 'dealt'],
  resultConfirm: ['disclosing', 'ended'],
  auctionResultImport: ['disclosing', 'ended'],
  earlyClearance: ['dealt'],
  assetTransfer: ['dealt'],
};

/**
 * Where a screen group's families differ: an equity project's (or an open capital increase's) formal disclosure
 * follows its pre-disclosure, and a pre-disclosed project may be ended or terminated before it is formally
 * disclosed.
 */
const SCREEN_ACTION_STATUSES: Partial<Record<ScreenGroupKey, Record<string, readonly ProjectStatus[]>>> = {
  right: {
    preDisclosure: ['draft'],
    disclosure: ['draft', 'preDisclosing'],
    end: ['preDisclosing', 'disclosing', 'suspended'],
    termination: ['preDisclosing', 'disclosing', 'suspended', 'ended'],
  },
  capOpen: {
    preDisclosure: ['draft'],
    disclosure: ['draft', 'preDisclosing'],
    termination: ['preDisclosing', 'disclosing', 'suspended', 'ended'],
  },
  // a small lot's result is confirmed after the disclosure, or after the hall named its winner (待签约)
  small: {
    resultConfirm: ['disclosing', 'awaitingContract', 'ended'],
    auctionResultImport: ['disclosing', 'awaitingContract', 'ended'],
  },
  // a disposal's vehicles are listed again once their listing period passed unsold (the vehicles module's
  // precondition judges the period and the vehicles); the project discloses until every vehicle is dealt
  vehicle: { rediscovery: ['disclosing', 'ended', 'unsold'] },
};

/**
 * Where a screen group's actions do more than their key says: a small lot has no contract screen, its deal is the
 * confirmed result (of the hall, or of an external platform's auction whose result was imported as a record before),
 * which makes the project dealt.
 */
const SCREEN_ACTION_EFFECTS: Partial<Record<ScreenGroupKey, Record<string, EffectKey>>> = {
  small: { resultConfirm: 'contract' },
  // a vehicle disposal's first application is no disclosure: its approval sends the vehicles to appraisal
  vehicle: { disclosure: 'application' },
};

/**
 * The capital increase's agreement (增资协议) and payment of the new capital name the investors and the
 * enterprise, not a transferee and a payee: the same facts under the words of the trade.
 */
const CAPITAL_INCREASE_FIELDS: Record<string, readonly ActionFieldDef[]> = {
  contract: [
    text('contractNo', '增资协议编号'),
    text('transfereeName', '入选投资方'),
    money('dealPrice', '增资价款'),
    day('signDate', '签订日期'),
  ],
  price: [
    money('payoutAmount', '划转金额'),
    text('payeeName', '收款户名（增资企业）'),
    text('payeeBank', '开户银行'),
    text('payeeAccount', '收款账号'),
  ],
};

/** Where a screen group's forms differ from the action's own fields. */
const SCREEN_ACTION_FIELDS: Partial<Record<ScreenGroupKey, Record<string, readonly ActionFieldDef[]>>> = {
  cap: CAPITAL_INCREASE_FIELDS,
  capOpen: CAPITAL_INCREASE_FIELDS,
  // an unsold batch is disclosed again at a new (usually lowered) starting price, checked against its appraisal
  small: { rediscovery: [DISCLOSURE_DAYS, money('startingPrice', '新起始价')] },
};

/**
 * Where a screen group's actions take files beyond the application's own: a batch disclosed again below the
 * dictionary's floor of its appraisal needs the written consent of the body that approved the transfer
 * (rediscoveryPriceRefusal).
 */
const SCREEN_ACTION_ATTACHMENTS: Partial<Record<ScreenGroupKey, Record<string, readonly AttachmentTag[]>>> = {
  small: {
    rediscovery: [{ tag: PRICE_APPROVAL_TAG, label: '转让行为批准单位书面同意文件（低于底价下限时）' }],
  },
};

/**
 * Actions whose screens belong to a module of their own rather than the engine: the investors of a capital
 * increase are registered, audited and selected as records of their own (projects/investors.ts); a dealt batch
 * is handed over between the seller and the buyer, not applied for to the exchange (projects/delivery.ts).
 */
const MODULE_ACTIONS: ReadonlySet<string> = new Set(['investor', 'investorAudit', 'delivery']);

/**
 * A vehicle disposal's steps over single vehicles (their entry, appraisal, listing letters, deal, receipt and
 * dismantling records) are the vehicles module's (vehicles.ts, vehicle-records.ts): only its application and its
 * re-disclosure are the engine's.
 */
const SCREEN_MODULE_ACTIONS: Partial<Record<ScreenGroupKey, ReadonlySet<string>>> = {
  vehicle: new Set(
    FAMILIES.vehicle.actions
      .map((action) => action.key as string)
      .filter((key) => !['show', 'disclosure', 'rediscovery'].includes(key)),
  ),
};

/** Whether an action of a screen group is a module's own rather than the engine's. */
export function isModuleAction(screens: ScreenGroupKey, action: string): boolean {
  return MODULE_ACTIONS.has(action) || SCREEN_MODULE_ACTIONS[screens]?.has(action) === true;
}

export const GENERIC_ATTACHMENTS: readonly AttachmentTag[] = [
  { tag: APPLICATION_FILE_TAG, label: '申请材料', requiredMessage: MSG.workflowApplicationFileRequired },
];

/**
 * Whether an action is applied for from the project form: the first disclosure, the pre-disclosure, or the
 * application a vehicle disposal starts with.
 */
export function isFormDisclosure(config: Pick<ActionConfig, 'effect'>): boolean {
  return (
    config.effect === 'disclosure' || config.effect === 'preDisclosure' || config.effect === 'application'
  );
}

function buildConfigs(): ActionConfig[] {
  return FAMILY_KEYS.flatMap((family) => {
    const screens = FAMILY_SCREENS[family];
    const def: FamilyDef = FAMILIES[screens];
    return def.actions.flatMap((action): ActionConfig[] => {
      const stepName = (kind: StepKind): WorkflowRouteName | undefined =>
        action.steps.find((s) => s.step === kind)?.name as WorkflowRouteName | undefined;
      const effect = SCREEN_ACTION_EFFECTS[screens]?.[action.key] ?? ACTION_EFFECTS[action.key] ?? 'record';
      const isDisclosure = isFormDisclosure({ effect });
      const own = {
        // a Page screen (an information record) is the application of its action
        Aon: stepName('Aon') ?? stepName('Page'),
        MfyRrn: stepName('MfyRrn'),
        // the price-deduction letter (Sre) and the right family's transaction-assurance letter (EicSreF) are
        // e-signature screens under other names
        EicSre: stepName('EicSre') ?? stepName('Sre') ?? stepName('EicSreF'),
      };
      // Served: every action with an application screen, the first disclosure (applied for on the project
      // form, spec 000 addproject), and the letters with a form of their own (withdrawal, survey ...).
      if (isModuleAction(screens, action.key)) return [];
      if (own.Aon === undefined && !isDisclosure && !Object.hasOwn(ACTION_FIELDS, action.key)) return [];
      const first = own.Aon ?? own.MfyRrn ?? own.EicSre;
      const base: ActionFieldDef[] = INFORMATION_ACTIONS.has(action.key) ? [] : [REASON];
      if (first === undefined) return [];
      const fields = SCREEN_ACTION_FIELDS[screens]?.[action.key] ?? ACTION_FIELDS[action.key] ?? [];
      return [
        {
          family,
          screens,
          action: action.key,
          title: action.title,
          letterTitle: `${action.title}申请函`,
          // The disclosures' application is the project form: the instance carries only the period.
          fields: isDisclosure
            ? fields
            : base.length === 0
              ? [...fields, REMARK]
              : [...base, REMARK, ...fields],
          attachments: isDisclosure
            ? []
            : [...GENERIC_ATTACHMENTS, ...(SCREEN_ACTION_ATTACHMENTS[screens]?.[action.key] ?? [])],
          effect,
          isSigned: own.EicSre !== undefined,
          isCompact: !isDisclosure && (own.MfyRrn === undefined || own.EicSre === undefined),
          applicant: ACTION_APPLICANTS[action.key] ?? 'owner',
          allowedProjectStatuses:
            SCREEN_ACTION_STATUSES[screens]?.[action.key] ?? ACTION_STATUSES[action.key] ?? null,
          routes: { Aon: first, MfyRrn: own.MfyRrn ?? first, EicSre: own.EicSre ?? first },
          startLabel:
            START_LABELS[action.key] ??
            (base.length === 0 ? `录入${action.title}` : `申请${action.title.replace(/^项目/, '')}`),
          editRoute: stepName('Edit'),
        },
      ];
    });
  });
}

/** Every action the engine serves, in registry order. */
export const ACTION_CONFIGS: readonly ActionConfig[] = buildConfigs();

const byKey = new Map(ACTION_CONFIGS.map((config) => [`${config.family}/${config.action}`, config]));

export function findAction(family: string, action: string): ActionConfig | undefined {
  return byKey.get(`${family}/${action}`);
}

/** What a workflow screen's route name names: its screen group, action and step kind (not yet its family). */
export type StepRef = { screens: ScreenGroupKey; action: string; step: StepKind };

const byRouteName = new Map<string, StepRef>(
  (Object.entries(FAMILIES) as [ScreenGroupKey, FamilyDef][]).flatMap(([screens, def]) =>
    def.actions.flatMap((action) =>
      action.steps.map((step): [string, StepRef] => [
        step.name,
        { screens, action: action.key, step: step.step },
      ]),
    ),
  ),
);

/** The screen group, action and step kind of a workflow screen's route name. */
export function findStepByRouteName(routeName: string): StepRef | undefined {
  return byRouteName.get(routeName);
}

/** A form reduced to its action's fields, text trimmed and empty text dropped. */
export function cleanActionForm(config: ActionConfig, form: ActionForm): ActionForm {
  const cleaned: ActionForm = {};
  for (const field of config.fields) {
    const value = form[field.name];
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed !== '') (cleaned as Record<string, unknown>)[field.name] = trimmed;
    } else if (typeof value === 'number') {
      (cleaned as Record<string, unknown>)[field.name] = value;
    }
  }
  return cleaned;
}

/** The letter's content; the server lays it out as a PDF (renderLetter). */
export type LetterContent = {
  title: string;
  addressee: string;
  paragraphs: string[];
  fields: { label: string; value: string }[];
  applicant: string;
  date: string;
};

/** A field's value as letters and screens show it: money in yuan with separators, everything else as typed. */
export function showActionValue(field: ActionFieldDef, value: string | number | undefined): string {
  if (value === undefined) return '';
  if (field.kind === 'money' && typeof value === 'number') return `${formatThousands(fenToYuan(value))}元`;
  return String(value);
}

/**
 * What a module adds to an action's letter from the records it owns (a vehicle disposal's application names its
 * vehicles): paragraphs after the application's own, and rows of facts before the date.
 */
export type LetterSupplement = { paragraphs: string[]; fields: { label: string; value: string }[] };

function openingOf(config: ActionConfig, form: ActionForm, project: { name: string; code: string }): string {
  if (config.effect === 'application') {
    return `我单位现向贵所提交“${project.name}”（项目编号 ${project.code}）的${config.title}申请。`;
  }
  return form.reason === undefined
    ? `我单位“${project.name}”项目（项目编号 ${project.code}）现申请在贵所${config.title}。`
    : `我单位在贵所挂牌的“${project.name}”项目（项目编号 ${project.code}），现申请${config.title}，理由如下：${form.reason}`;
}

function periodParagraph(config: ActionConfig, days: number): string {
  switch (config.effect) {
    case 'disclosure':
      return `披露期为${days}个工作日。`;
    case 'preDisclosure':
      return `信息预披露期为${days}个工作日。`;
    case 'application':
      return `车辆经评估并由我单位确认评估结果后挂牌，挂牌期为${days}个工作日。`;
    default:
      return `申请重新披露，披露期为${days}个工作日。`;
  }
}

/** The application letter of an action, from its form and the project (BLUEPRINT section 4). */
export function composeLetter(input: {
  config: ActionConfig;
  form: ActionForm;
  project: { name: string; code: string };
  applicant: string;
  exchange: string;
  /** the letter's date, 'YYYY-MM-DD' in +08:00 */
  day: string;
  supplement?: LetterSupplement;
}): LetterContent {
  const { config, form, project } = input;
  const paragraphs = [openingOf(config, form, project), ...(input.supplement?.paragraphs ?? [])];
  if (form.expectedResumeDate !== undefined) {
    paragraphs.push(
      `预计于${formatChineseDate(`${form.expectedResumeDate}T00:00:00+08:00`)}申请恢复信息披露。`,
    );
  }
  if (form.extendDays !== undefined) paragraphs.push(`申请将信息披露期延长${form.extendDays}个工作日。`);
  if (form.disclosureDays !== undefined) paragraphs.push(periodParagraph(config, form.disclosureDays));
  if (form.remark !== undefined) paragraphs.push(`备注：${form.remark}`);
  paragraphs.push('我单位承诺所提交材料真实、准确、完整，并承担相应的法律责任。');
  // The action's own facts (the bidding activity, the contract, the payout ...) in the table, as they were given.
  const facts = config.fields
    .filter((field) => field.name !== 'reason' && field.name !== 'remark' && form[field.name] !== undefined)
    .filter((field) => !['expectedResumeDate', 'extendDays', 'disclosureDays'].includes(field.name))
    .map((field) => ({ label: field.label, value: showActionValue(field, form[field.name]) }));
  return {
    title: config.letterTitle,
    addressee: `致：${input.exchange}`,
    paragraphs,
    fields: [
      { label: '项目名称', value: project.name },
      { label: '项目编号', value: project.code },
      ...(form.reason === undefined ? [] : [{ label: REASON.label, value: form.reason }]),
      ...facts,
      ...(input.supplement?.fields ?? []),
      { label: '申请日期', value: input.day },
    ],
    applicant: input.applicant,
    date: formatChineseDate(`${input.day}T00:00:00+08:00`),
  };
}
