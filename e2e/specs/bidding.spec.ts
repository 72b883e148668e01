// The buyer side end to end, in Chromium against the real server: the agent member registers two buyers on the
// owner's disclosing bulk project (the demo project, which asks a deposit) and e-signs both registrations with
// the SMS code; the exchange records both deposits; the owner passes both in its qualification review and the
// exchange confirms them; two qualified buyers make the course a bidding, and the exchange opens the hall. Two
// browser contexts of the agent bid for the two buyers against each other: a bid in the timed period restarts the
// countdown, a bid below the increment is refused with its message; the hall closes by the server's clock, its
// signed result PDF verifies in pdfsig, and the owner's contract screen starts from the winner and the winning
// price. The file runs before workflow.spec, which suspends the demo project.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { composeCreditCode } from '@cqjy/domain';
import { keepScreenshot, pickOption, signIn } from './helpers.ts';
import { fillCode } from './workflow-steps.ts';

const PROJECT_NAME = '北京示范国有资产经营有限公司废旧设备一批';
const PROJECT_CODE = 'GR2026BJ1000123';
/** Each attempt registers buyers of its own: a retry must not meet the first attempt's certificate numbers. */
const RUN = String(Date.now() % 100_000_000).padStart(8, '0');
const BUYERS = [
  { name: `竞买示范甲企业${RUN.slice(-4)}`, certNo: composeCreditCode('110108', `8${RUN.slice(1)}`) },
  { name: `竞买示范乙企业${RUN.slice(-4)}`, certNo: composeCreditCode('110108', `9${RUN.slice(1)}`) },
] as const;

