// The project view of every family ({family}ShowProject), drawn from the project's kind: facts, the actions its
// status allows for the caller, its applications, the records of approved actions, the trading-system result.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { ProcessLogRow, ProjectView } from '@cqjy/domain/workflow/views';
import { envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import type { Route } from '../../test/portal.tsx';
import { makeProjectView } from '../../test/projects.ts';
import { canSyncFromOtc } from './otc-result.tsx';

const PROJECT = makeProjectView();

const notifier = setUpPageTests();

const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => pathOf(call) === path);

function serveAs(identityType: number, extra: Route) {
  const user = makeUser(identityType);
  signInAs(user);
  return servePortal(user, extra);
}

/** The menu of the 更多操作 dropdown, once it is open. */
async function openedDropdown(): Promise<HTMLElement> {
  return waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown-menu');
    if (menu === null) throw new Error('the dropdown is not open');
    return menu;
  });
}

describe('the project view (bulkShowProject, rightShowProject ...)', () => {
  const project = PROJECT;
  const log: ProcessLogRow[] = [
    {
      id: 1,
      stage: '项目中止',
      step: 'back',
      stepLabel: '审核',
      result: '退回',
      reason: '请补充评估报告',
      actorName: '王审核',
      companyName: '产权交易所',
      at: '2026-03-02T02:00:00.000Z',
    },
  ];

  it('shows the project, its status and process log, and starts an allowed action', async () => {
    serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/show/7') return jsonResponse(envelope(project));
      if (path === '/api/project/7/processLog') return jsonResponse(envelope(log));
      if (path === '/api/project/7/actions') return jsonResponse(envelope([]));
      return undefined;
    });
    const { router } = renderPortal('/index/bulkShowProject?id=7');
    expect(await screen.findByText(PROJECT.code)).toBeTruthy();
    expect(screen.getAllByText('披露中').length).toBeGreaterThan(0);
    expect(await screen.findByText('请补充评估报告')).toBeTruthy();
    expect(screen.getByText('王审核')).toBeTruthy();
    expect(screen.getByText('2026-03-02 10:00:00')).toBeTruthy();
    // disclosing: the bidding is the one primary action; abort, end, termination, supplement ... are under
    // 更多操作, grouped; recovery and rediscovery may not start
    const primary = screen.getByRole('button', { name: '申请网络竞价' });
    expect(primary.className).toContain('ant-btn-primary');
    expect(screen.queryByRole('button', { name: '申请中止' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /更多操作/ }));
    const menu = await openedDropdown();
    expect(within(menu).getByText('信息披露')).toBeTruthy();
    expect(within(menu).getByText('中止与终结')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: '申请补充披露' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: '申请恢复' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: '申请中止' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkAbortAon'));
    expect(router.state.location.search).toBe('?projectId=7');
  });

  it('a dealt project shows its listing, contract and payouts; its owner edits the contract or pays out', async () => {
    const dealt: ProjectView = {
      ...project,
      status: 'dealt',
      statusLabel: '已成交',
      details: {
        form: {
          name: PROJECT.name,
          assetCategory: 'machinery',
          listingPrice: 186_000_000,
          paymentMode: 'lump',
        },
        contract: {
          contractNo: 'HT-2026-0001',
          dealPrice: 188_000_000,
          approvedAt: '2026-03-10T02:00:00.000Z',
        },
        price: [{ payoutAmount: 100_000_000 }, { payoutAmount: 88_000_000 }],
      },
    };
    serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/show/7') return jsonResponse(envelope(dealt));
      if (path === '/api/project/7/processLog') return jsonResponse(envelope([]));
      if (path === '/api/project/bulk/asset/list') return jsonResponse(envelope({ list: [], total: 0 }));
      if (path === '/api/project/7/actions') {
        return jsonResponse(
          envelope([
            {
              id: 51,
              action: 'price',
              actionTitle: '价款划转',
              status: 'letterGenerated',
              statusLabel: '待签章',
              createdAt: '2026-03-11T02:00:00.000Z',
              updatedAt: '2026-03-11T02:00:00.000Z',
              openTask: { id: 61, type: 'EicSre', routeName: 'bulkPriceEicSre' },
              routeName: 'bulkPriceEicSre',
            },
          ]),
        );
      }
      return undefined;
    });
    const { router } = renderPortal('/index/bulkShowProject?id=7');
    expect(await screen.findByText('1,860,000.00')).toBeTruthy();
    expect(screen.getAllByText('机器设备').length).toBeGreaterThan(1); // the listing and the asset list's tab
    expect(screen.getByText('HT-2026-0001')).toBeTruthy();
    expect(screen.getByText('1,880,000.00元')).toBeTruthy();
    expect(screen.getByText('价款划转（2）')).toBeTruthy();
    expect(screen.getByText('880,000.00元')).toBeTruthy();
    // a payout is under way: it is continued from 业务申请, not started twice; the handover comes first then
    expect(screen.queryByRole('button', { name: '申请价款划转' })).toBeNull();
    expect(screen.getByRole('button', { name: '申请资产交割' }).className).toContain('ant-btn-primary');
    fireEvent.click(screen.getByRole('button', { name: /更多操作/ }));
    const menu = await openedDropdown();
    expect(within(menu).queryByRole('menuitem', { name: '申请价款划转' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: '申请中止' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: '修改合同信息' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkContractEdit'));
  });

  it('业务申请 lists the applications and opens the one under way on its task', async () => {
    serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/show/7') return jsonResponse(envelope(project));
      if (path === '/api/project/7/processLog') return jsonResponse(envelope([]));
      if (path === '/api/project/bulk/asset/list') return jsonResponse(envelope({ list: [], total: 0 }));
      if (path === '/api/project/7/actions') {
        return jsonResponse(
          envelope([
            {
              id: 41,
              action: 'abort',
              actionTitle: '项目中止',
              status: 'returned',
              statusLabel: '已退回',
              createdAt: '2026-03-01T02:00:00.000Z',
              updatedAt: '2026-03-02T02:00:00.000Z',
              openTask: { id: 9, type: 'MfyRrn', routeName: 'bulkAbortMfyRrn' },
              routeName: 'bulkAbortMfyRrn',
            },
          ]),
        );
      }
      return undefined;
    });
    const { router } = renderPortal('/index/bulkShowProject?id=7');
    expect(await screen.findByText('已退回')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请中止' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '办理' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/bulkAbortMfyRrn'));
    expect(router.state.location.search).toBe('?id=41&taskId=9');
  });

  it("the member representing a project starts the member's actions, never the owner's", async () => {
    // a disclosing equity project of company 99, represented by the member's company (10)
    const represented = { ...project, family: 'stock', businessType: '1', companyId: 99, agentCompanyId: 10 };
    serveAs(IDENTITY.member, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/show/7') return jsonResponse(envelope(represented));
      if (path === '/api/project/7/processLog') return jsonResponse(envelope([]));
      if (path === '/api/project/7/actions') return jsonResponse(envelope([]));
      return undefined;
    });
    const { router } = renderPortal('/index/rightShowProject?id=7');
    expect(await screen.findByText(PROJECT.code)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请中止' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '意向登记' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/registrationEicSre'));
    // the rights-type screens serve both equity families: the family travels with the address
    expect(router.state.location.search).toBe('?projectId=7&family=stock');
  });

  it('同步交易结果 reads the trading system and shows its last answer', async () => {
    let current: ProjectView = project;
    const { calls } = serveAs(IDENTITY.transferor, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/show/7') return jsonResponse(envelope(current));
      if (path === '/api/project/7/processLog') return jsonResponse(envelope([]));
      if (path === '/api/project/7/actions') return jsonResponse(envelope([]));
      if (path === '/api/project/update/from/otc/7') {
        current = {
          ...project,
          status: 'dealt',
          statusLabel: '已成交',
          details: {
            otc: {
              code: PROJECT.code,
              status: 'dealt',
              dealPrice: 190_000_000,
              dealTime: '2026-11-20T02:30:00.000Z',
              transferee: '北京某某再生资源有限公司',
              bidCount: 7,
              syncedAt: '2026-11-21T01:00:00.000Z',
            },
          },
        };
        return jsonResponse(envelope({ id: 7 }, 0, MSG.otcSynced));
      }
      return undefined;
    });
    renderPortal('/index/bulkShowProject?id=7');
    expect(await screen.findByText(PROJECT.code)).toBeTruthy();
    expect(screen.queryByText('交易系统结果')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '同步交易结果' }));
    expect(await screen.findByText('交易系统结果')).toBeTruthy();
    expect(screen.getByText('北京某某再生资源有限公司')).toBeTruthy();
    expect(screen.getByText('1,900,000.00')).toBeTruthy();
    expect(screen.getByText('2026-11-20 10:30:00')).toBeTruthy();
    expect(callsTo(calls, '/api/project/update/from/otc/7')).toHaveLength(1);
    expect(notifier.success).toHaveBeenCalledWith(MSG.otcSynced);
  });

  it('offers 同步交易结果 neither to an agent member nor on a draft', () => {
    expect(canSyncFromOtc(project, false)).toBe(false);
    expect(canSyncFromOtc({ status: 'draft' }, true)).toBe(false);
    expect(canSyncFromOtc({ status: 'ended' }, true)).toBe(true);
  });

  it('the exchange sees the project but starts nothing', async () => {
    serveAs(IDENTITY.admin, (call) => {
      const path = pathOf(call);
      if (path === '/api/project/show/7') return jsonResponse(envelope({ ...project, companyId: 99 }));
      if (path === '/api/project/7/processLog') return jsonResponse(envelope([]));
      if (path === '/api/project/7/actions') return jsonResponse(envelope([]));
      return undefined;
    });
    renderPortal('/index/bulkShowProject?id=7');
    expect(await screen.findByText(PROJECT.code)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '申请中止' })).toBeNull();
  });
});
