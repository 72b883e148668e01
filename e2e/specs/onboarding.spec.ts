// A new project owner from the first click to 首页, in Chromium against the real server: account opening from
// /transferorOpenTip, the exchange returning the application with a reason, correction and resubmission,
// approval, then the onboarding gates in order: /auth (real name with face authentication through the QR code's
// confirmation page, company authentication), the welcome prompt, and /signature (certificate issued, seals
// drawn), until the portal opens on 首页.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { composeCreditCode } from '../../packages/domain/src/validation/credit-code.ts';
import { answerDialog, keepScreenshot, pickOption, signIn, uploadFile } from './helpers.ts';
import { APPLICATION_PDF, fillCode } from './workflow-steps.ts';

// A run-unique owner, so that the spec can run against a database that already saw it.
const suffix = String(Date.now()).slice(-6);
const COMPANY = `重庆示范开户测试${suffix}有限公司`;
const CREDIT_CODE = composeCreditCode('500103', `8${suffix.padStart(7, '0')}`);
const USERNAME = `owner${suffix}`;
const PASSWORD = 'Harbor#Light82';
const MOBILE = `139${suffix.padStart(8, '0')}`;
const REAL_NAME = '王小明';
// A valid 18-digit resident ID number (region 110105, 1949-12-31, check character X).
const ID_CARD = '11010519491231002X';
const RETURN_REASON = '营业执照扫描件不清晰，请重新上传';

async function fillCompanyStep(page: Page, address: string): Promise<void> {
  await page.getByLabel('法定代表人').fill('王法人');
  await page.getByLabel('注册地址').fill(address);
  await pickOption(page, '监管机构', '国务院国资委');
  await page.getByLabel('国家出资企业', { exact: true }).fill('中国示范国有资本运营有限公司');
  await page.getByLabel('国家出资企业统一社会信用代码').fill(composeCreditCode('110000', '88000001'));
}

/** The exchange's administrator, in a browser of their own, opens the application in 机构管理. */
async function openApplicationAsAdmin(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\/project/);
  await admin.goto('/#/index/companyList');
  await admin
    .getByPlaceholder(/名称|信用代码|关键字/)
    .first()
    .fill(COMPANY);
  await admin
    .getByRole('button', { name: /查\s*询|搜\s*索/ })
    .first()
    .click();
  const row = admin.getByRole('row', { name: new RegExp(COMPANY) });
  await expect(row).toBeVisible();
  await row.getByRole('button').first().click();
  await expect(admin.getByRole('dialog')).toBeVisible();
  return admin;
}

