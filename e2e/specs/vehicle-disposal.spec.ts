// A motor-vehicle disposal (机动车处置) in Chromium against the real server, from the owner's application to every
// vehicle dismantled. The owner drafts the application on 新增项目, imports five vehicles from the downloaded template
// (its preview names the bad row) and e-signs the 处置申请函; the exchange approves it from 待办任务 and assigns the
// assessment institution on the project's page; the firm values the vehicles from its 我的待办 with its report; the
// owner confirms the values and signs the five listing letters in one batch; the exchange confirms the deal with the
// demo dismantler; the dismantler sends its receiving application and keeps each vehicle's record through its three
// steps with photos, e-signing each; the project then shows every vehicle dismantled with its recovery certificate's
// number, and a member reads the listed vehicles with their plates masked.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { vinCheckDigit } from '@cqjy/domain';
import ExcelJS from 'exceljs';
import {
  answerDialog,
  expectToReach,
  fileInputOf,
  keepScreenshot,
  pickDay,
  pickOption,
  saveNewProject,
  signIn,
  uploadFile,
} from './helpers.ts';
import { APPLICATION_PDF, approveAsAdmin, fillCode, submitAndSign } from './workflow-steps.ts';

const SERIAL = Number(String(Date.now()).slice(-5));
const NAME = `E2E报废公务车辆处置${SERIAL}`;
const COUNT = 5;
/** A 1x1 PNG: the dismantling photos. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial' });

let projectId = 0;

/** The plates of this run: the serial makes them unique among the runs on one database. */
const plateOf = (i: number): string => `沪D${String((SERIAL * 7 + i) % 100_000).padStart(5, '0')}`;
const maskedOf = (i: number): string => `${plateOf(i).slice(0, 3)}****`;

function vinOf(i: number): string {
  const draft = `LSVAU2180N2${String((SERIAL * 10 + i) % 1_000_000).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft) ?? '0'}${draft.slice(9)}`;
}

const certificateOf = (i: number): string => `BJ${SERIAL}${String(i).padStart(6, '0')}`;

