// 电签文件 and the public verification page in Chromium against the real server. The demo project's disclosure
// letter (信息披露申请函), sealed at the first start as its applicant signed it (demo-signing.ts): 电签文件 lists it
// as 有效 with its signer and verification code; the PDF is downloaded; a fresh browser context without any sign-in
// opens /#/verify, uploads it and sees 有效 and the signer; a copy with one byte changed inside the signed range is
// refused as tampered (无效); the code from 电签文件 typed on the page answers 有效.
import { readFile } from 'node:fs/promises';
import { MSG } from '@cqjy/domain/messages';
import { expect, test } from '@playwright/test';
import { keepScreenshot, signIn } from './helpers.ts';

const DEMO_CODE = 'GR2026BJ1000123';
const OWNER_COMPANY = '北京示范国有资产经营有限公司';
const LETTER = '信息披露申请函（已签章）.pdf';

test.describe.configure({ mode: 'serial' });

let pdf = Buffer.alloc(0);
let code = '';

test("the owner finds the demo project's disclosure letter in 电签文件 as 有效, with its code; downloads it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);

  // 电签文件: the demo project's letter, its project, signer, state and code
  await page.goto('/#/index/signature');
  await expect(page.getByRole('heading', { name: '电签文件' })).toBeVisible();
  await page.getByPlaceholder('文件名称、项目名称或编号、验证码').fill(DEMO_CODE);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row').filter({ hasText: LETTER });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(DEMO_CODE)).toBeVisible();
  await expect(row.getByText('有效', { exact: true })).toBeVisible();
  await expect(row.getByText(OWNER_COMPANY, { exact: true })).toBeVisible();
  const codeCell = row.getByText(/^[0-9A-F]{16}$/);
  await expect(codeCell).toBeVisible();
  code = (await codeCell.textContent()) ?? '';
  expect(code).toMatch(/^[0-9A-F]{16}$/);
  await keepScreenshot(page, 'verify-01-signed-files');

  // 验签详情: every check of the signature
  await row.getByRole('button', { name: '验签详情' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '验签详情' });
  await expect(drawer.getByText('验证结果：有效')).toBeVisible();
  await expect(drawer.getByText('文件自签章后未被修改', { exact: true })).toBeVisible();
  await expect(drawer.getByText(code, { exact: true })).toBeVisible();
  await keepScreenshot(page, 'verify-02-details');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 下载: the PDF as stored
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(LETTER);
  pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('anyone, without signing in, verifies the file, is told a tampered copy is invalid, and checks the code', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  expect(pdf.length).toBeGreaterThan(0);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/#/verify');
  await expect(page).toHaveURL(/#\/verify$/);
  await expect(page.getByText('电签文件验证').first()).toBeVisible();
  await keepScreenshot(page, 'verify-03-public-page');

  // the signed letter as downloaded
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: LETTER, mimeType: 'application/pdf', buffer: pdf });
  const result = page.getByTestId('verify-result');
  await expect(result.getByText('验证结果：有效')).toBeVisible();
  await expect(result.getByText(MSG.verifyValid)).toBeVisible();
  await expect(result.getByText(OWNER_COMPANY).first()).toBeVisible();
  await expect(result.getByText(code, { exact: true })).toBeVisible();
  await keepScreenshot(page, 'verify-04-upload-valid');

  // one byte changed inside the signed range: a digit of the page's /MediaBox
  const tampered = Buffer.from(pdf);
  const at = tampered.indexOf('/MediaBox') + '/MediaBox [ 0 0 '.length;
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)/.exec(pdf.toString('latin1'));
  expect(at).toBeLessThan(Number(range?.[2] ?? 0));
  tampered[at] = tampered[at] === 0x35 ? 0x36 : 0x35;
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: '篡改后的申请函.pdf', mimeType: 'application/pdf', buffer: tampered });
  await expect(result.getByText('验证结果：无效')).toBeVisible();
  await expect(result.getByText(MSG.verifyModified)).toBeVisible();
  await expect(result.getByText('签章覆盖的内容已被修改', { exact: true })).toBeVisible();
  await keepScreenshot(page, 'verify-05-upload-tampered');

  // the code shown in 电签文件, and one that names no file
  await page.getByRole('tab', { name: '输入验证码' }).click();
  const input = page.getByRole('textbox', { name: /验证码/ });
  await input.fill('0000000000000000');
  await page.getByRole('button', { name: /^验\s*证$/ }).click();
  await expect(page.locator('.ant-alert', { hasText: MSG.verifyCodeUnknown })).toBeVisible();
  await input.fill(code);
  await page.getByRole('button', { name: /^验\s*证$/ }).click();
  await expect(result.getByText('验证结果：有效')).toBeVisible();
  await expect(result.getByText(OWNER_COMPANY).first()).toBeVisible();
  await keepScreenshot(page, 'verify-06-code-valid');
  await context.close();
});
