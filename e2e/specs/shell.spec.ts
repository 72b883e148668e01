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
  // the agent holds the small-lot project permission (index 4): its ledger; the member beside it does not (SH-4.14)
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
  // the exchange opens on 项目管理 and has a home page of its own, as every identity has (SH-4.13)
  {
    user: 'admin',
    path: '/index/project',
    tab: '项目管理',
    shows: ['首页', '项目管理', '机构管理', '系统管理'],
    hides: ['代理意向方'],
  },
  {
    user: 'opsadmin',
    path: '/index/dictionary',
    tab: '数据字典',
    shows: ['首页', '系统管理'],
    hides: ['项目管理'],
  },
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

test('land goes to /landManage (gate 8), enters the portal and finds its way back', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'land');
  await expect(page).toHaveURL(/#\/landManage$/);
  await page.getByRole('button', { name: '进入门户' }).click();
  await expect(page).toHaveURL(/#\/index\/home$/);
  // the way back: in the header, where the land frame has 进入门户
  const back = page.locator('.app-header').getByRole('button', { name: /返回土地资产管理/ });
  await expect(back).toBeVisible();
  await keepScreenshot(page, 'shell-land-way-back');
  await back.click();
  await expect(page).toHaveURL(/#\/landManage$/);
  await expect(page.getByRole('button', { name: '进入门户' })).toBeVisible();
  // no one else has it
  await signOut(page);
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home$/);
  await expect(page.getByRole('button', { name: /土地资产管理/ })).toHaveCount(0);
});

test('the exchange’s 首页 shows what waits for it and what closes this week', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/index\/project$/);
  await menu(page).getByRole('menuitem', { name: /首页/ }).click();
  await expect(page).toHaveURL(/#\/index\/home$/);
  await expect(tabs(page).getByRole('tab', { name: '首页', selected: true })).toBeVisible();
  const waiting = page.getByTestId('home-waiting');
  await expect(waiting.getByText('待办任务')).toBeVisible();
  await expect(waiting.getByRole('link', { name: '全部待办' })).toBeVisible();
  const closing = page.getByTestId('home-closing');
  await expect(closing.getByText(/^本周披露截止（\d+月\d+日 周一 — \d+月\d+日 周日）$/)).toBeVisible();
  await keepScreenshot(page, 'shell-admin-home');
  await waiting.getByRole('link', { name: '全部待办' }).click();
  await expect(page).toHaveURL(/#\/index\/todo$/);
});

