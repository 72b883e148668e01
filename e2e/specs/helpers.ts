import { expect, type Locator, type Page, type Request, type Response } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

import { DEMO_PASSWORD, E2E_CAPTCHA } from '../env.ts';

export { DEMO_PASSWORD };
const artifacts = join(import.meta.dirname, '..', 'artifacts');

/** Signs in through the real login page, as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/#/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByPlaceholder('验证码').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Keeps a screenshot as a (git-ignored) artifact, with a dialog's or menu's opening animation run to its end. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * Opens 我的项目 searched for one project (by name or code) and answers its row: the demo and the other specs add
 * projects, so a project need not be on the first page of the unfiltered list.
 */
export async function findProjectRow(page: Page, text: string): Promise<Locator> {
  await page.goto('/#/index/project');
  await page.getByPlaceholder('项目名称或编号').fill(text);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  return page.getByRole('row', { name: new RegExp(text) }).first();
}

export async function expectLoginPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByPlaceholder('用户名')).toBeVisible();
}

/**
 * Waits for the page to reach `url`. When it does not, the failure quotes what happened instead: the API calls the
 * page made meanwhile with their answers, and the alerts and messages on the page. A refusal then reads as itself
 * rather than as a bare time-out.
 */
export async function expectToReach(
  page: Page,
  url: RegExp,
  act: () => Promise<void>,
  timeout = 30_000,
): Promise<void> {
  const calls: string[] = [];
  const onResponse = (response: Response): void => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/api/')) return;
    void response
      .text()
      .then((body) =>
        calls.push(`${response.request().method()} ${path} -> ${response.status()} ${body.slice(0, 200)}`),
      )
      .catch(() => calls.push(`${response.request().method()} ${path} -> ${response.status()}`));
  };
  const onFailed = (request: Request): void => {
    calls.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText ?? ''}`);
  };
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  // the messages that came and went while waiting (a toast lasts a few seconds, the wait up to `timeout`)
  const toasts = new Set<string>();
  const messages = page.locator('.ant-message-notice, .ant-notification-notice');
  try {
    await act();
    const deadline = Date.now() + timeout;
    while (!url.test(page.url()) && Date.now() < deadline) {
      for (const text of await messages.allInnerTexts().catch(() => [])) toasts.add(text);
      await page.waitForTimeout(250);
    }
    await expect(page).toHaveURL(url, { timeout: 1_000 });
  } catch (error) {
    const said = await page
      .locator('.ant-message-notice, .ant-notification-notice, .ant-alert, .ant-form-item-explain-error')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      [
        String(error),
        `API calls meanwhile:\n  ${calls.join('\n  ') || '(none)'}`,
        `Messages meanwhile: ${[...toasts].join(' | ') || '(none)'}`,
        `On the page: ${said.join(' | ') || '(nothing)'}`,
      ].join('\n'),
    );
  } finally {
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
}

/**
 * Picks a file in an upload control and waits until it is stored: its row replaces the progress bar. The name shows
 * while the bytes are still on their way, and a form submitted then has no file yet.
 */
export async function uploadFile(
  page: Page,
  input: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await input.setInputFiles(file);
  await expect(page.locator('.file-row', { hasText: file.name }).first()).toBeVisible({ timeout: 30_000 });
}

/**
 * Picks a place in a region cascader (所在地区), province then city. The menu slides in: a click that lands while it
 * moves opens nothing, so the province is clicked again until its cities show.
 */
export async function pickRegion(page: Page, label: string, province: string, city: string): Promise<void> {
  await page.getByLabel(label).click();
  const cityItem = page.locator('.ant-cascader-menu-item', { hasText: city }).first();
  await expect(async () => {
    await page.locator('.ant-cascader-menu-item', { hasText: province }).first().click();
    await expect(cityItem).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await cityItem.click();
  // a province may be picked alone, so the menu stays open after the city: close it
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0);
}

/** Picks `option` in the searchable drop-down labelled `label`, as a person does: typing it and confirming. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(option);
  await expect(
    page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }),
  ).toBeVisible();
  await input.press('Enter');
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await expect(
    page.locator('.ant-form-item', { has: input }).getByTitle(option, { exact: true }),
  ).toBeVisible();
}

/** Types a day into the date picker labelled `label`. */
export async function pickDay(page: Page, label: string, day: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

/** The file input of the form item labelled exactly `label`. */
export function fileInputOf(page: Page, label: string) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .locator('input[type=file]');
}

/** Picks `option` in the short (not searchable) drop-down labelled `label`: opens it and clicks the option. */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  const item = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
  await expect(async () => {
    await input.click({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(
    page.locator('.ant-form-item', { has: input }).getByTitle(option, { exact: true }),
  ).toBeVisible();
}

/**
 * The first 保存 of 新增项目: the draft is stored and the page becomes the project's 编辑项目, drawn anew from the
 * server's copy. A click before it is drawn would land on the page being replaced (a dialog it opens goes with it),
 * so this waits until the new page shows its form.
 */
export async function saveNewProject(page: Page): Promise<void> {
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/#\/index\/editproject\?id=\d+/);
  const content = page.locator('.ant-layout-content');
  await expect(content.locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(content.getByRole('button', { name: /保\s*存/ })).toBeEnabled();
}

/**
 * Opens a page from the sider menu as a person clicks it: each group on the way unless it is already open (a click
 * would fold it), then the entry; done once the entry's tab is the current one. A folded menu is unfolded first: a
 * full-page screenshot resizes the window for a moment, and the menu folds with a narrow window (SH-4.15).
 */
export async function openMenu(page: Page, ...path: string[]): Promise<void> {
  const unfold = page.getByRole('button', { name: '展开菜单' });
  if (await unfold.isVisible()) await unfold.click();
  const menu = page.locator('.ant-layout-sider').getByRole('menu');
  const entryOf = (name: string) => menu.getByText(name, { exact: true }).first();
  for (const [index, name] of path.entries()) {
    const next = path[index + 1];
    await expect(entryOf(name)).toBeVisible();
    if (next !== undefined && (await entryOf(next).isVisible())) continue;
    await entryOf(name).click();
  }
  const title = path.at(-1) ?? '';
  await expect(page.getByTestId('tab-strip').getByRole('tab', { name: title, selected: true })).toBeVisible();
}

/**
 * Clicks a button of a dialog once the dialog has finished opening, then waits for it to close. antd zooms a dialog
 * in: on a busy machine a click aimed while it still grows lands where the button was, not where it is, and is lost.
 */
export async function answerDialog(dialog: Locator, button: string | RegExp): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect(dialog.page().locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** The template a button downloads, read with ExcelJS, with the column of each header (the * of required dropped). */
export async function downloadTemplate(page: Page, button: ReturnType<Page['getByRole']>) {
  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await button.click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('the template has no sheet');
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, index) => columns.set(cell.text.replace(/^\*/, ''), index));
  let last = sheet.rowCount;
  const addRow = (values: Record<string, string | number>): void => {
    last += 1;
    const row = sheet.getRow(last);
    for (const [label, value] of Object.entries(values)) {
      const index = columns.get(label);
      if (index === undefined) throw new Error(`no column ${label}`);
      row.getCell(index).value = value;
    }
  };
  return {
    name: download.suggestedFilename(),
    addRow,
    bytes: async () => Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}

/** Uploads a filled-in workbook to the page's file input (an import dialog's). */
export async function uploadSheet(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
}
