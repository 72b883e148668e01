// How a published row is answered: the open data's shapes (contracts/public-site.ts), which the pages draw too.
import {
  BUSINESS_TYPES,
  familyLabel,
  findProjectKind,
  LISTING_STAGE_LABELS,
  NOTICE_KIND_LABELS,
  regionPath,
  toIsoOffset,
} from '@cqjy/domain';
import { listDistricts } from '@cqjy/domain/region-districts';
import type {
  PublicDeal,
  PublicListing,
  PublicListingDetail,
  PublicNotice,
} from '@cqjy/domain/contracts/public-site';
import type { ListingRow, NoticeRow } from './repo.ts';

/** A region code as a person names the place, to the county (北京市朝阳区) when the code names one. */
export function regionLabel(code: string | null): string {
  if (code === null) return '—';
  if (code.endsWith('00')) return regionPath(code) ?? '—';
  const city = `${code.slice(0, 4)}00`;
  const county = listDistricts(city).find((region) => region.code === code)?.name ?? '';
  return `${regionPath(city) ?? ''}${county}` || '—';
}

const businessTypeLabel = (key: string) => BUSINESS_TYPES.find((type) => type.key === key)?.label ?? key;

/** What the price column means for the kind: a capital increase seeks an amount, a small lot starts at a price. */
function priceLabelOf(family: string): string {
  const kind = findProjectKind(family);
  const field = kind?.fields.find((item) => item.name === 'listingPrice' || item.name === 'raiseMin');
  return (field?.label ?? '挂牌价（元）').replace(/（元）$/, '');
}

export function toPublicListing(row: ListingRow, industryLabel: (key: string) => string): PublicListing {
  const stage = row.stage ?? 'formal';
  return {
    code: row.code,
    name: row.name,
    family: row.family,
    familyLabel: familyLabel(row.family),
    businessType: row.businessType,
    businessTypeLabel: businessTypeLabel(row.businessType),
    stage,
    stageLabel: row.stage === null ? '已结束' : LISTING_STAGE_LABELS[stage],
    price: row.price,
    priceLabel: priceLabelOf(row.family),
    deposit: row.deposit,
    depositDeadline: row.depositDeadline,
    disclosureStart: row.disclosureStart === null ? null : toIsoOffset(row.disclosureStart),
    disclosureEnd: row.disclosureEnd === null ? null : toIsoOffset(row.disclosureEnd),
    region: row.region,
    regionLabel: regionLabel(row.region),
    industry: row.industry,
    industryLabel: row.industry === null ? '—' : industryLabel(row.industry),
    ownerName: row.ownerName,
    ownerLabel: findProjectKind(row.family)?.ownerLabel ?? '转让方',
    memberName: row.memberName,
    visits: row.visits,
    watches: row.watches,
  };
}

export function toPublicDeal(row: ListingRow): PublicDeal | null {
  if (row.deal === null) return null;
  return {
    code: row.code,
    name: row.name,
    businessTypeLabel: businessTypeLabel(row.businessType),
    familyLabel: familyLabel(row.family),
    ...row.deal,
  };
}

export function toPublicNotice(row: NoticeRow & { code: string; name: string }): PublicNotice {
  return {
    code: row.code,
    name: row.name,
    kind: row.kind,
    kindLabel: NOTICE_KIND_LABELS[row.kind],
    at: toIsoOffset(row.at),
    text: row.text,
  };
}

export function toPublicDetail(
  row: ListingRow,
  notices: readonly NoticeRow[],
  industryLabel: (key: string) => string,
): PublicListingDetail {
  return {
    ...toPublicListing(row, industryLabel),
    facts: row.page.facts,
    description: row.page.description,
    conditions: row.page.conditions,
    notices: notices.map((notice) => ({
      kind: notice.kind,
      kindLabel: NOTICE_KIND_LABELS[notice.kind],
      at: toIsoOffset(notice.at),
      text: notice.text,
    })),
    deal: toPublicDeal(row),
    howToRegister:
      row.memberName === null
        ? '意向受让方请委托本所任一会员机构办理意向登记，并在保证金交纳截止日期前交纳交易保证金。'
        : `意向受让方可委托本项目的委托会员${row.memberName}或本所其他会员机构办理意向登记，并在保证金交纳截止日期前交纳交易保证金。`,
  };
}
