// The public disclosure site: /listings without JavaScript names the demo's disclosing projects and no draft,
// filters by business type and region and links each to its page; a page shows price, deposit, closing day and a
// countdown; the open data answers the same with an ETag (304 when unchanged); a project approved into disclosure
// appears (and a saved search hears of it); a watched listing's extended deadline reaches its watcher; a suspended
// one shows its 中止 notice on its page and in /notices; a deal made public moves to /deals; no page, feed, export
// or open-data answer carries a draft, an application under review, or a whole mobile or ID number.
import { addWorkdays, formatDate, signOffFlow, type ActionView } from '@cqjy/domain';
import type {
  PublicListing,
  PublicListingDetail,
  SavedSearch,
  WatchedListing,
} from '@cqjy/domain/contracts/public-site';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { DEMO_PROJECT_FORM } from '../../seeds/seed-bulk.ts';
import { pdfText } from '../../test/files.ts';
import {
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import { OWNER_MOBILE } from '../../test/vehicle-support.ts';
import {
  approveAction,
  clientOf,
  DEMO_PROJECT_CODE,
  enrolSigner,
  findProjectId,
  signRequest,
  type Client,
} from '../../test/workflow-support.ts';

const NEW_FORM = {
  name: '北京示范仓储中心闲置叉车十台',
  assetCategory: 'vehicle',
  listingPrice: 90_000_00,
  appraisalPrice: 100_000_00,
  disclosureDays: 10,
  depositAmount: 10_000_00,
  depositDeadline: '2027-01-29',
  paymentMode: 'lump',
  contactName: '王五',
  contactMobile: OWNER_MOBILE,
};
const UNIFIED_CLAIM_DRAFT = 'GR2026BJ1000702';

let t: TestApp;
let phone: CapturingSmsProvider;
let ownerToken: string;
let exchange: Client;
let member: Client;
let anonymous: Client;
let newProjectId: number;

beforeAll(async () => {
  phone = createCapturingSmsProvider();
  t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
  ownerToken = await loginAs(t.app, 'transferor');
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
  member = clientOf(t, await loginAs(t.app, 'member'));
  anonymous = clientOf(t, undefined);
  await enrolSigner(t, 'transferor');
});

afterAll(async () => {
  await t.close();
});

async function page(
  url: string,
): Promise<{ status: number; html: string; headers: Record<string, unknown> }> {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, html: response.body, headers: response.headers };
}

/** Every code of a project in `statuses` (the statuses the site must never show). */
async function codesIn(statuses: readonly string[]): Promise<string[]> {
  const rows = await selectRows<{ code: string }>(
    t.db,
    sql`select code from projects where status in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )})`,
  );
  return rows.map((row) => row.code);
}

