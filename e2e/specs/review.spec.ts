// Applying and reviewing as professionals do, at the two widths an exchange's desks have (1366 x 768 and
// 1920 x 1080): the owner copies its demo bulk project and submits the copy's disclosure; the exchange reviews it
// seeing the price, the appraisal and the assets, and returns it with an opinion; the owner reads the opinion,
// changes the listing price and submits again; the reviewer sees the change marked and approves with an opinion
// that the process log keeps. On the project page the owner meets one primary action and 更多操作: an action
// form left before saving leaves nothing, a saved draft is discarded. The account-opening review and the empty
// new-project form are shown at each width too. Every screen is kept as a screenshot named by its width.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { answerDialog, expectToReach, findProjectRow, keepScreenshot, signIn } from './helpers.ts';
import { fillCode, openReviewAsAdmin, openReturnedTask, startAction } from './workflow-steps.ts';

const DEMO_NAME = '北京示范国有资产经营有限公司废旧设备一批';
const RETURN_OPINION = '挂牌价低于评估值的95%，请说明定价依据或调整挂牌价';
const PASS_OPINION = '挂牌价已调整，材料齐全，同意披露';

const WIDTHS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** Types a new amount into a money field as a person does: select what is there, type, leave the field. */
async function setMoney(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label);
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(value);
  await input.press('Tab');
}

/** Submits the project form's disclosure and signs its letter; the result page leads back to the project. */
async function submitDisclosure(page: Page, shot: (name: string) => Promise<void>): Promise<void> {
  await expectToReach(page, /#\/index\/bulkEicSre\?id=\d+&taskId=\d+/, () =>
    page.getByRole('button', { name: /提\s*交/ }).click(),
  );
  await expect(page.getByText('信息披露申请函').first()).toBeVisible();
  await fillCode(page);
  await page.getByRole('button', { name: '电子签章并提交' }).click();
  await expect(page.locator('.ant-result-title')).toHaveText('签章成功，已提交交易所审核');
  await shot('sign-result');
  await expectToReach(page, /#\/index\/bulkShowProject\?id=\d+/, () =>
    page.getByRole('button', { name: '查看项目' }).click(),
  );
}

/** The exchange opens the review of the copy and decides, after confirming with its opinion. */
async function reviewAs(
  browser: Browser,
  name: string,
  size: { width: number; height: number },
  decide: (admin: Page) => Promise<void>,
): Promise<void> {
  const admin = await openReviewAsAdmin(browser, name, 'bulkEicSre');
  // the reviewer's desk is as wide as the owner's
  await admin.setViewportSize(size);
  await decide(admin);
  await admin.close();
}

