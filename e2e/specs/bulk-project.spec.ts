// A bulk project from creation to disclosure, in Chromium against the real server: the owner creates it on
// 新增项目, a disclosure period below the minimum for its price band is refused with the rule's message, the
// corrected project is submitted and its disclosure letter e-signed (bulkEicSre); the exchange approves from
// 待办任务; the project is then 披露中 with a deadline counted in working days.
import { expect, test, type Page } from '@playwright/test';
import { E2E_OTP } from '../env.ts';
import { expectToReach, keepScreenshot, signIn } from './helpers.ts';

const NAME = `示范机器设备一批${String(Date.now()).slice(-5)}`;

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

test('a bulk project is created, refused below the minimum period, submitted, e-signed and approved into disclosure', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  await page.goto('/#/index/project');
  await page.getByRole('button', { name: '新增项目' }).click();
  await expect(page).toHaveURL(/#\/index\/addproject/);

  await page.getByLabel('项目名称').fill(NAME);
  await page.getByLabel('资产类别').click();
  await page.getByTitle('机器设备').click();
  await expect(page.locator('.ant-select-dropdown')).toBeHidden();
  await expect(page.locator('.ant-form-item', { hasText: '资产类别' }).getByTitle('机器设备')).toBeVisible();
  // 1,200 万元: above 1,000 万元 the period must be at least 20 working days.
  await page.getByLabel('挂牌价（元）').fill('12000000');
  await page.getByLabel(/披露期/).fill('15');
  await page.getByLabel('联系人').fill('张经理');
  await page.getByLabel('联系电话').fill('13800000001');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  const problems = page.locator('.ant-alert-error li');
  await expect(problems).toHaveText([/披露期不得少于20个工作日/]);
  await keepScreenshot(page, 'bulk-01-period-refused');

  await page.getByLabel(/披露期/).fill('20');
  await expect(page.getByLabel(/披露期/)).toHaveValue('20');
  await expectToReach(page, /#\/index\/bulkEicSre\?id=\d+&taskId=\d+/, () =>
    page.getByRole('button', { name: /提\s*交/ }).click(),
  );
  await expect(page.getByText('信息披露申请函').first()).toBeVisible();
  await fillCode(page);
  await page.getByRole('button', { name: '电子签章并提交' }).click();
  await expect(page).toHaveURL(/#\/index\/todo/);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\/project/);
  await admin.goto('/#/index/todo');
  const row = admin.getByRole('row', { name: new RegExp(NAME) }).first();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '办理' }).click();
  await expect(admin).toHaveURL(/#\/index\/bulkEicSre\?id=\d+&taskId=\d+/);
  await admin.getByRole('button', { name: '审核通过' }).click();
  const confirm = admin.getByRole('dialog').getByRole('button', { name: /确\s*定/ });
  if (await confirm.isVisible()) await confirm.click();
  await expect(admin).toHaveURL(/#\/index\/todo/);
  await admin.close();

  await page.goto('/#/index/project');
  await page.getByPlaceholder('项目名称或编号').fill(NAME);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const project = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(project.getByText('披露中')).toBeVisible();
  await expect(project.getByText(/\d{4}-\d{2}-\d{2}/).first()).toBeVisible();
  await keepScreenshot(page, 'bulk-02-disclosing');
});
