// The first contents of every data dictionary (spec 001 sections 3 and 6, SH-9.3, SH-7.5). The server seeds
// them as reference data in every installation; the exchange maintains them afterwards in 数据字典. The spec
// names the dictionaries but not their entries: where no national standard fixes them, the entries are the ones
// a Chinese property-rights exchange uses in its forms.
import { BUSINESS_TYPES } from './business-types.ts';
import type { DictionaryCode } from './dictionaries.ts';
import {
  DISCLOSURE_PERIOD_DEFAULTS,
  disclosurePeriodLabel,
  type DisclosurePeriodKey,
} from './projects/kinds/settings.ts';
import { ASSET_SOURCE_SEARCH, REGULATOR_CODE_GROUPS } from './regions.ts';

export type DictionaryEntry = { key: string; label: string; parentKey?: string };

const listed = (...labels: readonly string[]): DictionaryEntry[] =>
  labels.map((label, i) => ({ key: String(i + 1), label }));

/**
 * BF-6.1 filters this list by key: without asset type '1' a business type 1 form keeps only key 5 and a type 2
 * form loses key 10. Asset type '1' of a company's project permission is read as "may handle state-owned
 * assets", so key 5 is the one non-state entry.
 */
const PROJECT_ASSET_TYPES: DictionaryEntry[] = [
  { key: '1', label: '企业国有资产' },
  { key: '2', label: '行政事业单位国有资产' },
  { key: '3', label: '金融企业国有资产' },
  { key: '4', label: '文化企业国有资产' },
  { key: '5', label: '非国有资产' },
  { key: '6', label: '集体资产' },
  { key: '7', label: '涉诉资产' },
  { key: '8', label: '破产清算资产' },
  { key: '9', label: '抵债资产' },
  { key: '10', label: '国有划拨资产' },
];

/** GB/T 4754-2017, the 20 sections (门类) under their letters. */
const INDUSTRY_SECTIONS: DictionaryEntry[] = [
  ['A', '农、林、牧、渔业'],
  ['B', '采矿业'],
  ['C', '制造业'],
  ['D', '电力、热力、燃气及水生产和供应业'],
  ['E', '建筑业'],
  ['F', '批发和零售业'],
  ['G', '交通运输、仓储和邮政业'],
  ['H', '住宿和餐饮业'],
  ['I', '信息传输、软件和信息技术服务业'],
  ['J', '金融业'],
  ['K', '房地产业'],
  ['L', '租赁和商务服务业'],
  ['M', '科学研究和技术服务业'],
  ['N', '水利、环境和公共设施管理业'],
  ['O', '居民服务、修理和其他服务业'],
  ['P', '教育'],
  ['Q', '卫生和社会工作'],
  ['R', '文化、体育和娱乐业'],
  ['S', '公共管理、社会保障和社会组织'],
  ['T', '国际组织'],
].map(([key, label]) => ({ key: key ?? '', label: label ?? '' }));

/** ISO 4217 codes as keys. */
const CURRENCIES: DictionaryEntry[] = [
  ['CNY', '人民币'],
  ['USD', '美元'],
  ['EUR', '欧元'],
  ['HKD', '港币'],
  ['JPY', '日元'],
  ['GBP', '英镑'],
  ['MOP', '澳门元'],
  ['TWD', '新台币'],
].map(([key, label]) => ({ key: key ?? '', label: label ?? '' }));

/** SH-9.3 as a tree: A02002001 sits under A02002, A02004001 under A02004, A02006001 under A02006. */
function buildRegulatorTree(): DictionaryEntry[] {
  const codes: ReadonlySet<string> = new Set(REGULATOR_CODE_GROUPS.map((group) => group.code));
  return REGULATOR_CODE_GROUPS.map((group) => {
    const parent = group.code.slice(0, -3);
    return codes.has(parent)
      ? { key: group.code, label: group.name, parentKey: parent }
      : { key: group.code, label: group.name };
  });
}

