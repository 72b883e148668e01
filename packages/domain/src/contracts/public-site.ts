// The calls of the public disclosure site (public-site.ts): its open data, which anyone may read without signing
// in (the listings, one listing, the deals made public, the notices), and what a signed-in member keeps there: the
// listings it watches (关注) and its saved searches, told of changes and new matches by notification (and SMS when
// it asks). The open data answers only what the kinds publish; a project the site does not list answers 404.
import { z } from 'zod';
import { defineCall, ZSaved, zPageOf, zPathId } from '../contract.ts';
import { MSG } from '../messages.ts';
import { LISTING_STAGES, NOTICE_KINDS, ZDealQuery, ZListingQuery } from '../public-site.ts';

/** A project's code in a public path (GR2026BJ…): anything else names no listing. */
export const zProjectCode = z.string({ error: MSG.notFound }).regex(/^[A-Za-z0-9-]{1,40}$/, MSG.notFound);

const ZFact = z.object({ label: z.string(), value: z.string() });

export const ZPublicListing = z.object({
  code: z.string(),
  name: z.string(),
  family: z.string(),
  familyLabel: z.string(),
  businessType: z.string(),
  businessTypeLabel: z.string(),
  stage: z.enum(LISTING_STAGES),
  stageLabel: z.string(),
  /** the listing price, or what a capital increase seeks at least; fen, null when the kind has none */
  price: z.number().nullable(),
  priceLabel: z.string(),
  /** 交易保证金, fen */
  deposit: z.number().nullable(),
  /** 保证金交纳截止日期 'YYYY-MM-DD' */
  depositDeadline: z.string().nullable(),
  disclosureStart: z.string().nullable(),
  /** the closing moment, ISO with +08:00; the countdown runs to it on the server's clock */
  disclosureEnd: z.string().nullable(),
  region: z.string().nullable(),
  regionLabel: z.string(),
  industry: z.string().nullable(),
  industryLabel: z.string(),
  ownerName: z.string(),
  ownerLabel: z.string(),
  memberName: z.string().nullable(),
  visits: z.number(),
  watches: z.number(),
});
export type PublicListing = z.infer<typeof ZPublicListing>;

export const ZPublicNotice = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(NOTICE_KINDS),
  kindLabel: z.string(),
  /** the day it took effect, ISO with +08:00 */
  at: z.string(),
  text: z.string(),
});
export type PublicNotice = z.infer<typeof ZPublicNotice>;

export const ZPublicDeal = z.object({
  code: z.string(),
  name: z.string(),
  businessTypeLabel: z.string(),
  familyLabel: z.string(),
  /** fen */
  price: z.number().nullable(),
  /** the appraisal the listing named, fen */
  appraisal: z.number().nullable(),
  /** 网络竞价, 协议转让 ... */
  method: z.string(),
  /** the day the deal was decided, 'YYYY-MM-DD' */
  dealtOn: z.string(),
  /** the buyer as the notice may name it (a person's given name hidden) */
  buyer: z.string(),
  /** the last day of the notice (成交公示期) */
  noticeUntil: z.string(),
});
export type PublicDeal = z.infer<typeof ZPublicDeal>;

export const ZPublicListingDetail = ZPublicListing.extend({
  facts: z.array(ZFact),
  /** the announcement's text, by paragraph */
  description: z.array(z.string()),
  conditions: z.array(z.string()),
  notices: z.array(ZPublicNotice.omit({ code: true, name: true })),
  deal: ZPublicDeal.nullable(),
  /** how a buyer registers: through the member handling it, or any member of the exchange */
  howToRegister: z.string(),
});
export type PublicListingDetail = z.infer<typeof ZPublicListingDetail>;

/** Every public page answer carries the server's clock, so a countdown does not trust the visitor's. */
const withServerTime = <T extends z.ZodType>(row: T) => zPageOf(row).extend({ serverTime: z.string() });

export const publicListingsCall = defineCall({
  method: 'GET',
  path: '/api/public/listings',
  tag: 'public',
  summary: '挂牌项目（公开数据）',
  description:
    '无需登录。预披露、正式披露与已中止的项目，按业务类型、资产类型、地区、行业、价格区间（万元）、披露阶段、披露日期与关键字筛选，可排序、分页；可被缓存（ETag，短时 max-age）。',
  query: ZListingQuery,
  answer: withServerTime(ZPublicListing),
});

