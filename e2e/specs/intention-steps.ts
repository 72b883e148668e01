// The steps of 代理意向登记 the buyer-side specs share: an agent member registers a buyer on a disclosing project on
// its screens, up to the letter it is to e-sign.
import { expect, type Page } from '@playwright/test';
import { pickOption } from './helpers.ts';

export type Buyer = { name: string; certNo: string };

/**
 * The agent member fills 代理意向登记 for `buyer` on the project named `projectName` and draws its letter; answers
 * on the registration's page (`viewRoute`: the family's view), its status 待签章.
 */
export async function drawRegistration(
  page: Page,
  projectName: string,
  buyer: Buyer,
  viewRoute: string,
  beforeDrawing?: () => Promise<void>,
): Promise<void> {
  await page.goto('/#/index/intentionPro');
  await page.getByRole('button', { name: '代理意向登记' }).click();
  await expect(page).toHaveURL(/#\/index\/addIntention/);
  const project = page.getByLabel('意向项目', { exact: true });
  await project.click();
  await project.fill(projectName);
  await page.locator('.ant-select-dropdown:visible').getByTitle(projectName).click();
  await page.getByLabel('法人或其他组织').check();
  await page.getByLabel('意向受让方名称').fill(buyer.name);
  await pickOption(page, '证件类型', '统一社会信用代码');
  await page.getByLabel('证件号码').fill(buyer.certNo);
  await page.getByLabel('联系人').fill('钱经理');
  await page.getByLabel('联系电话').fill('13900000002');
  await beforeDrawing?.();
  await page.getByRole('button', { name: '生成登记函' }).click();
  await expect(page).toHaveURL(new RegExp(`#/index/${viewRoute}\\?id=\\d+`));
  await expect(page.getByTestId('intention-status')).toHaveText('待签章');
}