describe('the listings without JavaScript', () => {
  it('names the demo disclosing projects, links each to its page, and no draft', async () => {
    const { status, html, headers } = await page('/listings');
    expect(status).toBe(200);
    expect(headers['content-type']).toContain('text/html');
    expect(html).toContain('<title>挂牌项目');
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain('application/ld+json');
    expect(html).toContain(DEMO_PROJECT_FORM.name);
    expect(html).toContain(`href="/listings/${DEMO_PROJECT_CODE}"`);
    expect(html).toContain('示范大厦三层写字楼招租');
    expect(html).toContain('href="/listings/GR2026BJ1000701"');
    expect(html).not.toContain(UNIFIED_CLAIM_DRAFT);
    for (const code of await codesIn(['draft'])) expect(html).not.toContain(code);
  });

  it('filters by business type and by region (a province finds its cities)', async () => {
    const unified = await page('/listings?businessType=9');
    expect(unified.html).toContain('示范大厦三层写字楼招租');
    expect(unified.html).not.toContain(DEMO_PROJECT_FORM.name);
    const api = await anonymous.get<{ list: PublicListing[] }>('/api/public/listings?region=110000');
    expect(api.status).toBe(0);
    expect(api.data.list.length).toBeGreaterThan(0);
    expect(api.data.list.every((item) => item.region?.startsWith('11') === true)).toBe(true);
    const elsewhere = await anonymous.get<{ list: PublicListing[]; total: number }>(
      '/api/public/listings?region=650000',
    );
    expect(elsewhere.data.total).toBe(0);
    expect((await page('/listings?region=650000')).html).toContain('暂无符合条件的挂牌项目');
  });

  it('refuses a malformed filter with its Chinese message, on the page and in the open data', async () => {
    const bad = await page('/listings?priceMin=abc');
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('价格区间请填写0至100000000之间的整数（万元）');
    const order = await anonymous.get('/api/public/listings?priceMin=100&priceMax=10');
    expect([order.status, order.msg]).toEqual([1, '最低价格不能高于最高价格']);
  });

  it('shows a listing: price, deposit, closing day and the countdown by the server clock', async () => {
    const { status, html } = await page(`/listings/${DEMO_PROJECT_CODE}`);
    expect(status).toBe(200);
    expect(html).toContain('1,860,000.00元');
    expect(html).toContain('交易保证金');
    expect(html).toMatch(/披露截止：\d{4}-\d{2}-\d{2}/);
    expect(html).toMatch(/class="countdown" data-end="[^"]+">剩余\d+天/);
    expect(html).toContain('data-server-time=');
    // the owner's contact mobile is published masked
    expect(html).toContain('138****0001');
    expect(html).not.toContain('13800000001');
    const missing = await page(`/listings/${UNIFIED_CLAIM_DRAFT}`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('该项目不存在、尚未披露或披露已结束');
    expect((await anonymous.get(`/api/public/listings/${UNIFIED_CLAIM_DRAFT}`)).status).toBe(404);
  });

  it('publishes the announcement as a PDF of the published fields, the contact mobile masked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/listings/${DEMO_PROJECT_CODE}/announcement.pdf`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.rawPayload);
    expect(text).toContain(`${DEMO_PROJECT_FORM.name}信息披露公告`);
    expect(text).toContain('138****0001');
    expect(text).not.toContain('13800000001');
    const draft = await t.app.inject({
      method: 'GET',
      url: `/listings/${UNIFIED_CLAIM_DRAFT}/announcement.pdf`,
    });
    expect(draft.statusCode).toBe(404);
  });

  it('answers the open data with an ETag and a short max-age, 304 when unchanged', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/public/listings' });
    expect(first.headers['cache-control']).toBe('public, max-age=10');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/public/listings',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the sitemap, the Atom feed and the export', async () => {
    const sitemap = await page('/sitemap.xml');
    expect(sitemap.html).toContain(`/listings/${DEMO_PROJECT_CODE}</loc>`);
    const feed = await page('/feed.xml');
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    expect(feed.html).toContain(DEMO_PROJECT_FORM.name);
    const csv = await page('/api/public/export?dataset=listings&format=csv');
    expect(csv.html.startsWith('\uFEFFcode,name,')).toBe(true);
    expect(csv.html).toContain(DEMO_PROJECT_CODE);
    const docs = await page('/api/docs/json');
    expect(docs.html).toContain('/api/public/listings');
    expect(docs.html).toContain('/api/public/export');
  });
});