for (const size of WIDTHS) {
  const tag = `${size.width}`;
  const name = `评审演示废旧设备一批（${tag}）`;

  test.describe(`at ${size.width} x ${size.height}`, () => {
    test.use({ viewport: size });

    test(`disclosure reviewed with opinions, resubmission marked, actions arranged (${tag})`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(420_000);
      const shot = (step: string) => keepScreenshot(page, `review-${tag}-${step}`);

      // The owner copies the demo project into a draft of its own and names it.
      await signIn(page, 'transferor');
      await expect(page).toHaveURL(/#\/index\/home/);
      const demo = await findProjectRow(page, DEMO_NAME);
      await expectToReach(page, /#\/index\/editproject\?id=\d+/, () =>
        demo.getByRole('button', { name: '复制' }).click(),
      );
      await expect(page.getByLabel('项目名称')).toHaveValue(/（复制）$/);
      await page.getByLabel('项目名称').fill(name);
      await setMoney(page, '挂牌价（元）', '1800000');
      await expect(page.getByLabel('挂牌价（元）')).toHaveValue(/^1,800,000(\.00)?$/);
      await expect(page.locator('.ant-card', { hasText: '资产清单' }).getByText('数控车床')).toBeVisible();
      await shot('01-project-form');
      await submitDisclosure(page, (step) => shot(`02-${step}`));
      await expect(page.getByText(name).first()).toBeVisible();

      // The exchange sees the price, the appraisal and the assets, and returns it with an opinion.
      await reviewAs(browser, name, size, async (admin) => {
        await expect(admin.getByText('1,800,000.00').first()).toBeVisible();
        await expect(admin.getByText('1,920,000.00').first()).toBeVisible();
        const assets = admin.locator('.ant-card', { hasText: '资产清单' });
        await expect(assets.getByRole('row', { name: /数控车床/ })).toBeVisible();
        await expect(assets.getByRole('columnheader', { name: '评估值' })).toBeVisible();
        await expect(admin.getByRole('button', { name: '查看项目' })).toBeVisible();
        await keepScreenshot(admin, `review-${tag}-03-review`);
        await admin.getByRole('button', { name: /^退\s*回$/ }).click();
        const dialog = admin.getByRole('dialog');
        await dialog.getByLabel('审核意见').fill(RETURN_OPINION);
        await keepScreenshot(admin, `review-${tag}-04-return-opinion`);
        await answerDialog(dialog, /确\s*定/);
        await expect(admin.locator('.ant-result-title')).toHaveText('已退回申请人修改');
        await keepScreenshot(admin, `review-${tag}-05-return-result`);
      });

      // The owner hears it (消息提醒) and reads the opinion on the returned application.
      await page.goto('/#/index/reminder');
      await expect(page.getByText(RETURN_OPINION).first()).toBeVisible();
      await shot('06-reminder');
      await openReturnedTask(page, name, 'bulkMfyRrn');
      await expect(page.getByText(RETURN_OPINION).first()).toBeVisible();
      await shot('07-returned');

      // It raises the listing price and submits again.
      await expectToReach(page, /#\/index\/editproject\?id=\d+/, () =>
        page.getByRole('button', { name: '修改项目信息' }).click(),
      );
      await expect(page.getByLabel('挂牌价（元）')).toHaveValue(/^1,800,000(\.00)?$/);
      await setMoney(page, '挂牌价（元）', '1860000');
      await submitDisclosure(page, (step) => shot(`08-${step}`));

      // The reviewer sees the change marked, and approves with an opinion.
      await reviewAs(browser, name, size, async (admin) => {
        await expect(admin.getByText(/与上次提交相比，修改了1项：挂牌价（元）/)).toBeVisible();
        await expect(admin.locator('del', { hasText: '1,800,000.00' })).toBeVisible();
        await keepScreenshot(admin, `review-${tag}-09-resubmission`);
        await admin.getByRole('button', { name: '审核通过' }).click();
        const dialog = admin.getByRole('dialog').filter({ hasText: '确定审核通过吗' });
        await dialog.getByLabel('审核意见').fill(PASS_OPINION);
        await keepScreenshot(admin, `review-${tag}-10-pass-opinion`);
        await answerDialog(dialog, /确\s*定/);
        await expect(admin.locator('.ant-result-title')).toHaveText('审核通过');
        await keepScreenshot(admin, `review-${tag}-11-pass-result`);
      });

      // The project discloses; its process log keeps the approval's opinion.
      await page.reload();
      await expect(page.getByText('披露中').first()).toBeVisible();
      const log = page.locator('.ant-card', { hasText: '流程记录' });
      await expect(log.getByText(PASS_OPINION)).toBeVisible();
      await expect(log.getByText(RETURN_OPINION)).toBeVisible();
      const projectUrl = page.url();

      // One primary action for the stage, the others grouped under 更多操作.
      await expect(page.getByRole('button', { name: '申请网络竞价' })).toBeVisible();
      await page.getByRole('button', { name: /更多操作/ }).click();
      await expect(page.getByRole('menuitem', { name: '申请中止' })).toBeVisible();
      await shot('12-project-actions');
      await page.keyboard.press('Escape');

      // An action form left before saving leaves no draft behind.
      await startAction(page, '申请中止', 'bulkAbortAon');
      await page.getByLabel('申请原因').fill('权属待确认');
      await shot('13-action-form');
      await page.goto(projectUrl);
      await page.reload();
      const applications = page.locator('.ant-card', { hasText: '业务申请' });
      await expect(applications.getByText('信息披露')).toBeVisible();
      await expect(applications.getByText('项目中止')).toHaveCount(0);

      // A saved draft is discarded, and leaves nothing either.
      await startAction(page, '申请中止', 'bulkAbortAon');
      await page.getByLabel('申请原因').fill('权属待确认');
      await expectToReach(page, /#\/index\/bulkAbortAon\?id=\d+/, () =>
        page.getByRole('button', { name: /保\s*存/ }).click(),
      );
      await page.getByRole('button', { name: '删除草稿' }).click();
      await expect(page.getByText(/草稿删除后不可恢复/)).toBeVisible();
      await shot('14-discard-confirm');
      await expectToReach(page, /#\/index\/bulkShowProject\?id=\d+/, () =>
        page
          .getByRole('tooltip')
          .getByRole('button', { name: /确\s*定/ })
          .click(),
      );
      await page.reload();
      await expect(applications.getByText('信息披露')).toBeVisible();
      await expect(applications.getByText('项目中止')).toHaveCount(0);
      await shot('15-project');

      // A new project's empty submit marks every missing field at once.
      await page.goto('/#/index/project');
      await page.getByRole('button', { name: '新增项目' }).click();
      await expect(page).toHaveURL(/#\/index\/addproject/);
      await page.getByRole('button', { name: /提\s*交/ }).click();
      await expect(page.locator('.ant-form-item-explain-error').nth(1)).toBeVisible();
      await shot('16-new-project-errors');
    });

    test(`the member and the agent member each find work of their own (${tag})`, async ({
      page,
      browser,
    }) => {
      // the member: its returned registration waits in 待办任务
      await signIn(page, 'member');
      await expect(page).toHaveURL(/#\/index\/(home|project)/);
      await page.goto('/#/index/todo');
      await expect(page.getByRole('row', { name: /意向登记/ }).first()).toBeVisible();
      await keepScreenshot(page, `review-${tag}-30-member-todo`);
      // the agent member: the demo project entrusted to it
      const agent = await (await browser.newContext({ viewport: size })).newPage();
      await signIn(agent, 'agent');
      await expect(agent).toHaveURL(/#\/index\/(home|project)/);
      await agent.goto('/#/index/project');
      await expect(agent.getByRole('row', { name: new RegExp(DEMO_NAME) }).first()).toBeVisible();
      await keepScreenshot(agent, `review-${tag}-31-agent-projects`);
      await agent.close();
    });

    test(`the account-opening review shows every fact and asks before approving (${tag})`, async ({
      page,
    }) => {
      await signIn(page, 'admin');
      await expect(page).toHaveURL(/#\/index\/project/);
      await page.goto('/#/index/companyList');
      await page.getByRole('tab', { name: '开户审核' }).click();
      const row = page.getByRole('row', { name: /示范引导一号实业有限公司/ });
      await row.getByRole('button', { name: '审核' }).click();
      const details = page.getByRole('dialog', { name: '开户申请详情' });
      await expect(details.getByText('周建华')).toBeVisible();
      await expect(details.getByText(/营业执照/).first()).toBeVisible();
      await keepScreenshot(page, `review-${tag}-20-opening-review`);
      await details.getByRole('button', { name: '审核通过' }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: '确定审核通过吗' });
      await expect(confirm.getByLabel('审核意见')).toBeVisible();
      await keepScreenshot(page, `review-${tag}-21-opening-confirm`);
      // cancelled: nothing is decided
      await confirm.getByRole('button', { name: /取\s*消/ }).click();
      await expect(confirm).toBeHidden();
      await expect(details.getByRole('button', { name: '审核通过' })).toBeEnabled();
    });
  });
}
