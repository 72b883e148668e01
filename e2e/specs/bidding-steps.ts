// The steps the bidding specs share: the owner has a copy of the demo bulk project disclosed and ends its
// disclosure, a member registers a buyer through the calls its screens make, the project's page is read at its
// 意向登记 card, and a member enters the hall and bids.
import { expect, type Browser, type Page } from '@playwright/test';
import { E2E_OTP } from '../env.ts';
import { answerDialog, expectToReach, signIn } from './helpers.ts';
import type { Buyer } from './intention-steps.ts';
import { approveAsAdmin, attachApplicationFile, startAction, submitAndSign } from './workflow-steps.ts';

/** The demo's bulk project (it asks a deposit of 100,000 yuan at a listing price of 1,860,000). */
export const DEMO_CODE = 'GR2026BJ1000123';

/**
 * A call as the page's signed-in user (the bearer token the portal keeps), its envelope's data answered; a refusal
 * throws with the server's words.
 */
export async function callAs<T>(page: Page, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = (localStorage.getItem('cqjy.token') ?? '').replace(/"/g, '');
      const response = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const envelope = (await response.json()) as { status: number; msg: string; data: unknown };
      if (envelope.status !== 0) throw new Error(`${url}: ${envelope.msg}`);
      return envelope.data as T;
    },
    { method, url, body },
  );
}

/**
 * The owner copies the demo project into one named `projectName`, submits and e-signs its disclosure; the exchange
 * approves. Answers the project's id, on its page.
 */
export async function discloseProject(page: Page, browser: Browser, projectName: string): Promise<number> {
  await page.goto('/#/index/project');
  await page.getByPlaceholder('项目名称或编号').fill(DEMO_CODE);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expectToReach(page, /#\/index\/editproject\?id=\d+/, () =>
    page
      .getByRole('row', { name: new RegExp(DEMO_CODE) })
      .first()
      .getByText('复制')
      .click(),
  );
  await page.getByLabel('项目名称').fill(projectName);
  await submitAndSign(page, 'bulkEicSre', '信息披露申请函');
  await approveAsAdmin(browser, projectName, 'bulkEicSre');
  await page.goto('/#/index/project');
  await page.getByPlaceholder('项目名称或编号').fill(projectName);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(projectName) });
  await expect(row.getByText('披露中')).toBeVisible();
  await expectToReach(page, /#\/index\/bulkShowProject\?id=\d+/, () => row.getByText('查看').click());
  return Number(new URL(page.url().replace('/#/', '/')).searchParams.get('id'));
}

/** The owner ends the disclosure early (终止披露), so the registrations close; the exchange approves. */
export async function endDisclosure(
  page: Page,
  browser: Browser,
  projectId: number,
  projectName: string,
): Promise<void> {
  await openCard(page, projectId, projectName);
  await startAction(page, '申请终止披露', 'bulkEndAon');
  await page.getByLabel('申请原因').fill('意向登记已截止，申请终止信息披露，进入网络竞价');
  await attachApplicationFile(page, '终止披露申请材料.pdf');
  await submitAndSign(page, 'bulkEndEicSre', '终止披露申请函');
  await approveAsAdmin(browser, projectName, 'bulkEndEicSre');
}

/**
 * A member registers one buyer through the 代理意向登记 calls its screens would make (the demo member's role has
 * no such screen): the draft, the letter, the sign code and the seal with it. Answers the registration's id.
 */
export async function registerByCalls(page: Page, projectId: number, buyer: Buyer): Promise<number> {
  const saved = await callAs<{ id: number; version: number }>(page, 'POST', '/api/intention/save', {
    projectId,
    kind: 'company',
    name: buyer.name,
    certType: 'creditCode',
    certNo: buyer.certNo,
    contactName: '孙经理',
    contactMobile: '13900000003',
  });
  const drawn = await callAs<{ version: number }>(page, 'POST', `/api/intention/letter/${saved.id}`, {
    version: saved.version,
  });
  // the e2e server lets a mobile ask a code once a second (OTP_RESEND_S=1): a member registering on two projects
  // at once asks again after that second, as its screen would let it
  await expect(async () => {
    await callAs(page, 'POST', `/api/intention/sign/otp/${saved.id}`, {});
  }).toPass({ intervals: [1_100], timeout: 10_000 });
  const signed = await callAs<{ id: number }>(page, 'POST', `/api/intention/signature/${saved.id}`, {
    version: drawn.version,
    otp: E2E_OTP,
  });
  expect(signed.id).toBe(saved.id);
  return saved.id;
}

/** The project's page as the server has it now (a page kept open in its tab is read again), at its 意向登记 card. */
export async function openCard(page: Page, projectId: number, projectName: string): Promise<void> {
  await page.goto(`/#/index/bulkShowProject?id=${projectId}`);
  await page.reload();
  await expect(page.getByText(projectName).first()).toBeVisible();
  await expect(page.getByText('意向登记', { exact: true }).first()).toBeVisible();
}

export function rowOf(page: Page, buyerName: string) {
  return page.getByRole('row', { name: new RegExp(buyerName) });
}

/** A context of `username` in the bidding hall, bidding for its one buyer. */
export async function enterHall(browser: Browser, username: string, hallUrl: string, buyerName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  await expect(page).toHaveURL(/#\/index\//);
  await page.goto(hallUrl);
  await expect(page.getByTestId('bidding-status')).toBeVisible();
  // a member represents one buyer of the project: one bidder number, no choice
  await expect(page.getByTestId('bidding-bidder')).toContainText(buyerName);
  return page;
}

/** A bid typed as a person types it, over the amount the field offers, and confirmed. */
export async function bid(page: Page, yuan: string, confirm = '确认出价'): Promise<void> {
  await page.locator('#bidding-amount').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(yuan);
  await page.getByTestId('bidding-submit').click();
  await answerDialog(page.getByRole('dialog', { name: confirm }), confirm);
}
