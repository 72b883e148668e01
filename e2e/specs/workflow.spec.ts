// One whole action on the workflow engine, in Chromium against the real server: the project owner applies to
// suspend its disclosing bulk project (bulkAbortAon) and e-signs the letter with an SMS code (bulkAbortEicSre);
// the exchange sends it back with a reason from the task centre; the owner finds it in 待办, edits it
// (bulkAbortMfyRrn) and signs again; the exchange approves; the project shows 已中止 and the process log lists
// every step with who and when.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_OTP } from '../env.ts';
import { keepScreenshot, signIn } from './helpers.ts';

const PROJECT_NAME = '华北示范实业集团有限公司废旧设备一批';
const RETURN_REASON = '请补充中止期限的说明及相关证明材料';

const APPLICATION_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Asks for a code (waiting out the one-a-minute rule when the page says so) and types it. */
async function fillCode(page: Page): Promise<void> {
  await page.getByRole('button', { name: '获取验证码' }).click();
  const countdown = page.getByRole('button', { name: /秒后重新获取/ });
  const wait = page.getByText(/请\d+秒后再获取验证码/).first();
  await expect(countdown.or(wait)).toBeVisible();
  if (!(await countdown.isVisible())) {
    const seconds = Number(/(\d+)/.exec((await wait.textContent()) ?? '')?.[1] ?? 60);
    await page.waitForTimeout((seconds + 1) * 1000);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(countdown).toBeVisible();
  }
  await page.getByLabel('短信验证码第1位').fill(E2E_OTP);
}

/** Signs the letter shown on the e-signature screen. */
async function signLetter(page: Page, screenshot: string): Promise<void> {
  // Submitting renders the letter (fonts subset into a PDF) before the screen moves on.
  await expect(page).toHaveURL(/#\/index\/bulkAbortEicSre\?id=\d+&taskId=\d+/, { timeout: 30_000 });
  await expect(page.getByText('项目中止申请函').first()).toBeVisible();
  await fillCode(page);
  await keepScreenshot(page, screenshot);
  await page.getByRole('button', { name: '电子签章并提交' }).click();
  await expect(page).toHaveURL(/#\/index\/todo/);
}

/** The exchange's administrator opens the review task of the project from 待办任务. */
async function openReviewAsAdmin(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\/project/);
  await admin.goto('/#/index/todo');
  const row = admin.getByRole('row', { name: new RegExp(PROJECT_NAME) }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '办理' }).click();
  await expect(admin).toHaveURL(/#\/index\/bulkAbortEicSre\?id=\d+&taskId=\d+/);
  await expect(admin.getByText('项目中止申请函（已签章）').first()).toBeVisible();
  return admin;
}

test('BF-2.2 BF-4.x bulk abort: apply, e-sign, returned, corrected and signed again, approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);

  // The owner applies from the project's page.
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  await page.goto('/#/index/bulkShowProject?id=1');
  await expect(page.getByText(PROJECT_NAME).first()).toBeVisible();
  await page.getByRole('button', { name: '申请中止' }).click();
  await expect(page).toHaveURL(/#\/index\/bulkAbortAon\?id=\d+/);
  await page.getByLabel('申请原因').fill('标的资产权属需进一步确认，申请中止信息披露');
  await page.locator('input[type=file]').first().setInputFiles({
    name: '中止申请材料.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
  await expect(page.getByText('中止申请材料.pdf')).toBeVisible();
  await keepScreenshot(page, 'workflow-01-abort-application');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await signLetter(page, 'workflow-02-abort-esign');

  // The exchange sends it back with a reason.
  const admin = await openReviewAsAdmin(browser);
  await keepScreenshot(admin, 'workflow-03-review');
  await admin
    .getByRole('button', { name: /退\s*回/ })
    .first()
    .click();
  await admin.getByRole('dialog').getByRole('textbox').fill(RETURN_REASON);
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(admin).toHaveURL(/#\/index\/todo/);
  await admin.close();

  // The owner finds it in 待办 (asking the list again, as after coming back to it), corrects it and signs again.
  await page.goto('/#/index/todo');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const returned = page.getByRole('row', { name: new RegExp(PROJECT_NAME) }).first();
  await expect(returned).toBeVisible();
  await returned.getByRole('button', { name: '办理' }).click();
  await expect(page).toHaveURL(/#\/index\/bulkAbortMfyRrn\?id=\d+&taskId=\d+/);
  await expect(page.getByText(RETURN_REASON).first()).toBeVisible();
  await page.getByLabel('申请原因').fill('标的资产权属需进一步确认，预计中止一个月，证明材料已补充');
  await keepScreenshot(page, 'workflow-04-returned');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await signLetter(page, 'workflow-05-esign-again');

  // The exchange approves.
  const approver = await openReviewAsAdmin(browser);
  await approver.getByRole('button', { name: '审核通过' }).click();
  const confirm = approver.getByRole('dialog').getByRole('button', { name: /确\s*定/ });
  if (await confirm.isVisible()) await confirm.click();
  await expect(approver).toHaveURL(/#\/index\/todo/);
  await approver.close();

  // The project is suspended, and the process log shows every step.
  await page.goto('/#/index/bulkShowProject?id=1');
  await expect(page.getByText('已中止').first()).toBeVisible();
  const log = page.getByRole('table').last();
  await expect(log.getByText('退回').first()).toBeVisible();
  await expect(log.getByText(RETURN_REASON)).toBeVisible();
  await expect(log.getByText('通过').first()).toBeVisible();
  await expect(log.getByText('示范产权交易所').first()).toBeVisible();
  await expect(log.getByText('北京示范国有资产经营有限公司').first()).toBeVisible();
  await keepScreenshot(page, 'workflow-06-suspended');
});
