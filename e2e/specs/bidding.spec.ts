// The buyer side end to end, in Chromium against the real server. The owner copies the demo bulk project (which
// asks a deposit) into a project of this run and has it disclosed. Two member companies register one buyer each
// (a member represents one buyer of a project): the agent member on its 代理意向登记 screens, e-signing with the SMS
// code, and the demo member through the same calls (its role has no 代理意向登记 screen). The exchange records both
// deposits (the amount, the day, the bank's reference); the owner passes both in its qualification review and the
// exchange confirms them; two qualified buyers make the course a bidding, but 开启网络竞价 stays disabled with the
// server's reason while the disclosure (and so the registrations) runs. The owner ends the disclosure (终止披露) and
// the exchange opens the hall. Each member bids for its own buyer in a browser context of its own: 加一手 offers one
// step above the current price, a bid below it is refused with its message, a bid in the timed period (the hall's,
// on the second member's proxy ceiling, 委托代理出价) restarts the countdown; the hall closes by the server's clock, its signed result PDF verifies in pdfsig, the project is 待签约
// with the result in its process log, and the owner's contract screen starts from the winner and the winning price.
// The deposit ledger follows (保证金台账): the second buyer's deposit arrives through the bank's statement, imported
// after its preview; the loser's is owed back once the hall closed, sent to the bank in a refund batch (its CSV file)
// and closed by the bank's confirmation; the winner's counts toward the price until the winner defaults: the
// exchange records it in the hall, the deposit is forfeited and the deal offered to the other bidder at its own
// bid (递补), which its member accepts. The demo project itself stays as it was for the specs after this one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  composeCreditCode,
  DEPOSIT_SETTLEMENT_PREFIX_DEFAULT,
  formatDate,
  virtualAccountOf,
} from '@cqjy/domain';
import { answerDialog, keepScreenshot, signIn } from './helpers.ts';
import {
  bid,
  discloseProject,
  endDisclosure,
  enterHall,
  openCard,
  registerByCalls,
  rowOf,
} from './bidding-steps.ts';
import { drawRegistration } from './intention-steps.ts';
import { fillCode } from './workflow-steps.ts';

/** Each attempt has a project and buyers of its own: a retry must not meet the first attempt's. */
const RUN = String(Date.now() % 100_000_000).padStart(8, '0');
const PROJECT_NAME = `竞价演示废旧设备一批${RUN.slice(-5)}`;
const BUYERS = [
  { name: `竞买示范甲企业${RUN.slice(-4)}`, certNo: composeCreditCode('110108', `8${RUN.slice(1)}`) },
  { name: `竞买示范乙企业${RUN.slice(-4)}`, certNo: composeCreditCode('110108', `9${RUN.slice(1)}`) },
] as const;

/** The agent member registers one buyer on the project and e-signs its registration letter. */
async function registerBuyer(page: Page, buyer: (typeof BUYERS)[number], screenshot: string): Promise<void> {
  await drawRegistration(page, PROJECT_NAME, buyer, 'bulkShow', async () => {
    // the project's deposit is shown as it is picked
    await expect(page.getByText('100,000.00').first()).toBeVisible();
    await keepScreenshot(page, `${screenshot}-form`);
  });
  // the letter carries the deposit: it is owed from now on (never 无需交纳 beside the amount due)
  await expect(page.getByTestId('intention-deposit-state')).toHaveText('未交纳');
  await keepScreenshot(page, `${screenshot}-letter`);
  await fillCode(page);
  await page.getByRole('button', { name: '签章并提交' }).click();
  await expect(page.getByTestId('intention-status')).toHaveText('待资格审核');
}

