import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { clearSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse, pathOf, bodyOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import { makeProjectView } from '../../test/projects.ts';
import { makeInvestor } from '../../test/investors.ts';
import { DEFAULT_ROLE_CODES } from '@cqjy/domain/permissions';
import { PROJECT_FAMILY_OPTIONS } from '@cqjy/domain/projects/kinds/index';
import type { ProjectListRow } from '@cqjy/domain/projects/views';
import { LIST_TABLE_WIDTH } from '../../components/index.ts';
import { EXPORT_COLUMNS, toSheetRows } from './export-xlsx.ts';

function makeRow(id: number, overrides: Partial<ProjectListRow> = {}): ProjectListRow {
  return {
    id,
    code: `GR2026BJ10001${id}`,
    name: `废旧设备一批${id}`,
    family: 'bulk',
    familyLabel: '实物资产',
    status: 'disclosing',
    statusLabel: '披露中',
    listingPrice: 123456789,
    disclosureEnd: '2026-03-20T00:00:00.000+08:00',
    companyName: '示例国有资产经营有限公司',
    updatedAt: '2026-03-02T02:00:00.000Z',
    isOwn: true,
    ...overrides,
  };
}

const notifier = setUpPageTests();

const listBodies = (calls: FetchCall[]) =>
  calls.filter((call) => pathOf(call) === '/api/project/list').map(bodyOf);

function serveProjects(total = 2, deleteAnswer = { status: 0, msg: '' }) {
  const user = makeUser(IDENTITY.transferor);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/project/list') {
      const rows = [makeRow(1, { status: 'draft', statusLabel: '草稿', code: '' }), makeRow(2)];
      return jsonResponse(envelope({ list: rows, total }));
    }
    // The generic view hands over by the project's family; the family view is another feature's page.
    if (path === '/api/project/show/7')
      return jsonResponse(envelope(makeProjectView({ family: 'coll', businessType: '2' })));
    if (path.startsWith('/api/project/show/') || path === '/api/project/bulk/show')
      return jsonResponse(envelope(null, 404, MSG.notFound));
    if (path === '/api/project/bulk/copy/2')
      return jsonResponse(envelope({ id: 9, version: 1 }, 0, MSG.projectCopied));
    if (path.startsWith('/api/project/delete/'))
      return jsonResponse(envelope(null, deleteAnswer.status, deleteAnswer.msg));
    return undefined;
  });
}