/**
 * SH-7.5: the asset source codes. The three with a search value of the enterprise directory come first (in the
 * order of ASSET_SOURCE_SEARCH); the others are answered by GET /api/project/asset/source/{code}.
 */
export const ASSET_SOURCE_LABELS: Record<string, string> = {
  GWYGZWJG: '国务院国资委监管企业',
  BJSGZW: '北京市国资委监管企业',
  A02002001: '财政部监管企业',
  ZYQTBWJG: '中央其他部委监管企业',
  SJGZWJG: '其他省级国资委监管企业',
  DSJGZWJG: '地市级国资委监管企业',
  QT: '其他',
};

function buildAssetSources(): DictionaryEntry[] {
  const directoryCodes = Object.keys(ASSET_SOURCE_SEARCH);
  const others = Object.keys(ASSET_SOURCE_LABELS).filter((code) => !directoryCodes.includes(code));
  return [...directoryCodes, ...others].map((key) => ({ key, label: ASSET_SOURCE_LABELS[key] ?? key }));
}

export const DICTIONARY_ENTRIES: Record<DictionaryCode, DictionaryEntry[]> = {
  businessType: BUSINESS_TYPES.map(({ key, label }) => ({ key, label })),
  projectAssetType: PROJECT_ASSET_TYPES,
  paymentMode: listed('一次性付款', '分期付款'),
  personCertificateType: [
    ...listed('身份证', '护照', '港澳居民来往内地通行证', '台湾居民来往大陆通行证'),
    { key: '9', label: '其他' },
  ],
  orgCertificateType: [...listed('统一社会信用代码', '组织机构代码'), { key: '9', label: '其他' }],
  investorType: [
    ...listed('企业法人', '自然人', '合伙企业', '事业单位', '社会团体', '私募基金'),
    { key: '9', label: '其他' },
  ],
  approval: [
    ...listed('国有资产监督管理机构批准', '国家出资企业批准', '政府部门批准', '上级主管部门批准'),
    { key: '9', label: '其他' },
  ],
  documentType: [...listed('批复', '决议', '决定', '通知', '函'), { key: '9', label: '其他' }],
  currency: CURRENCIES,
  situation: listed('盈利', '持平', '亏损'),
  increaseType: [
    ...listed('货币出资', '实物出资', '知识产权出资', '土地使用权出资', '股权出资', '债权转股权'),
    { key: '9', label: '其他' },
  ],
  economyType: [
    ...listed(
      '国有独资（全资）',
      '国有控股',
      '国有实际控制',
      '国有参股',
      '集体',
      '民营',
      '外商投资',
      '港澳台投资',
    ),
    { key: '99', label: '其他' },
  ],
  industry: INDUSTRY_SECTIONS,
  enterpriseType: [
    ...listed(
      '有限责任公司',
      '股份有限公司',
      '国有独资公司',
      '全民所有制企业',
      '集体所有制企业',
      '合伙企业',
      '个人独资企业',
      '外商投资企业',
    ),
    { key: '99', label: '其他' },
  ],
  scale: listed('大型', '中型', '小型', '微型'),
  regulatoryBodies: buildRegulatorTree(),
  assetSource: buildAssetSources(),
  // key: the rule, label: the rule with its fewest working days, which the exchange may raise (kinds/settings.ts)
  disclosurePeriod: (Object.keys(DISCLOSURE_PERIOD_DEFAULTS) as DisclosurePeriodKey[]).map((key) => ({
    key,
    label: disclosurePeriodLabel(key, DISCLOSURE_PERIOD_DEFAULTS[key]),
  })),
  // the categories of the unified form: a key of projects/kinds/unified.ts has its own fields; a key the exchange
  // adds takes those of 其他权益
  unifiedCategory: [
    { key: 'lease', label: '房屋出租（招租）' },
    { key: 'claim', label: '债权' },
    { key: 'ip', label: '知识产权' },
    { key: 'franchise', label: '特许经营权' },
    { key: 'other', label: '其他权益' },
  ],
};
