import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { AGENT_CODES } from '@cqjy/domain/permissions';
import { makeUser } from '../../test/portal.tsx';
import { clearSession, setSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { AppSider, isAgentUser, listGroupsContaining, listMenuItems } from './app-sider.tsx';
import { useAutoCollapse } from './use-auto-collapse.ts';

function renderSider(user: UserInfo, path = '/index/home') {
  setSession({ identityType: user.identityType, userInfo: user });
  function Page() {
    useAutoCollapse();
    return <AppSider />;
  }
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [path] });
  render(
    <ConfigProvider>
      <AntdApp>
        <RouterProvider router={router} />
      </AntdApp>
    </ConfigProvider>,
  );
  return router;
}

function menu(): HTMLElement {
  return screen.getByTestId('app-sider');
}

/** Opens a group of the inline menu by clicking its title. */
function openGroup(title: string): void {
  fireEvent.click(within(menu()).getByText(title));
}

function setWidth(widthPx: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: widthPx });
}

beforeEach(() => {
  clearSession();
  setWidth(1920);
});

afterEach(() => {
  setWidth(1024);
});

describe('the sider menu per identity (SH-2.6 to SH-2.8, SH-4.13, SH-4.14, SH-6.2)', () => {
  it('gives a transferor the standard menu: no agent, ledger or admin entries', () => {
    renderSider(makeUser(1));
    for (const title of [
      '首页',
      '我的项目',
      '业务中心',
      '我的资产',
      '客户管理',
      '文件管理',
      '订单管理',
      '系统管理',
    ]) {
      expect(within(menu()).getByText(title)).toBeTruthy();
    }
    expect(within(menu()).queryByText('代理项目方')).toBeNull();
    expect(within(menu()).queryByText('台账管理')).toBeNull();
    expect(within(menu()).queryByText('机构管理')).toBeNull();
    // Granted codes only: a transferor has no evaluation list.
    expect(within(menu()).queryByText('评估项目')).toBeNull();
  });

  it('opens a group to show its pages, and navigates from a page entry', async () => {
    const router = renderSider(makeUser(1));
    openGroup('系统管理');
    fireEvent.click(await within(menu()).findByText('操作日志'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/logs'));
  });

  it('gives an agent member 代理项目方, 代理意向方 and its 小宗实物 ledger', async () => {
    const agent = makeUser(2, { permission: [...makeUser(2).permission, ...AGENT_CODES] });
    renderSider(agent);
    expect(within(menu()).queryByText('我的项目')).toBeNull();
    openGroup('项目管理');
    expect(await within(menu()).findByText('代理项目方')).toBeTruthy();
    expect(within(menu()).getByText('代理意向方')).toBeTruthy();
    // the index-4 rule itself is the domain's (menus.test.ts): this agent holds the small-lot permission
    openGroup('台账管理');
    expect(await within(menu()).findByText('小宗实物')).toBeTruthy();
  });

  it('gives an admin the management menu with 首页, 机构管理, 数据字典 and 短信管理', async () => {
    const router = renderSider(makeUser(999), '/index/project');
    expect(within(menu()).getByText('项目管理')).toBeTruthy();
    expect(within(menu()).getByText('资产管理')).toBeTruthy();
    expect(within(menu()).getByText('机构管理')).toBeTruthy();
    // the home entry is never hidden (SH-4.13): the exchange's home page (admins had no 首页 before)
    fireEvent.click(within(menu()).getByText('首页'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
    openGroup('系统管理');
    expect(await within(menu()).findByText('数据字典')).toBeTruthy();
    expect(within(menu()).getByText('短信管理')).toBeTruthy();
  });

  it('opens the group of the current page on load', () => {
    renderSider(makeUser(998), '/index/dictionary');
    expect(within(menu()).getByText('数据字典')).toBeTruthy();
  });
});

describe('menu helpers', () => {
  it('takes a member with any agent code for an agent', () => {
    expect(isAgentUser(makeUser(2))).toBe(false);
    expect(isAgentUser(makeUser(2, { permission: ['GJS_INDEX', 'GJS_PROJECT_SERVICE_LT'] }))).toBe(true);
    expect(isAgentUser(null)).toBe(false);
  });

  it('lists nothing before the user is loaded, and finds the groups holding a page', () => {
    expect(listMenuItems('transferor', null)).toEqual([]);
    const items = listMenuItems('admin', makeUser(999));
    expect(listGroupsContaining(items, '/index/textMessage')).toEqual(['systemGroup']);
    expect(listGroupsContaining(items, '/index/project')).toEqual([]);
  });
});

describe('automatic collapse (SH-4.15)', () => {
  function isCollapsed(): boolean {
    return menu().className.includes('ant-layout-sider-collapsed');
  }

  it('collapses at 1366 px or less on load', () => {
    setWidth(1366);
    renderSider(makeUser(1));
    expect(isCollapsed()).toBe(true);
  });

  it('follows resizes: expands at 1920, collapses at 1366, keeps the user choice in between', async () => {
    setWidth(1600);
    setSession({ isMenuCollapsed: true });
    renderSider(makeUser(1));
    // In between, the stored choice stands.
    expect(isCollapsed()).toBe(true);

    setWidth(1920);
    fireEvent(window, new Event('resize'));
    await waitFor(() => expect(isCollapsed()).toBe(false));

    setWidth(1700);
    fireEvent(window, new Event('resize'));
    expect(isCollapsed()).toBe(false);

    setWidth(1366);
    fireEvent(window, new Event('resize'));
    await waitFor(() => expect(isCollapsed()).toBe(true));
    expect(window.sessionStorage.getItem('cqjy.isMenuCollapsed')).toBe('true');

    setWidth(1500);
    fireEvent(window, new Event('resize'));
    expect(isCollapsed()).toBe(true);
  });
});
