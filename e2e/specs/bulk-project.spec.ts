// A bulk project's life in Chromium against the real server. The owner creates it on 新增项目, imports its
// machinery from the downloaded template (the preview shows the bad row with its error, the import skips it), is
// refused a disclosure period below the minimum of its price band, submits and e-signs the disclosure letter
// (bulkEicSre); the exchange approves from 待办任务, and the project is 披露中 with a deadline counted in working
// days. Then supplement (returned once with a reason, corrected and signed again), abort, recovery and
// termination each go through application, signature and review, and take effect. The public site follows it: the
// approved project is listed at /listings (plain HTTP), a member watches it from its page and is told when the
// supplement moves its deadline, the abort shows its 中止 notice, the termination takes it off the listings.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectToReach, keepScreenshot, saveNewProject, signIn } from './helpers.ts';
import {
  approveAsAdmin,
  attachApplicationFile,
  openReturnedTask,
  returnAsAdmin,
  startAction,
  submitAndSign,
} from './workflow-steps.ts';

const NAME = `示范机器设备一批${String(Date.now()).slice(-5)}`;
const SUPPLEMENT_RETURN = '请说明补充披露的具体内容';

test.describe.configure({ mode: 'serial' });

let projectId = 0;
let firstDeadline = '';
let projectCode = '';

/** The project's listing in the open data, once the site lists it. */
async function publicCode(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`/api/public/listings?keyword=${encodeURIComponent(NAME)}`);
  const body = (await answer.json()) as { data: { list: { code: string }[] } };
  return body.data.list[0]?.code ?? '';
}

