// 代理意向登记 against a fake server: 代理意向方 lists the member's registrations (project, family, buyer, masked
// certificate, offer, deposit and status) with the investors as a second tab, and asks the server again filtered
// by status. The form picks a project from the server's matches, refuses a bad mobile with the domain's message and
// sends nothing then, and saves the buyer with the offer in fen and the draft id of its files. The view signs a
// drawn letter with the SMS code and the version, and withdraws after the confirm.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import type { IntentionDetail, OpenProject } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import { DEFAULT_ROLE_CODES } from '@cqjy/domain/permissions';
import { checkParticipantContactMobile } from '@cqjy/domain/projects/participants';
import { LIST_TABLE_WIDTH } from '../../components/index.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

const PROJECT: OpenProject = {
  id: 31,
  name: '示例公司废旧设备一批',
  code: 'WZ2026BJ1000031',
  family: 'bulk',
  familyLabel: '实物资产',
  listingPrice: 50_000_000,
  depositAmount: 5_000_000,
  depositDeadline: '2026-04-30',
  disclosureEnd: '2026-04-28',
};

function intention(overrides: Partial<IntentionDetail> = {}): IntentionDetail {
  return {
    id: 5,
    projectId: PROJECT.id,
    projectName: PROJECT.name,
    projectCode: PROJECT.code,
    family: 'bulk',
    viewRoute: 'bulkShow',
    memberCompanyId: 10,
    memberName: '北京示范会员有限公司',
    customerId: null,
    kind: 'person',
    kindLabel: '自然人',
    name: '王小明',
    certType: 'idCard',
    certTypeLabel: '居民身份证',
    certNo: '110105********002X',
    contactName: '王小明',
    contactMobile: '13900000002',
    amount: 52_000_000,
    note: '',
    status: 'letterGenerated',
    statusLabel: '待签章',
    depositAmount: 5_000_000,
    depositDeadline: '2026-04-30',
    depositState: 'unpaid',
    depositStateLabel: '未交纳',
    depositPaidAt: null,
    depositReceivedAmount: null,
    depositArrivedOn: null,
    depositReference: '',
    depositRefundIssuedAt: null,
    depositRefundedAt: null,
    depositForfeitedAt: null,
    depositForfeitReason: '',
    letterId: 'letter-5',
    signedFileId: null,
    signedAt: null,
    ownerOpinion: '',
    ownerReviewedAt: null,
    reviewReason: '',
    reviewedAt: null,
    version: 3,
    createdAt: '2026-04-01T02:00:00.000Z',
    updatedAt: '2026-04-01T02:00:00.000Z',
    files: [],
    depositAccount: null,
    ...overrides,
  };
}

const notifier = setUpPageTests();

/** A member of an agent company, with the intention calls answered from `rows`. */
function serve(rows: IntentionDetail[]): { calls: FetchCall[] } {
  const user = makeUser(IDENTITY.member, { permission: [...DEFAULT_ROLE_CODES.agent] });
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/intention/list') {
      const { status } = bodyOf(call) as { status?: string };
      return jsonResponse(envelope(rows.filter((row) => status === undefined || row.status === status)));
    }
    if (path === '/api/intention/projects') return jsonResponse(envelope([PROJECT]));
    const shown = /^\/api\/intention\/(\d+)$/.exec(path);
    if (shown !== null && call.method === 'GET') {
      return jsonResponse(envelope(rows.find((row) => row.id === Number(shown[1]))));
    }
    if (path === '/api/intention/save') return jsonResponse(envelope({ id: 5, version: 1 }, 0, MSG.ok));
    if (path === '/api/intention/sign/otp/check/5') return jsonResponse(envelope(null));
    if (path.startsWith('/api/intention/sign/otp/')) return jsonResponse(envelope({ isSent: true }));
    if (path.startsWith('/api/intention/')) return jsonResponse(envelope({ id: 5, version: 4 }, 0, MSG.ok));
    return undefined;
  });
}

const callsTo = (calls: FetchCall[], path: string) =>
  calls.filter((call) => pathOf(call) === path).map(bodyOf);

describe('代理意向方', () => {
  it('lists the registrations with their facts and filters them by status on the server', async () => {
    const returned = intention({
      id: 6,
      name: '北京客户投资有限公司',
      kind: 'company',
      kindLabel: '法人或其他组织',
      certType: 'creditCode',
      certTypeLabel: '统一社会信用代码',
      certNo: '91350100M000100Y43',
      status: 'returned',
      statusLabel: '已退回',
      amount: null,
    });
    const { calls } = serve([intention(), returned]);
    renderPortal('/index/intentionPro');
    const row = (await screen.findByText('王小明')).closest('tr')!;
    expect(within(row).getByText(PROJECT.name)).toBeTruthy();
    expect(within(row).getByText(PROJECT.code)).toBeTruthy();
    expect(within(row).getByText('实物资产')).toBeTruthy();
    expect(within(row).getByText('110105********002X')).toBeTruthy();
    // the money columns say 元 once, in their headers
    expect(screen.getByRole('columnheader', { name: '拟受让价格（元）' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '保证金（元）' })).toBeTruthy();
    expect(within(row).getByText('520,000.00')).toBeTruthy();
    expect(within(row).getByText('50,000.00')).toBeTruthy();
    expect(row.textContent).not.toContain('元');
    // the table fits the card of a 1,366 and a 1,440 px screen: 操作 covers neither 状态 nor the buyer
    const table = row.closest('table') as HTMLElement;
    expect(Number.parseInt(table.style.width || table.style.minWidth, 10)).toBeLessThanOrEqual(
      LIST_TABLE_WIDTH,
    );
    expect(within(row).getByText('未交纳')).toBeTruthy();
    expect(within(row).getByText('待签章')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    const back = screen.getByText('北京客户投资有限公司').closest('tr')!;
    expect(within(back).getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '增资投资方' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '代理意向登记' })).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText('状态'));
    const option = await waitFor(() => {
      const found = document.querySelector('.ant-select-item-option[title="已退回"]');
      if (found === null) throw new Error('no option yet');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(callsTo(calls, '/api/intention/list')).toContainEqual({ status: 'returned' }));
    await waitFor(() => expect(screen.queryByText('王小明')).toBeNull());
    expect(screen.getByText('北京客户投资有限公司')).toBeTruthy();
  });
});

