// A small-lot batch (小宗实物) from the agent's ledger to delivery, in Chromium against the real server. The agent
// imports lots into its ledger (the preview shows the bad row), ticks three and starts a batch, fills its form
// naming the appraisal firm; the firm gives its estimate on 评估项目 and the batch's form takes it; the agent
// submits and e-signs the disclosure, the exchange approves it, and the agent sets its rules for the hall (竞价规则).
// Then the external platform's auction result is entered and the result confirmed (the project dealt, the lots
// 已成交), each approved by the exchange from 待办任务; the agent records the pick-up with its photo and signs with the
// receipt the buyer signed on paper (the lots 已交割). On the demo's batch won in the hall, the agent records the
// pick-up and the winning member signs for the goods from its registration.
import { expect, test, type Page } from '@playwright/test';
import {
  answerDialog,
  downloadTemplate,
  expectToReach,
  fileInputOf,
  findProjectRow,
  keepScreenshot,
  openMenu,
  pickDay,
  signIn,
  uploadFile,
  uploadSheet,
} from './helpers.ts';
import {
  APPLICATION_PDF,
  approveAsAdmin,
  attachApplicationFile,
  startAction,
  submitAndSign,
} from './workflow-steps.ts';

const LOT = `E2E废钢${String(Date.now()).slice(-5)}`;
// the batch is named after the first lot of the list (newest first)
const NAME = `${LOT}-4等3项标的`;
const FIRM = '示范资产评估有限公司';
// the demo's batch won in the hall by agent2's buyer (seed-small.ts)
const WON = '闲置空压机（04）等2项标的';
/** A 1x1 PNG: the pick-up's photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial' });

/** The agent's ledger, searched for this spec's lots. */
async function openLedger(page: Page): Promise<void> {
  await openMenu(page, '台账管理', '小宗实物');
  await page.getByLabel('关键字').fill(LOT);
  await page.getByRole('button', { name: /查\s*询/ }).click();
}

