// A state-owned equity transfer (产权转让, the stock family) from its form to its deal, in Chromium against the real
// server. The owner creates the project on 新增项目, fills the form, imports the shareholder structure and the
// financial data from the downloaded templates (each preview shows its bad row), pre-discloses (rightPreEicSre),
// submits and e-signs the formal disclosure (rightEicSre); the exchange approves each, the second into 披露中 with a
// working-day deadline. The entrusted member registers a buyer and e-signs registrationEicSre; the owner's
// qualification review is returned once with a reason, corrected, and confirmed; the contract, the price payout
// and the transaction-assurance letter (rightEicSreF) go through; the project shows 已成交 with its process log.
import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  choose,
  expectToReach,
  fileInputOf,
  keepScreenshot,
  pickDay,
  pickRegion,
  saveNewProject,
  signIn,
  uploadFile,
} from './helpers.ts';
import {
  APPLICATION_PDF,
  approveAsAdmin,
  attachApplicationFile,
  openReturnedTask,
  returnAsAdmin,
  startAction,
  submitAndSign,
} from './workflow-steps.ts';

const SUFFIX = String(Date.now()).slice(-5);
const NAME = `北京示范软件有限公司40%股权${SUFFIX}`;
const BUYER = '北京意向投资有限公司';
const QUALIFICATION_RETURN = '请说明意向受让方的资金来源';

test.describe.configure({ mode: 'serial' });

let projectUrl = '';

