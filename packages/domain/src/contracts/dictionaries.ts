// The calls of the forms' option lists (spec 000 section 7, Shared; spec 001 sections 6 and 7: data dictionaries,
// regions, the state-asset enterprise directories, SH-7.5), which any signed-in user makes, and of 数据字典, the
// exchange's upkeep of the dictionaries and the rule parameters (GJS_SYSTEM_DICT_ADMIN: admin, opsAdmin). Bad input
// is refused with its Chinese message and changes nothing; an unknown dictionary or entry of the upkeep answers 404,
// an unknown code of an option list an empty list.
import { z } from 'zod';
import type { DictItem, DictTreeNode, EnterpriseDirectoryItem, ZoningItem } from '../api.ts';
import { defineCall, zPathId } from '../contract.ts';
import {
  ZDictDataRow,
  ZDictTypeRow,
  zDictKey,
  zDictLabel,
  zDictRemark,
  zDictSort,
  zDictStatus,
} from '../dictionary-admin.ts';
import { MSG } from '../messages.ts';
import { ZRuleList } from '../rule-parameters.ts';

const ZDictItem = z.object({
  key: z.string(),
  label: z.string(),
  parentKey: z.string().nullable(),
  sort: z.number().int(),
}) satisfies z.ZodType<DictItem>;

const ZDictTreeNode: z.ZodType<DictTreeNode> = ZDictItem.extend({
  get children() {
    return z.array(ZDictTreeNode);
  },
});

const ZZoningItem = z.object({
  code: z.string(),
  name: z.string(),
  hasChildren: z.boolean(),
}) satisfies z.ZodType<ZoningItem>;

const ZDirectoryItem = z.object({
  name: z.string(),
  creditCode: z.string(),
  sourceCode: z.string(),
}) satisfies z.ZodType<EnterpriseDirectoryItem>;

const ZCodePath = z.object({ code: z.string().max(64) });

/** businessType present (even empty): the options filtered for the caller's company and identity (BF-6.1). */
const ZDictQuery = z.object({ businessType: z.string().max(8).optional() });

const DICT_LIST = {
  method: 'GET',
  tag: 'dictionary',
  summary: '字典数据列表',
  description: '传入 businessType（可为空）时按当前机构的项目权限过滤选项（BF-6.1）。',
  params: ZCodePath,
  query: ZDictQuery,
  answer: z.array(ZDictItem),
} as const;

/** GET /api/app/dict/data/list/{code}[?businessType=]: the entries in order; an unknown code answers []. */
export const dictListCall = defineCall({ ...DICT_LIST, path: '/api/app/dict/data/list/:code' });

/** GET /api/app/dict/data/{code}/list[?businessType=]: the same list under the spec's other name. */
export const dictCodeListCall = defineCall({ ...DICT_LIST, path: '/api/app/dict/data/:code/list' });

/** GET /api/app/dict/data/list/{code}/tree[?businessType=]: the entries nested by parentKey. */
export const dictTreeCall = defineCall({
  method: 'GET',
  path: '/api/app/dict/data/list/:code/tree',
  tag: 'dictionary',
  summary: '字典数据树',
  params: ZCodePath,
  query: ZDictQuery,
  answer: z.array(ZDictTreeNode),
});

/** POST /api/app/getZoningDict {parentCode?}: provinces, a province's cities or a city's counties (GB/T 2260). */
export const zoningCall = defineCall({
  method: 'POST',
  path: '/api/app/getZoningDict',
  tag: 'dictionary',
  summary: '行政区划',
  description: '不传 parentCode 返回省份；传省份代码返回地市（直辖市为 市辖区）；传地市代码返回区县。',
  body: z.preprocess(
    (body) => body ?? {},
    z.object({
      parentCode: z.preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        z.union([z.string().max(12), z.number().int().transform(String)]).optional(),
      ),
    }),
  ),
  answer: z.array(ZZoningItem),
});

/** POST /api/app/enterprise/directory {search: 1|2|3, keyword?} (SH-7.5). */
export const enterpriseDirectoryCall = defineCall({
  method: 'POST',
  path: '/api/app/enterprise/directory',
  tag: 'dictionary',
  summary: '国资监管企业名录',
  description: 'search：1 国务院国资委监管企业，2 北京市国资委监管企业，3 财政部监管企业。',
  body: z.object({
    search: z.coerce.number({ error: MSG.badRequest }).pipe(z.literal([1, 2, 3], { error: MSG.badRequest })),
    keyword: z
      .string()
      .trim()
      .max(100, MSG.badRequest)
      .optional()
      .transform((value) => (value === '' ? undefined : value)),
  }),
  answer: z.array(ZDirectoryItem),
});

