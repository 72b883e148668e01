// 数据字典 as the exchange maintains it (GJS_SYSTEM_DICT_ADMIN): the dictionaries with their entries, retired ones
// included, and the rules an entry is saved by. A key never changes once saved (the records carry it) and an entry
// is retired (停用) rather than deleted. The dictionary `disclosurePeriod` only names the rules whose working days
// are the versioned rule parameters (rule-parameters.ts): its entries cannot be added or retired, and their names
// carry no number of days.
import { z } from 'zod';
import { formatMessage } from './format.ts';
import { MSG } from './messages.ts';

/** Dictionaries whose entries name rule parameters; their keys are the parameters'. */
export const RULE_BACKED_DICTIONARIES: readonly string[] = ['disclosurePeriod'];

export const DICT_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
export const DICT_LABEL_MAX = 50;
export const DICT_REMARK_MAX = 200;
export const DICT_SORT_MAX = 99_999;

export const DICT_STATUS = { active: 1, retired: 0 } as const;
export const DICT_STATUS_LABELS: Record<number, string> = { 1: '启用', 0: '停用' };

/** A name that says a number of working days: the rule parameters carry the days, the name must not. */
const DAYS_IN_NAME = /\d+\s*个?\s*工作日/;

/** A name without the number of working days it says (产权转让正式信息披露期（20个工作日） -> 产权转让正式信息披露期). */
export function stripWorkdays(label: string): string {
  return label.replace(/\s*[（(]?\s*\d+\s*个?\s*工作日\s*[）)]?/g, '').trim();
}

export const zDictKey = z
  .string({ error: MSG.dictKeyInvalid })
  .trim()
  .regex(DICT_KEY_PATTERN, MSG.dictKeyInvalid);

export const zDictLabel = z
  .string({ error: MSG.dictLabelInvalid })
  .trim()
  .min(1, MSG.dictLabelInvalid)
  .refine((label) => [...label].length <= DICT_LABEL_MAX, MSG.dictLabelInvalid);

export const zDictSort = z
  .number({ error: MSG.dictSortInvalid })
  .int(MSG.dictSortInvalid)
  .min(0, MSG.dictSortInvalid)
  .max(DICT_SORT_MAX, MSG.dictSortInvalid);

/** An optional remark: empty text is no remark. */
export const zDictRemark = z
  .string({ error: MSG.dictRemarkTooLong })
  .trim()
  .refine((remark) => [...remark].length <= DICT_REMARK_MAX, MSG.dictRemarkTooLong)
  .nullish()
  .transform((remark) => (remark === '' || remark === undefined ? null : remark));

export const zDictStatus = z.union([z.literal(0), z.literal(1)], { error: MSG.dictStatusInvalid });

/** The message refusing a name of a rule-backed dictionary's entry, or null when the name may be saved. */
export function checkRuleBackedLabel(typeCode: string, label: string): string | null {
  return RULE_BACKED_DICTIONARIES.includes(typeCode) && DAYS_IN_NAME.test(label)
    ? MSG.dictRuleBackedLabel
    : null;
}

export function ruleBackedMessage(template: string, typeName: string): string {
  return formatMessage(template, { type: typeName });
}

export const ZDictTypeRow = z.object({
  code: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  /** every entry, retired ones included */
  itemCount: z.number(),
  activeCount: z.number(),
  /** the entries name rule parameters (规则参数): none added or retired, no days in a name */
  isRuleBacked: z.boolean(),
});

export type DictTypeRow = z.infer<typeof ZDictTypeRow>;

export const ZDictDataRow = z.object({
  id: z.number(),
  typeCode: z.string(),
  key: z.string(),
  label: z.string(),
  parentKey: z.string().nullable(),
  /** the parent entry's name ('' when the parent is missing) */
  parentLabel: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  updatedAt: z.string(),
});

export type DictDataRow = z.infer<typeof ZDictDataRow>;
