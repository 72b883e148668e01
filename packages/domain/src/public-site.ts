// The public disclosure site (信息披露: /listings, /deals, /notices, their open data under /api/public): what the
// exchange publishes of a project for anyone, without signing in. A project is listed from the approval of its
// disclosure (the pre-disclosure or the formal one) until its period ends; a suspended one stays with its 中止
// notice; a deal is made public (成交公示) for DEAL_NOTICE_WORKDAYS working days. What a project shows is its kind's
// publication (projects/kinds/kind.ts): nothing else of its form, no file of its owner, no bid, and every telephone
// masked. The filters are one query for the pages and the open data, so a link to a filtered page and the same
// question of the API answer the same projects.
import { z } from 'zod';
import { BUSINESS_TYPES, type BusinessTypeKey } from './business-types.ts';
import { MSG } from './messages.ts';
import type { ProjectFormBase } from './projects/kinds/fields.ts';
import { PROJECT_FAMILIES } from './projects/kinds/names.ts';
import type { ProjectKind } from './projects/kinds/kind.ts';
import { maskMobile } from './validation/mobile.ts';
import type { ProjectStatus } from './workflow/statuses.ts';
import { zCalendarDay } from './contract.ts';

/** The working days a deal stays public (成交公示: at least 5 by SASAC and MOF order 32). */
export const DEAL_NOTICE_WORKDAYS = 5;

/** How a listed project stands on the site: its pre-disclosure, its formal disclosure, or suspended (中止). */
export const LISTING_STAGES = ['pre', 'formal', 'suspended'] as const;
export type ListingStage = (typeof LISTING_STAGES)[number];

export const LISTING_STAGE_LABELS: Record<ListingStage, string> = {
  pre: '预披露',
  formal: '正式披露',
  suspended: '已中止',
};

/** The stage of a project in `status` on the site, or undefined when the site does not list it. */
export function listingStageOf(status: ProjectStatus): ListingStage | undefined {
  if (status === 'preDisclosing') return 'pre';
  if (status === 'disclosing') return 'formal';
  return status === 'suspended' ? 'suspended' : undefined;
}

/** The statuses of a decided deal: it is made public from the decision (待签约) on. */
export const DEAL_STATUSES: readonly ProjectStatus[] = ['awaitingContract', 'dealt', 'closed'];

/** The notices the site publishes of a listed project, each with its day. */
export const NOTICE_KINDS = [
  'listed',
  'changed',
  'suspended',
  'resumed',
  'ended',
  'terminated',
  'dealt',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  listed: '挂牌公告',
  changed: '变更公告',
  suspended: '中止公告',
  resumed: '恢复公告',
  ended: '终止披露公告',
  terminated: '终结公告',
  dealt: '成交公告',
};

/** The notices /notices lists: what changed the course of a disclosure (中止, 恢复, 终止, 终结, 变更). */
export const COURSE_NOTICE_KINDS: readonly NoticeKind[] = [
  'changed',
  'suspended',
  'resumed',
  'ended',
  'terminated',
];

export const LISTING_SORTS = ['newest', 'closing', 'priceAsc', 'priceDesc'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: '最新挂牌',
  closing: '即将截止',
  priceAsc: '价格从低到高',
  priceDesc: '价格从高到低',
};

export const PUBLIC_PAGE_SIZE = 20;
export const PUBLIC_PAGE_SIZE_MAX = 100;
/** The most rows one export answers; a larger set is asked page by page. */
export const PUBLIC_EXPORT_MAX = 50_000;
export const PUBLIC_KEYWORD_MAX = 50;

const zBusinessType = z.enum(
  BUSINESS_TYPES.map((type) => type.key) as [BusinessTypeKey, ...BusinessTypeKey[]],
  { error: MSG.publicFilterInvalid },
);
const zFamily = z.enum(PROJECT_FAMILIES, {
  error: MSG.publicFilterInvalid,
});

