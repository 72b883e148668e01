import { describe, expect, it } from 'vitest';
import { addTab, closeOtherTabs, closeTab, replaceTab } from './tabs.ts';
import type { Tab } from './tabs.ts';

const tab = (name: string, title = name): Tab => ({ name, path: `/index/${name}`, title });
const home = tab('home', '首页');
const project = tab('project', '我的项目');
const assets = tab('assets', '我的资产');
const plan = tab('plan', '我的计划');
const paths = (tabs: readonly Tab[]) => tabs.map((t) => t.path);

describe('addTab', () => {
  it('SH-2.9: inserts right after the tab of the current top-level page', () => {
    const result = addTab([home, project, assets], plan, '/index/project');
    expect(paths(result)).toEqual(['/index/home', '/index/project', '/index/plan', '/index/assets']);
  });

  it('appends when the current top-level page has no tab', () => {
    expect(paths(addTab([home, project], plan, '/index/elsewhere'))).toEqual([
      '/index/home',
      '/index/project',
      '/index/plan',
    ]);
    expect(paths(addTab([home], plan, undefined))).toEqual(['/index/home', '/index/plan']);
    expect(paths(addTab([], home, null))).toEqual(['/index/home']);
  });

  it('SH-2.10: replaces a tab with the same path in place', () => {
    const renamed = { ...assets, title: '资产列表' };
    const result = addTab([home, assets, project], renamed, '/index/home');
    expect(result).toEqual([home, renamed, project]);
  });

  it('SH-2.10: replaces a tab with the same title in place', () => {
    const showA = { name: 'showproject', path: '/index/showproject?id=1', title: '项目详情' };
    const showB = { name: 'showproject', path: '/index/showproject?id=2', title: '项目详情' };
    const result = addTab([home, showA, project], showB, '/index/project');
    expect(result).toEqual([home, showB, project]);
  });

  it('never leaves two tabs matching the new one', () => {
    const byPath = { name: 'a', path: '/index/a', title: '甲' };
    const byTitle = { name: 'b', path: '/index/b', title: '乙' };
    const incoming = { name: 'a', path: '/index/a', title: '乙' };
    expect(addTab([home, byPath, byTitle], incoming, '/index/home')).toEqual([home, incoming]);
  });

  it('does not change the list it is given', () => {
    const tabs = [home, project];
    addTab(tabs, plan, '/index/home');
    expect(tabs).toEqual([home, project]);
  });
});

describe('replaceTab', () => {
  const handOver = { name: 'showproject', path: '/index/showproject?id=1', title: '项目详情' };
  const view = { name: 'bulkShowProject', path: '/index/bulkShowProject?id=1', title: '查看项目' };

  it("puts a redirect's tab where the tab it left stood", () => {
    expect(replaceTab([home, project, handOver, assets], handOver.path, view, home.path)).toEqual([
      home,
      project,
      view,
      assets,
    ]);
  });

  it('drops another tab matching the new one, as addTab does', () => {
    const older = { ...view, path: '/index/bulkShowProject?id=9' };
    expect(replaceTab([home, older, handOver], handOver.path, view, home.path)).toEqual([home, view]);
  });

  it('never replaces the first tab, and adds when the left tab is not open', () => {
    expect(replaceTab([home, project], home.path, plan, home.path)).toEqual([home, plan, project]);
    expect(replaceTab([home, project], '/index/gone', plan, home.path)).toEqual([home, project, plan]);
  });
});

describe('closeTab', () => {
  const tabs = [home, project, assets];

  it('SH-2.12: closing the current tab moves to the next one', () => {
    const result = closeTab(tabs, '/index/project', '/index/project');
    expect(paths(result.tabs)).toEqual(['/index/home', '/index/assets']);
    expect(result.nextPath).toBe('/index/assets');
  });

  it('SH-2.12: closing the current last tab moves to the previous one', () => {
    expect(closeTab(tabs, '/index/assets', '/index/assets').nextPath).toBe('/index/project');
  });

  it('SH-2.12: closing the only tab goes to the root', () => {
    expect(closeTab([project], '/index/project', '/index/project')).toEqual({
      tabs: [],
      nextPath: '/index/home',
    });
    expect(closeTab([project], '/index/project', '/index/project', '/index/todoEstimate').nextPath).toBe(
      '/index/todoEstimate',
    );
  });

  it('SH-2.11: closing another tab keeps the active page', () => {
    const result = closeTab(tabs, '/index/assets', '/index/project');
    expect(paths(result.tabs)).toEqual(['/index/home', '/index/project']);
    expect(result.nextPath).toBe('/index/project');
  });

  it('closing a path that is not open changes nothing', () => {
    expect(closeTab(tabs, '/index/plan', '/index/home')).toEqual({ tabs, nextPath: '/index/home' });
  });
});

describe('closeOtherTabs', () => {
  it('SH-2.11: leaves only the given tab', () => {
    expect(closeOtherTabs([home, project, assets], '/index/project')).toEqual([project]);
  });

  it('leaves nothing when the path is not open', () => {
    expect(closeOtherTabs([home, project], '/index/plan')).toEqual([]);
  });
});
