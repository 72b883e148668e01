// The unified family (综合类) end to end, in Chromium against the real server. The owner starts a unified project on
// 新增项目: the form changes with its category (a lease's premises, then a claim's debtor, then the lease again), and
// the closing day follows the working days typed (work/date on the PRC calendar). Saved, submitted and e-signed, it
// is approved by the exchange. The agent member it is entrusted to registers a buyer on its 代理意向登记 screens
// and e-signs the letter; the owner passes the buyer in its qualification review (unifiedIntentionReview) and the
// exchange confirms it; the member gives its own e-signed opinion (memberIntentionReviewEicSre), approved; the owner
// enters the transaction (unifiedContract) with the buyer at the listing price, approved: the project is 已成交, and
// the public site shows it under 成交公示 instead of the listings.
import { expect, test, type Page } from '@playwright/test';
import { composeCreditCode } from '@cqjy/domain';
import {
  answerDialog,
  expectToReach,
  keepScreenshot,
  pickDay,
  pickOption,
  saveNewProject,
  signIn,
} from './helpers.ts';
import {
  approveAsAdmin,
  attachApplicationFile,
  fillCode,
  openReviewAsAdmin,
  startAction,
  submitAndSign,
} from './workflow-steps.ts';
import { drawRegistration } from './intention-steps.ts';

/** Each attempt has a project and a buyer of its own: a retry must not meet the first attempt's. */
const RUN = String(Date.now() % 100_000_000).padStart(8, '0');
const PROJECT_NAME = `示范写字楼招租${RUN.slice(-5)}`;
const BUYER = {
  name: `示范承租企业${RUN.slice(-4)}`,
  certNo: composeCreditCode('110105', `7${RUN.slice(1)}`),
};
const AGENT_COMPANY = '示范综合服务代理有限公司';

function rowOf(page: Page, name: string) {
  return page.getByRole('row', { name: new RegExp(name) });
}

/** The project's page as the server has it now, at its 意向登记 card. */
async function openProject(page: Page, projectId: number): Promise<void> {
  await page.goto(`/#/index/unifiedShowProject?id=${projectId}`);
  await page.reload();
  await expect(page.getByText(PROJECT_NAME).first()).toBeVisible();
}

