// The filters of the public site as one reading of ZListingQuery: the SQL of the lists (repo.ts) and the check of
// a saved search against a new listing (projection.ts) apply the same rules — a province finds its cities, the
// price band is in 万元 with the upper bound included, the keyword looks in the name and the code.
import {
  BUSINESS_TYPES,
  familyLabel,
  LISTING_SORT_LABELS,
  LISTING_STAGE_LABELS,
  regionPath,
  ZListingQuery,
  type ListingQuery,
} from '@cqjy/domain';

/** 万元 in fen. */
export const WAN_YUAN_FEN = 1_000_000;

/** The region codes' prefix a region filter matches: a province's two digits, a city's four, else the code. */
export function regionPrefix(code: string): string {
  if (code.endsWith('0000')) return code.slice(0, 2);
  if (code.endsWith('00')) return code.slice(0, 4);
  return code;
}

/** A saved search's query (its stored text values) as the filters, or undefined when it no longer parses. */
export function parseSavedQuery(query: Readonly<Record<string, string>>): ListingQuery | undefined {
  const parsed = ZListingQuery.safeParse(query);
  return parsed.success ? parsed.data : undefined;
}

type Matchable = {
  businessType: string;
  family: string;
  region: string | null;
  industry: string | null;
  price: number | null;
  stage: string | null;
  disclosureStart: Date | null;
  searchText: string;
};

const dayOf = (date: Date | null): string | undefined =>
  date === null ? undefined : new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** Whether a listing matches a saved search's filters (its sort and paging aside). */
export function matchesSearch(stored: Readonly<Record<string, string>>, row: Matchable): boolean {
  const query = parseSavedQuery(stored);
  if (query === undefined || row.stage === null) return false;
  if (query.businessType !== undefined && row.businessType !== query.businessType) return false;
  if (query.family !== undefined && row.family !== query.family) return false;
  if (query.region !== undefined && !(row.region ?? '').startsWith(regionPrefix(query.region))) return false;
  if (query.industry !== undefined && row.industry !== query.industry) return false;
  if (query.stage !== undefined && row.stage !== query.stage) return false;
  if (query.priceMin !== undefined && (row.price === null || row.price < query.priceMin * WAN_YUAN_FEN))
    return false;
  if (query.priceMax !== undefined && (row.price === null || row.price > query.priceMax * WAN_YUAN_FEN))
    return false;
  const start = dayOf(row.disclosureStart);
  if (query.from !== undefined && (start === undefined || start < query.from)) return false;
  if (query.to !== undefined && (start === undefined || start > query.to)) return false;
  return query.keyword === undefined || row.searchText.includes(query.keyword.toLowerCase());
}

/** The filters in words, for the saved searches' list (业务类型：产权转让；地区：北京市). */
export function describeQuery(
  query: ListingQuery,
  industryLabel: (key: string) => string = (key) => key,
): string {
  const parts: string[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined && value !== '') parts.push(`${label}：${value}`);
  };
  add('业务类型', BUSINESS_TYPES.find((type) => type.key === query.businessType)?.label);
  add('资产类型', query.family === undefined ? undefined : familyLabel(query.family));
  add('地区', query.region === undefined ? undefined : (regionPath(query.region) ?? query.region));
  add('行业', query.industry === undefined ? undefined : industryLabel(query.industry));
  if (query.priceMin !== undefined || query.priceMax !== undefined) {
    add('价格', `${query.priceMin ?? 0}—${query.priceMax === undefined ? '不限' : query.priceMax}万元`);
  }
  add('阶段', query.stage === undefined ? undefined : LISTING_STAGE_LABELS[query.stage]);
  if (query.from !== undefined || query.to !== undefined)
    add('披露日期', `${query.from ?? ''}至${query.to ?? ''}`);
  add('关键字', query.keyword);
  add('排序', query.sort === undefined ? undefined : LISTING_SORT_LABELS[query.sort]);
  return parts.length === 0 ? '全部挂牌项目' : parts.join('；');
}
