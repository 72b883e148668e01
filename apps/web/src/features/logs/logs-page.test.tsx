// 操作日志 against a fake server: the company's rows under the route's title with the chain's state above them,
// the filters sent in the list's body (the action as its code, chosen by its label), 导出 asking for the same
// filters and saving 操作日志.xlsx (or showing the server's refusal and saving nothing), the exchange's 所属单位
// column and filter, and a broken chain shown as an error naming the row.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { AuditChainState, AuditLogRow } from '@cqjy/domain/audit-log';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import { toLogsFilters } from './logs-page.tsx';

function makeRow(id: number, overrides: Partial<AuditLogRow> = {}): AuditLogRow {
  return {
    id,
    at: '2026-03-02T02:00:00.000Z',
    operatorName: '张经理',
    companyName: '示例国有资产经营有限公司',
    action: 'registry.create',
    actionLabel: '新增登记记录',
    target: String(40 + id),
    result: 'ok',
    resultLabel: '成功',
    ip: '10.0.0.8',
    detail: '登记类型：企业客户',
    facts: [{ kind: 'fact', label: '登记类型', value: '企业客户' }],
    ...overrides,
  };
}

const ROWS = [
  makeRow(2),
  makeRow(1, {
    at: '2026-03-01T01:00:00.000Z',
    action: 'login',
    actionLabel: '登录',
    target: 'transferor',
    result: 'fail',
    resultLabel: '失败',
    detail: '原因：credentials',
    facts: [{ kind: 'fact', label: '原因', value: 'credentials' }],
  }),
];

/** A row that changed fields, with more facts than a cell shows. */
const CHANGED = makeRow(3, {
  action: 'operator.update',
  actionLabel: '编辑操作员',
  detail: '昵称：张三 → 李四；权限：GJS_INDEX → GJS_INDEX、GJS_PLAN_LT；用户名：op1；版本：3',
  facts: [
    { kind: 'change', label: '昵称', from: '张三', to: '李四' },
    { kind: 'change', label: '权限', from: 'GJS_INDEX', to: 'GJS_INDEX、GJS_PLAN_LT' },
    { kind: 'fact', label: '用户名', value: 'op1' },
    { kind: 'fact', label: '版本', value: '3' },
  ],
});

const VALID: AuditChainState = { isValid: true, count: 128, checkedAt: '2026-03-02T02:00:00.000Z' };

const notifier = setUpPageTests();

function serveLogs(
  identityType: number,
  options: { chain?: AuditChainState; exported?: () => Response; rows?: AuditLogRow[] } = {},
): { calls: FetchCall[] } {
  const user = makeUser(identityType);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/logs/list') {
      const rows = options.rows ?? ROWS;
      return jsonResponse(envelope({ list: rows, total: rows.length }));
    }
    if (path === '/api/logs/verify') return jsonResponse(envelope(options.chain ?? VALID));
    if (path === '/api/logs/export') {
      return (
        options.exported?.() ??
        new Response(new Uint8Array([80, 75, 3, 4]), {
          status: 200,
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        })
      );
    }
    return undefined;
  });
}

/** Opens a select, types to narrow its options (a long list is virtual: only the first few are drawn), picks. */
async function pick(label: string, title: string): Promise<void> {
  const box = await screen.findByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: title } });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${title}"]`)].at(-1);
    if (found === undefined) throw new Error(`no ${title}`);
    return found;
  });
  fireEvent.click(option);
}

/** Catches what saveBlob saves: the file names clicked. */
function catchDownloads(): { names: string[]; restore: () => void } {
  Object.assign(URL, { createObjectURL: () => 'blob:logs', revokeObjectURL: () => {} });
  const names: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { names, restore: () => click.mockRestore() };
}

