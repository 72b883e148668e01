// A plan's life in Chromium against the real server: the owner records a plan on 新增计划 (refused a wrong
// mobile first), finds it on 我的计划, turns it into a project (转为项目, after a confirm) and lands on the new draft
// project's form with the plan's facts; the plan is then 已转项目, linked to its project and offers no changes.
// The exchange reads it on 计划管理; another company does not see it.
import { expect, test } from '@playwright/test';
import { expectToReach, keepScreenshot, signIn } from './helpers.ts';

const NAME = `闲置设备处置计划${String(Date.now()).slice(-5)}`;

test.describe.configure({ mode: 'serial' });

test('records a plan and turns it into a draft project with its facts', async ({ page }) => {
  await expectToReach(page, /#\/index\/home/, () => signIn(page, 'transferor'));
  await page.goto('/#/index/plan');
  await page.getByRole('button', { name: '新增计划' }).click();
  await expect(page).toHaveURL(/#\/index\/planAdd/);

  await page.getByPlaceholder('请填写计划名称').fill(NAME);
  await page.getByLabel('抵质押资产').check();
  await page.getByLabel('资产类别').click();
  await page.getByTitle('机器设备').click();
  await page.getByPlaceholder('请填写预计挂牌价').fill('860000');
  await page.getByPlaceholder('请填写评估值').fill('900000');
  await page.getByPlaceholder('请填写联系人').fill('赵六');
  await page.getByPlaceholder('请填写联系电话').fill('1380000');
  // Enter takes the typed day and submits the form, as 保存 would
  await page.getByLabel('计划挂牌日期').fill('2027-03-01');
  await page.getByLabel('计划挂牌日期').press('Enter');
  await expect(page.getByText('请填写正确的联系电话')).toBeVisible();
  await expect(page).toHaveURL(/#\/index\/planAdd/);

  await page.getByPlaceholder('请填写联系电话').fill('13800000001');
  await keepScreenshot(page, 'plan-add');
  await expectToReach(page, /#\/index\/planShow\?id=\d+/, () =>
    page.getByRole('button', { name: /保\s*存/ }).click(),
  );
  await expect(page.getByText('待转项目')).toBeVisible();
  await expect(page.getByText('860,000.00')).toBeVisible();
  await expect(page.getByText('2027-03-01')).toBeVisible();
  await keepScreenshot(page, 'plan-show');

  await page.goto('/#/index/plan');
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row.getByText('待转项目')).toBeVisible();
  await row.getByRole('button', { name: '转为项目' }).click();
  await expectToReach(page, /#\/index\/editproject\?id=\d+&family=coll/, () =>
    page
      .getByRole('dialog')
      .getByRole('button', { name: /转为项目/ })
      .click(),
  );
  await expect(page.getByPlaceholder('请填写项目名称')).toHaveValue(NAME);
  await expect(page.getByPlaceholder('请填写挂牌价')).toHaveValue('860,000.00');
  await expect(page.getByPlaceholder('请填写联系人')).toHaveValue('赵六');
  await keepScreenshot(page, 'plan-to-project');

  await page.goto('/#/index/plan');
  const converted = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(converted.getByText('已转项目')).toBeVisible();
  await expect(converted.getByRole('button', { name: /^GR\d{4}BJ\d{7}$/ })).toBeVisible();
  await expect(converted.getByRole('button', { name: '转为项目' })).toHaveCount(0);
  await keepScreenshot(page, 'plan-list');
});

test('the exchange reads the plan on 计划管理; another company does not see it', async ({
  page,
  browser,
}) => {
  await expectToReach(page, /#\/index\/project/, () => signIn(page, 'admin'));
  await page.goto('/#/index/plan');
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row.getByText('已转项目')).toBeVisible();
  await expect(row.getByText('北京示范国有资产经营有限公司')).toBeVisible();
  await expect(row.getByRole('button', { name: /编\s*辑/ })).toHaveCount(0);
  await keepScreenshot(page, 'plan-admin');

  const other = await browser.newPage();
  await expectToReach(other, /#\/index\/home/, () => signIn(other, 'transferor2'));
  await other.goto('/#/index/plan');
  await expect(other.getByText('暂无数据')).toBeVisible();
  await expect(other.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
  await other.close();
});
