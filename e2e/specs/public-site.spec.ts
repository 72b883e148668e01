// The public disclosure site, first in plain HTTP (no JavaScript, as a search engine reads it) and then in Chromium on
// a phone's screen: /listings names the demo's disclosing projects and links each to its page, filters by business
// type and region; a listing's page shows its price, deposit, closing day and countdown, which the page's script
// runs on the server's clock. A project approved into disclosure, suspended and ended during a test is followed on
// the site by the bulk project's spec; a deal's move to /deals by the unified spec's.
import { expect, test } from '@playwright/test';
import { keepScreenshot, signIn } from './helpers.ts';

const BULK_DEMO = { code: 'GR2026BJ1000123', name: '北京示范国有资产经营有限公司废旧设备一批' };
const LEASE_DEMO = { code: 'GR2026BJ1000701', name: '示范大厦三层写字楼招租' };
const CLAIM_DRAFT = 'GR2026BJ1000702';

test('SITE-1 /listings in plain HTTP: the disclosing projects, their links, the filters, a listing page', async ({
  request,
}) => {
  const listings = await request.get('/listings');
  expect(listings.status()).toBe(200);
  const html = await listings.text();
  expect(html).toContain('<title>挂牌项目');
  expect(html).toContain('<meta name="description"');
  expect(html).toContain('<link rel="canonical"');
  expect(html).toContain('"@type":"ItemList"');
  for (const demo of [BULK_DEMO, LEASE_DEMO]) {
    expect(html).toContain(demo.name);
    expect(html).toContain(`href="/listings/${demo.code}"`);
  }
  expect(html).not.toContain(CLAIM_DRAFT);

  const unified = await (await request.get('/listings?businessType=9')).text();
  expect(unified).toContain(LEASE_DEMO.name);
  expect(unified).not.toContain(BULK_DEMO.name);
  const beijing = await (await request.get('/listings?region=110000')).text();
  expect(beijing).toContain(BULK_DEMO.name);
  const xinjiang = await (await request.get('/listings?region=650000&businessType=2')).text();
  expect(xinjiang).toContain('暂无符合条件的挂牌项目');

  const listing = await (await request.get(`/listings/${BULK_DEMO.code}`)).text();
  expect(listing).toContain(`<title>${BULK_DEMO.name}`);
  expect(listing).toContain('"@type":"Offer"');
  expect(listing).toContain('挂牌价：<span class="price">1,860,000.00元</span>');
  expect(listing).toMatch(/保证金：[\d,]+\.\d{2}元（\d{4}-\d{2}-\d{2}前交纳）/);
  expect(listing).toMatch(/披露截止：\d{4}-\d{2}-\d{2}/);
  expect(listing).toMatch(/class="countdown" data-end="[^"]+">剩余\d+天\d+小时/);
  expect((await request.get(`/listings/${CLAIM_DRAFT}`)).status()).toBe(404);

  const open = await request.get('/api/public/listings?businessType=9');
  expect(open.headers()['etag']).toBeTruthy();
  const body = (await open.json()) as { data: { list: { code: string }[] } };
  expect(body.data.list.map((item) => item.code)).toContain(LEASE_DEMO.code);
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`/listings/${BULK_DEMO.code}</loc>`);
  expect(await (await request.get('/feed.xml')).text()).toContain(BULK_DEMO.name);
});

test('SITE-2 on a phone: the filters submit as chosen, the countdown runs, a member watches from the page', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/listings');
  await expect(page.getByRole('heading', { name: '挂牌项目' })).toBeVisible();
  await keepScreenshot(page, 'site-01-listings-phone');
  await page.getByLabel('业务类型').selectOption({ label: '综合类' });
  await expect(page).toHaveURL(/\/listings\?businessType=9/);
  await expect(page.getByRole('link', { name: LEASE_DEMO.name })).toBeVisible();
  await expect(page.getByRole('link', { name: BULK_DEMO.name })).toHaveCount(0);

  await page.getByRole('link', { name: LEASE_DEMO.name }).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${LEASE_DEMO.code}$`));
  await expect(page.locator('.countdown').first()).toHaveText(/^剩余\d+天\d+小时\d+分$/);
  await expect(page.getByRole('row', { name: /委托会员/ })).toBeVisible();
  await keepScreenshot(page, 'site-02-listing-phone');
  await context.close();

  // a visitor whose own clock is two days fast: the countdown runs on (three minutes later, three minutes less)
  // from the server's time, not from the visitor's clock (which would take two days off)
  const skewed = await browser.newContext();
  await skewed.clock.install({ time: new Date(Date.now() + 2 * 86_400_000) });
  const visitor = await skewed.newPage();
  await visitor.goto(`/listings/${LEASE_DEMO.code}`);
  const countdown = visitor.locator('.countdown').first();
  const before = minutesLeft(await countdown.textContent());
  await visitor.clock.runFor(180_000);
  await expect
    .poll(async () => before - minutesLeft(await countdown.textContent()))
    .toBeGreaterThanOrEqual(2);
  expect(before - minutesLeft(await countdown.textContent())).toBeLessThanOrEqual(4);
  await skewed.close();

  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'member');
  await expect(member).toHaveURL(/#\/index\//);
  await member.goto(`/listings/${LEASE_DEMO.code}`);
  await member.getByRole('link', { name: '关注项目' }).click();
  await expect(member).toHaveURL(new RegExp(`#/index/watchList\\?code=${LEASE_DEMO.code}`));
  await member.getByRole('checkbox', { name: '同时发送短信到我的手机' }).check();
  await member.getByRole('button', { name: /^关\s*注$/ }).click();
  await expect(member.getByText('已关注该项目').first()).toBeVisible();
  await expect(member.getByRole('row', { name: new RegExp(LEASE_DEMO.name) })).toBeVisible();
  await keepScreenshot(member, 'site-03-watch-list');
  await member.goto(`/listings/${LEASE_DEMO.code}`);
  await expect(member.getByText(/关注 1/).first()).toBeVisible();
});

/** The minutes a countdown's text (剩余3天4小时5分) leaves. */
function minutesLeft(text: string | null): number {
  const match = /^剩余(\d+)天(\d+)小时(\d+)分$/.exec(text ?? '');
  if (match === null) throw new Error(`not a countdown: ${text}`);
  return Number(match[1]) * 1440 + Number(match[2]) * 60 + Number(match[3]);
}
