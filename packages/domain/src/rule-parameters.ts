// The exchange's rule parameters (数据字典 › 规则参数): values the rules read that the exchange changes without a
// release — the six disclosure periods the project kinds check a submission against, and the service-fee schedule a
// deal is billed by. Each parameter is versioned: a version takes effect on its day (+08:00) and stays in force
// until the next one, so a rule is always read "as on a day" (resolveParameter) and what was decided on an earlier
// day keeps the version of that day. Before any version a parameter has its default, written here.
import { z } from 'zod';
import { formatFen, formatMessage } from './format.ts';
import { MSG } from './messages.ts';
import type { ProjectFamily } from './projects/kinds/index.ts';
import type { KindSettings } from './projects/kinds/fields.ts';
import {
  DISCLOSURE_PERIOD_DEFAULTS,
  DISCLOSURE_PERIOD_LABELS,
  type DisclosurePeriodKey,
} from './projects/kinds/settings.ts';

export const RULE_PARAMETER_GROUPS = {
  disclosure: '信息披露期',
  fee: '交易服务费',
  price: '价格规则',
  deposit: '保证金',
  sandbox: '测试与培训',
} as const;

export type RuleParameterGroup = keyof typeof RULE_PARAMETER_GROUPS;

// ---------------------------------------------------------------------------------------------------------------
// Disclosure periods

/** The most working days any period may be set to: beyond it a typing slip (300 for 30) would pass unnoticed. */
export const RULE_DISCLOSURE_DAYS_MAX = 200;

/**
 * The fewest working days each period may be set to. Regulation 32 of SASAC and the Ministry of Finance sets the
 * floors the exchange may lengthen but never shorten (BLUEPRINT section 7): a physical asset at least 10 working
 * days (article 48), an equity transfer's pre-disclosure and formal disclosure at least 20 each (article 13), a
 * capital increase at least 40 (article 40). The high band of physical assets is the exchange's own longer period,
 * held to the physical floor; the capital increase's pre-disclosure has no floor in the regulation.
 */
export const DISCLOSURE_DAYS_FLOORS: Record<DisclosurePeriodKey, number> = {
  physical: 10,
  physicalHigh: 10,
  equityPre: 20,
  equity: 20,
  capitalIncreasePre: 1,
  capitalIncrease: 40,
};

const DISCLOSURE_DESCRIPTIONS: Record<DisclosurePeriodKey, string> = {
  physical: '实物资产（大宗实物、抵质押资产）挂牌的最少工作日数；32号令规定不少于10个工作日。',
  physicalHigh:
    '挂牌价超过1000万元的实物资产挂牌的最少工作日数，为交易所对大额资产的较长要求，不少于10个工作日。',
  equityPre: '产权转让信息预披露的最少工作日数；32号令规定不少于20个工作日。',
  equity: '产权转让正式信息披露的最少工作日数；32号令规定不少于20个工作日。',
  capitalIncreasePre: '增资扩股信息预披露的最少工作日数；32号令未规定下限。',
  capitalIncrease: '增资扩股正式信息披露的最少工作日数；32号令规定不少于40个工作日。',
};

function zWorkdays(key: DisclosurePeriodKey) {
  const message = formatMessage(MSG.dictRuleDaysRange, {
    name: DISCLOSURE_PERIOD_LABELS[key],
    min: DISCLOSURE_DAYS_FLOORS[key],
    max: RULE_DISCLOSURE_DAYS_MAX,
    unit: '个工作日',
  });
  return z
    .number({ error: message })
    .int(message)
    .min(DISCLOSURE_DAYS_FLOORS[key], message)
    .max(RULE_DISCLOSURE_DAYS_MAX, message);
}

// ---------------------------------------------------------------------------------------------------------------
// The service-fee schedule

/** The families a schedule group bills; a project family outside them is not billed by the schedule. */
export const FEE_GROUPS = {
  physical: { label: '实物资产', families: ['bulk', 'coll', 'small'] },
  equity: { label: '产权转让', families: ['stock', 'privateStock'] },
  capitalIncrease: { label: '增资扩股', families: ['cap', 'capOpen'] },
} as const satisfies Record<string, { label: string; families: readonly ProjectFamily[] }>;

export type FeeGroupKey = keyof typeof FEE_GROUPS;

