// One whole action on the workflow engine, in Chromium against the real server: the project owner applies to
// suspend its disclosing bulk project (bulkAbortAon) and e-signs the letter with an SMS code (bulkAbortEicSre);
// the exchange sends it back with a reason from the task centre, which the owner is told in 消息提醒 (and the
// header's unread count); the owner finds it in 待办, edits it
// (bulkAbortMfyRrn) and signs again; the exchange approves; the project shows 已中止 and the process log lists
// every step with who and when.
import { expect, test } from '@playwright/test';
import { keepScreenshot, signIn } from './helpers.ts';
import {
  approveAsAdmin,
  attachApplicationFile,
  openReturnedTask,
  returnAsAdmin,
  startAction,
  submitAndSign,
} from './workflow-steps.ts';

const PROJECT_NAME = '北京示范国有资产经营有限公司废旧设备一批';
const RETURN_REASON = '请补充中止期限的说明及相关证明材料';

test('BF-2.2 BF-4.x bulk abort: apply, e-sign, returned, corrected and signed again, approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);

  // The owner applies from the project's page.
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home/);
  await page.goto('/#/index/bulkShowProject?id=1');
  await expect(page.getByText(PROJECT_NAME).first()).toBeVisible();
  await startAction(page, '申请中止', 'bulkAbortAon');
  await page.getByLabel('申请原因').fill('标的资产权属需进一步确认，申请中止信息披露');
  await attachApplicationFile(page, '中止申请材料.pdf');
  await keepScreenshot(page, 'workflow-01-abort-application');
  await submitAndSign(page, 'bulkAbortEicSre', '项目中止申请函', 'workflow-02-abort-esign');

  // The exchange sends it back with a reason: the owner is told (消息提醒, one more unread in the header's bell).
  const bell = page.getByTestId('header-bell');
  const unreadBefore = Number(/\d+/.exec((await bell.getAttribute('aria-label')) ?? '')?.[0] ?? 0);
  await returnAsAdmin(browser, PROJECT_NAME, 'bulkAbortEicSre', RETURN_REASON, 'workflow-03-review');
  await page.goto('/#/index/reminder');
  await page.reload();
  await expect(page.getByText('项目中止申请已被退回').first()).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', new RegExp(String(unreadBefore + 1)));
  await keepScreenshot(page, 'workflow-03-reminder');

  // The owner finds it in 待办, corrects it and signs again.
  await openReturnedTask(page, PROJECT_NAME, 'bulkAbortMfyRrn');
  await expect(page.getByText(RETURN_REASON).first()).toBeVisible();
  await page.getByLabel('申请原因').fill('标的资产权属需进一步确认，预计中止一个月，证明材料已补充');
  await keepScreenshot(page, 'workflow-04-returned');
  await submitAndSign(page, 'bulkAbortEicSre', '项目中止申请函', 'workflow-05-esign-again');

  // The exchange approves.
  await approveAsAdmin(browser, PROJECT_NAME, 'bulkAbortEicSre');

  // The project is suspended, and the process log shows every step.
  await page.goto('/#/index/bulkShowProject?id=1');
  await expect(page.getByText('已中止').first()).toBeVisible();
  const log = page.getByRole('table').last();
  await expect(log.getByText('退回').first()).toBeVisible();
  await expect(log.getByText(RETURN_REASON)).toBeVisible();
  await expect(log.getByText('通过').first()).toBeVisible();
  await expect(log.getByText('示范产权交易所').first()).toBeVisible();
  await expect(log.getByText('北京示范国有资产经营有限公司').first()).toBeVisible();
  await keepScreenshot(page, 'workflow-06-suspended');
});