/** An optional query value: an empty field of a plain HTML form (name=) is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const zWanYuan = z.coerce
  .number({ error: MSG.publicPriceInvalid })
  .int(MSG.publicPriceInvalid)
  .min(0, MSG.publicPriceInvalid)
  .max(100_000_000, MSG.publicPriceInvalid);

const zQueryDay = zCalendarDay(MSG.publicDateInvalid);

const zPageNumber = z.coerce
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(10_000, MSG.badRequest);
const zPageSize = z.coerce
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(PUBLIC_PAGE_SIZE_MAX, MSG.badRequest);

/** The filters of /listings and GET /api/public/listings (a query string: every value a text). */
export const ZListingQuery = z
  .object({
    businessType: optional(zBusinessType),
    /** 资产类型: the project family */
    family: optional(zFamily),
    /** a province's or a city's code: a province finds its cities' projects too */
    region: optional(z.string().regex(/^\d{6}$/, MSG.publicFilterInvalid)),
    /** the industry dictionary's key */
    industry: optional(z.string().max(50, MSG.publicFilterInvalid)),
    /** 万元 */
    priceMin: optional(zWanYuan),
    priceMax: optional(zWanYuan),
    stage: optional(z.enum(LISTING_STAGES, { error: MSG.publicFilterInvalid })),
    /** the disclosure began on or after / on or before, 'YYYY-MM-DD' */
    from: optional(zQueryDay),
    to: optional(zQueryDay),
    keyword: optional(z.string().trim().max(PUBLIC_KEYWORD_MAX, MSG.publicKeywordTooLong)),
    sort: optional(z.enum(LISTING_SORTS, { error: MSG.publicFilterInvalid })),
    page: optional(zPageNumber),
    size: optional(zPageSize),
  })
  .refine(
    (query) =>
      query.priceMin === undefined || query.priceMax === undefined || query.priceMin <= query.priceMax,
    { message: MSG.publicPriceOrder },
  );
export type ListingQuery = z.infer<typeof ZListingQuery>;

/** The filters of /deals and GET /api/public/deals. */
export const ZDealQuery = z.object({
  businessType: optional(zBusinessType),
  keyword: optional(z.string().trim().max(PUBLIC_KEYWORD_MAX, MSG.publicKeywordTooLong)),
  page: optional(zPageNumber),
  size: optional(zPageSize),
});
export type DealQuery = z.infer<typeof ZDealQuery>;

/** The query's filters as a query string (paging left out unless asked), for links that keep them. */
export function listingQueryString(
  query: Readonly<Record<string, unknown>>,
  overrides: Record<string, unknown> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...overrides })) {
    if (typeof value === 'string' ? value === '' : typeof value !== 'number') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const ORGANISATION = /公司|集团|中心|厂|院|所|局|行|社|会|合伙|企业|大学|学校|医院|政府|委员会|基金|银行|部/;

/**
 * A buyer's name as the deal notice may show it: an organisation's in full; a person's with the given name hidden
 * (张**), as the exchanges publish a natural person's deal.
 */
export function publicBuyerName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || ORGANISATION.test(trimmed)) return trimmed;
  const chars = [...trimmed];
  return `${chars[0] ?? ''}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}

/**
 * Masks every run of digits in a text that could be a mobile number (1 and ten more digits) or a resident identity
 * number (17 digits and a digit or X): a published text (a project's description, a buyers' condition) never
 * carries one whole, whoever typed it.
 */
export function maskPersonalNumbers(text: string): string {
  return text
    .replace(/(?<!\d)(\d{6})\d{8}(\d{3}[\dXx])(?![\dXx])/g, '$1********$2')
    .replace(/(?<!\d)(1\d{2})\d{4}(\d{4})(?!\d)/g, '$1****$2');
}

/**
 * The form as the public site may show it: the kind's published fields (and the announcement's text) only, never a
 * file; a telephone masked, and every personal number in a text. The listing's facts and the public announcement
 * are drawn from it, so both publish the same.
 */
export function publishedForm(kind: ProjectKind, form: ProjectFormBase): ProjectFormBase {
  const names = new Set([
    ...kind.publication.fields,
    kind.announcement.bodyField,
    kind.publication.conditions,
  ]);
  const published: ProjectFormBase = { name: form.name };
  for (const field of kind.fields) {
    if (!names.has(field.name) || field.kind === 'file' || field.kind === 'list') continue;
    const value = form[field.name];
    if (value === undefined) continue;
    published[field.name] =
      typeof value !== 'string'
        ? value
        : field.kind === 'telephone'
          ? maskMobile(value)
          : maskPersonalNumbers(value);
  }
  return published;
}

/** The kind as the public announcement draws it: its published fields only. */
export function publishedKind(kind: ProjectKind): ProjectKind {
  const names = new Set([...kind.publication.fields, kind.announcement.bodyField]);
  return { ...kind, fields: kind.fields.filter((field) => names.has(field.name)) };
}