/** The exchange imports the bank's statement with the transfer into the registration's receiving account. */
async function importStatement(page: Page, registrationId: number, serial: string): Promise<void> {
  const account = virtualAccountOf(DEPOSIT_SETTLEMENT_PREFIX_DEFAULT, registrationId);
  const path = join(mkdtempSync(join(tmpdir(), 'cqjy-statement-')), '对账单.csv');
  const header = '交易流水号,收款账号,金额（元）,到账时间,付款人户名,付款人账号';
  writeFileSync(
    path,
    `${header}\r\n${serial},${account},100000.00,${formatDate(new Date())} 09:30:00,${BUYERS[1].name},6222000011112222\r\n`,
  );
  await page.goto('/#/index/deposit');
  await page.getByRole('button', { name: '导入对账单' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(path);
  // the preview: what the line will be, nothing stored yet
  await expect(dialog.getByRole('row', { name: new RegExp(serial) })).toContainText('已匹配');
  await expect(dialog.getByRole('row', { name: new RegExp(serial) })).toContainText(BUYERS[1].name);
  await keepScreenshot(page, 'bidding-04-statement-preview');
  await answerDialog(dialog, '确认导入');
  await expect(page.getByRole('row', { name: new RegExp(serial) })).toContainText('已匹配');
}

/** Clicks a row's action and confirms its dialog. */
async function actAndConfirm(
  page: Page,
  buyerName: string,
  action: string,
  okText = /确\s*定/,
): Promise<void> {
  await rowOf(page, buyerName).getByRole('button', { name: action }).click();
  // closed once the server took the decision
  await answerDialog(page.getByRole('dialog'), okText);
}

/** The exchange records a buyer's deposit as the bank statement shows it. */
async function recordDeposit(page: Page, buyerName: string, reference: string): Promise<void> {
  await rowOf(page, buyerName).getByRole('button', { name: '登记保证金' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('deposit-owed')).toHaveText('100,000.00元');
  await dialog.getByLabel('到账金额（元）').fill('100000');
  await dialog.getByLabel('银行流水号').fill(reference);
  await keepScreenshot(page, 'bidding-04-deposit-dialog');
  await answerDialog(dialog, /^登\s*记$/);
  await expect(rowOf(page, buyerName)).toContainText('已交纳');
}

/** The seconds the hall's countdown shows (mm:ss or hh:mm:ss). */
async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('bidding-countdown').textContent()) ?? '';
  return text
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
}

test('BF-2.x the buyer side: registrations, deposits, qualification review and a live bidding', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);

  // The owner has a project of this run disclosed.
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\//);
  const projectId = await discloseProject(page, browser, PROJECT_NAME);
  const owner = page;

  // Two member companies register one buyer each.
  const agent = await (await browser.newContext()).newPage();
  await signIn(agent, 'agent');
  await expect(agent).toHaveURL(/#\/index\//);
  await registerBuyer(agent, BUYERS[0], 'bidding-01-register-a');
  // the same member may not represent a second, competing buyer of the project
  await agent.goto('/#/index/intentionPro');
  await expect(rowOf(agent, BUYERS[0].name)).toContainText('待资格审核');
  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'member');
  await expect(member).toHaveURL(/#\/index\//);
  const secondId = await registerByCalls(member, projectId, BUYERS[1]);
  await keepScreenshot(agent, 'bidding-02-intention-list');

  // The exchange records the first deposit by hand, with the bank's record; the second arrives in the bank's
  // statement, imported on 保证金台账.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\//);
  await openCard(admin, projectId, PROJECT_NAME);
  await recordDeposit(admin, BUYERS[0].name, `HX${RUN}01`);
  await importStatement(admin, secondId, `HX${RUN}02`);
  await openCard(admin, projectId, PROJECT_NAME);
  await expect(rowOf(admin, BUYERS[1].name)).toContainText('已交纳');

  // The owner passes both in its qualification review; the exchange confirms them.
  await openCard(owner, projectId, PROJECT_NAME);
  for (const buyer of BUYERS) {
    await rowOf(owner, buyer.name).getByRole('button', { name: '资格审核通过' }).click();
    await owner.getByRole('dialog').getByRole('textbox').fill('符合受让方资格条件');
    // the dialog closes once the server took the opinion; the list is read again after it
    await answerDialog(owner.getByRole('dialog'), /确\s*定/);
    await expect(rowOf(owner, buyer.name)).toContainText('转让方已确认');
  }
  await keepScreenshot(owner, 'bidding-03-owner-review');
  await admin.reload();
  for (const buyer of BUYERS) {
    await actAndConfirm(admin, buyer.name, '资格确认');
    await expect(rowOf(admin, buyer.name)).toContainText('资格已确认');
  }
  await expect(admin.getByTestId('deal-course')).toContainText('网络竞价');

  // While the disclosure runs, the registrations are open: the hall may not open, and the page says why.
  const open = admin.getByRole('button', { name: '开启网络竞价' });
  await expect(open).toBeDisabled();
  await expect(admin.getByTestId('deal-blocked')).toContainText('截止后方可确定成交');
  await keepScreenshot(admin, 'bidding-05-open-disabled');

  // The owner ends the disclosure (终止披露); the exchange approves it.
  await endDisclosure(owner, browser, projectId, PROJECT_NAME);

  // The exchange opens the hall: bidding at once for 5 seconds of free bids, then a 30-second countdown.
  await openCard(admin, projectId, PROJECT_NAME);
  await expect(admin.getByTestId('deal-blocked')).toHaveCount(0);
  await admin.getByRole('button', { name: '开启网络竞价' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('自由报价期（秒）').fill('5');
  await dialog.getByLabel('限时报价周期（秒）').fill('30');
  await keepScreenshot(admin, 'bidding-06-open');
  await dialog.getByRole('button', { name: /^开\s*启$/ }).click();
  await expect(admin).toHaveURL(/#\/index\/biddingHall\?id=\d+/);
  const hallUrl = `/${new URL(admin.url()).hash}`;

  // Each member bids for its own buyer.
  const first = await enterHall(browser, 'agent', hallUrl, BUYERS[0].name);
  const second = await enterHall(browser, 'member', hallUrl, BUYERS[1].name);
  await bid(first, '1860000');
  await expect(second.getByTestId('bidding-current-price')).toContainText('1,860,000.00');

  // 加一手 offers one step (1,000 yuan) above the current price: the next valid bid, not a step on top of it.
  await second.getByRole('button', { name: '加一手' }).click();
  await expect(second.locator('#bidding-amount')).toHaveValue('1,861,000.00');

  // A bid below the next valid one is refused with its message.
  await bid(second, '1860500');
  await expect(second.getByTestId('bidding-refusal')).toContainText('报价不能低于1,861,000.00元');

  // In the timed period a bid restarts the countdown: here the hall's own, made on the second member's ceiling
  // (委托代理出价): one step above the current price at once, and no higher while nobody tops it.
  await expect(second.getByTestId('bidding-status')).toHaveText('限时报价', { timeout: 15_000 });
  await expect.poll(() => countdownSeconds(second), { timeout: 30_000 }).toBeLessThan(24);
  await second.locator('#bidding-proxy').fill('1865000');
  await second.getByTestId('bidding-proxy-submit').click();
  await second.getByRole('button', { name: '确认委托' }).click();
  await expect(second.getByText('已委托最高价1,865,000.00元，可调高')).toBeVisible();
  await expect(first.getByTestId('bidding-current-price')).toContainText('1,861,000.00');
  await expect.poll(() => countdownSeconds(first), { timeout: 5_000 }).toBeGreaterThan(25);
  // the ceiling is its bidder's alone; the others see the bid, marked as the hall's
  await expect(first.getByText('1,865,000.00')).toHaveCount(0);
  await expect(first.getByRole('table').getByText('代理', { exact: true })).toHaveCount(1);
  await keepScreenshot(first, 'bidding-07-hall');

  // Nobody bids again: the hall closes by the server's clock, and the winner is the second buyer.
  await expect(first.getByText('竞价已结束', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(first.getByText(`竞得人：${BUYERS[1].name}，成交价：1,861,000.00元`)).toBeVisible();
  await keepScreenshot(first, 'bidding-08-closed');

  // The signed result PDF verifies in pdfsig.
  const [download] = await Promise.all([
    first.waitForEvent('download'),
    first.getByRole('button', { name: '下载竞价结果' }).click(),
  ]);
  const path = join(mkdtempSync(join(tmpdir(), 'cqjy-bidding-')), 'result.pdf');
  await download.saveAs(path);
  const pdfsig = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  expect(`${pdfsig.stdout}${pdfsig.stderr}`).toContain('Signature is Valid');

  // The project waits for its contract, no bidding offered any more; its process log records the result.
  await openCard(owner, projectId, PROJECT_NAME);
  await expect(owner.getByText('待签约').first()).toBeVisible();
  await expect(owner.getByTestId('deal-result')).toContainText(BUYERS[1].name);
  await expect(owner.getByRole('button', { name: '申请网络竞价' })).toHaveCount(0);
  const log = owner.getByRole('table').last();
  await expect(log.getByText(`${BUYERS[1].name}（竞买号J002）以1,861,000.00元竞得`)).toBeVisible();
  await keepScreenshot(owner, 'bidding-09-awaiting-contract');

  // The owner's contract screen starts from the winner and the winning price.
  await owner.goto(`/#/index/bulkContractAon?projectId=${projectId}`);
  await expect(owner.getByLabel('受让方名称')).toHaveValue(BUYERS[1].name);
  await expect(owner.getByLabel('成交价')).toHaveValue('1,861,000.00');
  await keepScreenshot(owner, 'bidding-10-contract');

  // The loser's deposit is owed back, the winner's counts toward the price.
  await openCard(admin, projectId, PROJECT_NAME);
  await expect(rowOf(admin, BUYERS[0].name)).toContainText('待退还');
  // (the process log names the winner too: its buyers' row is the one with the deposit)
  await expect(rowOf(admin, BUYERS[1].name).filter({ hasText: '已转为价款' })).toHaveCount(1);
  // 保证金台账 › 待退还: the exchange sends it to the bank in a refund batch; the bank's file downloads at once.
  await admin.goto('/#/index/deposit');
  await admin.getByRole('tab', { name: '待退还' }).click();
  await rowOf(admin, BUYERS[0].name).locator('.ant-checkbox-wrapper').click();
  await admin.getByRole('button', { name: /生成退款批次/ }).click();
  const [refundFile] = await Promise.all([
    admin.waitForEvent('download'),
    answerDialog(admin.getByRole('dialog'), /生\s*成/),
  ]);
  const csv = readFileSync(await refundFile.path(), 'utf8');
  expect(csv).toContain('批次号,序号,收款人户名,收款人账号,金额（元）,原交易流水号,用途');
  expect(csv).toContain(`${BUYERS[0].name},,100000.00,HX${RUN}01,退还交易保证金`);
  await expect(rowOf(admin, BUYERS[0].name)).toHaveCount(0);
  // 退款批次: the bank paid it; its confirmation closes the entry.
  await admin.getByRole('tab', { name: '退款批次' }).click();
  const batchRow = admin.getByRole('row', { name: /待银行确认/ }).first();
  await batchRow.getByRole('button', { name: '确认回单' }).click();
  const confirmDialog = admin.getByRole('dialog');
  await expect(confirmDialog.getByRole('row', { name: new RegExp(BUYERS[0].name) })).toBeVisible();
  await keepScreenshot(admin, 'bidding-11-refund-confirm');
  await answerDialog(confirmDialog, /确\s*认/);
  await openCard(admin, projectId, PROJECT_NAME);
  await expect(rowOf(admin, BUYERS[0].name)).toContainText('已退还');

  // The winner walks away: the exchange records its default in the hall, with the reason, barring it from the
  // owner's projects; its deposit is kept and the deal is offered to the next highest bidder at its own bid (递补).
  await admin.goto(hallUrl);
  await admin.getByRole('button', { name: '认定竞得人违约' }).click();
  const defaultDialog = admin.getByRole('dialog');
  await expect(defaultDialog).toContainText(`认定竞得人“${BUYERS[1].name}”（竞买号J002）违约`);
  await defaultDialog.getByLabel('违约情形').fill('竞得人逾期未签订交易合同');
  await expect(defaultDialog.getByRole('checkbox')).toBeChecked();
  await answerDialog(defaultDialog, /认定违约/);
  await expect(admin.getByText('竞得人违约，成交已递补给竞买号J001，等待其答复。')).toBeVisible();
  await expect(admin.getByTestId('bidding-offer')).toContainText('1,860,000.00元');
  await keepScreenshot(admin, 'bidding-12-defaulted');

  // The next bidder's member is told and answers in the hall: it takes the deal at its own price.
  await first.reload();
  await expect(first.getByText(new RegExp(`成交递补给您代理的“${BUYERS[0].name}”`))).toBeVisible();
  await keepScreenshot(first, 'bidding-13-offered');
  await first.getByRole('button', { name: /接受递补/ }).click();
  await first.getByRole('button', { name: /^接\s*受$/ }).click();
  await expect(first.getByText(`递补竞得人：${BUYERS[0].name}，成交价：1,860,000.00元`)).toBeVisible();

  // The project waits for its contract with the new buyer; the log says why; the defaulter's deposit is kept.
  await openCard(owner, projectId, PROJECT_NAME);
  await expect(owner.getByTestId('deal-result')).toContainText(BUYERS[0].name);
  const afterLog = owner.getByRole('table').last();
  await expect(afterLog.getByText(/违约：竞得人逾期未签订交易合同/)).toBeVisible();
  await expect(
    afterLog.getByText(`${BUYERS[0].name}（竞买号J001）接受递补，以1,860,000.00元成交`),
  ).toBeVisible();
  await keepScreenshot(owner, 'bidding-14-offer-accepted');
  await openCard(admin, projectId, PROJECT_NAME);
  await expect(rowOf(admin, BUYERS[1].name).filter({ hasText: '已扣除' })).toHaveCount(1);
});
