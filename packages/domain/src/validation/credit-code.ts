// Unified social credit codes (GB 32100-2015): the one implementation the server, the seed and the forms use.
// Layout: 1 registration authority, 2 institution type, 3-8 region (GB/T 2260), 9-17 organisation code
// (GB 11714, its own check character at position 17), 18 the check character of the whole code.
import { MSG } from '../messages.ts';
import { isProvinceCode } from './province-codes.ts';

/** The 31 characters a code may use: digits and capitals without I, O, S, V and Z. */
export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2] as const;

/**
 * Registration authorities and the institution types each may issue. GB 32100 names 1, 5, 9 and Y; the others
 * were assigned by the code administration after 2015 and appear on real codes (law firms 31..., trade unions
 * 81..., rural collectives N2...), so they are accepted too.
 */
export const CREDIT_CODE_AUTHORITIES = {
  '1': {
    name: '机构编制',
    types: { '1': '机关', '2': '事业单位', '3': '中央编办直接管理机构编制的群众团体', '9': '其他' },
  },
  '2': { name: '外交', types: { '1': '外国常驻新闻机构', '9': '其他' } },
  '3': {
    name: '司法行政',
    types: {
      '1': '律师执业机构',
      '2': '公证处',
      '3': '基层法律服务所',
      '4': '司法鉴定机构',
      '5': '仲裁委员会',
      '9': '其他',
    },
  },
  '4': { name: '文化', types: { '1': '外国在华文化中心', '9': '其他' } },
  '5': { name: '民政', types: { '1': '社会团体', '2': '民办非企业单位', '3': '基金会', '9': '其他' } },
  '6': {
    name: '旅游',
    types: {
      '1': '外国旅游部门常驻代表机构',
      '2': '港澳台地区旅游部门常驻内地（大陆）代表机构',
      '9': '其他',
    },
  },
  '7': { name: '宗教', types: { '1': '宗教活动场所', '2': '宗教院校', '9': '其他' } },
  '8': { name: '工会', types: { '1': '基层工会', '9': '其他' } },
  '9': { name: '市场监管', types: { '1': '企业', '2': '个体工商户', '3': '农民专业合作社' } },
  A: { name: '中央军委改革和编制办公室', types: { '1': '军队事业单位', '9': '其他' } },
  N: {
    name: '农业',
    types: { '1': '组级集体经济组织', '2': '村级集体经济组织', '3': '乡镇级集体经济组织', '9': '其他' },
  },
  Y: { name: '其他', types: { '1': '其他' } },
} as const satisfies Record<string, { name: string; types: Record<string, string> }>;

/** Central-level registrations use the national region code 100000 instead of a province. */
const NATIONAL_REGION = '100000';

function charValue(char: string): number {
  return CREDIT_CODE_CHARSET.indexOf(char);
}

/** The GB 11714 check character of an 8-character organisation code body: digits, or capitals A = 10 ... */
export function computeOrgCodeCheck(body8: string): string {
  if (!/^[0-9A-Z]{8}$/.test(body8)) throw new RangeError(`组织机构代码本体必须是8位数字或大写字母：${body8}`);
  let sum = 0;
  for (let index = 0; index < 8; index += 1) {
    sum += Number.parseInt(body8[index] ?? '', 36) * (ORG_WEIGHTS[index] ?? 0);
  }
  const check = 11 - (sum % 11);
  return check === 10 ? 'X' : check === 11 ? '0' : String(check);
}

/** The GB 32100 check character of the first 17 characters. */
export function computeCreditCodeCheck(body17: string): string {
  if (body17.length !== 17 || [...body17].some((char) => charValue(char) < 0)) {
    throw new RangeError(`统一社会信用代码本体必须是17位合法字符：${body17}`);
  }
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    sum += charValue(body17[index] ?? '') * (CREDIT_WEIGHTS[index] ?? 0);
  }
  return CREDIT_CODE_CHARSET[(31 - (sum % 31)) % 31] ?? '';
}

/**
 * A well-formed code from its parts; `serial` is the 8-character organisation serial. The default prefix '91'
 * is an enterprise registered by market regulation, which is what generated company data needs.
 */
export function composeCreditCode(region: string, serial: string, prefix = '91'): string {
  const body = `${prefix}${region}${serial}${computeOrgCodeCheck(serial)}`;
  return body + computeCreditCodeCheck(body);
}

/** The registration authority (position 1) and an institution type it issues (position 2). */
function hasKnownKind(code: string): boolean {
  const authorities: Record<string, { types: Record<string, string> } | undefined> = CREDIT_CODE_AUTHORITIES;
  const types = authorities[code.charAt(0)]?.types;
  return types !== undefined && Object.hasOwn(types, code.charAt(1));
}

/**
 * The region is checked against the province only: county codes change over time while a code, once issued,
 * is kept for life.
 */
function hasKnownRegion(region: string): boolean {
  return /^\d{6}$/.test(region) && (region === NATIONAL_REGION || isProvinceCode(region.slice(0, 2)));
}

/** Whether a value is a unified social credit code. Lowercase letters are refused: the input filter uppercases. */
export function isCreditCode(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(value)) return false;
  if (!hasKnownKind(value) || !hasKnownRegion(value.slice(2, 8))) return false;
  if (computeOrgCodeCheck(value.slice(8, 16)) !== value[16]) return false;
  return computeCreditCodeCheck(value.slice(0, 17)) === value[17];
}

/** The message of a credit code field, or null when the value is one. */
export function validateCreditCode(value: unknown): string | null {
  return isCreditCode(value) ? null : MSG.creditCodeInvalid;
}