export const FEE_GROUP_KEYS = Object.keys(FEE_GROUPS) as FeeGroupKey[];

/** One band: the rate (per mille, at most two decimals) on the part of the amount up to `upTo` fen (null: no end). */
export type FeeTier = { upTo: number | null; ratePermille: number };

/** A group's schedule: its bands in order, the last without an end, and the least fee of a deal (fen). */
export type FeeGroupSchedule = { tiers: FeeTier[]; minFee: number };

export type ServiceFeeSchedule = Record<FeeGroupKey, FeeGroupSchedule>;

export const FEE_TIERS_MAX = 10;
export const FEE_RATE_MAX_PERMILLE = 100;
/** 1,000,000 yuan: a minimum fee above it is a typing slip. */
export const FEE_MINIMUM_MAX_FEN = 100_000_000;

const WAN = 1_000_000; // 10,000 yuan in fen

/**
 * A demo default, not any exchange's published tariff: it has the usual form of the fee rules Chinese property-right
 * exchanges publish (the deal amount charged band by band, 分档累进, rates falling as the amount rises, a minimum
 * fee per deal) with plausible figures. An installation sets its own schedule (the one its pricing authority
 * approved) as a version before going live.
 */
export const SERVICE_FEE_DEFAULT: ServiceFeeSchedule = {
  physical: {
    tiers: [
      { upTo: 100 * WAN, ratePermille: 10 },
      { upTo: 500 * WAN, ratePermille: 8 },
      { upTo: 1000 * WAN, ratePermille: 5 },
      { upTo: 5000 * WAN, ratePermille: 2.5 },
      { upTo: null, ratePermille: 1 },
    ],
    minFee: 200_000,
  },
  equity: {
    tiers: [
      { upTo: 100 * WAN, ratePermille: 8 },
      { upTo: 500 * WAN, ratePermille: 6 },
      { upTo: 1000 * WAN, ratePermille: 4 },
      { upTo: 5000 * WAN, ratePermille: 2 },
      { upTo: 10000 * WAN, ratePermille: 1 },
      { upTo: null, ratePermille: 0.5 },
    ],
    minFee: 500_000,
  },
  capitalIncrease: {
    tiers: [
      { upTo: 1000 * WAN, ratePermille: 5 },
      { upTo: 5000 * WAN, ratePermille: 3 },
      { upTo: 10000 * WAN, ratePermille: 2 },
      { upTo: null, ratePermille: 1 },
    ],
    minFee: 1_000_000,
  },
};

/** A rate in hundredths of a per mille (1.25‰ -> 125): the integer the fee is computed with. */
function rateUnits(ratePermille: number): number {
  return Math.round(ratePermille * 100);
}

function isRate(value: number): boolean {
  return (
    Number.isFinite(value) &&
    value >= 0 &&
    value <= FEE_RATE_MAX_PERMILLE &&
    Math.abs(value * 100 - rateUnits(value)) < 1e-6
  );
}

function zGroupSchedule(group: FeeGroupKey) {
  const label = FEE_GROUPS[group].label;
  return z
    .object(
      {
        tiers: z.array(
          z.object(
            { upTo: z.number({ error: MSG.dictRuleFeeInvalid }).nullable(), ratePermille: z.number() },
            { error: MSG.dictRuleFeeInvalid },
          ),
          { error: MSG.dictRuleFeeInvalid },
        ),
        minFee: z.number({ error: MSG.dictRuleFeeInvalid }),
      },
      { error: MSG.dictRuleFeeInvalid },
    )
    .superRefine((schedule, context) => {
      const fail = (message: string) => context.addIssue({ code: 'custom', message });
      const { tiers } = schedule;
      if (tiers.length === 0 || tiers.length > FEE_TIERS_MAX) {
        fail(formatMessage(MSG.dictRuleFeeTiers, { group: label, max: FEE_TIERS_MAX }));
        return;
      }
      let previous = 0;
      for (const [i, tier] of tiers.entries()) {
        const index = i + 1;
        const isLast = i === tiers.length - 1;
        if (isLast !== (tier.upTo === null)) {
          fail(formatMessage(MSG.dictRuleFeeLastOpen, { group: label }));
          return;
        }
        if (tier.upTo !== null) {
          if (!Number.isSafeInteger(tier.upTo) || tier.upTo <= previous) {
            fail(formatMessage(MSG.dictRuleFeeUpTo, { group: label, index }));
            return;
          }
          previous = tier.upTo;
        }
        if (!isRate(tier.ratePermille)) {
          fail(formatMessage(MSG.dictRuleFeeRate, { group: label, index }));
          return;
        }
      }
      if (
        !Number.isSafeInteger(schedule.minFee) ||
        schedule.minFee < 0 ||
        schedule.minFee > FEE_MINIMUM_MAX_FEN
      ) {
        fail(formatMessage(MSG.dictRuleFeeMinimum, { group: label, max: formatFen(FEE_MINIMUM_MAX_FEN) }));
      }
    });
}