/** The machinery template as downloaded from the import dialog, with two good rows and one bad one. */
async function fillTemplate(page: Page): Promise<Buffer> {
  const downloading = page.waitForEvent('download', { timeout: 60_000 }); // the server builds the workbook (its first loads ExcelJS)
  await page.getByRole('dialog').getByRole('button', { name: '下载模板' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('机器设备资产清单模板.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('the template has no sheet');
  sheet.addRow([
    '数控车床',
    'CK6140',
    '沈阳机床',
    2,
    '台',
    new Date(Date.UTC(2018, 5, 1)),
    120000,
    45000.5,
    40000,
  ]);
  sheet.addRow(['空压机', 'GA37', '', '两台', '台']);
  sheet.addRow(['桥式起重机', 'QD10t', '', 1, '台', '2016-03-15', 300000, '', 90000, '二号厂房']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The project's own page, with its status. */
async function openProject(page: Page): Promise<void> {
  await page.goto(`/#/index/bulkShowProject?id=${projectId}`);
  await expect(page.getByText(NAME).first()).toBeVisible();
}

async function deadlineOf(page: Page): Promise<string> {
  const cell = page.getByRole('row', { name: /披露截止日期/ }).getByText(/^\d{4}-\d{2}-\d{2}$/);
  return (await cell.first().textContent()) ?? '';
}

/** Applies for an action from the project's page: its button, the reason, the file, then submit and sign. */
async function applyFor(
  page: Page,
  button: string,
  step: { aon: string; eicSre: string; letter: string },
  fill: (page: Page) => Promise<void>,
): Promise<void> {
  await openProject(page);
  await startAction(page, button, step.aon);
  await fill(page);
  await attachApplicationFile(page, `${button}材料.pdf`);
  await submitAndSign(page, step.eicSre, step.letter);
}

test('creates a bulk project, imports its machinery, submits, e-signs and is approved into disclosure', async ({
  page,
  browser,
  request,
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
  await saveNewProject(page);

  // The asset list opens once the draft exists: import from the category's template.
  await page.getByRole('button', { name: /^导\s*入$/ }).click();
  const filled = await fillTemplate(page);
  await page.getByRole('dialog').locator('input[type=file]').setInputFiles({
    name: '机器设备资产清单.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: filled,
  });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('共3行，其中1行有误，导入时将跳过；可修改表格后重新上传')).toBeVisible();
  const badRow = dialog.getByRole('row', { name: /空压机/ });
  await expect(badRow.getByText('数量须为不小于0的整数')).toBeVisible();
  await keepScreenshot(page, 'bulk-01-import-preview');
  await dialog.getByRole('button', { name: /确认导入（2条）/ }).click();
  await expect(page.getByText('已导入2条，跳过1条有误的数据').first()).toBeVisible();
  const assets = page.locator('.ant-card', { hasText: '资产清单' });
  await expect(assets.getByRole('row', { name: /数控车床/ })).toBeVisible();
  await expect(assets.getByRole('row', { name: /桥式起重机/ })).toContainText('300,000.00');
  await expect(assets.getByText('空压机')).toHaveCount(0);

  // 1,200 万元: above 1,000 万元 the period must be at least 20 working days.
  await page.getByLabel('挂牌价（元）').fill('12000000');
  await page.getByLabel(/披露期/).fill('15');
  await page.getByLabel('联系人').fill('张经理');
  await page.getByLabel('联系电话').fill('13800000001');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.locator('.ant-alert-error li')).toHaveText([/披露期不得少于20个工作日/]);
  await keepScreenshot(page, 'bulk-02-period-refused');

  await page.getByLabel(/披露期/).fill('20');
  await expect(page.getByLabel(/披露期/)).toHaveValue('20');
  await submitAndSign(page, 'bulkEicSre', '信息披露申请函', 'bulk-03-disclosure-esign');
  await approveAsAdmin(browser, NAME, 'bulkEicSre');

  await page.goto('/#/index/project');
  await page.getByPlaceholder('项目名称或编号').fill(NAME);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row.getByText('披露中')).toBeVisible();
  await expect(row.getByText(/\d{4}-\d{2}-\d{2}/).first()).toBeVisible();
  await expectToReach(page, /#\/index\/bulkShowProject\?id=\d+/, () => row.getByText('查看').click());
  projectId = Number(/id=(\d+)/.exec(page.url())?.[1]);
  firstDeadline = await deadlineOf(page);
  expect(firstDeadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('.ant-card', { hasText: '资产清单' }).getByText('数控车床')).toBeVisible();
  await keepScreenshot(page, 'bulk-04-disclosing');

  // listed on the public site at once, and a member watches it from its page
  projectCode = await publicCode(request);
  expect(projectCode).toMatch(/^GR\d{4}BJ\d+$/);
  expect(await (await request.get('/listings')).text()).toContain(NAME);
  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'member');
  await expect(member).toHaveURL(/#\/index\//);
  await member.goto(`/listings/${projectCode}`);
  await expect(member.getByRole('heading', { name: new RegExp(NAME) })).toBeVisible();
  await member.getByRole('link', { name: '关注项目' }).click();
  await member.getByRole('button', { name: /^关\s*注$/ }).click();
  await expect(member.getByRole('row', { name: new RegExp(NAME) })).toBeVisible();
  await member.context().close();
});

test('supplement: returned with a reason, corrected, signed again, approved: the deadline moves', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  const step = { aon: 'bulkSupplementAon', eicSre: 'bulkSupplementEicSre', letter: '补充披露申请函' };
  await applyFor(page, '申请补充披露', step, async (form) => {
    await form.getByLabel('申请原因').fill('补充设备检测报告，申请延长披露期');
    await form.getByLabel(/延长披露天数/).fill('5');
  });
  await returnAsAdmin(browser, NAME, step.eicSre, SUPPLEMENT_RETURN);

  await openReturnedTask(page, NAME, 'bulkSupplementMfyRrn');
  await expect(page.getByText(SUPPLEMENT_RETURN).first()).toBeVisible();
  await page.getByLabel('申请原因').fill('补充三台设备的检测报告（已附），申请延长披露期5个工作日');
  await keepScreenshot(page, 'bulk-05-supplement-returned');
  await submitAndSign(page, step.eicSre, step.letter);
  await approveAsAdmin(browser, NAME, step.eicSre);

  await openProject(page);
  await expect(page.getByText('披露中').first()).toBeVisible();
  // the page may first show the project as it was cached, then as the server has it now
  await expect.poll(() => deadlineOf(page)).not.toBe(firstDeadline);
  const deadline = await deadlineOf(page);
  expect(deadline > firstDeadline).toBe(true);

  // the member watching it is told, in 消息提醒, of the new closing day
  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'member');
  await expect(member).toHaveURL(/#\/index\//);
  await member.goto('/#/index/reminder');
  await expect(
    member.getByText(
      `您关注的项目“${NAME}”（${projectCode}）披露截止日期由${firstDeadline}调整为${deadline}。`,
    ),
  ).toBeVisible();
  await keepScreenshot(member, 'bulk-05b-watcher-told');
  await member.context().close();
});

test('abort suspends the project, recovery resumes it, termination ends it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  // Each step: the action's button and screens, the reason given, and the status its approval leaves.
  const steps = [
    {
      button: '申请中止',
      action: 'Abort',
      letter: '项目中止申请函',
      reason: '标的资产权属需进一步确认',
      status: '已中止',
    },
    {
      button: '申请恢复',
      action: 'Recovery',
      letter: '项目恢复申请函',
      reason: '权属已确认，申请恢复信息披露',
      status: '披露中',
    },
    {
      button: '申请终结',
      action: 'Termination',
      letter: '项目终结申请函',
      reason: '转让方决定不再转让该批资产',
      status: '已终结',
    },
  ];
  for (const step of steps) {
    const eicSre = `bulk${step.action}EicSre`;
    await applyFor(page, step.button, { aon: `bulk${step.action}Aon`, eicSre, letter: step.letter }, (form) =>
      form.getByLabel('申请原因').fill(step.reason),
    );
    await approveAsAdmin(browser, NAME, eicSre);
    await openProject(page);
    await expect(page.getByText(step.status).first()).toBeVisible();
    // the public page follows the course: 中止 shows its notice, 恢复 resumes the countdown, 终结 takes it off
    const listing = await request.get(`/listings/${projectCode}`);
    if (step.action === 'Abort') expect(await listing.text()).toContain('中止公告：');
    if (step.action === 'Recovery') expect(await listing.text()).toContain('class="countdown"');
    if (step.action === 'Termination') expect(listing.status()).toBe(404);
  }
  const notices = await (await request.get('/notices')).text();
  for (const notice of ['中止公告', '恢复公告', '终结公告', '变更公告']) expect(notices).toContain(notice);
  const log = page.getByRole('table').last();
  await expect(log.getByText(SUPPLEMENT_RETURN)).toBeVisible();
  await keepScreenshot(page, 'bulk-06-terminated');
});