test('BF-2.4 a unified lease from its form to the deal: category, working days, registration, reviews, transaction', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\//);

  // The form changes with the category; the closing day follows the working days.
  await page.goto('/#/index/addproject');
  await page.getByRole('radio', { name: '统一类项目' }).check();
  await page.getByLabel('项目名称').fill(PROJECT_NAME);
  await pickOption(page, '标的类别', '房屋出租（招租）');
  await expect(page.getByLabel('房屋坐落')).toBeVisible();
  await expect(page.getByLabel('债务人')).toHaveCount(0);
  await pickOption(page, '标的类别', '债权');
  await expect(page.getByLabel('债务人')).toBeVisible();
  await expect(page.getByLabel('房屋坐落')).toHaveCount(0);
  await keepScreenshot(page, 'unified-01-claim-form');
  await pickOption(page, '标的类别', '房屋出租（招租）');
  await page.getByLabel('挂牌价（元）').fill('360000');
  await pickDay(page, '拟披露开始日期', '2026-12-01');
  await page.getByLabel('披露期（工作日）').fill('10');
  await expect(page.getByLabel('披露截止日期')).toHaveValue('2026-12-15');
  await page.getByLabel('房屋坐落').fill('北京市西城区示范路1号示范大厦三层');
  await page.getByLabel('出租面积（平方米）').fill('1200');
  await page.getByLabel('租赁用途').fill('办公');
  await page.getByLabel('租赁期限（月）').fill('36');
  await page.getByLabel('联系人').fill('王经理');
  await page.getByLabel('联系电话').fill('13800000001');
  await pickOption(page, '委托会员', AGENT_COMPANY);
  await keepScreenshot(page, 'unified-02-lease-form');
  await saveNewProject(page);
  const projectId = Number(new URL(page.url().replace('/#/', '/')).searchParams.get('id'));
  await submitAndSign(page, 'unifiedEicSre', '信息披露申请函', 'unified-03-disclosure');
  await approveAsAdmin(browser, PROJECT_NAME, 'unifiedEicSre');

  // The agent member registers its buyer and e-signs the letter.
  const agent = await (await browser.newContext()).newPage();
  await signIn(agent, 'agent');
  await expect(agent).toHaveURL(/#\/index\//);
  await drawRegistration(agent, PROJECT_NAME, BUYER, 'paperlessShow');
  await expect(agent.getByTestId('intention-deposit-state')).toHaveText('无需交纳');
  await fillCode(agent);
  await agent.getByRole('button', { name: '签章并提交' }).click();
  await expect(agent.getByTestId('intention-status')).toHaveText('待资格审核');
  await keepScreenshot(agent, 'unified-04-registration');

  // The owner passes the buyer (unifiedIntentionReview); the exchange confirms it.
  await openProject(page, projectId);
  await rowOf(page, BUYER.name).getByRole('button', { name: '资格审核通过' }).click();
  await page.getByRole('dialog').getByRole('textbox').fill('符合承租方资格条件');
  await answerDialog(page.getByRole('dialog'), /确\s*定/);
  await expect(rowOf(page, BUYER.name)).toContainText('转让方已确认');
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\//);
  await openProject(admin, projectId);
  await rowOf(admin, BUYER.name).getByRole('button', { name: '资格确认' }).click();
  await answerDialog(admin.getByRole('dialog'), /确\s*定/);
  await expect(rowOf(admin, BUYER.name)).toContainText('资格已确认');
  await admin.close();

  // The member's own e-signed opinion on the buyer (memberIntentionReviewEicSre), approved.
  await openProject(agent, projectId);
  await startAction(agent, '意向资格审核意见', 'memberIntentionReviewEicSre');
  await agent.getByLabel('申请原因').fill('意向受让方资格审核');
  await agent.getByLabel('意向受让方名称').fill(BUYER.name);
  await agent.getByLabel('资格审核意见').fill('经核查，该意向承租方依法设立，符合承租条件。');
  await attachApplicationFile(agent, '资格审核意见.pdf');
  await submitAndSign(
    agent,
    'memberIntentionReviewEicSre',
    '会员意向资格审核申请函',
    'unified-05-member-review',
  );
  await approveAsAdmin(browser, PROJECT_NAME, 'memberIntentionReviewEicSre');

  // The owner enters the transaction with the buyer at the listing price; approved, the project is dealt.
  await openProject(page, projectId);
  await startAction(page, '录入交易信息', 'unifiedContract');
  await page.getByLabel('合同编号').fill(`ZL-${RUN}`);
  await page.getByLabel('受让方名称').fill(BUYER.name);
  await page.getByLabel('成交价（元）').fill('360000');
  await pickDay(page, '签订日期', '2026-12-20');
  await attachApplicationFile(page, '租赁合同.pdf');
  await expectToReach(page, /#\/index\/todo|#\/index\/unifiedContract\?id=\d+/, () =>
    page.getByRole('button', { name: /提\s*交/ }).click(),
  );
  const review = await openReviewAsAdmin(browser, PROJECT_NAME, 'unifiedContract');
  await review.getByRole('button', { name: '审核通过' }).click();
  await answerDialog(review.getByRole('dialog').filter({ hasText: '确定审核通过吗' }), /确\s*定/);
  await expect(review.locator('.ant-result-title')).toHaveText('审核通过');
  await review.close();
  await openProject(page, projectId);
  await expect(page.getByText('已成交').first()).toBeVisible();
  await keepScreenshot(page, 'unified-06-dealt');

  // The public site moves the deal from /listings to /deals (成交公示), with its price and the buyer's name.
  const listings = await page.request.get(`/listings?keyword=${encodeURIComponent(PROJECT_NAME)}`);
  expect(await listings.text()).toContain('暂无符合条件的挂牌项目');
  await page.goto(`/deals?keyword=${encodeURIComponent(PROJECT_NAME)}`);
  const deal = page.locator('article', { hasText: PROJECT_NAME });
  await expect(deal).toContainText('成交价：360,000.00元');
  await expect(deal).toContainText(`受让方：${BUYER.name}`);
  await keepScreenshot(page, 'unified-07-deal-notice');
});