const zServiceFeeSchedule = z.object(
  {
    physical: zGroupSchedule('physical'),
    equity: zGroupSchedule('equity'),
    capitalIncrease: zGroupSchedule('capitalIncrease'),
  },
  { error: MSG.dictRuleFeeInvalid },
) satisfies z.ZodType<ServiceFeeSchedule>;

/** The group whose schedule bills a family, or undefined for a family no group bills. */
export function feeGroupOf(family: string): FeeGroupKey | undefined {
  return FEE_GROUP_KEYS.find((group) => (FEE_GROUPS[group].families as readonly string[]).includes(family));
}

/**
 * One line of a fee: the part of the deal amount from `from` to `to` (fen) charged at `ratePermille`, and what it
 * comes to; the line `isMinimum` is the top-up to the group's minimum fee (from 0 to the amount, rate 0).
 */
export type ServiceFeeLine = {
  from: number;
  to: number;
  ratePermille: number;
  amount: number;
  isMinimum?: boolean;
};

export type ServiceFee = { fee: number; lines: ServiceFeeLine[] };

/**
 * The service fee of a deal of `dealAmountFen` for `family` (分档累进): each band's rate applies only to the part of
 * the amount inside the band. Integer fen throughout: each line is rounded half up to the fen (四舍五入到分) and the
 * fee is the sum of its lines; when that sum is below the group's minimum fee, a last line tops it up, so the fee
 * is always the sum of its lines and never below the minimum. `schedule` is the whole schedule or the family's group.
 */
export function computeServiceFee(
  schedule: ServiceFeeSchedule | FeeGroupSchedule,
  family: ProjectFamily | FeeGroupKey,
  dealAmountFen: number,
): ServiceFee {
  if (!Number.isSafeInteger(dealAmountFen) || dealAmountFen < 0) {
    throw new RangeError(`成交金额（分）须为非负整数：${dealAmountFen}`);
  }
  const group = (Object.hasOwn(FEE_GROUPS, family) ? family : feeGroupOf(family)) as FeeGroupKey | undefined;
  if (group === undefined) throw new RangeError(`没有适用于${family}的服务费标准`);
  // the whole schedule (the family picks its group) or one group's already picked
  const { tiers, minFee } = 'tiers' in schedule ? schedule : schedule[group];
  const lines: ServiceFeeLine[] = [];
  let from = 0;
  for (const tier of tiers) {
    if (from >= dealAmountFen) break;
    const to = tier.upTo === null ? dealAmountFen : Math.min(tier.upTo, dealAmountFen);
    // width (fen) x rate (hundredths of a per mille) / 100,000, half up; BigInt: the product passes 2^53
    const amount = Number((BigInt(to - from) * BigInt(rateUnits(tier.ratePermille)) + 50_000n) / 100_000n);
    lines.push({ from, to, ratePermille: tier.ratePermille, amount });
    from = to;
  }
  const sum = lines.reduce((total, line) => total + line.amount, 0);
  if (sum < minFee) {
    lines.push({ from: 0, to: dealAmountFen, ratePermille: 0, amount: minFee - sum, isMinimum: true });
  }
  return { fee: Math.max(sum, minFee), lines };
}

// ---------------------------------------------------------------------------------------------------------------
// The definitions

type DefinitionBase = {
  name: string;
  group: RuleParameterGroup;
  unit: string;
  description: string;
};

export type WorkdaysParameter = DefinitionBase & {
  kind: 'workdays';
  key: DisclosurePeriodKey;
  min: number;
  max: number;
  schema: z.ZodType<number>;
  defaultValue: number;
};

