// Where a user starts the day, in Chromium against the real server: 首页 shows the month's calendar with the demo
// project's disclosure deadline (its link opens the project) and the projects by status; 综合查询 finds the demo
// project by a two-character keyword and exports the search; 收入统计 shows the demo deal's month; the assessment
// institution's 评估项目 lists the equity project it appraised.
import { expect, test } from '@playwright/test';
import { formatDate } from '@cqjy/domain';
import { findProjectRow, keepScreenshot, signIn } from './helpers.ts';

const DEMO_CODE = 'GR2026BJ1000123';

test('首页 calendar shows the demo deadline; 综合查询 finds the demo project by two characters; 收入统计', async ({
  page,
}) => {
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);

  // the deadline of the demo project, as 我的项目 shows it
  const row = await findProjectRow(page, DEMO_CODE);
  await expect(row).toBeVisible();
  // the signed-in page's own token (an expression: the specs are compiled without the DOM's types)
  const token = await page.evaluate<string>("localStorage.getItem('cqjy.token') ?? ''");
  const answer = await page.request.post('/api/project/list', {
    headers: { Authorization: `Bearer ${token}` },
    data: { page: 1, size: 10, keyword: DEMO_CODE },
  });
  const listed = (await answer.json()) as { data: { list: { disclosureEnd: string }[] } };
  const deadline = listed.data.list[0]?.disclosureEnd ?? '';
  const day = formatDate(deadline);
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await page.goto('/#/index/home');
  const calendar = page.getByTestId('home-calendar');
  await expect(calendar).toBeVisible();
  // the calendar opens on this month: the deadline's month is reached with its own buttons
  const [year, month] = day.split('-') as [string, string];
  const target = `${year}年${Number(month)}月`;
  const step = day.slice(0, 7) > formatDate(new Date()).slice(0, 7) ? '下一月' : '上一月';
  for (let turns = 0; turns < 24 && (await calendar.getByText(target).count()) === 0; turns += 1) {
    await calendar.getByRole('button', { name: step }).click();
  }
  await expect(calendar.getByText(target, { exact: true })).toBeVisible();
  const event = calendar.getByRole('link', { name: new RegExp(`披露截止：.*${DEMO_CODE}`) });
  await expect(event.first()).toBeVisible();
  // a cell cuts the title; hovering it shows it whole
  await event.first().hover();
  await expect(page.getByRole('tooltip', { name: new RegExp(`披露截止：.*${DEMO_CODE}`) })).toBeVisible();
  await expect(page.getByTestId('home-project-status').getByLabel(/^披露中\d+个$/)).toBeVisible();
  await keepScreenshot(page, 'insights-01-home');
  await event.first().click();
  await expect(page).toHaveURL(/#\/index\/bulkShowProject\?id=\d+/);

  // 综合查询 by two characters (of its name's 废旧设备: 示范 names more demo projects than the first page holds)
  await page.goto('/#/index/comprehensiveQuery');
  await page.getByLabel('关键字').fill('废旧');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(DEMO_CODE) })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^任务（\d+）$/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^综合查询_\d{4}-\d{2}-\d{2}\.xlsx$/);
  await keepScreenshot(page, 'insights-02-query');

  // 收入统计: the demo deal, in its month
  await page.goto('/#/index/income');
  await expect(page.getByText('3,680,000.00').first()).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  await keepScreenshot(page, 'insights-03-income');
});

test('评估项目: the assessment institution sees the equity project it appraises', async ({ page }) => {
  await signIn(page, 'assessment');
  await expect(page).toHaveURL(/#\/index\/todoEstimate/);
  // the demo institution is told of its advanced authentication by a banner, which blocks nothing and it puts off
  await page.getByRole('menuitem', { name: '评估项目' }).click();
  await expect(page).toHaveURL(/#\/index\/estimateList/);
  await page.getByRole('button', { name: '暂不认证' }).click();
  await expect(page.getByTestId('advanced-auth-banner')).toHaveCount(0);
  await expect(page.getByRole('row', { name: /示范资产评估有限公司|GR2026BJ\d+/ }).first()).toBeVisible();
  await expect(page.getByText('2026-06-30').first()).toBeVisible();
  await keepScreenshot(page, 'insights-04-estimate');
});