/** GET /api/project/asset/source/{code}: the enterprises of an asset source code the directory does not cover. */
export const assetSourceCall = defineCall({
  method: 'GET',
  path: '/api/project/asset/source/:code',
  tag: 'dictionary',
  summary: '资产来源企业列表',
  params: ZCodePath,
  answer: z.array(ZDirectoryItem),
});

// 数据字典: the exchange's upkeep.

const zCode = z.string({ error: MSG.badRequest }).trim().min(1, MSG.badRequest).max(64, MSG.badRequest);
const zKeyword = z
  .string({ error: MSG.badRequest })
  .trim()
  .max(100, MSG.badRequest)
  .optional()
  .transform((keyword) => (keyword === '' ? undefined : keyword));
const zParentKey = z
  .union([z.literal(''), zDictKey], { error: MSG.dictKeyInvalid })
  .nullish()
  .transform((key) => (key === '' || key === undefined ? null : key));
const zDay = z.string({ error: MSG.dictRuleDayInvalid }).max(10, MSG.dictRuleDayInvalid);
const zNote = z
  .string({ error: MSG.dictRuleNoteTooLong })
  .trim()
  .refine((note) => [...note].length <= 200, MSG.dictRuleNoteTooLong)
  .nullish()
  .transform((note) => (note === '' || note === undefined ? null : note));
const zRuleKey = z.string({ error: MSG.dictRuleUnknown }).max(64, MSG.dictRuleUnknown);
const ZRuleSaved = z.object({ key: z.string(), effectiveFrom: z.string() });

/** POST /api/dict/type/list {keyword?}: the dictionaries with their entry counts. */
export const listDictTypesCall = defineCall({
  method: 'POST',
  path: '/api/dict/type/list',
  tag: 'dictionary',
  summary: '字典类型列表',
  body: z.preprocess((body) => body ?? {}, z.object({ keyword: zKeyword })),
  answer: z.array(ZDictTypeRow),
});

/** POST /api/dict/data/list {code, keyword?}: a dictionary's entries, retired ones included. */
export const listDictEntriesCall = defineCall({
  method: 'POST',
  path: '/api/dict/data/list',
  tag: 'dictionary',
  summary: '字典数据（含停用）',
  body: z.object({ code: zCode, keyword: zKeyword }),
  answer: z.array(ZDictDataRow),
});

/** POST /api/dict/data/save: a new entry (its key unique in the dictionary). */
export const saveDictEntryCall = defineCall({
  method: 'POST',
  path: '/api/dict/data/save',
  tag: 'dictionary',
  summary: '新增字典数据',
  body: z.object({
    code: zCode,
    key: zDictKey,
    label: zDictLabel,
    parentKey: zParentKey,
    sort: zDictSort,
    remark: zDictRemark,
  }),
  answer: ZDictDataRow,
});

/** POST /api/dict/data/update/{id} {label, sort, status, remark?}: the key never changes. */
export const updateDictEntryCall = defineCall({
  method: 'POST',
  path: '/api/dict/data/update/:id',
  tag: 'dictionary',
  summary: '修改字典数据',
  description: '键值不可修改；status 1 启用，0 停用。',
  params: z.object({ id: zPathId }),
  body: z.object({ label: zDictLabel, sort: zDictSort, status: zDictStatus, remark: zDictRemark }),
  answer: ZDictDataRow,
});

/** POST /api/dict/rule/list: the rule parameters with their versions, and the server's day. */
export const listRulesCall = defineCall({
  method: 'POST',
  path: '/api/dict/rule/list',
  tag: 'dictionary',
  summary: '规则参数及其版本',
  answer: ZRuleList,
});

/**
 * POST /api/dict/rule/save {key, value, effectiveFrom, note?}: a version from that day (today or later; the same
 * day again replaces it while the day is still to come).
 */
export const saveRuleCall = defineCall({
  method: 'POST',
  path: '/api/dict/rule/save',
  tag: 'dictionary',
  summary: '调整规则参数',
  description:
    '新版本自 effectiveFrom（YYYY-MM-DD，今天或以后）起生效；同一天再次保存时，尚未到的那天的版本被替换。',
  body: z.object({ key: zRuleKey, value: z.unknown(), effectiveFrom: zDay, note: zNote }),
  answer: ZRuleSaved,
});

/** POST /api/dict/rule/cancel {key, effectiveFrom}: a version still to come withdrawn. */
export const cancelRuleCall = defineCall({
  method: 'POST',
  path: '/api/dict/rule/cancel',
  tag: 'dictionary',
  summary: '撤销待生效的规则参数版本',
  body: z.object({ key: zRuleKey, effectiveFrom: zDay }),
  answer: ZRuleSaved,
});
