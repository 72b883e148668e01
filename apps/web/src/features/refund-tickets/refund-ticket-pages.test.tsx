// 退票信息 against a fake server: the company's list offers each ticket's next step by its state (重新出金申请,
// 签章, 修改) and the exchange 审核; 重新出金申请 sends the chosen bank account and the remark with the ticket's
// version and opens the application; 重新出金修改 shows the exchange's reason and sends the correction with the
// application's version; the exchange's review of a signed application sends its decision and reason.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import type { RefundTicketDetail, RepayoutApplication } from '@cqjy/domain/refund-tickets';
import type { RegistryRow } from '@cqjy/domain/registries/kit';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

const ORIGINAL = {
  accountName: '示例国有资产经营有限公司',
  bankName: '中国建设银行',
  branchName: '北京西城支行',
  accountNo: '11001010100052001234',
};

function application(overrides: Partial<RepayoutApplication> = {}): RepayoutApplication {
  return {
    id: 31,
    ticketId: 7,
    revisionNo: 1,
    account: { ...ORIGINAL, bankName: '中国工商银行', accountNo: '0200004509200888002' },
    remark: '原账户已销户',
    state: 'signing',
    stateLabel: '待签章',
    letterId: 'letter-1',
    signedLetterId: null,
    signedAt: null,
    reviewReason: null,
    reviewedAt: null,
    reviewerName: null,
    version: 2,
    createdAt: '2026-11-20T02:00:00.000Z',
    ...overrides,
  };
}

function ticket(overrides: Partial<RefundTicketDetail> = {}): RefundTicketDetail {
  return {
    id: 7,
    code: 'TP20260000007',
    companyId: 3,
    companyName: '示例国有资产经营有限公司',
    projectId: 5,
    projectName: '示例闲置设备一批',
    projectCode: 'GR2026BJ1000188',
    payoutKind: 'price',
    payoutKindLabel: '价款划转',
    amount: 3_680_000_00,
    original: ORIGINAL,
    returnReason: '账户已销户',
    returnedOn: '2026-11-18',
    state: 'pending',
    stateLabel: '待重新出金',
    application: null,
    version: 4,
    createdAt: '2026-11-18T02:00:00.000Z',
    applications: [],
    ...overrides,
  };
}

const BANK: RegistryRow = {
  id: 19,
  companyId: 3,
  companyName: '示例国有资产经营有限公司',
  values: {
    accountName: '示例国有资产经营有限公司',
    accountNo: '0200 **** 8002',
    bankName: '中国工商银行',
    branchName: '北京丰台支行',
    isDefault: '是',
  },
  version: 1,
  createdAt: '2026-11-19T02:00:00.000Z',
  updatedAt: '2026-11-19T02:00:00.000Z',
};

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function serve(identityType: number, tickets: RefundTicketDetail[]): { calls: FetchCall[] } {
  const user = makeUser(identityType);
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/refundTicket/list') {
      return jsonResponse(envelope({ list: tickets, total: tickets.length }));
    }
    const shown = /^\/api\/refundTicket\/(\d+)$/.exec(path);
    if (shown !== null) return jsonResponse(envelope(tickets.find((row) => row.id === Number(shown[1]))));
    if (path === '/api/bank/list') return jsonResponse(envelope({ list: [BANK], total: 1 }));
    if (/^\/api\/refundTicket\/(apply|modify|audit)\/\d+$/.test(path)) {
      return jsonResponse(envelope({ id: 31, version: 3 }, 0, '已提交'));
    }
    return undefined;
  });
}

describe('退票信息', () => {
  it('offers each ticket its next step: the company applies, signs, corrects; the exchange reviews', async () => {
    const tickets = [
      ticket(),
      ticket({
        id: 8,
        code: 'TP20260000008',
        state: 'signing',
        stateLabel: '待签章',
        application: application(),
      }),
      ticket({ id: 9, code: 'TP20260000009', state: 'returned', stateLabel: '已退回' }),
      ticket({ id: 10, code: 'TP20260000010', state: 'reviewing', stateLabel: '审核中' }),
    ];
    serve(IDENTITY.transferor, tickets);
    const view = renderPortal('/index/refundTicket');
    const rowOf = async (code: string) => (await screen.findByText(code)).closest('tr')!;
    expect(within(await rowOf('TP20260000007')).getByRole('button', { name: '重新出金申请' })).toBeTruthy();
    expect(within(await rowOf('TP20260000008')).getByRole('button', { name: '签章' })).toBeTruthy();
    expect(within(await rowOf('TP20260000009')).getByRole('button', { name: '修改' })).toBeTruthy();
    const reviewing = await rowOf('TP20260000010');
    expect(within(reviewing).queryByRole('button', { name: '审核' })).toBeNull();
    // the returned payout's account is masked in the list
    expect(within(await rowOf('TP20260000007')).getByText('1100 **** 1234')).toBeTruthy();
    view.unmount();

    clearSession();
    serve(IDENTITY.admin, tickets);
    renderPortal('/index/refundTicket');
    expect(within(await rowOf('TP20260000010')).getByRole('button', { name: '审核' })).toBeTruthy();
    expect(within(await rowOf('TP20260000007')).queryByRole('button', { name: '重新出金申请' })).toBeNull();
    expect(screen.getByRole('button', { name: '登记退票' })).toBeTruthy();
  });

  it('重新出金申请 sends the default account and the remark with the ticket’s version', async () => {
    const { calls } = serve(IDENTITY.transferor, [ticket()]);
    renderPortal('/index/refundTicketApply?id=7');
    expect(await screen.findByText('TP20260000007')).toBeTruthy();
    await screen.findByText(/0200 \*\*\*\* 8002/);
    fireEvent.change(screen.getByLabelText('说明'), { target: { value: '更正为基本户' } });
    fireEvent.click(screen.getByRole('button', { name: '生成申请书' }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/refundTicket/apply/7').map(bodyOf)).toEqual([
        { version: 4, bankId: 19, remark: '更正为基本户' },
      ]),
    );
  });

  it('重新出金修改 shows the exchange’s reason and sends the correction with the application’s version', async () => {
    const returned = application({
      state: 'returned',
      stateLabel: '已退回',
      reviewReason: '户名不符',
      version: 5,
    });
    const { calls } = serve(IDENTITY.transferor, [
      ticket({ state: 'returned', stateLabel: '已退回', application: returned, applications: [returned] }),
    ]);
    renderPortal('/index/refundTicketModify?id=7');
    expect(await screen.findByText('交易所退回意见：户名不符')).toBeTruthy();
    await screen.findByText(/0200 \*\*\*\* 8002/);
    fireEvent.click(screen.getByRole('button', { name: '保存修改并生成申请书' }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/refundTicket/modify/31').map(bodyOf)).toEqual([
        { version: 5, bankId: 19, remark: '原账户已销户' },
      ]),
    );
  });

  it('the exchange returns a signed application with its reason', async () => {
    const signed = application({
      state: 'reviewing',
      stateLabel: '审核中',
      signedLetterId: 'signed-1',
      signedAt: '2026-11-20T03:00:00.000Z',
      version: 3,
    });
    const { calls } = serve(IDENTITY.admin, [
      ticket({ state: 'reviewing', stateLabel: '审核中', application: signed, applications: [signed] }),
    ]);
    renderPortal('/index/refundTicketApplyShow?id=7');
    fireEvent.click(await screen.findByRole('button', { name: /退\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '户名不符' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.filter((call) => pathOf(call) === '/api/refundTicket/audit/31').map(bodyOf)).toEqual([
        { version: 3, result: 'back', reason: '户名不符' },
      ]),
    );
  });
});
