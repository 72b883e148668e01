// 综合查询 and 收入统计 against a fake server: the search asks every kind with the same filters and shows each
// count on its tab, a row opens its project, the filters are sent trimmed, 导出 saves the
// workbook under its day's name; the income page shows the year's totals, the month table with its 合计, what
// its charts are given, another year asked when chosen, and 导出 under the year's name.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { IncomeStatistics, QueryRow } from '@cqjy/domain/statistics';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import { toQueryFilters } from './query-page.tsx';

const PROJECT: QueryRow = {
  kind: 'project',
  id: '7',
  code: 'GR2026BJ1000123',
  title: '北京示范国有资产经营有限公司废旧设备一批',
  family: 'bulk',
  familyLabel: '实物资产',
  statusLabel: '披露中',
  companyName: '北京示范国有资产经营有限公司',
  at: '2026-11-20T02:00:00.000Z',
  link: '/index/bulkShowProject?id=7',
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const notifier = setUpPageTests();

/** Catches what saveBlob saves: the file names clicked. */
function catchDownloads(): { names: string[]; restore: () => void } {
  Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} });
  const names: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { names, restore: () => click.mockRestore() };
}

function serve(extra: (call: FetchCall) => Response | undefined): { calls: FetchCall[] } {
  const user = makeUser(IDENTITY.transferor);
  signInAs(user);
  return servePortal(user, extra);
}

describe('综合查询', () => {
  it('asks every kind with the filters, counts them on the tabs, and a row opens its project', async () => {
    const { calls } = serve((call) => {
      if (pathOf(call) !== '/api/statistics/query') return undefined;
      const { kind } = bodyOf(call) as { kind: string };
      return jsonResponse(
        envelope(
          kind === 'project' ? { list: [PROJECT], total: 1 } : { list: [], total: kind === 'task' ? 3 : 0 },
        ),
      );
    });
    renderPortal('/index/comprehensiveQuery');
    expect(await screen.findByText(PROJECT.title)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '项目（1）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '任务（3）' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '文件（0）' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: ' 示范 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => {
      const bodies = calls.filter((call) => pathOf(call) === '/api/statistics/query').map(bodyOf);
      for (const kind of ['project', 'task', 'file']) {
        expect(bodies).toContainEqual({ kind, keyword: '示范', page: 1, size: 10 });
      }
    });

    fireEvent.click(screen.getByRole('button', { name: PROJECT.title }));
    await waitFor(() => expect(screen.queryByRole('tab', { name: '项目（1）' })).toBeNull());
  });

  it('sends the filters trimmed, without the empty ones', () => {
    expect(toQueryFilters({ keyword: '  ', family: 'bulk', status: '' })).toEqual({ family: 'bulk' });
    expect(toQueryFilters({ keyword: ' 设备 ', range: null })).toEqual({ keyword: '设备' });
  });

  it('导出 saves the workbook of the current filters', async () => {
    const { calls } = serve((call) => {
      if (pathOf(call) === '/api/statistics/query') return jsonResponse(envelope({ list: [], total: 0 }));
      if (pathOf(call) === '/api/statistics/query/export') {
        return new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: { 'Content-Type': XLSX },
        });
      }
      return undefined;
    });
    const downloads = catchDownloads();
    renderPortal('/index/comprehensiveQuery');
    await screen.findByRole('tab', { name: '项目（0）' });
    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: '设备' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        calls.some((call) => pathOf(call) === '/api/statistics/query' && bodyOf(call).keyword === '设备'),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^综合查询_\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(calls.find((call) => pathOf(call) === '/api/statistics/query/export')?.url).toContain(
      `keyword=${encodeURIComponent('设备')}`,
    );
    downloads.restore();
    expect(notifier.error).not.toHaveBeenCalled();
  });
});

function incomeOf(year: number): IncomeStatistics {
  const months = Array.from({ length: 12 }, (_, index) => ({
    month: `${year}-${String(index + 1).padStart(2, '0')}`,
    deals: index === 10 ? 1 : 0,
    dealAmount: index === 10 ? 3_680_000_00 : 0,
    serviceFee: index === 10 ? 31_440_00 : 0,
    payout: index === 10 ? 3_680_000_00 : 0,
  }));
  const totals = { deals: 1, dealAmount: 3_680_000_00, serviceFee: 31_440_00, payout: 3_680_000_00 };
  return {
    year,
    isExchange: false,
    months,
    families: [{ family: 'bulk', familyLabel: '实物资产', ...totals }],
    totals,
  };
}

describe('收入统计', () => {
  it("shows the year's totals, the months with their 合计, the charts' data, and asks for another year", async () => {
    const { calls } = serve((call) => {
      if (pathOf(call) !== '/api/statistics/income') return undefined;
      const year = Number(new URL(call.url, 'http://x').searchParams.get('year'));
      return jsonResponse(envelope(incomeOf(year)));
    });
    renderPortal('/index/income');
    const year = new Date().getFullYear();
    const november = (await screen.findByText(`${year}-11`)).closest('tr')!;
    expect(within(november).getAllByText('3,680,000.00')).toHaveLength(2);
    expect(within(november).getByText('31,440.00')).toBeTruthy();
    expect(screen.getAllByText('合计').length).toBeGreaterThan(0);
    // the month chart is given the amounts in yuan; the family chart the families
    const charts = await screen.findAllByTestId('chart-option');
    expect(charts[0]?.textContent).toContain('3680000');
    expect(charts[1]?.textContent).toContain('实物资产');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '统计年份' }));
    fireEvent.click(await screen.findByTitle(`${year - 1}年`));
    await waitFor(() =>
      expect(calls.some((call) => call.url.includes(`/api/statistics/income?year=${year - 1}`))).toBe(true),
    );
  });

  it('导出 saves 收入统计_{year}年.xlsx; a refusal is shown and nothing is saved', async () => {
    let isRefused = false;
    serve((call) => {
      if (pathOf(call) === '/api/statistics/income') return jsonResponse(envelope(incomeOf(2026)));
      if (pathOf(call) === '/api/statistics/income/export') {
        return isRefused
          ? jsonResponse({ status: 1, msg: MSG.incomeYearInvalid, data: null })
          : new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'Content-Type': XLSX } });
      }
      return undefined;
    });
    const downloads = catchDownloads();
    renderPortal('/index/income');
    await screen.findByText('2026-11');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(downloads.names).toEqual([`收入统计_${new Date().getFullYear()}年.xlsx`]));
    isRefused = true;
    // the first export has ended: its button no longer spins
    await waitFor(() => expect(document.querySelector('.ant-btn-loading')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.incomeYearInvalid));
    expect(downloads.names).toHaveLength(1);
    downloads.restore();
  });
});
