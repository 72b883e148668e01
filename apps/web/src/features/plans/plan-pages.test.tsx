// The plan pages against a fake server: the list (money in yuan, the project a plan became, actions by status),
// 转为项目 after a confirm opening the new draft's form, 新增计划 refusing what the rules refuse before any call
// and saving fen, and another company's plan read without actions (the exchange's 计划管理).
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { PlanListRow, PlanView } from '@cqjy/domain/plans';
import { envelope, jsonResponse, pathOf, bodyOf } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

function makeRow(id: number, overrides: Partial<PlanListRow> = {}): PlanListRow {
  return {
    id,
    code: `JH20260000${id}`,
    name: `设备处置计划${id}`,
    family: 'bulk',
    familyLabel: '实物资产',
    listingPrice: 123456789,
    plannedDate: '2027-03-01',
    status: 'planned',
    statusLabel: '待转项目',
    project: null,
    companyName: '示例国有资产经营有限公司',
    updatedAt: '2026-03-02T02:00:00.000Z',
    version: 3,
    isOwn: true,
    ...overrides,
  };
}

const converted = makeRow(2, {
  status: 'converted',
  statusLabel: '已转项目',
  project: { id: 77, code: 'GR2026BJ0000077' },
});

function makeView(row: PlanListRow): PlanView {
  return {
    ...row,
    createdAt: row.updatedAt,
    form: { name: row.name, family: row.family, listingPrice: row.listingPrice ?? undefined },
  };
}

const notifier = setUpPageTests();

function servePlans(rows: PlanListRow[] = [makeRow(1), converted]) {
  const user = makeUser(IDENTITY.transferor);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/plan/list') return jsonResponse(envelope({ list: rows, total: rows.length }));
    const shown = rows.find((row) => path === `/api/plan/show/${row.id}`);
    if (shown !== undefined) return jsonResponse(envelope(makeView(shown)));
    if (path === '/api/plan/to/project') {
      return jsonResponse(
        envelope({ id: 78, family: 'bulk', code: 'GR2026BJ0000078' }, 0, MSG.planToProjectDone),
      );
    }
    if (path === '/api/plan/save') return jsonResponse(envelope({ id: 5, version: 1 }, 0, MSG.planSaved));
    if (path.startsWith('/api/project/')) return jsonResponse(envelope(null, 404, MSG.notFound));
    return undefined;
  });
}

describe('我的计划', () => {
  it('lists plans with money in yuan, the project a plan became, and actions by status', async () => {
    const { calls } = servePlans();
    renderPortal('/index/plan');
    const planned = (await screen.findByText('设备处置计划1')).closest('tr')!;
    const done = screen.getByText('设备处置计划2').closest('tr')!;
    expect(within(planned).getByText('1,234,567.89')).toBeTruthy();
    expect(within(planned).getByText('待转项目')).toBeTruthy();
    expect(within(planned).getByRole('button', { name: /转为项目/ })).toBeTruthy();
    expect(within(planned).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(within(done).getByRole('button', { name: 'GR2026BJ0000077' })).toBeTruthy();
    expect(within(done).queryByRole('button', { name: /转为项目/ })).toBeNull();
    expect(within(done).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(bodyOf(calls.find((call) => pathOf(call) === '/api/plan/list'))).toEqual({ page: 1, size: 10 });
  });

  it('转为项目 asks first, sends the row version and opens the new draft project form', async () => {
    const { calls } = servePlans();
    const { router } = renderPortal('/index/plan');
    const planned = (await screen.findByText('设备处置计划1')).closest('tr')!;
    notifier.confirm.mockResolvedValueOnce(false);
    fireEvent.click(within(planned).getByRole('button', { name: /转为项目/ }));
    await waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    expect(calls.some((call) => pathOf(call) === '/api/plan/to/project')).toBe(false);

    fireEvent.click(within(planned).getByRole('button', { name: /转为项目/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/editproject'));
    expect(router.state.location.search).toBe('?id=78&family=bulk');
    expect(bodyOf(calls.find((call) => pathOf(call) === '/api/plan/to/project'))).toEqual({
      id: 1,
      version: 3,
    });
    expect(notifier.confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: MSG.planToProjectConfirm }),
    );
    expect(notifier.success).toHaveBeenCalledWith(MSG.planToProjectDone);
  });
});

describe('新增计划', () => {
  it('refuses a bad mobile before any call, then saves the plan in fen and opens it', async () => {
    const { calls } = servePlans();
    const { router } = renderPortal('/index/planAdd');
    fireEvent.change(await screen.findByPlaceholderText('请填写计划名称'), {
      target: { value: '仓库存货处置计划' },
    });
    fireEvent.change(screen.getByPlaceholderText('请填写预计挂牌价'), { target: { value: '1200000.5' } });
    fireEvent.change(screen.getByPlaceholderText('请填写联系电话'), { target: { value: '1380000' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(MSG.telephoneInvalid));
    expect(calls.some((call) => pathOf(call) === '/api/plan/save')).toBe(false);

    fireEvent.change(screen.getByPlaceholderText('请填写联系电话'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/planShow'));
    expect(router.state.location.search).toBe('?id=5');
    expect(bodyOf(calls.find((call) => pathOf(call) === '/api/plan/save'))).toEqual({
      form: {
        name: '仓库存货处置计划',
        family: 'bulk',
        listingPrice: 120000050,
        contactMobile: '13800000001',
      },
    });
  });
});

describe('查看计划', () => {
  it("shows another company's plan without actions (计划管理)", async () => {
    servePlans([makeRow(4, { isOwn: false, companyName: '另一家公司' })]);
    renderPortal('/index/planShow?id=4');
    expect(await screen.findByText('另一家公司')).toBeTruthy();
    expect(screen.getByText('尚未转为项目')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /转为项目/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