describe('代理意向登记', () => {
  it('refuses a bad mobile with the domain’s message, then saves the buyer with the offer in fen', async () => {
    const { calls } = serve([
      intention({ status: 'draft', statusLabel: '草稿', letterId: null, version: 1 }),
    ]);
    const { router } = renderPortal('/index/addIntention');
    const picker = await screen.findByLabelText('意向项目');
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: '设备' } });
    const option = await waitFor(() => {
      const found = document.querySelector(`.ant-select-item-option[title="${PROJECT.name}"]`);
      if (found === null) throw new Error('no option yet');
      return found;
    });
    fireEvent.click(option);
    expect(await screen.findByText('2026-04-30')).toBeTruthy();
    expect(screen.getByText('500,000.00元')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('意向受让方名称'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByLabelText('证件号码'), { target: { value: '11010519491231002x' } });
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('拟受让价格（元）'), { target: { value: '520000.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    const message = checkParticipantContactMobile('12345');
    expect(message).not.toBeNull();
    expect(await screen.findByText(message ?? '')).toBeTruthy();
    expect(callsTo(calls, '/api/intention/save')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13900000002' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(callsTo(calls, '/api/intention/save')).toHaveLength(1));
    const [body] = callsTo(calls, '/api/intention/save');
    expect(body).toMatchObject({
      projectId: PROJECT.id,
      customerId: null,
      kind: 'person',
      name: '王小明',
      certType: 'idCard',
      certNo: '11010519491231002x',
      contactName: '王小明',
      contactMobile: '13900000002',
      amount: 52_000_050,
      note: '',
    });
    expect(body?.createId).toEqual(expect.any(String));
    // the form stays, on the draft's own address
    await waitFor(() => expect(router.state.location.search).toBe('?id=5'));
    expect(router.state.location.pathname).toBe('/index/addIntention');
  });

  it('shows a returned registration’s reason on its form', async () => {
    serve([
      intention({ status: 'returned', statusLabel: '已退回', reviewReason: '资信证明已过期', version: 4 }),
    ]);
    renderPortal('/index/addIntention?id=5');
    expect(await screen.findByText(/资信证明已过期/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('意向受让方名称').value).toBe('王小明');
  });
});

describe('代理意向登记 view', () => {
  it('shows the deposit its letter carries as owed, and once recorded the record of its arrival', async () => {
    serve([
      intention({ depositAccount: '95588000000000050' }),
      intention({
        id: 7,
        status: 'qualified',
        statusLabel: '资格已确认',
        depositState: 'paid',
        depositStateLabel: '已交纳',
        depositPaidAt: '2026-04-10T02:00:00.000Z',
        depositReceivedAmount: 5_000_000,
        depositArrivedOn: '2026-04-09',
        depositReference: 'HX20260409-0001',
      }),
    ]);
    const view = renderPortal('/index/bulkShow?id=5');
    // the letter drawn: 50,000.00 due, and the state says it is owed, not 无需交纳
    expect((await screen.findByTestId('intention-deposit-state')).textContent).toBe('未交纳');
    expect(screen.getByText('50,000.00元，2026-04-30前交纳')).toBeTruthy();
    expect(screen.queryByTestId('intention-deposit-record')).toBeNull();
    // the registration's own receiving account, in groups of four
    expect(screen.getByTestId('intention-deposit-account').textContent).toContain('9558 8000 0000 0005 0');
    view.unmount();
    renderPortal('/index/bulkShow?id=7');
    expect((await screen.findByTestId('intention-deposit-state')).textContent).toBe('已交纳');
    expect(screen.getByTestId('intention-deposit-record').textContent).toBe(
      '50,000.00元，2026-04-09到账，银行流水号HX20260409-0001',
    );
  });

  it('signs the drawn letter with the SMS code and the version', async () => {
    const { calls } = serve([intention()]);
    renderPortal('/index/bulkShow?id=5');
    expect((await screen.findByTestId('intention-status')).textContent).toBe('待签章');
    const boxes = within(screen.getByRole('group', { name: '短信验证码' })).getAllByRole('textbox');
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '签章并提交' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/intention/signature/5')).toEqual([{ version: 3, otp: '123456' }]),
    );
    expect(callsTo(calls, '/api/intention/sign/otp/check/5')).toEqual([{ otp: '123456' }]);
  });

  it('withdraws after the confirm, and not before', async () => {
    const { calls } = serve([intention({ status: 'submitted', statusLabel: '待资格审核', letterId: null })]);
    renderPortal('/index/bulkShow?id=5');
    expect((await screen.findByTestId('intention-status')).textContent).toBe('待资格审核');
    expect(screen.queryByRole('button', { name: '签章并提交' })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();

    notifier.confirm.mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/api/intention/withdraw/5')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(callsTo(calls, '/api/intention/withdraw/5')).toEqual([{ version: 3 }]));
    expect(notifier.confirm).toHaveBeenCalledTimes(2);
  });
});