test('assessment is told of its advanced authentication by a banner that blocks nothing (SH-8.11)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'assessment');
  await expect(page).toHaveURL(/#\/index\/todoEstimate$/);
  const banner = page.getByTestId('advanced-auth-banner');
  await expect(banner.getByText('您尚未完成企业高级认证')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await keepScreenshot(page, 'shell-assessment-first-screen');
  // the work goes on under it: the menu answers, and the banner stays until a choice is made
  await menu(page)
    .getByRole('menuitem', { name: /评估项目/ })
    .click();
  await expect(page).toHaveURL(/#\/index\/estimateList$/);
  await banner.getByRole('button', { name: '暂不认证' }).click();
  await expect(banner).toHaveCount(0);
  // once a session: another page does not bring it back
  await tabs(page).getByRole('tab', { name: '我的待办' }).click();
  await expect(page).toHaveURL(/#\/index\/todoEstimate$/);
  await expect(tabs(page).getByRole('tab', { name: '我的待办', selected: true })).toBeVisible();
  await expect(page.getByTestId('advanced-auth-banner')).toHaveCount(0);
});

test('an unknown hash path lands on the identity page through /404 (SH-2.1, SH-2.4)', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/#\/index\/project$/);
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/index\/project$/);
  await signOut(page);
  await signIn(page, 'transferor');
  // signed in first: a page asked for before the sign-in is done is asked for as a visitor
  await expect(page).toHaveURL(/#\/index\/home$/);
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
  // its page has opened, so the close below is a close of the current tab (a close while it is still on its way is
  // the next test's)
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

test('tab strip: a tab clicked and at once closed, or closed with the others, stays closed (SH-2.11)', async ({
  page,
}) => {
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home$/);
  const strip = tabs(page);
  for (const title of ['我的项目', '我的资产', '我的商机']) {
    await menu(page).getByText(title, { exact: true }).first().click();
    await expect(strip.getByRole('tab', { name: title, selected: true })).toBeVisible();
  }
  // a click on 我的项目 and at once its close, without waiting for its page: the tab stays closed, whether its
  // page was still on its way (the strip stays on 我的商机) or had opened (the strip moves on to 我的资产)
  await strip.getByRole('tab', { name: '我的项目' }).click();
  await strip.getByRole('tab', { name: '我的项目' }).getByRole('button', { name: '关闭' }).click();
  const afterClose = await expectShownTabOpen(page);
  await expect(strip.getByRole('tab', { name: '我的项目' })).toHaveCount(0);
  await expect(strip.getByRole('tab')).toHaveCount(3);
  // a click on the other page's tab and at once 关闭其他 from the strip's menu: 首页 and one page are left
  await strip.getByRole('tab', { name: afterClose === '我的资产' ? '我的商机' : '我的资产' }).click();
  await page.getByRole('button', { name: '标签操作' }).click();
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expectShownTabOpen(page);
  await expect(strip.getByRole('tab')).toHaveCount(2);
});

/**
 * The strip has settled: its current tab is the page on screen, drawn (its heading shown), so a navigation that
 * was still on its way has landed or was superseded. Answers the current tab's title.
 */
async function expectShownTabOpen(page: Page): Promise<string> {
  const current = tabs(page).getByRole('tab', { selected: true });
  await expect(current).toHaveCount(1);
  const title = (await current.innerText()).trim();
  const path = { 我的资产: '/index/assets', 我的商机: '/index/businessOpportunity' }[title];
  expect(path, title).toBeDefined();
  await expect(page).toHaveURL(new RegExp(`#${path}$`));
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(current).toHaveText(title);
  return title;
}

test.describe('with 2-second sessions', () => {
  test.use({ baseURL: `http://127.0.0.1:${SHORT_SESSION_PORT}` });

  test('an expired session shows 登录身份失效，请重新登录 and opens /login (SH-4.2)', async ({ page }) => {
    // The notice is a toast of a few seconds, which a loaded machine may take longer than that to look for: the
    // page itself records that it was shown (the specs are compiled without the DOM's types: a script as text).
    await page.addInitScript(
      "new MutationObserver(() => { if ((document.body?.textContent ?? '').includes('登录身份失效，请重新登录'))" +
        ' window.__isSessionEndShown = true; }).observe(document, { subtree: true, childList: true, characterData: true });',
    );
    await signIn(page, 'transferor');
    // signed in: the login's answer is stored (the token alone is no sign-in: the captcha stores an anonymous
    // session's) — unless the first page took longer than the session lasts and the guard already found it over
    await expect
      .poll(() =>
        page.evaluate<boolean>(
          "localStorage.getItem('cqjy.loginInfo') !== null || window.__isSessionEndShown === true",
        ),
      )
      .toBe(true);
    // the stored sign-in's own end (created_at + expires_in) is passed: a state, not a length of time
    await expect
      .poll(() =>
        page.evaluate<boolean>(
          "(() => { const info = JSON.parse(localStorage.getItem('cqjy.loginInfo') ?? 'null');" +
            ' return info === null || (info.created_at + info.expires_in) * 1000 <= Date.now(); })()',
        ),
      )
      .toBe(true);
    // the next page asked for finds the session over (by the address: a request of the page already on screen may
    // have met the server's 401 meanwhile, whose dialog covers the menu)
    await page.evaluate("window.location.hash = '#/index/project'");
    await expect.poll(() => page.evaluate<boolean>('window.__isSessionEndShown === true')).toBe(true);
    await expectLoginPage(page);
  });
});

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /退出/ }).click();
  await expectLoginPage(page);
}