export type FeeScheduleParameter = DefinitionBase & {
  kind: 'feeSchedule';
  key: 'serviceFee';
  schema: z.ZodType<ServiceFeeSchedule>;
  defaultValue: ServiceFeeSchedule;
};

/** A share in whole per cent, from `min` to `max`. */
export type PercentParameter = DefinitionBase & {
  kind: 'percent';
  key: 'rediscoveryPriceFloor';
  min: number;
  max: number;
  schema: z.ZodType<number>;
  defaultValue: number;
};

/** A whole number of the unit (working days, calendar days, hours), from `min` to `max`. */
export type CountParameter = DefinitionBase & {
  kind: 'count';
  key:
    | 'depositRefundWorkdays'
    | 'depositBarDays'
    | 'biddingOfferDays'
    | 'reservePriceLeadHours'
    | 'sandboxSpeed';
  min: number;
  max: number;
  schema: z.ZodType<number>;
  defaultValue: number;
};

export type RuleParameterDef = WorkdaysParameter | FeeScheduleParameter | PercentParameter | CountParameter;

export type RuleParameterKey = RuleParameterDef['key'];

/** The value type of each parameter. */
export type RuleValues = Record<DisclosurePeriodKey, number> & {
  serviceFee: ServiceFeeSchedule;
  rediscoveryPriceFloor: number;
  depositRefundWorkdays: number;
  depositBarDays: number;
  biddingOfferDays: number;
  reservePriceLeadHours: number;
  sandboxSpeed: number;
};

/**
 * Regulation 32 (articles 18 and 48): a starting price lowered below 90% of the appraisal needs the written consent
 * of the body that approved the transfer. The exchange may ask it sooner (a higher floor), never later.
 */
export const REDISCOVERY_PRICE_FLOOR_DEFAULT = 90;
const REDISCOVERY_PRICE_FLOOR_MIN = 90;

const DISCLOSURE_KEYS = Object.keys(DISCLOSURE_PERIOD_DEFAULTS) as DisclosurePeriodKey[];