test('SH-4.5..SH-4.11 a new project owner opens an account, is reviewed, authenticates and e-signs its way to 首页', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // 1. Account opening, step 1 (before sign-in).
  await page.goto('/#/login');
  await page.getByRole('link', { name: '项目方开户' }).click();
  await expect(page).toHaveURL(/#\/transferorOpenTip/);
  await keepScreenshot(page, 'onboarding-01-tip');
  await page.getByRole('button', { name: '开始开户' }).click();
  await expect(page).toHaveURL(/#\/transferorOpen$/);
  await page.getByLabel('企业名称').fill(COMPANY);
  await page.getByLabel('统一社会信用代码').fill(CREDIT_CODE);
  await page.getByLabel('联系人').fill('李联系');
  await page.getByLabel('手机号码').fill(MOBILE);
  await fillCode(page);
  await page.getByLabel('用户名').fill(USERNAME);
  await page.getByLabel('登录密码').fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await keepScreenshot(page, 'onboarding-02-register');
  await page.getByRole('button', { name: '注册并继续' }).click();

  // 2. Step 2: the company information and the licence, submitted for review.
  await expect(page.getByLabel('法定代表人')).toBeVisible();
  await fillCompanyStep(page, '重庆市渝中区解放碑路1号');
  await uploadFile(page, page.locator('input[type=file]').first(), {
    name: '营业执照.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
  await keepScreenshot(page, 'onboarding-03-company');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page).toHaveURL(/#\/transferorOpenTip/);
  await expect(page.getByText('待审核').first()).toBeVisible();

  // 3. The exchange returns it with a reason.
  const admin = await openApplicationAsAdmin(browser);
  await keepScreenshot(admin, 'onboarding-04-review');
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /退\s*回/ })
    .click();
  // the reason goes into the return dialog's own box, once it is open (not the list's search box behind it)
  const returning = admin.getByRole('dialog').filter({ hasText: '退回开户申请' });
  await returning.getByRole('textbox').fill(RETURN_REASON);
  await answerDialog(returning, /确\s*定|确\s*认/);
  await expect(admin.getByText('已退回').first()).toBeVisible();

  // 4. The owner sees the reason, corrects and resubmits.
  await page.reload();
  await expect(page.getByText(RETURN_REASON)).toBeVisible();
  await keepScreenshot(page, 'onboarding-05-returned');
  await page.getByRole('button', { name: '修改并重新提交' }).click();
  await expect(page).toHaveURL(/#\/transferorOpen/);
  await page.getByLabel('注册地址').fill('重庆市渝中区解放碑路88号');
  await uploadFile(page, page.locator('input[type=file]').first(), {
    name: '营业执照清晰版.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page).toHaveURL(/#\/transferorOpenTip/);

  // 5. The exchange approves.
  await admin.close();
  const approver = await openApplicationAsAdmin(browser);
  await approver.getByRole('dialog').getByRole('button', { name: '审核通过' }).click();
  // approval is confirmed, with an optional opinion that the history keeps
  const confirm = approver.getByRole('dialog').filter({ hasText: '确定审核通过吗' });
  await confirm.getByRole('textbox').fill('材料齐全，同意开户');
  await answerDialog(confirm, /确\s*定/);
  await expect(approver.getByText('审核通过').first()).toBeVisible();
  await approver.close();

  // 6. Gate 2 (real name) at /auth, with face authentication through the QR code's page.
  await page.reload();
  await page.getByRole('button', { name: '进入系统' }).click();
  await expect(page).toHaveURL(/#\/auth/);
  await page.getByLabel('真实姓名').fill(REAL_NAME);
  await page.getByLabel('证件号码').fill(ID_CARD);
  await keepScreenshot(page, 'onboarding-06-auth');
  await page.getByRole('button', { name: '提交并进行人脸核验' }).click();
  await expect(page).toHaveURL(/#\/scanCode/);
  await expect(page.getByRole('img', { name: /二维码/ })).toBeVisible();
  await keepScreenshot(page, 'onboarding-07-scan');
  const [confirmPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: '在本浏览器中打开' }).click(),
  ]);
  await expect(confirmPage).toHaveURL(/#\/faceConfirm\?token=/);
  await confirmPage.getByRole('button', { name: '确认是本人' }).click();
  await expect(confirmPage.getByText('核验完成').first()).toBeVisible();
  await confirmPage.close();
  await expect(page).toHaveURL(/#\/scanCodeWin/, { timeout: 15_000 });
  await expect(page.getByText('实名认证通过')).toBeVisible();
  await keepScreenshot(page, 'onboarding-08-scan-result');
  await page.getByRole('button', { name: '返回开户信息' }).click();

  // 7. Company authentication matches the approved application at once; then on through the gates.
  await expect(page).toHaveURL(/#\/auth/);
  await page
    .getByRole('button', { name: /提交企业认证|企业认证|提\s*交/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: '下一步' })).toBeVisible();
  await keepScreenshot(page, 'onboarding-09-auth-done');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page).toHaveURL(/#\/welcomePage/);
  await page.getByRole('button', { name: /我知道了/ }).click();

  // 8. Gate 7: e-signature enrolment with the SMS code; the certificate is issued and the seals drawn.
  await expect(page).toHaveURL(/#\/signature/);
  await fillCode(page);
  await page.getByRole('button', { name: '申请电子签章' }).click();
  await expect(page.getByRole('img', { name: /电子印章|印章/ }).first()).toBeVisible();
  await expect(page.getByText('产权交易所电子签章根证书').first()).toBeVisible();
  await keepScreenshot(page, 'onboarding-10-signature');
  await page.getByRole('button', { name: '进入首页' }).click();
  await expect(page).toHaveURL(/#\/index\/home/);
  await expect(page.getByRole('heading', { name: '首页' })).toBeVisible();
  await keepScreenshot(page, 'onboarding-11-home');
});
