// The course of system management, orders and refund tickets in Chromium: the transferor adds an invoice title
// (发票抬头), a bank account (银行账户) and an operator (账号管理), who signs in by SMS code and sets a password, and
// sees each of these in 操作日志; the demo's dealt bulk project has its service-fee order with the fee of the
// schedule, invoiced to the new title; the demo's returned price payout (退票信息) is applied for again to the new
// account, e-signed, returned once with a reason, corrected, signed again and approved; the exchange's admin
// schedules a longer bulk disclosure minimum from a later day in 数据字典, the version in force today unchanged.
import { addWorkdays, computeServiceFee, formatDate, formatFen, SERVICE_FEE_DEFAULT } from '@cqjy/domain';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  answerDialog,
  expectToReach,
  findProjectRow,
  keepScreenshot,
  openMenu,
  pickDay,
  pickOption,
  signIn,
} from './helpers.ts';
import { fillCode } from './workflow-steps.ts';

const TITLE = '北京示范国有资产经营有限公司（开票）';
const ACCOUNT_NO = '0200 0045 0920 0888 002';
const OPERATOR = { username: 'e2eclerk01', name: '王出纳', mobile: '13900005001', password: 'Clerk@2026x' };
const DEAL_CODE = 'GR2026BJ1000188';
const DEAL_PRICE = 3_680_000_00;

/** Opens a page of the side menu under `group`. */
async function saveForm(page: Page, url: RegExp): Promise<void> {
  await expectToReach(page, url, () => page.getByRole('button', { name: /保\s*存/ }).click());
}

async function adminPage(browser: Browser): Promise<Page> {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\/project/);
  return admin;
}