function zCount(name: string, unit: string, min: number, max: number) {
  const message = formatMessage(MSG.dictRuleDaysRange, { name, unit, min, max });
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** The deposit's days: the refunds' term after the deal, the bar after a forfeiture, and a default's offer term. */
const DEPOSIT_DAYS: readonly CountParameter[] = [
  {
    kind: 'count',
    key: 'depositRefundWorkdays',
    name: '保证金退还期限',
    group: 'deposit',
    unit: '个工作日',
    description:
      '未成交的意向受让方（以及撤回、资格未通过的）已交纳的保证金，自成交（或退出）之日起在这一工作日数内退还。',
    min: 1,
    max: 30,
    schema: zCount('保证金退还期限', '个工作日', 1, 30),
    defaultValue: 5,
  },
  {
    kind: 'count',
    key: 'depositBarDays',
    name: '违约禁入期',
    group: 'deposit',
    unit: '天',
    description: '竞得人违约、保证金被扣除后，该受让方在这一天数内不得登记同一转让方的项目；设为0则不禁入。',
    min: 0,
    max: 1095,
    schema: zCount('违约禁入期', '天', 0, 1095),
    defaultValue: 180,
  },
  {
    kind: 'count',
    key: 'biddingOfferDays',
    name: '递补答复期限',
    group: 'deposit',
    unit: '天',
    description:
      '竞得人违约后，成交依次递补给出价次高的竞买人；被递补的竞买人须在这一天数内答复接受或放弃，逾期视为放弃，再递补下一位。',
    min: 1,
    max: 30,
    schema: zCount('递补答复期限', '天', 1, 30),
    defaultValue: 3,
  },
];

/** The most a sandbox's clock may be sped up (a day's session in under two minutes). */
export const SANDBOX_SPEED_MAX = 1000;

/** Why the sandbox clock's speed may not be set to `value` here, or null: production runs at the real pace only. */
export function sandboxSpeedRefusal(isProduction: boolean, value: number): string | null {
  return isProduction && value !== 1 ? MSG.sandboxSpeedInProduction : null;
}

export const RULE_PARAMETERS: readonly RuleParameterDef[] = [
  ...DISCLOSURE_KEYS.map((key): WorkdaysParameter => ({
    kind: 'workdays',
    key,
    name: DISCLOSURE_PERIOD_LABELS[key],
    group: 'disclosure',
    unit: '个工作日',
    description: DISCLOSURE_DESCRIPTIONS[key],
    min: DISCLOSURE_DAYS_FLOORS[key],
    max: RULE_DISCLOSURE_DAYS_MAX,
    schema: zWorkdays(key),
    defaultValue: DISCLOSURE_PERIOD_DEFAULTS[key],
  })),
  {
    kind: 'feeSchedule',
    key: 'serviceFee',
    name: '交易服务费标准',
    group: 'fee',
    unit: '‰（分档累进）',
    description:
      '成交后按成交金额分档累进计收的交易服务费：实物资产、产权转让、增资扩股各一套分档费率和最低收费。默认值为演示用的示例标准，上线前请按交易所经核准的收费标准调整。',
    schema: zServiceFeeSchedule,
    defaultValue: SERVICE_FEE_DEFAULT,
  },
  {
    kind: 'percent',
    key: 'rediscoveryPriceFloor',
    name: '重新披露底价下限（占评估值）',
    group: 'price',
    unit: '%',
    description:
      '信息披露期满未成交、降低起始价重新披露时，新的起始价低于评估（估价）值的这一比例的，须上传转让行为批准单位的书面同意文件；32号令规定低于评估结果90%的须经批准。',
    min: REDISCOVERY_PRICE_FLOOR_MIN,
    max: 100,
    schema: z
      .number({ error: MSG.dictRulePercentRange })
      .int(MSG.dictRulePercentRange)
      .min(REDISCOVERY_PRICE_FLOOR_MIN, MSG.dictRulePercentRange)
      .max(100, MSG.dictRulePercentRange),
    defaultValue: REDISCOVERY_PRICE_FLOOR_DEFAULT,
  },
  {
    kind: 'count',
    key: 'reservePriceLeadHours',
    name: '保留价设定时限',
    group: 'price',
    unit: '小时',
    description:
      '网络竞价设有保留价的，转让方须在竞价开始前至少这一小时数设定或调整保留价；保留价在竞价结束前不公开，最高报价低于保留价的不成交。',
    min: 0,
    max: 720,
    schema: zCount('保留价设定时限', '小时', 0, 720),
    defaultValue: 24,
  },
  ...DEPOSIT_DAYS,
  {
    kind: 'count',
    key: 'sandboxSpeed',
    name: '演练时钟倍速',
    group: 'sandbox',
    unit: '倍',
    description:
      '仅用于测试和培训环境：此后开启的网络竞价，其开始前的等待、自由报价期、限时报价周期（减价周期）和递补答复期限都按这一倍数加快，几天的竞价几分钟即可演练完毕。生产环境不生效，也不能设置为1以外的值。',
    min: 1,
    max: SANDBOX_SPEED_MAX,
    schema: zCount('演练时钟倍速', '倍', 1, SANDBOX_SPEED_MAX),
    defaultValue: 1,
  },
];

/**
 * Why a re-listing's starting price (fen) is refused, or null: below `floorPercent` of the appraisal it needs the
 * written consent of the body that approved the transfer (a file of the application). Without an appraisal there
 * is nothing to hold it to.
 */
export function rediscoveryPriceRefusal(input: {
  startingPrice: number | undefined;
  appraisal: number | null;
  floorPercent: number;
  hasApproval: boolean;
}): string | null {
  const { startingPrice, appraisal, floorPercent, hasApproval } = input;
  if (startingPrice === undefined || appraisal === null || appraisal <= 0 || hasApproval) return null;
  // the least price without consent, rounded up to the fen: 90% of 10,000.01 is 9,000.01
  const floor = Math.ceil((appraisal * floorPercent) / 100);
  if (startingPrice >= floor) return null;
  return formatMessage(MSG.rediscoveryPriceBelowFloor, { percent: floorPercent, min: formatFen(floor) });
}

export const RULE_PARAMETER_KEYS = RULE_PARAMETERS.map((def) => def.key);

export function findRuleParameter(key: string): RuleParameterDef | undefined {
  return RULE_PARAMETERS.find((def) => def.key === key);
}

export function isRuleParameterKey(key: string): key is RuleParameterKey {
  return findRuleParameter(key) !== undefined;
}

/** A stored version as the rules read it. */
export type RuleVersionLike = { key: string; value: unknown; effectiveFrom: string };

/**
 * The version of `key` in force on `day` ('YYYY-MM-DD', +08:00): the latest with effectiveFrom <= day whose value the
 * definition still accepts, else the default (effectiveFrom null).
 */
export function resolveParameterVersion<K extends RuleParameterKey>(
  versions: readonly RuleVersionLike[],
  key: K,
  day: string,
): { value: RuleValues[K]; effectiveFrom: string | null } {
  const def = findRuleParameter(key);
  if (def === undefined) throw new RangeError(`unknown rule parameter ${key}`);
  const candidates = versions
    .filter((version) => version.key === key && version.effectiveFrom <= day)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0));
  for (const version of candidates) {
    const parsed = def.schema.safeParse(version.value);
    if (parsed.success) return { value: parsed.data as RuleValues[K], effectiveFrom: version.effectiveFrom };
  }
  return { value: def.defaultValue as RuleValues[K], effectiveFrom: null };
}