/** The agent registers one buyer on the demo project and e-signs its registration letter. */
async function registerBuyer(page: Page, buyer: (typeof BUYERS)[number], screenshot: string): Promise<void> {
  await page.goto('/#/index/intentionPro');
  await page.getByRole('button', { name: '代理意向登记' }).click();
  await expect(page).toHaveURL(/#\/index\/addIntention/);
  const project = page.getByLabel('意向项目', { exact: true });
  await project.click();
  await project.fill(PROJECT_CODE);
  await page.locator('.ant-select-dropdown:visible').getByTitle(PROJECT_NAME).click();
  await expect(page.getByText('100,000.00').first()).toBeVisible();
  await page.getByLabel('法人或其他组织').check();
  await page.getByLabel('意向受让方名称').fill(buyer.name);
  await pickOption(page, '证件类型', '统一社会信用代码');
  await page.getByLabel('证件号码').fill(buyer.certNo);
  await page.getByLabel('联系人').fill('钱经理');
  await page.getByLabel('联系电话').fill('13900000002');
  await keepScreenshot(page, `${screenshot}-form`);
  await page.getByRole('button', { name: '生成登记函' }).click();
  await expect(page).toHaveURL(/#\/index\/bulkShow\?id=\d+/);
  await expect(page.getByTestId('intention-status')).toHaveText('待签章');
  await fillCode(page);
  await page.getByRole('button', { name: '签章并提交' }).click();
  await expect(page.getByTestId('intention-status')).toHaveText('待资格审核');
  await keepScreenshot(page, `${screenshot}-signed`);
}

/** The project's page, at its 意向登记 card. */
async function openCard(page: Page): Promise<void> {
  await page.goto('/#/index/bulkShowProject?id=1');
  await expect(page.getByText(PROJECT_NAME).first()).toBeVisible();
  await expect(page.getByText('意向登记', { exact: true }).first()).toBeVisible();
}

function rowOf(page: Page, buyerName: string) {
  return page.getByRole('row', { name: new RegExp(buyerName) });
}

/** Clicks a row's action and confirms its dialog. */
async function actAndConfirm(
  page: Page,
  buyerName: string,
  action: string,
  okText = /确\s*定/,
): Promise<void> {
  await rowOf(page, buyerName).getByRole('button', { name: action }).click();
  await page.getByRole('dialog').getByRole('button', { name: okText }).click();
}

/** The seconds the hall's countdown shows (mm:ss or hh:mm:ss). */
async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('bidding-countdown').textContent()) ?? '';
  return text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

/** A context of the agent in the bidding hall, bidding for `bidder` (its J number's buyer). */
async function enterHall(browser: Browser, hallUrl: string, buyerName: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'agent');
  await expect(page).toHaveURL(/#\/index\//);
  await page.goto(hallUrl);
  await expect(page.getByTestId('bidding-status')).toBeVisible();
  const picker = page.getByLabel('竞买号', { exact: true });
  await picker.click();
  await page.locator('.ant-select-dropdown:visible').getByText(buyerName, { exact: false }).click();
  return page;
}

async function bid(page: Page, yuan: string): Promise<void> {
  // typed as a person types it, over the amount the field offers
  await page.locator('#bidding-amount').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(yuan);
  await page.getByTestId('bidding-submit').click();
  await page.getByRole('dialog').getByRole('button', { name: '确认出价' }).click();
}

test('BF-2.x the buyer side: registrations, deposits, qualification review and a live bidding', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);

  // The agent member registers two buyers and e-signs both registrations.
  await signIn(page, 'agent');
  await expect(page).toHaveURL(/#\/index\//);
  await registerBuyer(page, BUYERS[0], 'bidding-01-register-a');
  await registerBuyer(page, BUYERS[1], 'bidding-02-register-b');
  await page.goto('/#/index/intentionPro');
  for (const buyer of BUYERS) await expect(rowOf(page, buyer.name)).toContainText('待资格审核');
  await keepScreenshot(page, 'bidding-03-intention-list');

  // The exchange records both deposits.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\//);
  await openCard(admin);
  for (const buyer of BUYERS) {
    await actAndConfirm(admin, buyer.name, '登记保证金');
    await expect(rowOf(admin, buyer.name)).toContainText('已交纳');
  }

  // The owner passes both in its qualification review; the exchange confirms them.
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'transferor');
  await expect(owner).toHaveURL(/#\/index\//);
  await openCard(owner);
  for (const buyer of BUYERS) {
    await rowOf(owner, buyer.name).getByRole('button', { name: '资格审核通过' }).click();
    await owner.getByRole('dialog').getByRole('textbox').fill('符合受让方资格条件');
    await owner
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(rowOf(owner, buyer.name)).toContainText('转让方已确认');
  }
  await keepScreenshot(owner, 'bidding-04-owner-review');
  await admin.reload();
  for (const buyer of BUYERS) {
    await actAndConfirm(admin, buyer.name, '资格确认');
    await expect(rowOf(admin, buyer.name)).toContainText('资格已确认');
  }
  await expect(admin.getByTestId('deal-course')).toContainText('网络竞价');

  // The exchange opens the hall: bidding at once for 5 seconds of free bids, then a 30-second countdown.
  await admin.getByRole('button', { name: '开启网络竞价' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('自由报价期（秒）').fill('5');
  await dialog.getByLabel('限时报价周期（秒）').fill('30');
  await keepScreenshot(admin, 'bidding-05-open');
  await dialog.getByRole('button', { name: /^开\s*启$/ }).click();
  await expect(admin).toHaveURL(/#\/index\/biddingHall\?id=\d+/);
  const hallUrl = `/${new URL(admin.url()).hash}`;

  // Two contexts of the agent bid for the two buyers against each other.
  const first = await enterHall(browser, hallUrl, BUYERS[0].name);
  const second = await enterHall(browser, hallUrl, BUYERS[1].name);
  await bid(first, '1860000');
  await expect(second.getByTestId('bidding-current-price')).toContainText('1,860,000.00');

  // A bid below the increment (1,000 yuan) is refused with its message.
  await bid(second, '1860500');
  await expect(second.getByTestId('bidding-refusal')).toContainText('报价不能低于1,861,000.00元');

  // In the timed period a bid restarts the countdown.
  await expect(second.getByTestId('bidding-status')).toHaveText('限时报价', { timeout: 15_000 });
  await expect.poll(() => countdownSeconds(second), { timeout: 30_000 }).toBeLessThan(24);
  await bid(second, '1861000');
  await expect(first.getByTestId('bidding-current-price')).toContainText('1,861,000.00');
  await expect.poll(() => countdownSeconds(first), { timeout: 5_000 }).toBeGreaterThan(25);
  await keepScreenshot(first, 'bidding-06-hall');

  // Nobody bids again: the hall closes by the server's clock, and the winner is the second buyer.
  await expect(first.getByText('竞价已结束', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(first.getByText(`竞得人：${BUYERS[1].name}，成交价：1,861,000.00元`)).toBeVisible();
  await keepScreenshot(first, 'bidding-07-closed');

  // The signed result PDF verifies in pdfsig.
  const [download] = await Promise.all([
    first.waitForEvent('download'),
    first.getByRole('button', { name: '下载竞价结果' }).click(),
  ]);
  const path = join(mkdtempSync(join(tmpdir(), 'cqjy-bidding-')), 'result.pdf');
  await download.saveAs(path);
  const pdfsig = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  expect(`${pdfsig.stdout}${pdfsig.stderr}`).toContain('Signature is Valid');

  // The owner's contract screen starts from the winner and the winning price.
  await owner.goto('/#/index/bulkContractAon?projectId=1');
  await expect(owner.getByLabel('受让方名称')).toHaveValue(BUYERS[1].name);
  await expect(owner.getByLabel('成交价')).toHaveValue('1,861,000.00');
  await keepScreenshot(owner, 'bidding-08-contract');
});