test('transferor: invoice title, bank account and an operator who signs in and sets a password, all in 操作日志', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index/);

  // 发票抬头
  await openMenu(page, '系统管理', '发票抬头');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(page).toHaveURL(/#\/index\/invoicingAdd/);
  await page.getByLabel('发票抬头（单位名称）').fill(TITLE);
  await page.getByLabel('纳税人识别号').fill('91110106900000217J');
  await pickOption(page, '发票类型', '增值税专用发票');
  await pickOption(page, '默认抬头', '是');
  await saveForm(page, /#\/index\/invoicingShow\?id=\d+/);
  await expect(page.getByText(TITLE).first()).toBeVisible();

  // 银行账户
  await openMenu(page, '系统管理', '银行账户');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(page).toHaveURL(/#\/index\/bankAdd/);
  await page.getByLabel('账户名称').fill('北京示范国有资产经营有限公司');
  await page.getByLabel('银行账号').fill(ACCOUNT_NO);
  await page.getByLabel('开户银行').fill('中国工商银行');
  await page.getByLabel('开户网点（支行）').fill('北京丰台支行');
  await pickOption(page, '账户类型', '对公账户');
  await pickOption(page, '默认账户', '是');
  await saveForm(page, /#\/index\/bankShow\?id=\d+/);
  await keepScreenshot(page, 'system-01-bank');

  // 账号管理: a new operator, told by SMS to sign in by code and choose a password
  await openMenu(page, '系统管理', '账号管理');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await expect(page).toHaveURL(/#\/index\/accountAdd/);
  await page.getByLabel('用户名').fill(OPERATOR.username);
  await page.getByLabel('姓名').fill(OPERATOR.name);
  await page.getByLabel('手机号').fill(OPERATOR.mobile);
  await page.getByRole('checkbox', { name: '服务费订单' }).check();
  await keepScreenshot(page, 'system-02-operator');
  await saveForm(page, /#\/index\/accountShow\?id=\d+/);
  await expect(page.getByText(OPERATOR.username).first()).toBeVisible();

  // the new operator: 短信登录, then 设置登录密码 before anything else
  const clerk = await (await browser.newContext()).newPage();
  await clerk.goto('/#/login');
  await clerk.getByRole('tab', { name: '短信登录' }).click();
  await clerk.getByPlaceholder('手机号').fill(OPERATOR.mobile);
  await fillCode(clerk);
  await clerk.getByRole('button', { name: /登\s*录/ }).click();
  await expect(clerk.getByLabel('登录密码')).toBeVisible();
  await clerk.getByLabel('登录密码').fill(OPERATOR.password);
  await clerk.getByLabel('确认密码').fill(OPERATOR.password);
  await keepScreenshot(clerk, 'system-03-set-password');
  await clerk.getByRole('button', { name: '设置密码' }).click();
  await expect(clerk.getByLabel('登录密码')).toBeHidden();
  await clerk.close();
  // the password works, in another browser
  const again = await (await browser.newContext()).newPage();
  await signIn(again, OPERATOR.username, OPERATOR.password);
  await expect(again).toHaveURL(/#\/(index|auth|perfectInformation)/);
  await again.close();

  // 操作日志: each of these, by its label
  await openMenu(page, '系统管理', '操作日志');
  for (const label of ['新增登记记录', '新增操作员', '设置密码']) {
    await expect(page.getByRole('cell', { name: label, exact: true }).first()).toBeVisible();
  }
  await keepScreenshot(page, 'system-04-logs');
});

test('the dealt bulk project has its service-fee order by the schedule, invoiced to the new title', async ({
  page,
}) => {
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index/);
  await openMenu(page, '订单管理', '服务费订单');
  const row = page.getByRole('row', { name: new RegExp(DEAL_CODE) });
  const fee = formatFen(computeServiceFee(SERVICE_FEE_DEFAULT, 'bulk', DEAL_PRICE).fee);
  await expect(row).toContainText(fee);
  await expect(row).toContainText('待支付');
  await row.getByRole('button', { name: '申请开票' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '申请开票' });
  await expect(dialog.getByText(TITLE)).toBeVisible();
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(row).toContainText('已申请开票');
  await row.getByRole('button', { name: '查看' }).click();
  await expect(page.getByText(`${TITLE}（91110106900000217J，增值税专用发票）`)).toBeVisible();
  await keepScreenshot(page, 'system-05-order');
});

test('the returned price payout: applied again, e-signed, returned, corrected, signed again and approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index/);
  await openMenu(page, '订单管理', '退票信息');
  const row = page.getByRole('row', { name: new RegExp(DEAL_CODE) });
  await expect(row).toContainText('待重新出金');
  await row.getByRole('button', { name: '重新出金申请' }).click();
  await expect(page).toHaveURL(/#\/index\/refundTicketApply\?id=\d+/);
  await expect(page.getByLabel('收款银行账户')).toBeVisible();
  await page.getByLabel('说明').fill('原账户已销户，更正为基本户');
  await keepScreenshot(page, 'system-06-refund-apply');

  const sign = async (button: string) => {
    await expectToReach(page, /#\/index\/refundTicketApplyShow\?id=\d+/, () =>
      page.getByRole('button', { name: button }).click(),
    );
    await expect(page.getByText('重新出金申请书').first()).toBeVisible();
    await fillCode(page);
    await page.getByRole('button', { name: '电子签章并提交' }).click();
    await expect(page.locator('.ant-result-title')).toHaveText('已签章提交，等待交易所审核');
  };
  await sign('生成申请书');
  await keepScreenshot(page, 'system-07-refund-signed');

  const review = async (decision: 'pass' | 'back') => {
    const admin = await adminPage(browser);
    await admin.goto('/#/index/refundTicket');
    const ticket = admin.getByRole('row', { name: new RegExp(DEAL_CODE) });
    await ticket.getByRole('button', { name: '审核' }).click();
    await expect(admin).toHaveURL(/#\/index\/refundTicketApplyShow\?id=\d+/);
    await admin
      .getByRole('button', { name: decision === 'pass' ? '审核通过' : /退\s*回/ })
      .first()
      .click();
    const dialog = admin.getByRole('dialog');
    if (decision === 'back') await dialog.getByRole('textbox').fill('收款户名与开户行登记不一致');
    await answerDialog(dialog, /确\s*定/);
    await expect(admin.locator('.ant-result-title')).toHaveText(
      decision === 'pass' ? '审核通过，款项将重新划转，退票已完成' : '已退回，等待申请单位修改',
    );
    await keepScreenshot(admin, `system-08-refund-${decision}`);
    await admin.close();
  };
  await review('back');

  await page.getByRole('button', { name: '返回退票信息' }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(row).toContainText('已退回');
  await row.getByRole('button', { name: '修改' }).click();
  await expect(page).toHaveURL(/#\/index\/refundTicketModify\?id=\d+/);
  await expect(page.getByText('交易所退回意见：收款户名与开户行登记不一致')).toBeVisible();
  await sign('保存修改并生成申请书');
  await review('pass');

  await page.getByRole('button', { name: '查看退票信息' }).click();
  await expect(page.getByText('已完成').first()).toBeVisible();
  await expect(page.getByRole('row', { name: /第2版.*已通过/ })).toBeVisible();
  await keepScreenshot(page, 'system-09-refund-closed');
});

test('admin schedules a longer bulk disclosure minimum from a later day; the disclosing project keeps its deadline', async ({
  page,
  browser,
}) => {
  // the demo bulk project's deadline, as its owner's list shows it
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index/);
  const project = await findProjectRow(page, 'GR2026BJ1000123');
  await expect(project).toBeVisible();
  const before = await project.textContent();

  const admin = await adminPage(browser);
  await openMenu(admin, '系统管理', '数据字典');
  await admin.getByRole('tab', { name: '规则参数' }).click();
  const rule = admin.getByRole('row').filter({ hasText: '实物资产（大宗实物、抵质押资产）挂牌' });
  await expect(rule).toBeVisible();
  await rule.getByRole('button', { name: '调整' }).click();
  const dialog = admin.getByRole('dialog').filter({ hasText: '调整规则参数' });
  const from = formatDate(addWorkdays(new Date(), 10).date);
  await dialog.getByLabel('新值（个工作日）').fill('15');
  await pickDay(admin, '生效日期', from);
  await dialog.getByLabel('调整说明').fill('按新规则延长实物资产信息披露期');
  await keepScreenshot(admin, 'system-10-rule');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  // scheduled, not in force: the value in force today is unchanged
  await expect(rule).toContainText(`${from}起`);
  await expect(rule).toContainText('15');
  await keepScreenshot(admin, 'system-11-rule-scheduled');
  await admin.close();

  const after = await findProjectRow(page, 'GR2026BJ1000123');
  await expect(after).toBeVisible();
  expect(await after.textContent()).toBe(before);
});
