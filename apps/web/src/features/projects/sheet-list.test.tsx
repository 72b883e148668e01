// The asset list's category tabs: a read-only view shows only the categories with rows (the counts come with the
// page the list loads) and opens on the first of them when the project's own category is empty, or the project's
// own category alone when nothing has rows; an editable list shows the project's own category too and offers
// 添加类别, whose chosen category gets a tab and its list. And every sheet's columns fit the card of a 1,366 px
// screen, so no column is pushed out of sight.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { PROJECT_KINDS } from '@cqjy/domain/projects/kinds/index';
import { listSheetGroups } from '@cqjy/domain/projects/sheets';
import type { ProjectSheetRow } from '@cqjy/domain/projects/sheets';
import { setNotifier } from '../../lib/notify.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { bodyOf, envelope, jsonResponse, pathOf, stubFetch } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { sheetColumnWidth } from './sheet-columns.tsx';
import { SheetList } from './sheet-list.tsx';

const ASSET_SHEETS = PROJECT_KINDS.bulk.sheets.filter((sheet) => sheet.group === 'asset');
const ALL_EMPTY = Object.fromEntries(ASSET_SHEETS.map((sheet) => [sheet.key, 0]));

beforeEach(() => {
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

const row = (id: number, category: string, name: string): ProjectSheetRow => ({
  id,
  category,
  values: { name, quantity: 1, unit: '台' },
  createdAt: '2026-03-02T02:00:00.000Z',
});

/** Project 7's asset list: `rows` by category; every page answers the counts of all ten categories. */
function serve(rows: Record<string, ProjectSheetRow[]>) {
  const counts = { ...ALL_EMPTY, ...Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.length])) };
  return stubFetch((call) => {
    if (pathOf(call) === '/api/project/bulk/asset/list') {
      const list = rows[String(bodyOf(call).category)] ?? [];
      return jsonResponse(envelope({ list, total: list.length, counts }));
    }
    return jsonResponse(envelope(null, 404, '未找到'));
  });
}

const listedCategories = (calls: FetchCall[]) =>
  calls
    .filter((call) => pathOf(call) === '/api/project/bulk/asset/list')
    .map((call) => bodyOf(call).category);

function renderList(isEditable: boolean, initialKey = 'machinery') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={zhCN}>
        <SheetList
          family="bulk"
          projectId={7}
          title="资产清单"
          sheets={ASSET_SHEETS}
          initialKey={initialKey}
          isEditable={isEditable}
        />
      </ConfigProvider>
    </QueryClientProvider>,
  );
}

const tabNames = (): string[] => screen.getAllByRole('tab').map((tab) => tab.textContent ?? '');
const activeTab = (): string =>
  screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent ?? '';

describe('SheetList category tabs', () => {
  it('a read-only list shows only the categories with rows, opened on the first when its own is empty', async () => {
    const { calls } = serve({
      other: [row(1, 'other', '办公家具')],
      vehicle: [row(2, 'vehicle', '小型客车'), row(3, 'vehicle', '货车')],
    });
    renderList(false, 'machinery');
    expect(await screen.findByText('办公家具')).toBeTruthy();
    expect(tabNames()).toEqual(['其他', '车辆']);
    expect(activeTab()).toBe('其他');
    expect(listedCategories(calls)).toEqual(['machinery', 'other']);
    expect(screen.queryByRole('button', { name: /添加类别/ })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '车辆' }));
    expect(await screen.findByText('小型客车')).toBeTruthy();
    expect(activeTab()).toBe('车辆');
  });

  it("a read-only list with no rows at all shows the project's own category, empty", async () => {
    const { calls } = serve({});
    const { container } = renderList(false, 'house');
    await waitFor(() => expect(listedCategories(calls)).toEqual(['house']));
    // the answer (all ten counts 0) is in once the table stops loading
    await waitFor(() =>
      expect(container.querySelector('.ant-table-wrapper [aria-busy]')?.getAttribute('aria-busy')).toBe(
        'false',
      ),
    );
    expect(tabNames()).toEqual(['房产']);
    expect(container.querySelectorAll('.ant-table-row')).toHaveLength(0);
  });

  it("an editable list shows its own category beside those with rows, and 添加类别 adds the chosen one's tab", async () => {
    const { calls } = serve({ machinery: [row(1, 'machinery', '数控车床')] });
    renderList(true, 'house');
    // the own category opens first, empty; the one with rows has its tab too
    await waitFor(() => expect(tabNames()).toEqual(['房产', '机器设备']));
    expect(activeTab()).toBe('房产');

    fireEvent.click(screen.getByRole('button', { name: /添加类别/ }));
    const menu = await screen.findByRole('menu');
    // only the categories without a tab are offered
    const offered = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(offered).toEqual(['在建工程', '土地', '存货', '其他', '金融资产', '技术资产', '债权', '车辆']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: '车辆' }));

    await waitFor(() => expect(tabNames()).toEqual(['房产', '机器设备', '车辆']));
    expect(activeTab()).toBe('车辆');
    await waitFor(() => expect(listedCategories(calls)).toContain('vehicle'));
    // its columns are the vehicle sheet's, ready for an import into it
    expect(screen.getByRole('columnheader', { name: '车辆识别代号' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeTruthy();
  });
});

describe('sheet column widths', () => {
  // The card of a 1,366 px screen, beside the folded menu, leaves its table 1,220 px (measured in Chromium).
  const CARD_TABLE_WIDTH = 1220;
  const SELECTION_WIDTH = 32;

  it('every sheet of every kind fits the card of a 1,366 px screen, with the selection box', () => {
    for (const kind of Object.values(PROJECT_KINDS)) {
      for (const group of listSheetGroups(kind.sheets)) {
        for (const sheet of group.sheets) {
          const width = sheet.columns.reduce((sum, column) => sum + sheetColumnWidth(column), 0);
          expect(width + SELECTION_WIDTH, `${kind.family} ${sheet.key}`).toBeLessThanOrEqual(
            CARD_TABLE_WIDTH,
          );
        }
      }
    }
  });
});