describe('Project list', () => {
  it('lists the projects with money in yuan and actions by status', async () => {
    const { calls } = serveProjects();
    renderPortal('/index/project');
    const draft = (await screen.findByText('废旧设备一批1')).closest('tr')!;
    const disclosing = screen.getByText('废旧设备一批2').closest('tr')!;
    expect(within(disclosing).getByText('1,234,567.89')).toBeTruthy();
    expect(within(disclosing).getByText('2026-03-20')).toBeTruthy();
    expect(within(draft).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(draft).getByRole('button', { name: /删\s*除/ })).toBeTruthy();
    expect(within(disclosing).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(disclosing).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(listBodies(calls)[0]).toEqual({ page: 1, size: 10 });
  });

  it('fits the card of a 1,366 and a 1,440 px screen: 操作 covers no column there', async () => {
    serveProjects();
    renderPortal('/index/project');
    await screen.findByText('废旧设备一批1');
    const table = document.querySelector(
      '.ant-table-content > table, .ant-table-body > table',
    ) as HTMLElement;
    const width = Number.parseInt(table.style.width || table.style.minWidth, 10);
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(LIST_TABLE_WIDTH);
  });

  it('searches by keyword from page 1, filters by the status tab, and pages', async () => {
    const { calls } = serveProjects(25);
    renderPortal('/index/project');
    await screen.findByText('废旧设备一批1');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(listBodies(calls)).toContainEqual({ page: 2, size: 10 }));
    fireEvent.change(screen.getByPlaceholderText('项目名称或编号'), { target: { value: ' 设备 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listBodies(calls)).toContainEqual({ page: 1, size: 10, keyword: '设备' }));
    fireEvent.click(screen.getByRole('tab', { name: '披露中' }));
    await waitFor(() =>
      expect(listBodies(calls)).toContainEqual({ page: 1, size: 10, keyword: '设备', status: 'disclosing' }),
    );
  });

  it('opens a project, edits a draft and goes to the new project form', async () => {
    serveProjects();
    const { router } = renderPortal('/index/project');
    const draft = (await screen.findByText('废旧设备一批1')).closest('tr')!;
    fireEvent.click(within(draft).getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/editproject'));
    expect(router.state.location.search).toBe('?id=1&family=bulk');
    void router.navigate('/index/project');
    const other = (await screen.findByText('废旧设备一批2')).closest('tr')!;
    fireEvent.click(within(other).getByRole('button', { name: /查\s*看/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkShowProject'));
    expect(router.state.location.search).toBe('?id=2');
    void router.navigate('/index/project');
    fireEvent.click(await screen.findByRole('button', { name: /新增项目/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/addproject'));
  });

  it('copies an own project into a new draft and opens it; others’ projects offer no copy', async () => {
    const { calls } = serveProjects();
    const { router } = renderPortal('/index/project');
    const disclosing = (await screen.findByText('废旧设备一批2')).closest('tr')!;
    fireEvent.click(within(disclosing).getByRole('button', { name: /复\s*制/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/editproject'));
    expect(router.state.location.search).toBe('?id=9&family=bulk');
    expect(calls.some((call) => pathOf(call) === '/api/project/bulk/copy/2')).toBe(true);
    expect(notifier.success).toHaveBeenCalledWith(MSG.projectCopied);
  });

  it('deletes a draft after the confirm and reloads the list', async () => {
    const { calls } = serveProjects();
    renderPortal('/index/project');
    const draft = (await screen.findByText('废旧设备一批1')).closest('tr')!;
    const before = listBodies(calls).length;
    fireEvent.click(within(draft).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.projectDeleted));
    expect(notifier.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: MSG.projectDeleteConfirm }),
    );
    expect(calls.some((call) => pathOf(call) === '/api/project/delete/1')).toBe(true);
    await waitFor(() => expect(listBodies(calls).length).toBeGreaterThan(before));
  });

  it('does not delete when the confirm is dismissed, and shows the server refusal', async () => {
    const { calls } = serveProjects(2, { status: 1, msg: '只有草稿项目可以删除' });
    renderPortal('/index/project');
    const draft = (await screen.findByText('废旧设备一批1')).closest('tr')!;
    notifier.confirm.mockResolvedValueOnce(false);
    fireEvent.click(within(draft).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    expect(calls.some((call) => pathOf(call).startsWith('/api/project/delete/'))).toBe(false);
    fireEvent.click(within(draft).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('只有草稿项目可以删除'));
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('SH-9.1 导出 saves the current page as 项目列表.xlsx', async () => {
    serveProjects();
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:projects';
      },
      revokeObjectURL: () => {},
    });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderPortal('/index/project');
    await screen.findByText('废旧设备一批1');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(names).toEqual(['项目列表.xlsx']));
    expect(saved[0]?.size).toBeGreaterThan(0);
    click.mockRestore();
  });

  it('SH-9.1 exports the rows of the current page with the list headers', () => {
    const rows = toSheetRows([makeRow(2)]);
    expect(rows[0]).toEqual(EXPORT_COLUMNS.map((column) => column.header));
    expect(rows[1]).toEqual([
      'GR2026BJ100012',
      '废旧设备一批2',
      '实物资产',
      '披露中',
      '1,234,567.89',
      '2026-03-20',
      '示例国有资产经营有限公司',
      '2026-03-02 10:00:00',
    ]);
  });
});

/** Picks `title` in the select labelled `label`. */
async function pick(label: string, title: string): Promise<void> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${title}"]`)].at(-1);
    if (found === undefined) throw new Error(`no ${title}`);
    return found;
  });
  fireEvent.click(option);
}

describe('Project list filters', () => {
  it('offers the project kinds as families, each by the name it is created under', async () => {
    serveProjects();
    renderPortal('/index/project');
    await screen.findByText('废旧设备一批1');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '项目类别' }));
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0),
    );
    const titles = [...document.querySelectorAll('.ant-select-item-option')].map((el) =>
      el.getAttribute('title'),
    );
    expect(titles).toEqual(PROJECT_FAMILY_OPTIONS.map((option) => option.label));
    expect(titles).toContain('私募股权转让');
    expect(titles).toContain('小宗实物');
    expect(titles).not.toContain('统一类');
  });

  it('one 查询 asks the server once: the new filters alone, and the same filters again once', async () => {
    const { calls } = serveProjects();
    renderPortal('/index/project');
    await screen.findByText('废旧设备一批1');
    await waitFor(() => expect(listBodies(calls)).toHaveLength(1));
    await pick('项目类别', '产权转让');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listBodies(calls)).toHaveLength(2));
    expect(listBodies(calls)[1]).toEqual({ page: 1, size: 10, family: 'stock' });
    // the same filters again: asked once more (others change projects meanwhile), not twice
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(listBodies(calls)).toHaveLength(3));
    expect(listBodies(calls)[2]).toEqual({ page: 1, size: 10, family: 'stock' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listBodies(calls)).toHaveLength(3);
  });

  it('narrowed by its address to the projects a screen needs, until 清除筛选', async () => {
    const { calls } = serveProjects();
    const { router } = renderPortal('/index/project?family=stock&family=privateStock&status=dealt&status=x');
    expect(await screen.findByText('仅显示可办理的项目：产权转让、私募股权转让；已成交')).toBeTruthy();
    expect(listBodies(calls)[0]).toEqual({
      page: 1,
      size: 10,
      families: ['stock', 'privateStock'],
      statuses: ['dealt'],
    });
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(listBodies(calls).at(-1)).toEqual({ page: 1, size: 10 }));
    expect(screen.queryByText(/仅显示可办理的项目/)).toBeNull();
  });
});