export const publicListingCall = defineCall({
  method: 'GET',
  path: '/api/public/listings/:code',
  tag: 'public',
  summary: '挂牌项目详情（公开数据）',
  description: '无需登录。未披露、披露已结束或不存在的项目回答 404。',
  params: z.object({ code: zProjectCode }),
  answer: ZPublicListingDetail.extend({ serverTime: z.string() }),
});

export const publicDealsCall = defineCall({
  method: 'GET',
  path: '/api/public/deals',
  tag: 'public',
  summary: '成交公示（公开数据）',
  description: '无需登录。成交公示期内的项目：成交价、评估值、成交方式、成交日期与受让方（自然人隐去名字）。',
  query: ZDealQuery,
  answer: withServerTime(ZPublicDeal),
});

export const publicNoticesCall = defineCall({
  method: 'GET',
  path: '/api/public/notices',
  tag: 'public',
  summary: '中止、终结与变更公告（公开数据）',
  query: z.object({
    page: ZDealQuery.shape.page,
    size: ZDealQuery.shape.size,
  }),
  answer: withServerTime(ZPublicNotice),
});

/**
 * GET /api/public/export's query: which rows (the listings on the site, or the deals made public) in which format.
 * Its answer is a file, not the envelope, so it is served beside the calls (listings/routes.ts) with this schema.
 */
export const ZPublicExportQuery = z.object({
  dataset: z.enum(['listings', 'deals'], { error: MSG.publicFilterInvalid }).default('listings'),
  format: z.enum(['csv', 'json'], { error: MSG.publicFilterInvalid }).default('json'),
});
export type PublicExportQuery = z.infer<typeof ZPublicExportQuery>;

export const ZWatchBody = z.object({ sms: z.boolean({ error: MSG.badRequest }).default(false) });

export const ZWatchState = z.object({ code: z.string(), watched: z.boolean(), watches: z.number() });

export const watchListingCall = defineCall({
  method: 'POST',
  path: '/api/public/watch/:code',
  tag: 'public',
  summary: '关注挂牌项目',
  description:
    '会员机构的用户关注一个挂牌项目；项目变更、中止、终结或截止日期调整时发送消息提醒（sms 为真时并发短信）。',
  params: z.object({ code: zProjectCode }),
  body: ZWatchBody,
  answer: ZWatchState,
});

export const unwatchListingCall = defineCall({
  method: 'DELETE',
  path: '/api/public/watch/:code',
  tag: 'public',
  summary: '取消关注挂牌项目',
  params: z.object({ code: zProjectCode }),
  answer: ZWatchState,
});

export const ZWatchedListing = z.object({
  code: z.string(),
  name: z.string(),
  sms: z.boolean(),
  watchedAt: z.string(),
  /** the listing as the site shows it now; null once it left the site (its period and notice ended) */
  listing: ZPublicListing.nullable(),
});
export type WatchedListing = z.infer<typeof ZWatchedListing>;

export const listWatchesCall = defineCall({
  method: 'GET',
  path: '/api/public/watch/list',
  tag: 'public',
  summary: '我关注的挂牌项目',
  answer: z.array(ZWatchedListing),
});

export const SAVED_SEARCH_MAX = 20;

export const ZSavedSearchBody = z.object({
  name: z
    .string({ error: MSG.publicSearchNameInvalid })
    .trim()
    .min(1, MSG.publicSearchNameInvalid)
    .max(30, MSG.publicSearchNameInvalid),
  /** the filters as /listings takes them (its query string's values) */
  query: z.record(z.string(), z.string()),
  sms: z.boolean({ error: MSG.badRequest }).default(false),
});

export const ZSavedSearch = z.object({
  id: z.number(),
  name: z.string(),
  query: z.record(z.string(), z.string()),
  /** the filters in words (业务类型：产权转让；地区：北京市) */
  summary: z.string(),
  sms: z.boolean(),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof ZSavedSearch>;

export const saveSearchCall = defineCall({
  method: 'POST',
  path: '/api/public/search',
  tag: 'public',
  summary: '保存挂牌项目搜索',
  description: '有新的挂牌项目符合条件时发送消息提醒（sms 为真时并发短信）。',
  body: ZSavedSearchBody,
  answer: ZSaved,
});

export const listSavedSearchesCall = defineCall({
  method: 'GET',
  path: '/api/public/search/list',
  tag: 'public',
  summary: '我保存的搜索',
  answer: z.array(ZSavedSearch),
});

export const deleteSavedSearchCall = defineCall({
  method: 'DELETE',
  path: '/api/public/search/:id',
  tag: 'public',
  summary: '删除保存的搜索',
  params: z.object({ id: zPathId }),
  answer: z.object({ id: z.number() }),
});
