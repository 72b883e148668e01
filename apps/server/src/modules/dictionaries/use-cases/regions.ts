// The GB/T 2260 regions, a level at a time.
import { listCities, listProvinces, padRegionCode, type ZoningItem } from '@cqjy/domain';
import { listDistricts } from '@cqjy/domain/region-districts';

/** Six-digit codes of a province (xx0000) or a city (xxxx00); shorter forms are padded ('11' -> 110000). */
const REGION_CODE = /^\d{2}(?:\d{2}(?:\d{2})?)?$/;

/**
 * No parent: the provinces. A province: its cities (a municipality answers its 市辖区, SH-9.2). A city: its
 * counties. Anything else: nothing.
 */
export function listZoning(parentCode: string | undefined): ZoningItem[] {
  const citiesWithCounties = (code: string): ZoningItem[] =>
    listDistricts(code)
      .filter((district) => district.code !== code)
      .map((district) => ({ ...district, hasChildren: false }));
  if (parentCode === undefined) {
    return listProvinces().map((province) => ({ ...province, hasChildren: true }));
  }
  if (!REGION_CODE.test(parentCode)) return [];
  const code = padRegionCode(parentCode);
  if (code.endsWith('0000')) {
    return listCities(code).map((city) => ({
      ...city,
      hasChildren: citiesWithCounties(city.code).length > 0,
    }));
  }
  if (code.endsWith('00')) return citiesWithCounties(code);
  return [];
}
