import { expect, test, type Page } from '@playwright/test';
import { SHORT_SESSION_PORT } from '../env.ts';
import { expectLoginPage, keepScreenshot, signIn } from './helpers.ts';

const sider = (page: Page) => page.locator('.ant-layout-sider');
const menu = (page: Page) => sider(page).getByRole('menu');
// the shell's tab strip (a page may have tabs of its own: 数据字典 has a tab named as itself)
const tabs = (page: Page) => page.getByTestId('tab-strip');

// SH-2.5, SH-2.6 to SH-2.8, SH-6.2: each identity lands on its first tab and sees its own menu.
const identities = [
  {
    user: 'transferor',
    path: '/index/home',
    tab: '首页',
    shows: ['我的项目', '业务中心', '系统管理'],
    hides: ['台账管理', '机构管理'],
  },
  {
    user: 'member',
    path: '/index/home',
    tab: '首页',
    shows: ['我的项目', '客户管理'],
    hides: ['台账管理', '代理意向方'],
  },
  { user: 'agent', path: '/index/home', tab: '首页', shows: ['项目管理', '台账管理'], hides: ['机构管理'] },
  {
    user: 'assessment',
    path: '/index/todoEstimate',
    tab: '我的待办',
    shows: ['业务中心'],
    hides: ['我的项目', '机构管理'],
  },
  {
    user: 'disassembly',
    path: '/index/home',
    tab: '首页',
    shows: ['我的项目'],
    hides: ['机构管理', '台账管理'],
  },
  {
    user: 'admin',
    path: '/index/project',
    tab: '项目管理',
    shows: ['项目管理', '机构管理', '系统管理'],
    hides: ['首页'],
  },
  { user: 'opsadmin', path: '/index/dictionary', tab: '数据字典', shows: ['系统管理'], hides: ['项目管理'] },
] as const;

for (const identity of identities) {
  test(`${identity.user} lands on ${identity.tab} with its own menu`, async ({ page }) => {
    await signIn(page, identity.user);
    await expect(page).toHaveURL(new RegExp(`#${identity.path}$`));
    await expect(tabs(page).getByRole('tab', { name: identity.tab })).toBeVisible();
    for (const title of identity.shows)
      await expect(menu(page).getByText(title, { exact: true }).first()).toBeVisible();
    for (const title of identity.hides)
      await expect(menu(page).getByText(title, { exact: true })).toHaveCount(0);
    await keepScreenshot(page, `shell-${identity.user}`);
  });
}

test('land goes to /landManage (gate 8)', async ({ page }) => {
  await signIn(page, 'land');
  await expect(page).toHaveURL(/#\/landManage$/);
});

test('an unknown hash path lands on the identity page through /404 (SH-2.1, SH-2.4)', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/index\/project$/);
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/index\/project$/);
  await signOut(page);
  await signIn(page, 'transferor');
  await page.goto('/#/index/nothing-here');
  await expect(page).toHaveURL(/#\/index\/home$/);
});

// SH-4.5 to SH-4.12: each gateN user is stopped at gate N's page.
const gates = [
  { user: 'gate1', path: '/transferorOpenTip' },
  { user: 'gate2', path: '/auth' },
  { user: 'gate3', path: '/auth' },
  { user: 'gate4', path: '/auth' },
  { user: 'gate5', path: '/auth' },
  { user: 'gate6', path: '/welcomePage' },
  { user: 'gate7', path: '/signature' },
  { user: 'gate8', path: '/landManage' },
] as const;

for (const gate of gates) {
  test(`${gate.user} is sent to ${gate.path}`, async ({ page }) => {
    await signIn(page, gate.user);
    await expect(page).toHaveURL(new RegExp(`#${gate.path}$`));
    // The gate holds: asking for the home page directly lands on the gate page again.
    await page.goto('/#/index/home');
    await expect(page).toHaveURL(new RegExp(`#${gate.path}$`));
    await keepScreenshot(page, `gate-${gate.user}`);
  });
}

test('the menu collapses at 1366 px and expands at 1920 px (SH-4.15)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home$/);
  await expect(sider(page)).toHaveClass(/ant-layout-sider-collapsed/);
  await keepScreenshot(page, 'shell-1366');
  await page.setViewportSize({ width: 1920, height: 1000 });
  await expect(sider(page)).not.toHaveClass(/ant-layout-sider-collapsed/);
  await keepScreenshot(page, 'shell-1920');
});

test('tab strip: close the current tab moves to the next; close others leaves one (SH-2.9 to SH-2.12)', async ({
  page,
}) => {
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home$/);
  await expect(menu(page)).toBeVisible();
  const strip = tabs(page);
  for (const title of ['我的项目', '我的资产', '我的商机']) {
    await menu(page).getByText(title, { exact: true }).first().click();
    await expect(strip.getByRole('tab', { name: title, selected: true })).toBeVisible();
  }
  const titles = await strip.getByRole('tab').allInnerTexts();
  expect(titles.map((t) => t.trim())).toEqual(['首页', '我的项目', '我的资产', '我的商机']);
  // Go to the second page tab, close it: the next tab becomes current.
  const second = titles[1]!.trim();
  const third = titles[2]!.trim();
  await strip.getByRole('tab', { name: second }).click();
  // its page must have opened: a close clicked while the navigation is still under way would let it re-add the tab
  await expect(strip.getByRole('tab', { name: second, selected: true })).toBeVisible();
  await page
    .getByRole('tab', { name: second })
    .getByRole('button', { name: /close|关闭/i })
    .click();
  await expect(strip.getByRole('tab', { name: second })).toHaveCount(0);
  await expect(strip.getByRole('tab', { name: third, selected: true })).toBeVisible();
  // Close the others: the home tab (never closable) and the current one remain.
  await strip.getByRole('tab', { name: third }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(strip.getByRole('tab')).toHaveCount(2);
  await keepScreenshot(page, 'shell-tabs');
});

test.describe('with 2-second sessions', () => {
  test.use({ baseURL: `http://127.0.0.1:${SHORT_SESSION_PORT}` });

  test('an expired session shows 登录身份失效，请重新登录 and opens /login (SH-4.2)', async ({ page }) => {
    await signIn(page, 'transferor');
    await expect(page).toHaveURL(/#\/index\/home$/);
    await page.waitForTimeout(2_500);
    await menu(page).getByText('我的项目', { exact: true }).first().click();
    await expect(page.getByText('登录身份失效，请重新登录')).toBeVisible();
    await expectLoginPage(page);
  });
});

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /退出/ }).click();
  await expectLoginPage(page);
}