/** Opens the batch's page from 我的项目 (代理项目方). */
async function openBatch(page: Page): Promise<void> {
  const row = await findProjectRow(page, NAME);
  await expectToReach(page, /#\/index\/smallShowProject\?id=\d+/, () => row.getByText('查看').click());
}

/** The pick-up as the seller records it on the delivery page: the day, place, who took the goods and a photo. */
async function recordPickup(page: Page): Promise<void> {
  await pickDay(page, '提货日期', '2026-12-20');
  await page.getByLabel('提货地点').fill('示范工业园三号仓库');
  await page.getByLabel('提货人').fill('王师傅');
  await page.getByLabel('提货说明').fill('买受人凭成交确认书提货，数量无误');
  await uploadFile(page, fileInputOf(page, '提货现场照片'), {
    name: '提货现场.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await keepScreenshot(page, 'small-06-pickup');
  await page.getByRole('button', { name: '登记提货' }).click();
  await expect(page.getByTestId('delivery-status')).toHaveText('待签收');
}

/** 确认签收 and its confirmation: the delivery reads 已签收. */
async function signForGoods(page: Page): Promise<void> {
  await page.getByLabel('签收说明').fill('标的已全部收到');
  await page.getByRole('button', { name: '确认签收' }).click();
  await answerDialog(page.getByRole('dialog', { name: '确认签收' }), /确\s*定/);
  await expect(page.getByTestId('delivery-status')).toHaveText('已签收');
}

/** An information record of the batch: started from its page, filled, its file attached, submitted for review. */
async function record(
  page: Page,
  button: string,
  routeName: string,
  fill: () => Promise<void>,
): Promise<void> {
  await openBatch(page);
  await startAction(page, button, routeName);
  await fill();
  await attachApplicationFile(page, `${button}材料.pdf`);
  await expectToReach(page, new RegExp(`#/index/${routeName}\\?id=\\d+`), () =>
    page.getByRole('button', { name: /提\s*交/ }).click(),
  );
  await expect(page.getByText('审核中').first()).toBeVisible();
}

test('the agent imports lots, starts a batch of three, the appraiser estimates it, the disclosure is e-signed and approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'agent');
  await expect(page).toHaveURL(/#\/index\/home$/);
  await openMenu(page, '台账管理', '小宗实物');

  // four lots in the template, the third with a quantity that is no number
  const template = await downloadTemplate(page, page.getByRole('button', { name: '下载模板' }));
  expect(template.name).toBe('小宗实物台账模板.xlsx');
  for (let i = 1; i <= 4; i += 1) {
    template.addRow({
      委托方: '北京示范国有资产经营有限公司',
      标的名称: `${LOT}-${i}`,
      标的类别: '废旧物资',
      数量: i === 3 ? '两吨' : 2 + i,
      计量单位: '吨',
      存放地点: '示范工业园三号仓库',
      '评估值（元）': 12_000,
      '起始价（元）': 10_000,
      台账状态: '在库',
    });
  }
  await page.getByRole('button', { name: /导\s*入/ }).click();
  await uploadSheet(page, '台账导入.xlsx', await template.bytes());
  await expect(page.getByText('共4行，其中1行有误，导入时将跳过；可修改表格后重新上传')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('row', { name: /^4\b/ }).first()).toContainText('数量须为不小于0的数');
  await keepScreenshot(page, 'small-01-ledger-import-preview');
  await page.getByRole('button', { name: '确认导入（3条）' }).click();
  await expect(page.getByText('已导入3条，跳过1条有误的数据')).toBeVisible({ timeout: 60_000 });

  // the three lots start one batch: the draft's lot list holds them, the ledger says 挂牌中
  await openLedger(page);
  await expect(page.getByText('共 3 条')).toBeVisible();
  for (const n of [4, 2, 1]) {
    await page
      .getByRole('row', { name: new RegExp(`${LOT}-${n}`) })
      .getByRole('checkbox')
      .check();
  }
  await page.getByRole('button', { name: '发起项目（已选3项）' }).click();
  const dialog = page.getByRole('dialog', { name: '发起项目' });
  await expect(dialog.getByText('将以选中的3项标的发起小宗实物项目，标的状态将变为“挂牌中”。')).toBeVisible();
  await dialog.getByRole('button', { name: /发\s*起/ }).click();
  await expect(page.getByText(`编辑项目：${NAME}`)).toBeVisible();
  const lots = page.locator('.ant-card', { hasText: '标的清单' });
  await expect(lots.getByRole('row', { name: new RegExp(`${LOT}-1`) })).toBeVisible();

  // the form: the viewing, payment and pick-up terms, and the appraisal firm asked for its estimate
  await page.getByLabel(/披露期/).fill('10');
  await page.getByLabel('看样地点').fill('示范工业园三号仓库');
  await pickDay(page, '看样开始日期', '2026-12-07');
  await pickDay(page, '看样截止日期', '2026-12-11');
  await page.getByLabel('看样联系人').fill('赵经理');
  await page.getByLabel('看样联系电话').fill('13800000004');
  await page.getByLabel(/付款期限/).fill('5');
  await page.getByLabel(/提货期限/).fill('10');
  await page.getByLabel('评估机构').fill(FIRM);
  await page.getByLabel('联系人', { exact: true }).fill('赵经理');
  await page.getByLabel('联系电话', { exact: true }).fill('13800000004');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('项目已保存').first()).toBeVisible();
  await keepScreenshot(page, 'small-02-batch-form');

  // the appraisal firm finds the batch on 评估项目 and gives its estimate: no net assets asked of goods
  const firm = await (await browser.newContext()).newPage();
  await signIn(firm, 'assessment');
  await expect(firm).toHaveURL(/#\/index\/todoEstimate/);
  await firm.goto('/#/index/estimateList');
  const engaged = firm.getByRole('row', { name: new RegExp(NAME) });
  await engaged.getByRole('button', { name: '出具评估报告' }).click();
  const estimate = firm.getByRole('dialog', { name: '出具评估报告' });
  await expect(estimate.getByLabel('净资产评估值（元）')).toHaveCount(0);
  await uploadFile(firm, estimate.locator('input[type=file]'), {
    name: '估价报告.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
  await pickDay(firm, '评估基准日', '2026-11-20');
  await estimate.getByLabel('评估（估价）值（元）').fill('33000');
  await keepScreenshot(firm, 'small-03-estimate');
  await estimate.getByRole('button', { name: '提交评估结果' }).click();
  await expect(engaged.getByText('已出具')).toBeVisible();
  await firm.context().close();

  // the batch's form took the estimate; the agent submits and e-signs its disclosure, the exchange approves it
  await page.reload();
  await expect(page.getByLabel('评估（估价）值（元）')).toHaveValue(/33,?000/);
  await submitAndSign(page, 'smallEicSre', '信息披露申请函', 'small-04-disclosure-esign');
  await approveAsAdmin(browser, NAME, 'smallEicSre');
  await openBatch(page);
  await expect(page.getByText('披露中').first()).toBeVisible();

  // the agent's rules for the hall: offered from the day after the disclosure's end, at the disclosed price
  await page.getByRole('button', { name: '设置竞价规则' }).click();
  const rules = page.getByRole('dialog', { name: '设置竞价规则' });
  await expect(rules.getByLabel('起始价（元）')).toHaveValue('30,000.00');
  await rules.getByLabel('加价幅度（元）').fill('500');
  await keepScreenshot(page, 'small-05-auction-rules');
  await answerDialog(rules, /保\s*存/);
  await expect(page.getByTestId('auction-rules')).toContainText('500.00元');
});

test('the auction result entered and confirmed, the delivery recorded: the lots read 已交割 in the ledger', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'agent');
  await expect(page).toHaveURL(/#\/index\/home$/);

  await record(page, '录入拍卖结果', 'smallAuctionResultImport', async () => {
    await page.getByLabel('竞得人').fill('北京再生资源回收利用有限公司');
    await page.getByLabel('成交价（元）').fill('36500');
    await pickDay(page, '拍卖日期', '2026-12-15');
  });
  await approveAsAdmin(browser, NAME, 'smallAuctionResultImport');

  await record(page, '结果确认', 'smallResultConfirm', async () => {
    await page.getByLabel('受让方名称').fill('北京再生资源回收利用有限公司');
    await page.getByLabel('成交价（元）').fill('36500');
    await page.getByLabel('确认意见').fill('网络竞价结果无异议，确认成交');
  });
  await approveAsAdmin(browser, NAME, 'smallResultConfirm');
  await openBatch(page);
  await expect(page.getByText('已成交').first()).toBeVisible();
  await openLedger(page);
  await expect(page.getByRole('row', { name: /已成交/ })).toHaveCount(3);

  // the pick-up recorded with its photo; a buyer off the portal: the agent signs with the paper receipt
  await openBatch(page);
  await page.getByRole('button', { name: '办理交付' }).click();
  await expect(page).toHaveURL(/#\/index\/smallDelivery\?id=\d+/);
  await recordPickup(page);
  const receipt = page.locator('.ant-card').filter({ has: page.getByRole('button', { name: '确认签收' }) });
  await uploadFile(page, receipt.locator('input[type=file]'), {
    name: '签收单.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
  await signForGoods(page);
  await openLedger(page);
  await expect(page.getByRole('row', { name: /已交割/ })).toHaveCount(3);
  await expect(page.getByRole('row', { name: new RegExp(`${LOT}-3`) })).toHaveCount(0);
  await keepScreenshot(page, 'small-07-ledger-delivered');
});

test("the demo's batch won in the hall: the agent records the pick-up, the winner's member signs for the goods", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'agent');
  await expect(page).toHaveURL(/#\/index\/home$/);
  const row = await findProjectRow(page, WON);
  await expectToReach(page, /#\/index\/smallShowProject\?id=\d+/, () => row.getByText('查看').click());
  await page.getByRole('button', { name: '办理交付' }).click();
  await expect(page.getByText('竞得会员在线确认签收')).toBeVisible();
  await recordPickup(page);
  await expect(page.getByRole('button', { name: '确认签收' })).toHaveCount(0);

  // the winner's member opens its registration (代理意向方) and signs for the goods
  const buyer = await (await browser.newContext()).newPage();
  await signIn(buyer, 'agent2');
  await expect(buyer).toHaveURL(/#\/index\//);
  await buyer.goto('/#/index/intentionPro');
  await buyer
    .getByRole('row', { name: /北京再生资源回收利用有限公司/ })
    .getByText('查看')
    .click();
  await buyer.getByRole('button', { name: '提货签收' }).click();
  await expect(buyer).toHaveURL(/#\/index\/smallDelivery\?id=\d+/);
  await expect(buyer.getByText('王师傅')).toBeVisible();
  await keepScreenshot(buyer, 'small-08-buyer-receipt');
  await signForGoods(buyer);
  await buyer.context().close();

  await openMenu(page, '台账管理', '小宗实物');
  await page.getByLabel('关键字').fill('闲置空压机');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('row', { name: /闲置空压机（04）.*已交割/ })).toBeVisible();
});
