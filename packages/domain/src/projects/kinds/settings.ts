// The exchange's own disclosure periods (BLUEPRINT section 7: regulation 32 of SASAC and the Ministry of Finance
// sets the floors; an exchange may ask for more). They are entries of the data dictionary `disclosurePeriod`: the
// key names the rule and the label says it with the fewest working days (产权转让正式信息披露期（20个工作日）), so
// 数据字典 changes a period without a release by changing the number in the label. These defaults seed the
// dictionary and stand in for an entry that is missing or says no number of working days.
import type { KindSettings } from './fields.ts';

export const DISCLOSURE_PERIOD_DEFAULTS = {
  /** physical assets (bulk, coll) */
  physical: 10,
  /** physical assets listed above 10,000,000 yuan */
  physicalHigh: 20,
  /** equity transfer: the pre-disclosure (信息预披露) */
  equityPre: 20,
  /** equity transfer: the formal disclosure (正式披露) */
  equity: 20,
  /**
   * capital increase (增资扩股): the pre-disclosure. Regulation 32 sets no period for it; 20 working days as the
   * equity transfer's pre-disclosure has.
   */
  capitalIncreasePre: 20,
  /** capital increase: the formal disclosure, at least 40 working days (regulation 32, chapter 3) */
  capitalIncrease: 40,
} as const;

export type DisclosurePeriodKey = keyof typeof DISCLOSURE_PERIOD_DEFAULTS;

export const DISCLOSURE_PERIOD_LABELS: Record<DisclosurePeriodKey, string> = {
  physical: '实物资产信息披露期',
  physicalHigh: '实物资产挂牌价超过1000万元的信息披露期',
  equityPre: '产权转让信息预披露期',
  equity: '产权转让正式信息披露期',
  capitalIncreasePre: '增资扩股信息预披露期',
  capitalIncrease: '增资扩股正式信息披露期',
};

export const DEFAULT_KIND_SETTINGS: KindSettings = { disclosureDays: DISCLOSURE_PERIOD_DEFAULTS };

/** The fewest working days of a rule: the exchange's setting, else the default. */
export function disclosureDaysOf(settings: KindSettings | undefined, key: DisclosurePeriodKey): number {
  const days = settings?.disclosureDays[key];
  return typeof days === 'number' && Number.isSafeInteger(days) && days > 0
    ? days
    : DISCLOSURE_PERIOD_DEFAULTS[key];
}

/** A dictionary entry's label: the rule and its working days. */
export function disclosurePeriodLabel(key: DisclosurePeriodKey, days: number): string {
  return `${DISCLOSURE_PERIOD_LABELS[key]}（${days}个工作日）`;
}

const DAYS_IN_LABEL = /(\d+)\s*个工作日/;

/** The settings from the dictionary's entries (key: rule, label: with its working days); unreadable ones skipped. */
export function readKindSettings(entries: readonly { key: string; label: string }[]): KindSettings {
  const disclosureDays: Record<string, number> = { ...DISCLOSURE_PERIOD_DEFAULTS };
  for (const entry of entries) {
    const days = Number(DAYS_IN_LABEL.exec(entry.label)?.[1]);
    if (Object.hasOwn(DISCLOSURE_PERIOD_DEFAULTS, entry.key) && Number.isSafeInteger(days) && days > 0) {
      disclosureDays[entry.key] = days;
    }
  }
  return { disclosureDays };
}