describe('what changes on the site', () => {
  it('a project approved into disclosure appears (not while under review), and a saved search is told', async () => {
    const saved = await member.post('/api/public/search', {
      name: '北京实物资产',
      query: { businessType: '2', region: '110000', sort: 'closing' },
      sms: true,
    });
    expect(saved.status, saved.msg).toBe(0);
    const searches = await member.get<SavedSearch[]>('/api/public/search/list');
    expect(searches.data[0]?.summary).toBe('业务类型：实物资产；地区：北京市');
    expect((await member.post('/api/public/search', { name: '全部', query: {} })).msg).toBe(
      '请至少选择一个筛选条件再保存',
    );
    const owner = clientOf(t, ownerToken);
    const created = await owner.post<{ id: number; version: number }>('/api/project/bulk', {
      form: NEW_FORM,
    });
    expect(created.status, created.msg).toBe(0);
    const code = await codeOf(created.data.id);
    expect((await page(`/listings/${code}`)).status).toBe(404);
    const submitted = await owner.post<{ actionId: number; taskId: number }>(
      `/api/project/bulk/submit/${created.data.id}`,
      { version: created.data.version },
    );
    expect(submitted.status, submitted.msg).toBe(0);
    const { actionId, taskId } = submitted.data;
    t.clock.advance(61_000);
    expect((await owner.post('/api/workflow/sign/otp', { dataId: actionId })).status).toBe(0);
    const signed = await owner.post(
      '/api/project/bulk/disclosure/signature',
      signRequest({ dataId: actionId, taskId, type: 'EicSre', otp: phone.lastCodeTo(OWNER_MOBILE) }),
    );
    expect(signed.status, signed.msg).toBe(0);
    // under review: still nowhere on the site
    expect((await page(`/listings/${code}`)).status).toBe(404);
    expect((await page('/listings?size=100')).html).not.toContain(NEW_FORM.name);
    const review = await exchange.get<ActionView>(`/api/project/bulk/disclosure/show/${actionId}`);
    const passed = await exchange.post(`/api/task/signoff/${signOffFlow('bulk')}`, {
      ...signRequest({ dataId: actionId, taskId: review.data.openTask?.id ?? 0, type: 'Review' }),
      result: 'pass',
    });
    expect(passed.status, passed.msg).toBe(0);
    const listed = await anonymous.get<PublicListingDetail>(`/api/public/listings/${code}`);
    expect(listed.status, listed.msg).toBe(0);
    expect(listed.data).toMatchObject({ name: NEW_FORM.name, stage: 'formal', price: NEW_FORM.listingPrice });
    expect(listed.data.notices.map((notice) => notice.kindLabel)).toEqual(['挂牌公告']);
    expect((await page('/listings')).html).toContain(NEW_FORM.name);
    const told = await selectRows<{ title: string; body: string }>(
      t.db,
      sql`select title, body from notifications where kind = 'listing.matched' order by id desc limit 1`,
    );
    expect(told[0]?.title).toBe('有新的挂牌项目符合您的搜索“北京实物资产”');
    expect(told[0]?.body).toContain(code);
    newProjectId = created.data.id;
  });

  it('a watched listing whose deadline is extended tells its watcher; a suspended one shows its 中止 notice', async () => {
    const refused = await anonymous.post(`/api/public/watch/${DEMO_PROJECT_CODE}`, { sms: false });
    expect(refused.status).toBe(401);
    expect((await member.post(`/api/public/watch/${UNIFIED_CLAIM_DRAFT}`, {})).status).toBe(404);
    const watched = await member.post<{ watches: number }>(`/api/public/watch/${DEMO_PROJECT_CODE}`, {
      sms: true,
    });
    expect(watched.status, watched.msg).toBe(0);
    expect(watched.data.watches).toBe(1);
    const before = await anonymous.get<PublicListingDetail>(`/api/public/listings/${DEMO_PROJECT_CODE}`);
    const projectId = await findProjectId(t, DEMO_PROJECT_CODE);
    await approveAction({
      t,
      phone,
      mobile: OWNER_MOBILE,
      ownerToken,
      exchange,
      projectId,
      action: 'supplement',
      form: { reason: '补充披露资产明细，延长披露期', extendDays: 5 },
    });
    const oldEnd = formatDate(before.data.disclosureEnd ?? '');
    const newEnd = formatDate(addWorkdays(before.data.disclosureEnd ?? '', 5).date);
    const told = await selectRows<{ body: string; link: string }>(
      t.db,
      sql`select body, link from notifications where kind = 'listing.changed' order by id desc limit 1`,
    );
    expect(told[0]?.body).toBe(
      `您关注的项目“${DEMO_PROJECT_FORM.name}”（${DEMO_PROJECT_CODE}）披露截止日期由${oldEnd}调整为${newEnd}。`,
    );
    expect(told[0]?.link).toBe('/index/watchList');
    const sms = await selectRows<{ content: string }>(
      t.db,
      sql`select content from sms_outbox where template = 'listingChanged' order by id desc limit 1`,
    );
    expect(sms[0]?.content).toContain(
      `您关注的项目${DEMO_PROJECT_CODE}披露截止日期由${oldEnd}调整为${newEnd}`,
    );
    const watches = await member.get<WatchedListing[]>('/api/public/watch/list');
    expect(watches.data.map((item) => item.code)).toEqual([DEMO_PROJECT_CODE]);

    await approveAction({
      t,
      phone,
      mobile: OWNER_MOBILE,
      ownerToken,
      exchange,
      projectId,
      action: 'abort',
      form: { reason: '标的权属需进一步核实，申请中止' },
    });
    const suspended = await page(`/listings/${DEMO_PROJECT_CODE}`);
    expect(suspended.html).toContain('中止公告：');
    expect(suspended.html).toContain('已中止');
    const notices = await page('/notices');
    expect(notices.html).toContain('中止公告');
    expect(notices.html).toContain(DEMO_PROJECT_CODE);
    const lastTold = await selectRows<{ body: string }>(
      t.db,
      sql`select body from notifications where kind = 'listing.changed' order by id desc limit 1`,
    );
    expect(lastTold[0]?.body).toContain('发布了中止公告');
  });

  it('a deal made public moves from the listings to /deals, the buyer as the rules allow', async () => {
    const code = await codeOf(newProjectId);
    await approveAction({
      t,
      phone,
      mobile: OWNER_MOBILE,
      ownerToken,
      exchange,
      projectId: newProjectId,
      action: 'contract',
      form: {
        reason: '项目成交，录入合同信息',
        contractNo: 'HT2026-0099',
        transfereeName: '张三丰',
        dealPrice: 95_000_00,
        signDate: formatDate(t.clock.now()),
      },
    });
    const listings = await page('/listings?size=100');
    expect(listings.html).not.toContain(`href="/listings/${code}"`);
    const deals = await page('/deals');
    expect(deals.html).toContain(NEW_FORM.name);
    expect(deals.html).toContain('95,000.00元');
    expect(deals.html).toContain('张**');
    expect(deals.html).not.toContain('张三丰');
    const detail = await anonymous.get<PublicListingDetail>(`/api/public/listings/${code}`);
    expect(detail.data.deal).toMatchObject({
      price: 95_000_00,
      appraisal: NEW_FORM.appraisalPrice,
      buyer: '张**',
    });
    expect(detail.data.notices.map((notice) => notice.kindLabel)).toEqual(['挂牌公告', '成交公告']);
  });
});