const today = (): string =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** Picks `option` in the drop-down labelled `label` that stands outside a form (the page's own choice). */
async function selectIn(page: Page, label: string, option: string): Promise<void> {
  const item = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
  await expect(async () => {
    await page.getByLabel(label, { exact: true }).click({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function openProject(page: Page): Promise<void> {
  await page.goto(`/#/index/vehicleShowProject?id=${projectId}`);
  await expect(page.getByText(NAME).first()).toBeVisible();
}

/** Signs in and waits for the first page: a page opened before would be left for it. */
async function signedIn(page: Page, username: string): Promise<Page> {
  await signIn(page, username);
  await expect(page).toHaveURL(/#\/index\/(home|todoEstimate|project)$/);
  return page;
}

/** A second person in the same browser: their own context, signed in. */
async function asUser(browser: Browser, username: string): Promise<Page> {
  return signedIn(await (await browser.newContext()).newPage(), username);
}

/** Opens the person's task of this project from 待办任务 (or 我的待办 of the assessment institution). */
async function openTask(page: Page, list: 'todo' | 'todoEstimate', route: string): Promise<void> {
  await page.goto(`/#/index/${list}`);
  const row = page.getByRole('row', { name: new RegExp(NAME) }).first();
  await expect(row).toBeVisible();
  await expectToReach(page, new RegExp(`#/index/${route}\\?`), () =>
    row.getByRole('button', { name: '办理' }).click(),
  );
}

/** The template downloaded from the vehicle section, with five good vehicles and one whose VIN is wrong. */
async function filledTemplate(page: Page): Promise<Buffer> {
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: '下载模板' }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('处置车辆清单模板.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('the template has no sheet');
  for (let i = 1; i <= COUNT + 1; i += 1) {
    const vin = vinOf(i);
    // the sixth row's VIN has a wrong check digit
    const typed = i === COUNT + 1 ? `${vin.slice(0, 8)}${vin[8] === '1' ? '2' : '1'}${vin.slice(9)}` : vin;
    sheet.addRow([
      plateOf(i),
      typed,
      `EA${SERIAL}${i}`,
      '大众牌SVW7182',
      '小型汽车',
      '2010-05-18',
      320_000 + i,
      '已达报废标准',
      '',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('the owner imports five vehicles and applies with its e-signature; the exchange approves and assigns the firm', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  await page.goto('/#/index/project');
  await page.getByRole('button', { name: '新增项目' }).click();
  await page.getByRole('radio', { name: '机动车处置' }).check();
  await page.getByLabel('项目名称').fill(NAME);
  await page.getByRole('radio', { name: '国有企业' }).check();
  await page.getByLabel('处置批准单位').fill('北京市人民政府国有资产监督管理委员会');
  await page.getByLabel('处置原因').fill('所列公务车辆已达国家机动车强制报废标准，申请报废处置。');
  await page.getByLabel('车辆存放地点').fill('北京市朝阳区示范路8号停车场');
  await page.getByLabel(/挂牌期/).fill('10');
  await page.getByLabel('联系人').fill('王经理');
  await page.getByLabel('联系电话').fill('13800000001');
  await saveNewProject(page);
  projectId = Number(new URL(page.url().replace('#/', '')).searchParams.get('id'));
  // the saved draft's page is drawn once its vehicles are: the form's files take uploads then
  const section = page.locator('.ant-card', { hasText: '车辆信息' }).first();
  await expect(section.getByRole('button', { name: '导入车辆' })).toBeVisible();
  await uploadFile(page, fileInputOf(page, '处置批准文件'), {
    name: '处置批准文件.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });

  // the vehicles, imported from the template: the preview names the bad row, the import skips it
  const filled = await filledTemplate(page);
  await section.getByRole('button', { name: '导入车辆' }).click();
  const dialog = page.getByRole('dialog', { name: '导入车辆' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: '处置车辆清单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  await expect(
    dialog.getByText('车辆识别代号应为17位字母或数字（不含I、O、Q），且第9位校验位正确'),
  ).toBeVisible();
  await keepScreenshot(page, 'vehicle-01-import-preview');
  await dialog.getByRole('button', { name: `确认导入（${COUNT}辆）` }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  for (let i = 1; i <= COUNT; i += 1)
    await expect(section.getByRole('row', { name: new RegExp(plateOf(i)) })).toBeVisible();
  await keepScreenshot(page, 'vehicle-02-application');

  // the application's letter lists them; signed with the SMS code, it goes to the exchange
  await submitAndSign(page, 'disposalApplyEicSre', '处置申请函', 'vehicle-03-application-letter');
  await approveAsAdmin(browser, NAME, 'disposalApplyEicSre', '同意按报废机动车处置');

  const admin = await asUser(browser, 'admin');
  await admin.goto(`/#/index/vehicleShowProject?id=${projectId}`);
  await selectIn(admin, '评估机构', '示范资产评估有限公司');
  await admin.getByRole('button', { name: '指派评估机构' }).click();
  await expect(admin.getByText('已指派示范资产评估有限公司').first()).toBeVisible();
  await keepScreenshot(admin, 'vehicle-04-assigned');
  await admin.close();
});

test('the firm values the vehicles with its report, and the owner confirms the values', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const firm = await asUser(browser, 'assessment');
  await openTask(firm, 'todoEstimate', 'disposalAssessmentOpinion');
  await pickDay(firm, '评估基准日', today());
  for (let i = 1; i <= COUNT; i += 1) {
    await firm.getByLabel(`评估价值（元）第${i}辆`).fill(String(1_200 + i * 10));
  }
  await firm.getByLabel('批量填写评估意见').fill('车辆已达强制报废标准，按可回收材料残值评估。');
  await firm.getByRole('button', { name: '批量填写' }).click();
  await uploadFile(firm, firm.locator('.ant-card', { hasText: '评估报告' }).locator('input[type=file]'), {
    name: '车辆评估报告.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
  await keepScreenshot(firm, 'vehicle-05-appraisal');
  await firm.getByRole('button', { name: '提交评估结果' }).click();
  await firm
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|提\s*交/ })
    .last()
    .click();
  await expect(firm.getByText('已提交').first()).toBeVisible();
  await firm.close();

  await signedIn(page, 'transferor');
  await openTask(page, 'todo', 'disposalResultConfirm');
  await expect(page.getByText('1,210.00').first()).toBeVisible();
  await keepScreenshot(page, 'vehicle-06-result-confirm');
  await page.getByRole('button', { name: '确认评估结果' }).click();
  await expectToReach(page, /#\/index\/vehicleShowProject\?id=\d+/, () =>
    page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|确\s*认/ })
      .last()
      .click(),
  );
  await expect(page.getByText(`${COUNT}辆车辆的机动车挂牌申请函待电子签章`).first()).toBeVisible();
});

test('the owner signs the five listing letters in one batch, and the exchange deals them to the dismantler', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signedIn(page, 'transferor');
  await openProject(page);
  await expectToReach(page, /#\/index\/vehicleBatchEicSre/, () =>
    page.getByRole('button', { name: '批量签章' }).click(),
  );
  // the project's name spans its vehicles' rows: one row per letter, each with its plate
  for (let i = 1; i <= COUNT; i += 1)
    await expect(page.getByRole('row', { name: new RegExp(plateOf(i)) })).toBeVisible();
  await expect(page.getByText(`所选${COUNT}份挂牌申请函可以一次签章`)).toBeVisible();
  await fillCode(page);
  await keepScreenshot(page, 'vehicle-07-batch-sign');
  await page.getByRole('button', { name: '批量签章并提交' }).click();
  await expect(page.getByText(/已完成\d+辆车的电子签章/).first()).toBeVisible({ timeout: 120_000 });
  await openProject(page);
  const section = page.locator('.ant-card', { hasText: '车辆信息' }).first();
  await expect(section.getByText('挂牌中', { exact: true })).toHaveCount(COUNT);

  const admin = await asUser(browser, 'admin');
  await admin.goto(`/#/index/vehicleShowProject?id=${projectId}`);
  await expectToReach(admin, /#\/index\/vehicleDealConfirm\?projectId=\d+/, () =>
    admin.getByRole('button', { name: '成交确认' }).click(),
  );
  await selectIn(admin, '拆解企业', '示范报废机动车回收拆解有限公司');
  await keepScreenshot(admin, 'vehicle-08-deal');
  await admin.getByRole('button', { name: '确认成交' }).click();
  await expectToReach(admin, /#\/index\/vehicleShowProject\?id=\d+/, () =>
    admin
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|确\s*认/ })
      .last()
      .click(),
  );
  await expect(admin.getByText('已成交').first()).toBeVisible();
  await admin.close();
});

/** One vehicle's record: the entry with its certificate, the breakup and the disintegration with photos, signed. */
async function keepRecord(page: Page, index: number, isFirst: boolean): Promise<void> {
  const day = today();
  const verify = () => page.getByRole('button', { name: '校验并进入下一步' }).click();
  const copy = async () => {
    await page.getByRole('button', { name: '沿用上一辆车的信息' }).click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem').first().click();
  };
  // 入场登记
  if (!isFirst) await copy();
  await pickDay(page, '入场日期', day);
  if (isFirst) await page.getByRole('radio', { name: '齐全' }).check();
  await page.getByLabel('回收证明编号').fill(certificateOf(index));
  await pickDay(page, '回收证明出具日期', day);
  await verify();
  // 拆解
  await expect(page.getByLabel('拆解日期')).toBeVisible();
  if (isFirst) await page.getByLabel('废液回收情况').fill('已回收燃油、机油、冷却液和制动液');
  else await copy();
  await pickDay(page, '拆解日期', day);
  await uploadFile(page, fileInputOf(page, '拆解照片'), {
    name: `拆解${index}.png`,
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await verify();
  // 解体
  await expect(page.getByLabel('解体日期')).toBeVisible();
  if (isFirst) {
    for (const assembly of ['发动机', '方向机', '变速器', '前后桥', '车架']) {
      await pickOption(page, `${assembly}去向`, '作为废钢铁交售');
      await page.getByLabel(`${assembly}接收企业`).fill('首钢集团有限公司');
    }
  } else {
    await copy();
  }
  await pickDay(page, '解体日期', day);
  await uploadFile(page, fileInputOf(page, '解体照片'), {
    name: `解体${index}.png`,
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  if (isFirst) await keepScreenshot(page, 'vehicle-10-record-disintegrate');
  await verify();
  // submitted, the letter drawn, e-signed with the SMS code
  await page.getByRole('button', { name: '提交拆解记录' }).click();
  await answerDialog(page.getByRole('dialog').filter({ hasText: '确认提交' }), /确\s*定/);
  await expect(page.getByText('报废机动车拆解记录').first()).toBeVisible();
  await fillCode(page);
  if (isFirst) await keepScreenshot(page, 'vehicle-11-record-sign');
  await page.getByRole('button', { name: '电子签章并提交' }).click();
  await expect(page.getByTestId('record-certificate-no')).toHaveText(certificateOf(index), {
    timeout: 60_000,
  });
  if (isFirst) await keepScreenshot(page, 'vehicle-12-record-signed');
}

test('the dismantler receives the vehicles and keeps each record with photos, e-signed: every vehicle dismantled', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await signedIn(page, 'disassembly');
  await openTask(page, 'todo', 'disposalReceivingAon');
  await pickDay(page, '接收日期', today());
  await page.getByLabel('接收地点').fill('北京市大兴区示范拆解厂');
  await page.getByLabel('运输方式').fill('平板拖车运输');
  await page.getByLabel('经办人', { exact: true }).fill('赵师傅');
  await page.getByLabel('经办人手机号').fill('13800000006');
  await keepScreenshot(page, 'vehicle-09-receiving');
  await page.getByRole('button', { name: '提交接收申请' }).click();
  const records = page.locator('.ant-card', { hasText: '拆解记录' }).last();
  await expect(records.getByRole('row')).toHaveCount(COUNT + 1);

  // the first record from the list, each next one from the signed record's 下一辆
  await expectToReach(page, /#\/index\/disposalBreakup\?id=\d+/, () =>
    records.getByRole('row').nth(1).getByRole('button', { name: '登记' }).click(),
  );
  for (let i = 1; i <= COUNT; i += 1) {
    await keepRecord(page, i, i === 1);
    if (i < COUNT) await page.getByRole('button', { name: /^下一辆/ }).click();
  }

  // the owner's project: every vehicle dismantled, with its certificate's number
  const owner = await asUser(browser, 'transferor');
  await owner.goto(`/#/index/vehicleShowProject?id=${projectId}`);
  const section = owner.locator('.ant-card', { hasText: '车辆信息' }).first();
  await expect(section.getByText('已拆解', { exact: true })).toHaveCount(COUNT);
  await expect(section.getByTestId('certificate-no')).toHaveCount(COUNT);
  await expect(owner.getByText('已结束').first()).toBeVisible();
  await keepScreenshot(owner, 'vehicle-13-closed');
  await owner.close();
});

test('a member reads the listed vehicles with their plates masked', async ({ page }) => {
  await signedIn(page, 'member');
  await page.goto(`/#/index/vehicleShowProject?id=${projectId}`);
  await expect(page.getByText(NAME).first()).toBeVisible();
  for (let i = 1; i <= COUNT; i += 1) {
    await expect(page.getByRole('cell', { name: maskedOf(i), exact: true }).first()).toBeVisible();
  }
  for (let i = 1; i <= COUNT; i += 1) await expect(page.getByText(plateOf(i))).toHaveCount(0);
  await keepScreenshot(page, 'vehicle-14-member');
});
