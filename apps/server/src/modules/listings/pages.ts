// The public site's pages as HTML drawn on the server: readable without JavaScript and by search engines (title,
// description, canonical address, schema.org data), light on a phone (one inline style sheet, no framework, one
// small script for the countdowns and the filters). Pure functions of the open data's answers: what a page shows
// is exactly what GET /api/public/* answers.
import {
  BUSINESS_TYPES,
  formatFen,
  LISTING_SORT_LABELS,
  LISTING_SORTS,
  LISTING_STAGE_LABELS,
  LISTING_STAGES,
  listingQueryString,
  listProvinces,
  PROJECT_FAMILY_OPTIONS,
  PUBLIC_PAGE_SIZE,
  type ListingQuery,
} from '@cqjy/domain';
import type {
  PublicDeal,
  PublicListing,
  PublicListingDetail,
  PublicNotice,
} from '@cqjy/domain/contracts/public-site';

/** The script the pages load (served by routes.ts): the countdowns by the server's clock, the filters' submit. */
export const SITE_SCRIPT_PATH = '/site/public.js';

/** Where a drawn page carries the time it is sent at (routes.ts stamps it): a kept page is sent many times. */
export const SERVER_TIME_MARK = '%SERVER_TIME%';

export type PageContext = {
  /** the site's origin as the visitor reached it (https://example.org), for canonical addresses */
  origin: string;
  exchangeName: string;
  /** the server's time the page was drawn at, ISO (its countdowns' text until the script runs) */
  serverTime: string;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const h = escapeHtml;

/** JSON inside a script element: `<` escaped so no text can close it. */
const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const money = (fen: number | null) => (fen === null ? '—' : `${formatFen(fen)}元`);

const day = (iso: string | null) => (iso === null ? '—' : iso.slice(0, 10));

/**
 * The time left before `end` at `now`, in words (剩余3天4小时5分; within a day to the second), or 已截止: the
 * same words as the page's script (site-script.ts), so its first tick changes nothing on the page.
 */
export function remainingText(end: string | null, now: string): string {
  if (end === null) return '';
  const ms = Date.parse(end) - Date.parse(now);
  if (ms <= 0) return '已截止';
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `剩余${days}天${hours}小时${minutes % 60}分`;
  return `剩余${hours}小时${minutes % 60}分${Math.floor(ms / 1000) % 60}秒`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.6 "PingFang SC","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC",system-ui,sans-serif;color:#1f1f1f;background:#f5f6f8}
a{color:#0b57d0}header{background:#b71c1c;color:#fff}header .in,main,footer{max-width:1080px;margin:0 auto;padding:0 16px}
header .in{display:flex;flex-wrap:wrap;align-items:center;gap:4px 20px;min-height:56px}header .brand{font-size:18px;font-weight:600;color:#fff;text-decoration:none}
nav a{color:#fff;text-decoration:none;padding:14px 4px;display:inline-block}nav a[aria-current]{border-bottom:3px solid #fff}
h1{font-size:22px;margin:20px 0 12px}h2{font-size:17px;margin:20px 0 8px}
.card,.panel{background:#fff;border-radius:8px;padding:14px 16px;margin:0 0 12px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
.card h2{margin:0 0 6px;font-size:16px}.meta{color:#555;font-size:13px;display:flex;flex-wrap:wrap;gap:2px 14px}
.tag{display:inline-block;font-size:12px;padding:0 6px;border-radius:4px;background:#fdecea;color:#8e1b14;margin-right:6px}
.tag.pre{background:#e8f0fe;color:#174ea6}.tag.suspended{background:#eee;color:#444}
.price{color:#b71c1c;font-weight:600}.countdown{color:#8e1b14;font-weight:600}
form.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px 12px;align-items:end}
form.filters label{display:flex;flex-direction:column;font-size:13px;color:#444}
input,select,button{font:inherit;padding:6px 8px;border:1px solid #bbb;border-radius:6px;background:#fff;min-height:38px}
button{background:#b71c1c;color:#fff;border-color:#b71c1c;cursor:pointer}
.pager{display:flex;gap:12px;align-items:center;margin:16px 0}.pager a{padding:6px 12px;background:#fff;border-radius:6px}
table{width:100%;border-collapse:collapse;background:#fff}th,td{text-align:left;padding:8px;border-bottom:1px solid #eee;vertical-align:top}
th{width:34%;color:#444;font-weight:500}.facts th{background:#fafafa}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin:12px 0}.actions a{background:#b71c1c;color:#fff;padding:8px 14px;border-radius:6px;text-decoration:none}
.actions a.secondary{background:#fff;color:#b71c1c;border:1px solid #b71c1c}
.notice{border-left:3px solid #b71c1c;padding-left:10px;margin:8px 0}.empty{color:#555;padding:24px 0}
footer{color:#555;font-size:13px;padding:24px 16px}
main>.card,main>.panel,main>table,main>h2{content-visibility:auto;contain-intrinsic-size:auto 120px}
@media (max-width:600px){th{width:40%}h1{font-size:19px}}
`.trim();

type Section = 'listings' | 'deals' | 'notices';

function layout(
  context: PageContext,
  page: {
    title: string;
    description: string;
    path: string;
    section: Section;
    body: string;
    data?: unknown;
    noIndex?: boolean;
  },
): string {
  const canonical = `${context.origin}${page.path}`;
  const nav = (
    [
      ['listings', '/listings', '挂牌项目'],
      ['deals', '/deals', '成交公示'],
      ['notices', '/notices', '变更公告'],
    ] as const
  )
    .map(
      ([key, href, label]) =>
        `<a href="${href}"${key === page.section ? ' aria-current="page"' : ''}>${label}</a>`,
    )
    .join('');
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${h(page.title)} - ${h(context.exchangeName)}信息披露</title>
<meta name="description" content="${h(page.description)}">
<link rel="canonical" href="${h(canonical)}">
<link rel="alternate" type="application/atom+xml" title="挂牌项目与成交公示" href="/feed.xml">
${page.noIndex === true ? '<meta name="robots" content="noindex">\n' : ''}<style>${STYLE}</style>
${page.data === undefined ? '' : jsonLd(page.data)}
<script src="${SITE_SCRIPT_PATH}" defer></script>
</head>
<body data-server-time="${SERVER_TIME_MARK}">
<header><div class="in"><a class="brand" href="/listings">${h(context.exchangeName)}</a><nav aria-label="栏目">${nav}</nav><a href="/#/login" style="color:#fff;margin-left:auto">会员登录</a></div></header>
<main>
${page.body}
</main>
<footer>本页信息由${h(context.exchangeName)}依法公开披露；数据亦可通过开放接口 <a href="/api/public/listings">/api/public/listings</a> 获取。</footer>
</body>
</html>`;
}

function countdown(end: string | null, now: string, stage: string): string {
  if (end === null || stage === 'suspended') return '';
  return `<span class="countdown" data-end="${h(end)}">${h(remainingText(end, now))}</span>`;
}

function listingCard(item: PublicListing, now: string): string {
  return `<article class="card">
<h2><span class="tag ${h(item.stage)}">${h(item.stageLabel)}</span><a href="/listings/${encodeURIComponent(item.code)}">${h(item.name)}</a></h2>
<div class="meta"><span>项目编号：${h(item.code)}</span><span>${h(item.businessTypeLabel)} · ${h(item.familyLabel)}</span><span>地区：${h(item.regionLabel)}</span></div>
<div class="meta"><span>${h(item.priceLabel)}：<span class="price">${h(money(item.price))}</span></span><span>保证金：${h(money(item.deposit))}</span><span>截止：${h(day(item.disclosureEnd))}</span>${countdown(item.disclosureEnd, now, item.stage)}</div>
<div class="meta"><span>浏览 ${item.visits}</span><span>关注 ${item.watches}</span></div>
</article>`;
}

type Option = { value: string; label: string };

function select(name: string, label: string, options: readonly Option[], value: string | undefined): string {
  const items = [{ value: '', label: '不限' }, ...options]
    .map(
      (option) =>
        `<option value="${h(option.value)}"${option.value === (value ?? '') ? ' selected' : ''}>${h(option.label)}</option>`,
    )
    .join('');
  return `<label>${h(label)}<select name="${name}" data-auto>${items}</select></label>`;
}

function input(
  name: string,
  label: string,
  type: string,
  value: string | number | undefined,
  extra = '',
): string {
  return `<label>${h(label)}<input name="${name}" type="${type}" value="${h(value === undefined ? '' : String(value))}"${extra}></label>`;
}

function pager(
  path: string,
  query: Record<string, unknown>,
  page: number,
  size: number,
  total: number,
): string {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages === 1) return '';
  const link = (n: number, text: string) =>
    `<a href="${path}${h(listingQueryString(query, { page: n }))}">${text}</a>`;
  return `<nav class="pager" aria-label="分页">${page > 1 ? link(page - 1, '上一页') : ''}<span>第${page}/${pages}页</span>${page < pages ? link(page + 1, '下一页') : ''}</nav>`;
}

export function listingsPage(
  context: PageContext,
  input_: {
    query: ListingQuery;
    list: readonly PublicListing[];
    total: number;
    industries: readonly Option[];
    error?: string;
  },
): string {
  const { query, list, total } = input_;
  const page = query.page ?? 1;
  const size = query.size ?? PUBLIC_PAGE_SIZE;
  const filters: Record<string, unknown> = { ...query, page: undefined };
  const form = `<form class="filters panel" method="get" action="/listings" role="search">
${select(
  'businessType',
  '业务类型',
  BUSINESS_TYPES.map((type) => ({ value: type.key, label: type.label })),
  query.businessType,
)}
${select('family', '资产类型', PROJECT_FAMILY_OPTIONS, query.family)}
${select(
  'region',
  '地区',
  listProvinces().map((region) => ({ value: region.code, label: region.name })),
  query.region,
)}
${select('industry', '行业', input_.industries, query.industry)}
${input('priceMin', '最低价格（万元）', 'number', query.priceMin, ' min="0" inputmode="numeric"')}
${input('priceMax', '最高价格（万元）', 'number', query.priceMax, ' min="0" inputmode="numeric"')}
${select(
  'stage',
  '披露阶段',
  LISTING_STAGES.map((stage) => ({ value: stage, label: LISTING_STAGE_LABELS[stage] })),
  query.stage,
)}
${input('from', '披露开始（起）', 'date', query.from)}
${input('to', '披露开始（止）', 'date', query.to)}
${input('keyword', '关键字', 'search', query.keyword, ' maxlength="50" placeholder="项目名称或编号"')}
${select(
  'sort',
  '排序',
  LISTING_SORTS.map((sort) => ({ value: sort, label: LISTING_SORT_LABELS[sort] })),
  query.sort,
)}
<button type="submit">搜索</button>
</form>`;
  const saveLink = `/#/index/watchList${h(listingQueryString({ save: listingQueryString(filters).slice(1) }))}`;
  const results =
    input_.error !== undefined
      ? `<p class="empty" role="alert">${h(input_.error)}</p>`
      : list.length === 0
        ? '<p class="empty">暂无符合条件的挂牌项目。</p>'
        : list.map((item) => listingCard(item, context.serverTime)).join('\n');
  const data = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: '挂牌项目',
    numberOfItems: total,
    itemListElement: list.map((item, index) => ({
      '@type': 'ListItem',
      position: (page - 1) * size + index + 1,
      url: `${context.origin}/listings/${encodeURIComponent(item.code)}`,
      name: item.name,
    })),
  };
  const qs = listingQueryString(filters);
  return layout(context, {
    title: '挂牌项目',
    description: `${context.exchangeName}正在信息披露的产权转让、增资扩股、实物资产等挂牌项目，共${total}个。`,
    path: `/listings${qs}`,
    section: 'listings',
    data,
    body: `<h1>挂牌项目</h1>
${form}
<p class="meta"><span>共 ${total} 个项目</span><a href="${saveLink}">保存此搜索（登录后有新项目时通知我）</a></p>
${results}
${pager('/listings', filters, page, size, total)}`,
  });
}

function factsTable(rows: readonly { label: string; value: string }[]): string {
  return `<table class="facts">${rows.map((row) => `<tr><th scope="row">${h(row.label)}</th><td>${h(row.value)}</td></tr>`).join('')}</table>`;
}

function noticesList(notices: readonly { kindLabel: string; at: string; text: string }[]): string {
  return notices
    .map(
      (notice) =>
        `<div class="notice"><strong>${h(notice.kindLabel)}</strong>（${h(day(notice.at))}）：${h(notice.text)}</div>`,
    )
    .join('');
}

export function listingPage(context: PageContext, item: PublicListingDetail): string {
  const path = `/listings/${encodeURIComponent(item.code)}`;
  const isSuspended = item.stage === 'suspended';
  const closing = item.disclosureEnd === null ? '—' : day(item.disclosureEnd);
  const head = [
    { label: '项目编号', value: item.code },
    { label: '业务类型', value: `${item.businessTypeLabel} · ${item.familyLabel}` },
    { label: item.ownerLabel, value: item.ownerName || '—' },
    { label: item.priceLabel, value: money(item.price) },
    { label: '交易保证金', value: money(item.deposit) },
    { label: '保证金交纳截止日期', value: item.depositDeadline ?? '—' },
    { label: '信息披露期', value: `${day(item.disclosureStart)} 至 ${closing}` },
    { label: '所在地区', value: item.regionLabel },
    { label: '委托会员', value: item.memberName ?? '—' },
  ];
  const suspendedNotice = isSuspended
    ? `<div class="panel" role="status"><strong>中止公告：</strong>${h(item.notices.filter((notice) => notice.kind === 'suspended').at(-1)?.text ?? '本项目已中止信息披露。')}</div>`
    : '';
  const deal =
    item.deal === null
      ? ''
      : `<h2>成交公示</h2>${factsTable([
          { label: '成交价', value: money(item.deal.price) },
          { label: '评估值', value: money(item.deal.appraisal) },
          { label: '成交方式', value: item.deal.method },
          { label: '成交日期', value: item.deal.dealtOn },
          { label: '受让方', value: item.deal.buyer },
          { label: '公示截止', value: item.deal.noticeUntil },
        ])}`;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: item.name,
    url: `${context.origin}${path}`,
    ...(item.price === null ? {} : { price: (item.price / 100).toFixed(2), priceCurrency: 'CNY' }),
    ...(item.disclosureEnd === null ? {} : { validThrough: item.disclosureEnd }),
    ...(item.disclosureStart === null ? {} : { validFrom: item.disclosureStart }),
    seller: { '@type': 'Organization', name: item.ownerName },
    offeredBy: { '@type': 'Organization', name: context.exchangeName },
  };
  const portal = `/#/index/watchList?code=${encodeURIComponent(item.code)}`;
  return layout(context, {
    title: item.name,
    description: `${item.name}（${item.code}），${item.priceLabel}${money(item.price)}，信息披露截止${closing}。`,
    path,
    section: 'listings',
    data,
    body: `<p><a href="/listings">← 挂牌项目</a></p>
<h1><span class="tag ${h(item.stage)}">${h(item.stageLabel)}</span>${h(item.name)}</h1>
${suspendedNotice}
<div class="panel"><div class="meta"><span>${h(item.priceLabel)}：<span class="price">${h(money(item.price))}</span></span><span>保证金：${h(money(item.deposit))}${item.deposit === null || item.depositDeadline === null ? '' : `（${h(item.depositDeadline)}前交纳）`}</span></div>
<div class="meta"><span>披露截止：${h(closing)}</span>${countdown(item.disclosureEnd, context.serverTime, item.stage)}<span>浏览 ${item.visits}</span><span>关注 ${item.watches}</span></div>
<div class="actions"><a href="${h(portal)}">关注项目</a><a class="secondary" href="${path}/announcement.pdf">信息披露公告（PDF）</a><a class="secondary" href="/#/login">会员登录办理意向登记</a></div></div>
<h2>项目概况</h2>
${factsTable([...head, ...item.facts.filter((fact) => !head.some((row) => row.label === fact.label.replace(/（元）$/, '')))])}
${item.description.length === 0 ? '' : `<h2>项目描述</h2><div class="panel">${item.description.map((line) => `<p>${h(line)}</p>`).join('')}</div>`}
${item.conditions.length === 0 ? '' : `<h2>受让方资格条件</h2><div class="panel">${item.conditions.map((line) => `<p>${h(line)}</p>`).join('')}</div>`}
<h2>如何参与</h2><div class="panel"><p>${h(item.howToRegister)}</p></div>
${deal}
<h2>项目公告</h2><div class="panel">${item.notices.length === 0 ? '<p>暂无公告。</p>' : noticesList(item.notices)}</div>`,
  });
}

export function dealsPage(
  context: PageContext,
  input_: {
    list: readonly PublicDeal[];
    total: number;
    page: number;
    size: number;
    query: Record<string, unknown>;
  },
): string {
  const rows = input_.list
    .map(
      (
        deal,
      ) => `<article class="card"><h2><a href="/listings/${encodeURIComponent(deal.code)}">${h(deal.name)}</a></h2>
<div class="meta"><span>项目编号：${h(deal.code)}</span><span>${h(deal.businessTypeLabel)} · ${h(deal.familyLabel)}</span></div>
<div class="meta"><span>成交价：<span class="price">${h(money(deal.price))}</span></span><span>评估值：${h(money(deal.appraisal))}</span><span>成交方式：${h(deal.method)}</span></div>
<div class="meta"><span>成交日期：${h(deal.dealtOn)}</span><span>受让方：${h(deal.buyer)}</span><span>公示至：${h(deal.noticeUntil)}</span></div></article>`,
    )
    .join('\n');
  return layout(context, {
    title: '成交公示',
    description: `${context.exchangeName}成交公示期内的项目：成交价、评估值、成交方式、成交日期与受让方。`,
    path: `/deals${listingQueryString({ ...input_.query, page: undefined })}`,
    section: 'deals',
    body: `<h1>成交公示</h1>
<form class="filters panel" method="get" action="/deals" role="search">
${select(
  'businessType',
  '业务类型',
  BUSINESS_TYPES.map((type) => ({ value: type.key, label: type.label })),
  input_.query.businessType as string | undefined,
)}
${input('keyword', '关键字', 'search', input_.query.keyword as string | undefined, ' maxlength="50"')}
<button type="submit">搜索</button></form>
<p class="meta">共 ${input_.total} 个项目在成交公示期内</p>
${rows === '' ? '<p class="empty">暂无成交公示。</p>' : rows}
${pager('/deals', { ...input_.query, page: undefined }, input_.page, input_.size, input_.total)}`,
  });
}

export function noticesPage(
  context: PageContext,
  input_: { list: readonly PublicNotice[]; total: number; page: number; size: number },
): string {
  const rows = input_.list
    .map(
      (
        notice,
      ) => `<article class="card"><h2><span class="tag">${h(notice.kindLabel)}</span><a href="/listings/${encodeURIComponent(notice.code)}">${h(notice.name)}</a></h2>
<div class="meta"><span>项目编号：${h(notice.code)}</span><span>日期：${h(day(notice.at))}</span></div><p>${h(notice.text)}</p></article>`,
    )
    .join('\n');
  return layout(context, {
    title: '中止、终结与变更公告',
    description: `${context.exchangeName}挂牌项目的中止、恢复、终止、终结与变更公告。`,
    path: '/notices',
    section: 'notices',
    body: `<h1>中止、终结与变更公告</h1>
${rows === '' ? '<p class="empty">暂无公告。</p>' : rows}
${pager('/notices', {}, input_.page, input_.size, input_.total)}`,
  });
}

export function notFoundPage(context: PageContext, message: string): string {
  return layout(context, {
    title: '项目未找到',
    description: message,
    path: '/listings',
    section: 'listings',
    noIndex: true,
    body: `<h1>项目未找到</h1><p class="empty">${h(message)}</p><p><a href="/listings">返回挂牌项目</a></p>`,
  });
}

const xml = (text: string) => h(text);

export function sitemapXml(origin: string, codes: readonly { code: string; updatedAt: string }[]): string {
  const urls = [
    `<url><loc>${xml(`${origin}/listings`)}</loc><changefreq>hourly</changefreq></url>`,
    `<url><loc>${xml(`${origin}/deals`)}</loc><changefreq>daily</changefreq></url>`,
    `<url><loc>${xml(`${origin}/notices`)}</loc><changefreq>daily</changefreq></url>`,
    ...codes.map(
      (item) =>
        `<url><loc>${xml(`${origin}/listings/${encodeURIComponent(item.code)}`)}</loc><lastmod>${xml(item.updatedAt)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function atomFeed(
  context: PageContext,
  entries: readonly { id: string; title: string; summary: string; path: string; updated: string }[],
): string {
  const updated = entries[0]?.updated ?? context.serverTime;
  const items = entries
    .map(
      (entry) =>
        `<entry><id>${xml(`${context.origin}${entry.path}#${entry.id}`)}</id><title>${xml(entry.title)}</title><link href="${xml(`${context.origin}${entry.path}`)}"/><updated>${xml(entry.updated)}</updated><summary>${xml(entry.summary)}</summary></entry>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title>${xml(context.exchangeName)}挂牌项目与成交公示</title>
<id>${xml(`${context.origin}/feed.xml`)}</id>
<link rel="self" href="${xml(`${context.origin}/feed.xml`)}"/>
<link href="${xml(`${context.origin}/listings`)}"/>
<updated>${xml(updated)}</updated>
${items}
</feed>
`;
}