describe('only what is public', () => {
  it('no page, feed, export or open-data answer carries a draft, an application under review or a whole personal number', async () => {
    const hidden = await codesIn(['draft', 'appraising']);
    const underReview = await selectRows<{ code: string }>(
      t.db,
      sql`select p.code from action_instances a join projects p on p.id = a.project_id
          where a.status = 'underReview' and p.status = 'draft'`,
    );
    const codes = [...hidden, ...underReview.map((row) => row.code)];
    expect(codes.length).toBeGreaterThan(0);
    const listed = await anonymous.get<{ list: PublicListing[] }>('/api/public/listings?size=100');
    const pages = [
      '/listings',
      '/listings?size=100',
      '/deals',
      '/notices',
      '/sitemap.xml',
      '/feed.xml',
      '/api/public/listings?size=100',
      '/api/public/deals?size=100',
      '/api/public/notices?size=100',
      '/api/public/export?dataset=listings&format=json',
      '/api/public/export?dataset=deals&format=csv',
      ...listed.data.list.flatMap((item) => [`/listings/${item.code}`, `/api/public/listings/${item.code}`]),
    ];
    for (const url of pages) {
      const { html } = await page(url);
      for (const code of codes) expect(html, `${url} names ${code}`).not.toContain(code);
      expect(html, `${url} carries a mobile number`).not.toMatch(/(?<!\d)1[3-9]\d{9}(?!\d)/);
      expect(html, `${url} carries an ID number`).not.toMatch(/(?<!\d)\d{17}[\dXx](?![\dXx])/);
    }
  });
});

async function codeOf(projectId: number): Promise<string> {
  const rows = await selectRows<{ code: string }>(
    t.db,
    sql`select code from projects where id = ${projectId}`,
  );
  return rows[0]?.code ?? '';
}
