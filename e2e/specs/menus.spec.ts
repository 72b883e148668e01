// Every demo identity signs in at 1366x768 (the width at which the menu collapses) and opens every entry of its
// own menu, as a new user clicking through would: no page says 暂未开放, shows an error or makes a call the server
// answers with 5xx, and the first page shows work of the identity's own.
import { expect, test, type Page, type Response } from '@playwright/test';
import { identityName } from '@cqjy/domain/identity';
import { filterMenu, menuFor, type MenuItem } from '@cqjy/domain/menus';
import { AGENT_CODES } from '@cqjy/domain/permissions';
import { keepScreenshot, signIn } from './helpers.ts';

test.use({ viewport: { width: 1366, height: 768 } });

/** What each identity's first page shows of its own work, once signed in (and, for land, past 进入门户). */
const IDENTITIES: { user: string; firstPage: RegExp; ownWork: (page: Page) => Promise<void> }[] = [
  {
    user: 'transferor',
    firstPage: /#\/index\/home$/,
    // the returned payout to apply for again waits in its 待办任务
    ownWork: async (page) => expect(homeFigure(page, '待办任务')).not.toHaveText('0'),
  },
  {
    user: 'transferor2',
    firstPage: /#\/index\/home$/,
    // the bulk draft it has begun
    ownWork: async (page) => expect(homeFigure(page, '我的项目')).not.toHaveText('0'),
  },
  {
    user: 'member',
    firstPage: /#\/index\/home$/,
    // the registration the exchange sent back
    ownWork: async (page) => expect(homeFigure(page, '待办任务')).not.toHaveText('0'),
  },
  {
    user: 'agent',
    firstPage: /#\/index\/home$/,
    // the projects it acts on for their owners, under the title its menu gives them
    ownWork: async (page) => expect(homeFigure(page, '代理项目方')).not.toHaveText('0'),
  },
  {
    user: 'assessment',
    firstPage: /#\/index\/todoEstimate$/,
    // the appraisal the demo equity project asks of it
    ownWork: async (page) => expect(page.getByRole('row', { name: /出具评估报告/ }).first()).toBeVisible(),
  },
  {
    user: 'disassembly',
    firstPage: /#\/index\/home$/,
    // the dismantler's own work is the motor-vehicle disposal, a family not built yet: its home greets its
    // company and shows its (empty) figures
    ownWork: async (page) => expect(page.getByText('欢迎您，示范报废机动车回收拆解有限公司')).toBeVisible(),
  },
  {
    user: 'land',
    firstPage: /#\/landManage$/,
    ownWork: async (page) => expect(page.getByRole('row', { name: /通州区/ }).first()).toBeVisible(),
  },
  {
    user: 'admin',
    firstPage: /#\/index\/project$/,
    // every company's projects (the specs before this one add theirs, newest first)
    ownWork: async (page) => expect(page.getByRole('row', { name: /GR\d{4}BJ\d{7}/ }).first()).toBeVisible(),
  },
  {
    user: 'opsadmin',
    firstPage: /#\/index\/dictionary$/,
    ownWork: async (page) => expect(page.getByRole('row').nth(1)).toBeVisible(),
  },
];

function homeFigure(page: Page, title: string) {
  return page.locator('.ant-card', { hasText: title }).locator('.ant-statistic-content-value').first();
}

/** The pages of a menu tree, depth first, as the sider shows them. */
function pagesOf(items: readonly MenuItem[]): { path: string; title: string }[] {
  return items.flatMap((item) =>
    item.children !== undefined
      ? pagesOf(item.children)
      : item.path === undefined
        ? []
        : [{ path: item.path, title: item.title }],
  );
}

/** The signed-in user's menu, built from its permissions by the same domain rules the sider uses. */
async function menuOf(page: Page): Promise<{ path: string; title: string }[]> {
  const answer = await page.evaluate(async () => {
    const token = (localStorage.getItem('cqjy.token') ?? '').replace(/"/g, '');
    const headers = { Authorization: `Bearer ${token}` };
    const read = async <T>(url: string, method = 'GET'): Promise<T> =>
      ((await (await fetch(url, { method, headers })).json()) as { data: T }).data;
    return {
      permissions: await read<{ permission: string[] }>('/api/app/user/role/permissions'),
      projects: await read<{ permissionProject: never[] }>(
        '/api/app/user/role/permissions?actualProjectData=1',
      ),
      user: await read<{ identityType: number }>('/api/app/userinfo', 'POST'),
    };
  });
  const codes = answer.permissions.permission;
  const isAgent = codes.some((code) => (AGENT_CODES as readonly string[]).includes(code));
  const tree = menuFor(identityName(answer.user.identityType), { isAgent });
  return pagesOf(filterMenu(tree, codes, { permissionProject: answer.projects.permissionProject }));
}

for (const identity of IDENTITIES) {
  test(`${identity.user} opens every entry of its menu at 1366x768 and finds work of its own`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const failures: string[] = [];
    const onResponse = (response: Response): void => {
      if (response.url().includes('/api/') && response.status() >= 500)
        failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    };
    page.on('response', onResponse);
    page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));

    await signIn(page, identity.user);
    await expect(page).toHaveURL(identity.firstPage);
    await identity.ownWork(page);
    await keepScreenshot(page, `menus-${identity.user}-first`);
    if (identity.user === 'land') {
      await page.getByRole('button', { name: '进入门户' }).click();
      await expect(page).toHaveURL(/#\/index\/home$/);
    }

    const entries = await menuOf(page);
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) {
      await test.step(`${entry.title} (${entry.path})`, async () => {
        failures.length = 0;
        await page.evaluate(`window.location.hash = '#${entry.path}'`);
        await expect(page).toHaveURL(new RegExp(`#${entry.path}$`));
        await expect(
          page.getByTestId('tab-strip').getByRole('tab', { name: entry.title, selected: true }),
        ).toBeVisible();
        // the page has drawn what its calls answered
        await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
        const content = page.locator('.ant-layout-content');
        await expect(content).not.toContainText('暂未开放');
        await expect(
          content.locator('.ant-result-error, .ant-result-500, [role="alert"].route-error'),
        ).toHaveCount(0);
        await expect(page.locator('.ant-message-notice-error, .ant-notification-notice-error')).toHaveCount(
          0,
        );
        expect(failures, failures.join('\n')).toEqual([]);
        await keepScreenshot(page, `menus-${identity.user}${entry.path.replace(/\//g, '-')}`);
      });
    }
    page.off('response', onResponse);
  });
}