/** Downloads a sheet's template from its import dialog and adds `rows` under the header. */
async function filledTemplate(page: Page, fileName: string, rows: unknown[][]): Promise<Buffer> {
  const downloading = page.waitForEvent('download', { timeout: 60_000 }); // the server builds the workbook (its first loads ExcelJS)
  // dispatched rather than clicked: the dialog may redraw its footer as the page's queries settle, and a click
  // waits for a button that stays put
  await page.getByRole('dialog').getByRole('button', { name: '下载模板' }).dispatchEvent('click');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('the template has no sheet');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Imports a sheet on its card: the preview names the bad row's error, the import skips it. */
async function importSheet(
  page: Page,
  card: string,
  rows: unknown[][],
  badRow: { text: string; error: string },
  screenshot: string,
): Promise<void> {
  await page
    .locator('.ant-card', { hasText: card })
    .last()
    .getByRole('button', { name: /^导\s*入$/ })
    .click();
  const dialog = page.getByRole('dialog');
  const filled = await filledTemplate(page, `${card}模板.xlsx`, rows);
  await dialog.locator('input[type=file]').setInputFiles({
    name: `${card}.xlsx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  await expect(
    dialog.getByText(`共${rows.length}行，其中1行有误，导入时将跳过；可修改表格后重新上传`),
  ).toBeVisible();
  await expect(
    dialog.getByRole('row', { name: new RegExp(badRow.text) }).getByText(badRow.error),
  ).toBeVisible();
  await keepScreenshot(page, screenshot);
  await dialog.getByRole('button', { name: new RegExp(`确认导入（${rows.length - 1}条）`) }).click();
  await expect(page.getByText(`已导入${rows.length - 1}条，跳过1条有误的数据`).first()).toBeVisible();
}

/** The project's page, waiting for its name. */
async function openProject(page: Page): Promise<void> {
  await page.goto(projectUrl);
  await expect(page.getByText(NAME).first()).toBeVisible();
}

test('creates a stock project, imports its sheets, pre-discloses, and is approved into formal disclosure', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  await page.goto('/#/index/project');
  await page.getByRole('button', { name: '新增项目' }).click();
  await expect(page).toHaveURL(/#\/index\/addproject/);
  await page.getByRole('radio', { name: '产权转让' }).check();

  await page.getByLabel('项目名称').fill(NAME);
  await page.getByLabel('标的企业名称').fill('北京示范软件有限公司');
  await page.getByLabel('统一社会信用代码', { exact: true }).fill('91110000201806182F');
  await page.getByLabel('法定代表人').fill('李明');
  await page.getByLabel('注册资本（元）').fill('50000000');
  await pickDay(page, '成立日期', '2008-06-18');
  await pickRegion(page, '所在地区', '北京市', '市辖区');
  await choose(page, '所属行业', '信息传输、软件和信息技术服务业');
  await choose(page, '经济类型', '国有控股');
  await choose(page, '企业类型', '有限责任公司');
  await choose(page, '企业规模', '中型');
  await page.getByLabel('职工人数').fill('186');
  await page.getByRole('button', { name: '添加转让方' }).click();
  await page.getByLabel('转让方第1行转让方名称').fill('北京示范国有资产经营有限公司');
  await page.getByLabel('转让方第1行统一社会信用代码').fill('91110000100000016D');
  await page.getByLabel('转让方第1行持有比例（%）').fill('60');
  await page.getByLabel('转让方第1行拟转让比例（%）').fill('40');
  await page.getByLabel('信息预披露期（工作日）').fill('20');
  await page.getByLabel('联系人').fill('王经理');
  await page.getByLabel('联系电话').fill('13800000001');
  await choose(page, '委托会员', '示范产权经纪有限公司');
  await saveNewProject(page);
  await expect(page.getByText('项目已保存').first()).toBeVisible();

  // The shareholder structure and the financial data, each from its template with one bad row.
  await importSheet(
    page,
    '股权结构',
    [
      ['北京示范国有资产经营有限公司', '国有', 30000000, 30000000, '60'],
      ['北京示范投资管理有限公司', '国有', 15000000, '', '30.12345'],
      ['职工持股平台', '其他', 5000000, '', '10'],
    ],
    { text: '北京示范投资管理有限公司', error: '持股比例（%）须为0至100之间的数，最多4位小数' },
    'equity-01-structure-preview',
  );
  await importSheet(
    page,
    '财务数据',
    [
      [
        '2025年度',
        '年度审计报告',
        180000000,
        95000000,
        85000000,
        126000000,
        9800000,
        7600000,
        '示范会计师事务所',
      ],
      ['2026年9月30日', '半年报', 186000000, 98000000, 88000000, 91000000, 5200000, 4100000],
    ],
    { text: '半年报', error: '报表类型须为以下之一：年度审计报告、最近一期财务报表' },
    'equity-02-financials-preview',
  );
  const structure = page.locator('.ant-card', { hasText: '股权结构' }).last();
  await expect(structure.getByRole('row', { name: /职工持股平台/ })).toContainText('10.0000%');

  // The pre-disclosure: its rules are the enterprise, the transferors and the period.
  await submitAndSign(page, 'rightPreEicSre', '信息预披露申请函', 'equity-03-pre-esign', /提交预披露/);
  await approveAsAdmin(browser, NAME, 'rightPreEicSre');

  // The formal disclosure: the whole form, the approval file, and the price not below the appraisal.
  await page.goto('/#/index/project');
  await page.getByPlaceholder('项目名称或编号').fill(NAME);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row.getByText('预披露中')).toBeVisible();
  await expectToReach(page, /#\/index\/editproject\?id=\d+&family=stock/, () =>
    row.getByText('编辑').click(),
  );
  // the stored project is in the form before anything is typed into it
  await expect(page.getByLabel('项目名称', { exact: true })).toHaveValue(NAME);
  await page.getByLabel('评估机构').fill('示范资产评估有限公司');
  await pickDay(page, '评估基准日', '2026-06-30');
  await page.getByLabel('净资产评估值（元）').fill('80000000');
  await page.getByLabel('转让标的对应评估值（元）').fill('32000000');
  await page.getByLabel('挂牌价（元）').fill('31000000');
  await choose(page, '批准类型', '国有资产监督管理机构批准');
  await page.getByLabel('批准单位').fill('北京市人民政府国有资产监督管理委员会');
  await page.getByLabel('批准文件文号').fill('京国资产权〔2026〕18号');
  await uploadFile(page, fileInputOf(page, '批准文件'), {
    name: '股权转让批复.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
  await page.getByLabel('受让方资格条件').fill('意向受让方应为依法设立并有效存续的企业法人。');
  await page.getByLabel('交易保证金（元）').fill('3000000');
  await pickDay(page, '保证金交纳截止日期', '2027-01-20');
  await page.getByLabel('职工安置方案').fill('本次转让不涉及职工安置，职工劳动关系保持不变。');
  await page.getByLabel('正式披露期（工作日）').fill('20');
  await page
    .getByLabel('公告内容')
    .fill('北京示范国有资产经营有限公司拟公开转让所持北京示范软件有限公司40%股权。');
  await page.getByRole('button', { name: /提交正式披露/ }).click();
  await expect(page.locator('.ant-alert-error li')).toHaveText([
    /挂牌价不得低于转让标的对应评估值（32,000,000.00元）/,
  ]);
  await keepScreenshot(page, 'equity-04-price-refused');

  // an amount shows its thousands separators until the field is entered: enter it, then type the new price
  await page.getByLabel('挂牌价（元）').click();
  await page.getByLabel('挂牌价（元）').fill('32000000');
  await submitAndSign(page, 'rightEicSre', '信息披露申请函', 'equity-05-formal-esign', /提交正式披露/);
  await approveAsAdmin(browser, NAME, 'rightEicSre');

  await page.goto('/#/index/project');
  await page.getByPlaceholder('项目名称或编号').fill(NAME);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const disclosing = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(disclosing.getByText('披露中')).toBeVisible();
  await expectToReach(page, /#\/index\/rightShowProject\?id=\d+&family=stock/, () =>
    disclosing.getByText('查看').click(),
  );
  projectUrl = `/${new URL(page.url()).hash}`;
  const deadline = page.getByRole('row', { name: /披露截止日期/ }).getByText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(deadline.first()).toBeVisible();
  await expect(
    page.locator('.ant-card', { hasText: '股权结构' }).getByText('北京示范国有资产经营有限公司'),
  ).toBeVisible();
  await keepScreenshot(page, 'equity-06-disclosing');
});

test('the entrusted member registers a buyer and e-signs registrationEicSre; the exchange approves', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'member');
  await expect(page).toHaveURL(/#\/index\/home/);
  await openProject(page);
  await expect(page.getByRole('button', { name: '申请中止' })).toHaveCount(0);
  await startAction(page, '意向登记', 'registrationEicSre');
  await page.getByLabel('申请原因').fill('代理北京意向投资有限公司报名受让');
  await page.getByLabel('意向受让方名称').fill(BUYER);
  await page.getByLabel('拟受让价格（元）').fill('32500000');
  await attachApplicationFile(page, '意向受让申请书.pdf');
  await submitAndSign(page, 'registrationEicSre', '意向登记申请函', 'equity-07-registration-esign');
  await approveAsAdmin(browser, NAME, 'registrationEicSre');
});

test('the qualification review is returned once with a reason, corrected, then confirmed', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  await openProject(page);
  const transferees = page.locator('.ant-card', { hasText: '意向受让方' });
  await expect(transferees.getByRole('row', { name: new RegExp(BUYER) }).getByText('待确认')).toBeVisible();
  await startAction(page, '意向资格审核', 'rightIntentionReview');
  await page.getByLabel('意向受让方名称').fill(BUYER);
  await page.getByLabel('资格审核意见').fill('符合受让条件');
  await attachApplicationFile(page, '资格审核材料.pdf');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('审核中').first()).toBeVisible();

  await returnAsAdmin(browser, NAME, 'rightIntentionReview', QUALIFICATION_RETURN, 'equity-08-review');
  await openReturnedTask(page, NAME, 'rightIntentionReviewMfyRrn');
  await expect(page.getByText(QUALIFICATION_RETURN).first()).toBeVisible();
  await page.getByLabel('资格审核意见').fill('符合受让条件，受让资金为自有资金');
  await keepScreenshot(page, 'equity-09-review-returned');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('审核中').first()).toBeVisible();
  await approveAsAdmin(browser, NAME, 'rightIntentionReview');

  await openProject(page);
  await expect(transferees.getByRole('row', { name: new RegExp(BUYER) }).getByText('已确认')).toBeVisible();
});

test('the contract, the price payout and the transaction-assurance letter: the project is dealt', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);

  // The contract: entered and reviewed (the rights-type contract has no letter of its own).
  await openProject(page);
  await startAction(page, '录入合同信息', 'rightContractAon');
  await page.getByLabel('申请原因').fill('与意向受让方签订产权交易合同');
  await page.getByLabel('合同编号').fill('HT-2026-0188');
  await page.getByLabel('受让方名称').fill(BUYER);
  await page.getByLabel('成交价（元）').fill('32500000');
  await pickDay(page, '签订日期', '2026-11-20');
  await attachApplicationFile(page, '产权交易合同.pdf');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('审核中').first()).toBeVisible();
  await approveAsAdmin(browser, NAME, 'rightContractAon');

  // The price payout, e-signed on rightPriceEicSre.
  await openProject(page);
  await expect(page.getByText('已成交').first()).toBeVisible();
  await startAction(page, '申请价款划转', 'rightPriceAon');
  await page.getByLabel('申请原因').fill('交易价款划转至转让方账户');
  await page.getByLabel('划转金额（元）').fill('32500000');
  await page.getByLabel('收款户名').fill('北京示范国有资产经营有限公司');
  await page.getByLabel('开户银行').fill('中国工商银行北京分行');
  await page.getByLabel('收款账号').fill('0200001234567890123');
  await attachApplicationFile(page, '价款划转申请.pdf');
  await submitAndSign(page, 'rightPriceEicSre', '价款划转申请函', 'equity-10-price-esign');
  await approveAsAdmin(browser, NAME, 'rightPriceEicSre');

  // The transaction-assurance letter (rightEicSreF).
  await openProject(page);
  await startAction(page, '申请交易鉴证', 'rightEicSreF');
  await page.getByLabel('申请原因').fill('申请出具交易鉴证书');
  await page.getByLabel('合同编号').fill('HT-2026-0188');
  await page.getByLabel('受让方名称').fill(BUYER);
  await page.getByLabel('成交价（元）').fill('32500000');
  await attachApplicationFile(page, '交易鉴证申请.pdf');
  await submitAndSign(page, 'rightEicSreF', '交易鉴证申请函', 'equity-11-assurance-esign');
  await approveAsAdmin(browser, NAME, 'rightEicSreF');

  // Dealt, with what was recorded and the process log of every stage.
  await openProject(page);
  await expect(page.getByText('已成交').first()).toBeVisible();
  const records = page.locator('.ant-card', { hasText: '交易信息' });
  await expect(records.getByText('HT-2026-0188').first()).toBeVisible();
  await expect(records.getByText('32,500,000.00元').first()).toBeVisible();
  const log = page.getByRole('table').last();
  for (const stage of [
    '信息预披露',
    '信息披露',
    '意向登记',
    '意向资格审核',
    '合同信息登记',
    '价款划转',
    '交易鉴证',
  ]) {
    await expect(log.getByText(stage, { exact: true }).first()).toBeVisible();
  }
  await expect(log.getByText(QUALIFICATION_RETURN)).toBeVisible();
  await keepScreenshot(page, 'equity-12-dealt');
});
