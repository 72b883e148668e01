// The steps every workflow action takes in the browser, shared by the specs: the application with its file, the
// SMS code and the e-signature of the letter, and the exchange's review from 待办任务.
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_OTP } from '../env.ts';
import { answerDialog, expectToReach, keepScreenshot, signIn, uploadFile } from './helpers.ts';

/** A one-page PDF, as an application file or a licence (its content is sniffed on upload). */
export const APPLICATION_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Asks for a code and types it. The server sends one code per mobile per OTP_RESEND_S: when the last one went out
 * too recently, the page says how long to wait (请N秒后再获取验证码), and a person asks again until one is sent.
 */
export async function fillCode(page: Page): Promise<void> {
  const send = page.getByRole('button', { name: '获取验证码' });
  const countdown = page.getByRole('button', { name: /秒后重新获取/ });
  await expect(async () => {
    if (await send.isVisible()) await send.click({ timeout: 2_000 });
    await expect(countdown).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await page.getByLabel('短信验证码第1位').fill(E2E_OTP);
}

/**
 * Starts an action from the project's page: the primary button if it is the one, else its entry under 更多操作.
 * The application screen opens empty on the project (?projectId=): nothing exists until it is saved.
 */
export async function startAction(page: Page, label: string, routeName: string): Promise<void> {
  const primary = page.getByRole('button', { name: label, exact: true });
  const more = page.getByRole('button', { name: /更多操作/ });
  const target = new RegExp(`#/index/${routeName}\\?projectId=\\d+`);
  await expect(primary.or(more).first()).toBeVisible();
  // The page may first draw the project as it was cached, then as the server has it now: a menu opened in between
  // can close under the pointer. A person opens it again; so does this.
  await expect(async () => {
    if (target.test(page.url())) return;
    if (await primary.isVisible()) {
      await primary.click({ timeout: 2_000 });
    } else {
      await more.click({ timeout: 2_000 });
      await page.getByRole('menuitem', { name: label, exact: true }).click({ timeout: 2_000 });
    }
    await expect(page).toHaveURL(target, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Adds the application file on an application screen. */
export async function attachApplicationFile(page: Page, name: string): Promise<void> {
  await uploadFile(page, page.locator('input[type=file]').first(), {
    name,
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
}

/**
 * Submits an application screen (its button `submit`: 提交, or 提交预披露 ...) and signs its letter on the
 * e-signature screen `routeName`.
 */
export async function submitAndSign(
  page: Page,
  routeName: string,
  letterTitle: string,
  screenshot?: string,
  submit: RegExp = /提\s*交/,
): Promise<void> {
  // Submitting renders the letter (fonts subset into a PDF) before the screen moves on.
  await expectToReach(page, new RegExp(`#/index/${routeName}\\?id=\\d+&taskId=\\d+`), () =>
    page.getByRole('button', { name: submit }).click(),
  );
  await expect(page.getByText(letterTitle).first()).toBeVisible();
  await fillCode(page);
  if (screenshot !== undefined) await keepScreenshot(page, screenshot);
  await page.getByRole('button', { name: '电子签章并提交' }).click();
  await expectSignOffResult(page, '签章成功，已提交交易所审核', screenshot);
  await expectToReach(page, /#\/index\/todo/, () =>
    page.getByRole('button', { name: '返回待办任务' }).click(),
  );
}

/**
 * The result page after signing or reviewing: what happened, once, and the ways back to the project and to the
 * task list (`screenshot`: kept as `<screenshot>-result`).
 */
export async function expectSignOffResult(page: Page, message: string, screenshot?: string): Promise<void> {
  // the result's own title (a send-back's message is also a toast, as the sign-off panel shows it)
  await expect(page.locator('.ant-result-title')).toHaveText(message);
  await expect(page.getByRole('button', { name: '查看项目' })).toBeVisible();
  await expect(page.getByRole('button', { name: '返回待办任务' })).toBeVisible();
  if (screenshot !== undefined) await keepScreenshot(page, `${screenshot}-result`);
}

/** The exchange's administrator opens the project's review task on `routeName` from 待办任务. */
export async function openReviewAsAdmin(
  browser: Browser,
  projectName: string,
  routeName: string,
): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\/project/);
  await admin.goto('/#/index/todo');
  const row = admin.getByRole('row', { name: new RegExp(projectName) }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '办理' }).click();
  await expect(admin).toHaveURL(new RegExp(`#/index/${routeName}\\?id=\\d+&taskId=\\d+`));
  // the review page has drawn what its calls answered: its buttons no longer move as the facts arrive
  await expect(admin.locator('.ant-layout-content .ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  return admin;
}

/** The exchange approves the review task of the project on `routeName`, confirming with `opinion` if given. */
export async function approveAsAdmin(
  browser: Browser,
  projectName: string,
  routeName: string,
  opinion?: string,
): Promise<void> {
  const admin = await openReviewAsAdmin(browser, projectName, routeName);
  await admin.getByRole('button', { name: '审核通过' }).click();
  // approval is confirmed in a dialog with an optional 审核意见
  const dialog = admin.getByRole('dialog').filter({ hasText: '确定审核通过吗' });
  await expect(dialog).toBeVisible();
  if (opinion !== undefined) await dialog.getByRole('textbox').fill(opinion);
  await answerDialog(dialog, /确\s*定/);
  await expectSignOffResult(admin, '审核通过');
  await admin.close();
}

/** The exchange sends the review task of the project on `routeName` back with `reason`. */
export async function returnAsAdmin(
  browser: Browser,
  projectName: string,
  routeName: string,
  reason: string,
  screenshot?: string,
): Promise<void> {
  const admin = await openReviewAsAdmin(browser, projectName, routeName);
  if (screenshot !== undefined) await keepScreenshot(admin, screenshot);
  await admin
    .getByRole('button', { name: /退\s*回/ })
    .first()
    .click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('textbox').fill(reason);
  await answerDialog(dialog, /确\s*定/);
  await expectSignOffResult(admin, '已退回申请人修改');
  await admin.close();
}

/** The owner opens its returned task of the project from 待办 (asking the list again, as after coming back). */
export async function openReturnedTask(page: Page, projectName: string, routeName: string): Promise<void> {
  await page.goto('/#/index/todo');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const returned = page.getByRole('row', { name: new RegExp(projectName) }).first();
  await expect(returned).toBeVisible();
  await returned.getByRole('button', { name: '办理' }).click();
  await expect(page).toHaveURL(new RegExp(`#/index/${routeName}\\?id=\\d+&taskId=\\d+`));
}
