// Data dictionaries (spec 001 sections 3 and 6, BF-6.1): the dictionary codes of the project forms and the rules
// that narrow a dictionary's options by the company's per-project-type permissions.
import type { ProjectPermission } from './api.ts';
import type { IdentityName } from './identity.ts';

/**
 * Dictionary codes, as served by GET /api/app/dict/data/list/{code}, with their Chinese names. The spec names
 * the dictionaries but not their codes; these camelCase codes and the names are our choice. businessType and
 * projectAssetType are the two the filtering rules below are about.
 */
export const DICTIONARIES = {
  businessType: '业务类型',
  projectAssetType: '资产类型',
  paymentMode: '付款方式',
  personCertificateType: '自然人证件类型',
  orgCertificateType: '机构证件类型',
  investorType: '投资人类型',
  approval: '批准类型',
  documentType: '文件类型',
  currency: '币种',
  situation: '经营情况',
  increaseType: '增资方式',
  economyType: '经济类型',
  industry: '所属行业',
  enterpriseType: '企业类型',
  scale: '企业规模',
  regulatoryBodies: '监管机构',
  assetSource: '资产来源',
  disclosurePeriod: '信息披露期下限（工作日）',
  unifiedCategory: '综合类项目类别',
} as const;

export type DictionaryCode = keyof typeof DICTIONARIES;

/** Any option list: dictionary options are matched on their key, compared as text ('5' and 5 are the same). */
export type KeyedOption = { key: string | number };

export type DictionaryFilterContext = {
  /** the project business type the form is for ('1'..'12') */
  businessType?: string | number | null;
  /** the session's permissionProject: index i belongs to business type i + 1 */
  permissionProject?: readonly ProjectPermission[] | null;
  identity?: IdentityName;
};

/** Business type 12 is never offered in a selection. */
const NEVER_OFFERED = '12';
/** Options that need permission for business type 1 or 2. */
const NEEDS_TYPE_1_OR_2 = new Set(['3', '10']);
/** Business type whose projects use none of the other dictionaries. */
const NO_DICTIONARY_TYPE = '11';

const keyOf = (option: KeyedOption): string => String(option.key);

/** The asset types the company holds for a business type; stored data may carry null for a list. */
function readAssetTypes(
  permissionProject: readonly ProjectPermission[] | null | undefined,
  businessType: string,
): readonly string[] {
  const entry = permissionProject?.[Number(businessType) - 1];
  return (entry?.projectAssetType as readonly string[] | null | undefined) ?? [];
}

/** Permission for a business type: its entry exists and holds at least one asset type (as SH-4.14 reads it). */
function hasBusinessTypePermission(
  permissionProject: readonly ProjectPermission[] | null | undefined,
  businessType: string,
): boolean {
  return readAssetTypes(permissionProject, businessType).length > 0;
}

/**
 * BF-6.1, the business-type selection:
 * - key 12 is always removed;
 * - keys 3 and 10 are removed when the company holds permission for neither type 1 nor type 2 (we read
 *   "without permission for types 1 or 2" as "without permission for either"; holding one of them keeps both);
 * - for transferors only the options with key 1 or 0 remain (we read "filter by key 1 or 0" literally: key 0 is
 *   kept for lists that carry an 'all' entry under it).
 * Without a permissionProject list nothing is held, so the permission rules remove what they guard.
 */
export function filterBusinessTypeOptions<T extends KeyedOption>(
  options: readonly T[],
  context: Pick<DictionaryFilterContext, 'permissionProject' | 'identity'> = {},
): T[] {
  const canUseTypes1Or2 =
    hasBusinessTypePermission(context.permissionProject, '1') ||
    hasBusinessTypePermission(context.permissionProject, '2');
  return options.filter((option) => {
    const key = keyOf(option);
    if (key === NEVER_OFFERED) return false;
    if (!canUseTypes1Or2 && NEEDS_TYPE_1_OR_2.has(key)) return false;
    if (context.identity === 'transferor' && key !== '1' && key !== '0') return false;
    return true;
  });
}

/**
 * BF-6.1, the asset-type selection of a project form, as we read "without asset type '1'": the company's
 * permission entry for the form's business type does not list asset type '1'. Then for business type 1 only the
 * option with key 5 remains, and for business type 2 the option with key 10 is removed. Other business types,
 * and companies that hold asset type '1', keep every option.
 */
function filterAssetTypeOptions<T extends KeyedOption>(
  options: readonly T[],
  businessType: string,
  permissionProject: readonly ProjectPermission[] | null | undefined,
): T[] {
  const hasAssetType1 = readAssetTypes(permissionProject, businessType).includes('1');
  if (hasAssetType1) return [...options];
  if (businessType === '1') return options.filter((option) => keyOf(option) === '5');
  if (businessType === '2') return options.filter((option) => keyOf(option) !== '10');
  return [...options];
}

/**
 * BF-6.1: the options of any dictionary for a form. The business-type and asset-type dictionaries follow their
 * rules above; every other dictionary ("other dictionaries") is empty for business type 11 and whole otherwise.
 * The input list is never changed.
 */
export function filterDictionaryOptions<T extends KeyedOption>(
  code: string,
  options: readonly T[],
  context: DictionaryFilterContext = {},
): T[] {
  const businessType =
    context.businessType === null || context.businessType === undefined ? '' : String(context.businessType);
  if (code === 'businessType') return filterBusinessTypeOptions(options, context);
  if (code === 'projectAssetType')
    return filterAssetTypeOptions(options, businessType, context.permissionProject);
  return businessType === NO_DICTIONARY_TYPE ? [] : [...options];
}