describe('Project view hand-over', () => {
  it("sends /index/showproject?id= to its family's project view", async () => {
    serveProjects();
    const { router } = renderPortal('/index/showproject?id=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/collShowProject'));
    expect(router.state.location.search).toBe('?id=7');
    // the hand-over's tab gave its place to the view's: no 项目详情 tab is left behind
    await waitFor(() => {
      const titles = within(screen.getByTestId('tab-strip'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent ?? '');
      expect(titles).toEqual(['首页', '查看项目']);
    });
  });
});

describe("A member's investor registrations", () => {
  function serveAs(identityType: number, permission?: string[]) {
    const user = makeUser(identityType, permission === undefined ? {} : { permission });
    signInAs(user);
    return servePortal(user, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/list') return jsonResponse(envelope({ list: [], total: 0 }));
      if (path === '/api/capitalIncrease/investors')
        return jsonResponse(envelope([makeInvestor(3, { status: 'submitted', statusLabel: '待资格审核' })]));
      if (path === '/api/capitalIncreaseOpen/investors') return jsonResponse(envelope([]));
      return undefined;
    });
  }

  it('are a card of 我的项目 for a member without 代理意向方, and not for an owner', async () => {
    serveAs(IDENTITY.member);
    renderPortal('/index/project');
    const card = (await screen.findByText('投资方登记')).closest('.ant-card');
    expect(card).not.toBeNull();
    expect(await within(card as HTMLElement).findByText('北京投资3有限公司')).toBeTruthy();
    expect(within(card as HTMLElement).getByRole('button', { name: '登记投资方' })).toBeTruthy();
  });

  it('stay on 代理意向方 for an agent member, and are not shown to an owner', async () => {
    serveAs(IDENTITY.member, [...DEFAULT_ROLE_CODES.agent]);
    renderPortal('/index/project');
    expect(await screen.findByText('新增项目')).toBeTruthy();
    expect(screen.queryByText('投资方登记')).toBeNull();
    clearSession();
    serveAs(IDENTITY.transferor);
    renderPortal('/index/project');
    expect(await screen.findAllByText('新增项目')).not.toHaveLength(0);
    expect(screen.queryByText('投资方登记')).toBeNull();
  });
});