/** The value of `key` effective on `day`: the latest version with effectiveFrom <= day, else the default. */
export function resolveParameter<K extends RuleParameterKey>(
  versions: readonly RuleVersionLike[],
  key: K,
  day: string,
): RuleValues[K] {
  return resolveParameterVersion(versions, key, day).value;
}

/** The settings the project kinds read on `day`: every disclosure period as then in force. */
export function kindSettingsOn(versions: readonly RuleVersionLike[], day: string): KindSettings {
  return {
    disclosureDays: Object.fromEntries(
      DISCLOSURE_KEYS.map((key) => [key, resolveParameter(versions, key, day)]),
    ),
  };
}

export function isDisclosurePeriodKey(key: string): key is DisclosurePeriodKey {
  return Object.hasOwn(DISCLOSURE_PERIOD_DEFAULTS, key);
}

/** A value in a few words: 20个工作日, or each group's band count and minimum fee. */
export function describeRuleValue(def: RuleParameterDef, value: unknown): string {
  if (def.kind !== 'feeSchedule') return `${String(value)}${def.unit}`;
  const parsed = def.schema.safeParse(value);
  if (!parsed.success) return '';
  return FEE_GROUP_KEYS.map((group) => {
    const schedule = parsed.data[group];
    return `${FEE_GROUPS[group].label}${schedule.tiers.length}档，最低${formatFen(schedule.minFee)}元`;
  }).join('；');
}

// ---------------------------------------------------------------------------------------------------------------
// The calls' answers (POST /api/dict/rule/list)

export const RULE_VERSION_STATES = { past: '已失效', current: '生效中', scheduled: '待生效' } as const;

export type RuleVersionState = keyof typeof RULE_VERSION_STATES;

export const ZRuleVersionView = z.object({
  id: z.number(),
  value: z.unknown(),
  /** YYYY-MM-DD */
  effectiveFrom: z.string(),
  note: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(['past', 'current', 'scheduled']),
});

export type RuleVersionView = z.infer<typeof ZRuleVersionView>;

export const ZRuleParameterView = z.object({
  key: z.string(),
  kind: z.enum(['workdays', 'feeSchedule', 'percent', 'count']),
  name: z.string(),
  group: z.string(),
  groupLabel: z.string(),
  unit: z.string(),
  description: z.string(),
  /** the least and the most of a period (workdays only) */
  min: z.number().nullable(),
  max: z.number().nullable(),
  defaultValue: z.unknown(),
  /** in force today: a version's value and day, or the default (effectiveFrom null) */
  current: z.object({ value: z.unknown(), effectiveFrom: z.string().nullable() }),
  /** the first version still to take effect */
  next: ZRuleVersionView.nullable(),
  /** every version, the latest day first */
  versions: z.array(ZRuleVersionView),
});

export type RuleParameterView = z.infer<typeof ZRuleParameterView>;

export const ZRuleList = z.object({
  /** the server's day (+08:00): a new version takes effect today or later */
  today: z.string(),
  list: z.array(ZRuleParameterView),
});

export type RuleList = z.infer<typeof ZRuleList>;