describe('操作日志 (a company)', () => {
  it('lists the rows under the title with the chain’s state, and sends the filters by code', async () => {
    const { calls } = serveLogs(IDENTITY.transferor);
    renderPortal('/index/logs');
    const row = (await screen.findByText('新增登记记录', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByText('2026-03-02 10:00:00')).toBeTruthy();
    expect(within(row).getByText('张经理')).toBeTruthy();
    expect(within(row).getByText('成功')).toBeTruthy();
    expect(within(row).getByText('10.0.0.8')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '操作日志' })).toBeTruthy();
    expect(await screen.findByText('日志链校验通过（共128条）')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: '所属单位' })).toBeNull();
    expect(screen.queryByLabelText('所属单位')).toBeNull();

    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: ' 张 ' } });
    fireEvent.change(screen.getByLabelText('对象'), { target: { value: '41' } });
    await pick('操作', '新增登记记录');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/logs/list').map(bodyOf)).toContainEqual({
        page: 1,
        size: 10,
        operator: '张',
        action: 'registry.create',
        target: '41',
      }),
    );
  });

  it('导出 asks for the current filters and saves 操作日志.xlsx', async () => {
    const { calls } = serveLogs(IDENTITY.transferor);
    const downloads = catchDownloads();
    renderPortal('/index/logs');
    await screen.findByText('新增登记记录', { selector: 'td' });
    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: '张经理' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(
        calls.some((call) => pathOf(call) === '/api/logs/list' && bodyOf(call).operator === '张经理'),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(downloads.names).toEqual(['操作日志.xlsx']));
    const exported = calls.find((call) => pathOf(call) === '/api/logs/export');
    expect(exported?.url).toBe(`/api/logs/export?operator=${encodeURIComponent('张经理')}`);
    downloads.restore();
  });

  it('shows the server’s refusal of an export and saves nothing', async () => {
    const refusal = '符合条件的日志超过100000条，请缩小时间范围后再导出';
    serveLogs(IDENTITY.transferor, { exported: () => jsonResponse(envelope(null, 1, refusal)) });
    const downloads = catchDownloads();
    renderPortal('/index/logs');
    await screen.findByText('新增登记记录', { selector: 'td' });
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(refusal));
    expect(downloads.names).toEqual([]);
    downloads.restore();
  });

  it('shows 详情 as lines, a changed field as label：old → new, all of them on hover when more', async () => {
    serveLogs(IDENTITY.transferor, { rows: [CHANGED, ...ROWS] });
    renderPortal('/index/logs');
    const row = (await screen.findByText('编辑操作员', { selector: 'td' })).closest('tr')!;
    const detail = row.querySelector('td:last-child') as HTMLElement;
    expect(detail.textContent).toContain('昵称：张三 → 李四');
    expect(detail.textContent).toContain('权限：GJS_INDEX → GJS_INDEX、GJS_PLAN_LT');
    expect(detail.textContent).toContain('用户名：op1');
    // the fourth line waits behind the hover, with the count of lines
    expect(detail.textContent).not.toContain('版本：3');
    expect(detail.textContent).toContain('…共4项');
    expect(detail.textContent).not.toMatch(/[{}"]/);
    fireEvent.mouseEnter(within(detail).getByText('…共4项'));
    expect(await screen.findByText('版本：3')).toBeTruthy();
    // a row of one fact shows it whole
    const registry = (await screen.findByText('新增登记记录', { selector: 'td' })).closest('tr')!;
    expect(registry.querySelector('td:last-child')?.textContent).toBe('登记类型：企业客户');
  });

  it('shows a broken chain as an error naming the row', async () => {
    serveLogs(IDENTITY.transferor, {
      chain: { isValid: false, count: 6, brokenId: 9, checkedAt: VALID.checkedAt },
    });
    renderPortal('/index/logs');
    expect(await screen.findByText('日志链校验失败：第7条记录被篡改（日志编号9）')).toBeTruthy();
  });
});

describe('操作日志 (the exchange)', () => {
  it('adds 所属单位 as a column and a filter', async () => {
    const { calls } = serveLogs(IDENTITY.admin);
    renderPortal('/index/logs');
    const row = (await screen.findByText('新增登记记录', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByText('示例国有资产经营有限公司')).toBeTruthy();
    expect(screen.getAllByRole('columnheader', { name: '所属单位' }).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('所属单位'), { target: { value: '华北' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/logs/list').map(bodyOf)).toContainEqual({
        page: 1,
        size: 10,
        companyName: '华北',
      }),
    );
  });
});

describe('toLogsFilters', () => {
  it('sends the range as two days and leaves out what is empty', () => {
    expect(
      toLogsFilters({
        operator: '  ',
        target: ' 41 ',
        range: [dayjs('2026-03-01T08:00:00'), dayjs('2026-03-31T20:00:00')],
      }),
    ).toEqual({ target: '41', from: '2026-03-01', to: '2026-03-31' });
    expect(toLogsFilters({ range: [null, dayjs('2026-03-31T20:00:00')] })).toEqual({ to: '2026-03-31' });
    expect(toLogsFilters({ range: null })).toEqual({});
    expect(MSG.logsDateRangeInvalid).toBe('结束日期不能早于开始日期');
  });
});
