// 保证金台账 against a fake server: the arrivals with the reconciliation's figures (a figure filters by its outcome);
// 待退还 shows each deposit's due day (late ones marked and counted) and sends the picked ones as one refund batch,
// whose file downloads at once; 确认回单 sends the lines marked failed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DepositArrivalRow, RefundBatchSummary, RefundDueRow } from '@cqjy/domain/contracts/deposits';
import { IDENTITY } from '@cqjy/domain/identity';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

const ARRIVAL: DepositArrivalRow = {
  id: 1,
  serial: 'HX2026120300001',
  source: 'notice',
  account: '95588000000000042',
  amount: 100_000_00,
  arrivedAt: '2026-12-03T09:30:00+08:00',
  payerName: '上海示范机械制造有限公司',
  payerAccount: '6222020000000001',
  outcome: 'matched',
  outcomeLabel: '已匹配',
  registrationId: 4,
  registrationName: '上海示范机械制造有限公司',
  projectName: '废旧设备一批',
  depositAmount: 100_000_00,
  createdAt: '2026-12-03T09:30:01+08:00',
};

const DUE: RefundDueRow[] = [
  {
    registrationId: 4,
    name: '上海示范机械制造有限公司',
    memberName: '示范经纪会员',
    projectId: 1,
    projectName: '废旧设备一批',
    amount: 100_000_00,
    payeeName: '上海示范机械制造有限公司',
    payeeAccount: '6222020000000001',
    reference: 'HX2026120300001',
    since: '2026-11-20',
    dueOn: '2026-11-27',
    isOverdue: true,
  },
];

const BATCH: RefundBatchSummary = {
  id: 9,
  batchNo: 'TK20261203000009',
  status: 'issued',
  statusLabel: '待银行确认',
  lineCount: 1,
  total: 100_000_00,
  createdByName: '交易所管理员',
  createdAt: '2026-12-03T10:00:00+08:00',
  confirmedByName: '',
  confirmedAt: null,
  refunded: 0,
  failed: 0,
};

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
  // the batch's file is saved through an object URL
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:refund', revokeObjectURL: () => {} }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function serve(): { calls: FetchCall[] } {
  const user = makeUser(IDENTITY.admin);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/deposit/list') {
      const counts = { matched: 1, unmatched: 2, short: 0, over: 0, late: 1 };
      return jsonResponse(envelope({ list: [ARRIVAL], total: 1, counts }));
    }
    if (path === '/api/deposit/refund/list')
      return jsonResponse(envelope({ list: DUE, total: 1, overdue: 1 }));
    if (path === '/api/deposit/refund/batch' && call.method === 'POST') return jsonResponse(envelope(BATCH));
    if (path === '/api/deposit/refund/batch/9/file') return new Response('批次号', { status: 200 });
    if (path === '/api/deposit/refund/batch/list') return jsonResponse(envelope({ list: [BATCH], total: 1 }));
    if (path === '/api/deposit/refund/batch/9' && call.method === 'GET') {
      const line = {
        id: 1,
        line: 1,
        registrationId: 4,
        name: DUE[0]!.name,
        projectName: '废旧设备一批',
        amount: 100_000_00,
        payeeName: DUE[0]!.payeeName,
        payeeAccount: DUE[0]!.payeeAccount,
        reference: 'HX2026120300001',
        outcome: 'issued',
        outcomeLabel: '待确认',
      };
      return jsonResponse(envelope({ ...BATCH, lines: [line] }));
    }
    if (path === '/api/deposit/refund/batch/9/confirm') {
      return jsonResponse(envelope({ ...BATCH, status: 'confirmed', statusLabel: '已确认', failed: 1 }));
    }
    return undefined;
  });
}

const callsTo = (calls: FetchCall[], path: string) => calls.filter((call) => pathOf(call) === path);

describe('保证金台账', () => {
  it('shows the arrivals with the reconciliation’s figures; a figure filters the list by its outcome', async () => {
    const { calls } = serve();
    renderPortal('/index/deposit');
    expect(await screen.findByText('HX2026120300001')).toBeTruthy();
    const figures = screen.getByTestId('reconciliation');
    expect(figures.textContent).toContain('未匹配 2');
    fireEvent.click(within(figures).getByText('未匹配 2'));
    await waitFor(() =>
      expect(callsTo(calls, '/api/deposit/list').some((call) => call.url.includes('outcome=unmatched'))).toBe(
        true,
      ),
    );
  });

  it('sends the picked deposits owed back as one batch, and confirms the bank’s slip with the failed lines', async () => {
    const { calls } = serve();
    renderPortal('/index/deposit');
    fireEvent.click(await screen.findByRole('tab', { name: '待退还' }));
    expect(await screen.findByText('2026-11-27（已逾期）')).toBeTruthy();
    expect(screen.getByText('有1笔保证金已超过退还期限，请尽快生成退款批次')).toBeTruthy();
    const row = screen.getByRole('row', { name: /上海示范机械制造有限公司/ });
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: /生成退款批次（1笔）/ }));
    await waitFor(() => expect(callsTo(calls, '/api/deposit/refund/batch')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/deposit/refund/batch')[0])).toEqual({ registrationIds: [4] });
    await waitFor(() => expect(callsTo(calls, '/api/deposit/refund/batch/9/file')).toHaveLength(1));

    fireEvent.click(screen.getByRole('tab', { name: '退款批次' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认回单' }));
    fireEvent.click(await screen.findByLabelText('上海示范机械制造有限公司退款失败'));
    fireEvent.click(screen.getByRole('button', { name: /^确\s*认$/ }));
    await waitFor(() => expect(callsTo(calls, '/api/deposit/refund/batch/9/confirm')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/deposit/refund/batch/9/confirm')[0])).toEqual({ failedIds: [4] });
  });
});
