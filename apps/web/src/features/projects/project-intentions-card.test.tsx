// 意向登记 on the page of a bulk project against a fake server: the exchange records a deposit (the amount owed,
// the day it arrived and the bank's reference, in a dialog that refuses another amount), may confirm a
// qualification only once the deposit is paid and opens the bidding hall when the course is bidding (the starting
// price the project's listing price) and the server allows it, the button disabled with the server's reason
// otherwise; the owner gives its opinion on a submitted registration or returns it with a reason; a hall once open
// is entered by the owner too. A viewer who is none of the three sees no card. An equity project shows one buyer
// section: the registrations and the transferees its applications recorded, no 意向受让方 or 交易信息 beside it.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IDENTITY } from '@cqjy/domain/identity';
import type { DealCourseView, IntentionView } from '@cqjy/domain/intentions';
import type { IntendedTransferee } from '@cqjy/domain/projects/views';
import { clearSession } from '../../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';
import { makeProjectView } from '../../test/projects.ts';

const PROJECT = makeProjectView({
  details: { form: { name: '北京示范国有资产经营有限公司废旧设备一批', listingPrice: 1_200_000_00 } },
});

function makeIntention(id: number, overrides: Partial<IntentionView> = {}): IntentionView {
  return {
    id,
    projectId: 7,
    projectName: PROJECT.name,
    projectCode: PROJECT.code,
    family: 'bulk',
    viewRoute: 'bulkShow',
    memberCompanyId: 20,
    memberName: '北京示范会员有限公司',
    customerId: null,
    kind: 'company',
    kindLabel: '法人',
    name: `北京示范投资${id}有限公司`,
    certType: 'creditCode',
    certTypeLabel: '统一社会信用代码',
    certNo: '91110000000000000X',
    contactName: '赵经理',
    contactMobile: '13900000001',
    amount: 1_250_000_00,
    note: '',
    status: 'submitted',
    statusLabel: '待资格审核',
    depositAmount: 100_000_00,
    depositDeadline: '2026-03-20',
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
    letterId: null,
    signedFileId: 'signed-1',
    signedAt: '2026-03-03T02:00:00.000Z',
    ownerOpinion: '',
    ownerReviewedAt: null,
    reviewReason: '',
    reviewedAt: null,
    version: 3,
    createdAt: '2026-03-02T02:00:00.000Z',
    updatedAt: '2026-03-03T02:00:00.000Z',
    ...overrides,
  };
}

const notifier = setUpPageTests();

type Setup = {
  identityType: number;
  companyId?: number;
  rows: IntentionView[];
  course?: Partial<DealCourseView>;
  hall?: { id: number } | null;
  project?: typeof PROJECT;
  transferees?: IntendedTransferee[];
};

/** The course as the server answers it: its step allowed unless said otherwise. */
function courseOf(course: Partial<DealCourseView> = {}): DealCourseView {
  const kind = course.course ?? 'none';
  return {
    course: kind,
    qualified: 0,
    canOpenBidding: kind === 'bidding',
    canAgree: kind === 'agreement',
    reason: null,
    ...course,
  };
}

function serve({
  identityType,
  companyId = 10,
  rows,
  course,
  hall = null,
  project = PROJECT,
  transferees = [],
}: Setup): { calls: FetchCall[] } {
  const user = makeUser(identityType, { companyId });
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/project/show/7') return jsonResponse(envelope(project));
    if (path === '/api/project/7/actions' || path === '/api/project/7/processLog') {
      return jsonResponse(envelope([]));
    }
    if (path === `/api/project/${project.family}/customer/list`) return jsonResponse(envelope(transferees));
    if (path === '/api/intention/list') return jsonResponse(envelope(rows));
    if (path === '/api/intention/course/7') return jsonResponse(envelope(courseOf(course)));
    if (path === '/api/bidding/project/7') return jsonResponse(envelope(hall));
    if (path === '/api/bidding/open')
      return jsonResponse(envelope({ id: 5, version: 1 }, 0, '网络竞价已开启'));
    if (path.startsWith('/api/intention/'))
      return jsonResponse(envelope({ id: 1, version: 4 }, 0, '操作成功'));
    return undefined;
  });
}

const callsTo = (calls: FetchCall[], path: string) =>
  calls.filter((call) => pathOf(call) === path).map(bodyOf);

async function rowOf(name: string): Promise<HTMLElement> {
  return (await screen.findByText(name)).closest('tr')!;
}

describe('意向登记 on the project page', () => {
  it('the exchange records a deposit, confirms once it is paid, and refunds a loser’s', async () => {
    const { calls } = serve({
      identityType: IDENTITY.admin,
      rows: [
        makeIntention(1, { status: 'ownerApproved', statusLabel: '转让方已确认', ownerOpinion: '同意' }),
        makeIntention(2, { status: 'ownerApproved', depositState: 'paid', depositStateLabel: '已交纳' }),
        makeIntention(3, { status: 'lost', depositState: 'refunding', depositStateLabel: '待退还' }),
      ],
    });
    renderPortal('/index/bulkShowProject?id=7');
    const unpaid = await rowOf('北京示范投资1有限公司');
    expect(within(unpaid).getByText('转让方已确认')).toBeTruthy();
    expect(within(unpaid).getByText('未交纳')).toBeTruthy();
    expect(within(unpaid).getByText('1,250,000.00')).toBeTruthy();
    expect(within(unpaid).getByText('转让方意见：同意')).toBeTruthy();
    expect(within(unpaid).getByRole('button', { name: '资格确认' }).hasAttribute('disabled')).toBe(true);
    expect(within(unpaid).queryByRole('button', { name: '资格审核通过' })).toBeNull();
    // 登记保证金: what arrived, checked against the deposit owed before anything is sent
    fireEvent.click(within(unpaid).getByRole('button', { name: '登记保证金' }));
    const dialog = (await screen.findByText('应交保证金')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByTestId('deposit-owed').textContent).toBe('100,000.00元');
    fireEvent.change(within(dialog).getByLabelText('到账金额（元）'), { target: { value: '99999' } });
    fireEvent.change(within(dialog).getByLabelText('银行流水号'), { target: { value: 'HX20260310-0001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^登\s*记$/ }));
    expect(await within(dialog).findByText('到账金额99,999.00元与应交保证金100,000.00元不一致')).toBeTruthy();
    expect(callsTo(calls, '/api/intention/deposit/1')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('到账金额（元）'), { target: { value: '100000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^登\s*记$/ }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/intention/deposit/1')).toEqual([
        {
          version: 3,
          amount: 100_000_00,
          arrivedOn: new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10),
          reference: 'HX20260310-0001',
        },
      ]),
    );

    const paid = await rowOf('北京示范投资2有限公司');
    expect(within(paid).queryByRole('button', { name: '登记保证金' })).toBeNull();
    fireEvent.click(within(paid).getByRole('button', { name: '资格确认' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/intention/review/2')).toEqual([{ version: 3, result: 'pass' }]),
    );

    const loser = await rowOf('北京示范投资3有限公司');
    fireEvent.click(within(loser).getByRole('button', { name: '退还保证金' }));
    await waitFor(() => expect(callsTo(calls, '/api/intention/deposit/refund/3')).toEqual([{ version: 3 }]));
    // no course of bidding yet: nothing to open
    expect(screen.queryByRole('button', { name: '开启网络竞价' })).toBeNull();
  });

  it('the owner passes a submitted registration with its opinion or returns it with a reason', async () => {
    const { calls } = serve({
      identityType: IDENTITY.transferor,
      rows: [makeIntention(1), makeIntention(2)],
    });
    renderPortal('/index/bulkShowProject?id=7');
    const first = await rowOf('北京示范投资1有限公司');
    expect(within(first).queryByRole('button', { name: '登记保证金' })).toBeNull();
    expect(within(first).queryByRole('button', { name: '资格确认' })).toBeNull();
    expect(within(first).getByRole('button', { name: '查看' })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: '资格审核通过' }));
    const opinion = await screen.findByLabelText('审核意见');
    fireEvent.change(opinion, { target: { value: '符合受让条件' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/intention/review/1')).toEqual([
        { version: 3, result: 'pass', reason: '符合受让条件' },
      ]),
    );

    const second = await rowOf('北京示范投资2有限公司');
    fireEvent.click(within(second).getByRole('button', { name: '退回' }));
    const reason = await screen.findByLabelText('退回原因');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('请填写退回原因')).toBeTruthy();
    expect(callsTo(calls, '/api/intention/review/2')).toHaveLength(0);
    fireEvent.change(reason, { target: { value: '资信证明不全' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/intention/review/2')).toEqual([
        { version: 3, result: 'back', reason: '资信证明不全' },
      ]),
    );
  });

  it('the exchange opens the bidding hall when the course is bidding, starting at the listing price', async () => {
    const { calls } = serve({
      identityType: IDENTITY.admin,
      rows: [
        makeIntention(1, { status: 'qualified', depositState: 'paid' }),
        makeIntention(2, { status: 'qualified', depositState: 'paid' }),
      ],
      course: { course: 'bidding', qualified: 2 },
    });
    const { router } = renderPortal('/index/bulkShowProject?id=7');
    expect(screen.queryByTestId('deal-blocked')).toBeNull();
    expect(await screen.findByText('网络竞价')).toBeTruthy();
    expect(screen.getByText('资格已确认的意向受让方：2名')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '进入竞价大厅' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '开启网络竞价' }));
    const dialog = (await screen.findByText('自由报价期（秒）')).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getByLabelText<HTMLInputElement>('起始价（元）').value).toBe('1,200,000.00');
    expect(within(dialog).getByLabelText<HTMLInputElement>('加价幅度（元）').value).toBe('1,000.00');
    fireEvent.change(within(dialog).getByLabelText('限时报价周期（秒）'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^开\s*启$/ }));
    expect(await within(dialog).findByText('限时报价周期须为10至3600秒的整数')).toBeTruthy();
    expect(callsTo(calls, '/api/bidding/open')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('限时报价周期（秒）'), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^开\s*启$/ }));
    await waitFor(() => expect(callsTo(calls, '/api/bidding/open')).toHaveLength(1));
    const [body] = callsTo(calls, '/api/bidding/open');
    expect(body).toMatchObject({
      projectId: 7,
      freeSeconds: 60,
      timedSeconds: 90,
      startingPrice: 1_200_000_00,
      increment: 1000_00,
    });
    // the default start is this minute, begun already: the hall starts at once, not at the minute's start
    expect(Math.abs(Date.parse(String(body?.startAt)) - Date.now())).toBeLessThan(5_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/biddingHall'));
    expect(router.state.location.search).toBe('?id=5');
  });

  it('the exchange confirms the agreement with the one qualified buyer', async () => {
    const { calls } = serve({
      identityType: IDENTITY.admin,
      rows: [makeIntention(1, { status: 'qualified', depositState: 'paid' })],
      course: { course: 'agreement', qualified: 1 },
    });
    renderPortal('/index/bulkShowProject?id=7');
    expect(await screen.findByText('协议转让（挂牌价成交）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开启网络竞价' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: '确认协议转让' }));
    await waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(callsTo(calls, '/api/intention/agreement/7')).toHaveLength(1));
  });

  it('offers the hall disabled with the server’s reason while the deal may not be decided yet', async () => {
    const reason = '意向登记截止日（披露期满）为2026-03-20，截止后方可确定成交';
    const { calls } = serve({
      identityType: IDENTITY.admin,
      rows: [
        makeIntention(1, { status: 'qualified', depositState: 'paid' }),
        makeIntention(2, { status: 'qualified', depositState: 'paid' }),
      ],
      course: { course: 'bidding', qualified: 2, canOpenBidding: false, reason },
    });
    renderPortal('/index/bulkShowProject?id=7');
    const open = await screen.findByRole('button', { name: '开启网络竞价' });
    expect(open.hasAttribute('disabled')).toBe(true);
    expect((await screen.findByTestId('deal-blocked')).textContent).toBe(reason);
    fireEvent.mouseOver(open.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(reason);
    fireEvent.click(open);
    expect(screen.queryByText('自由报价期（秒）')).toBeNull();
    expect(callsTo(calls, '/api/bidding/open')).toHaveLength(0);
  });

  it('offers the agreement disabled while a deposit is awaited, with the server’s reason', async () => {
    const reason = '尚有1名意向受让方的保证金未交纳，交纳或逾期取消资格后方可确定成交';
    const { calls } = serve({
      identityType: IDENTITY.admin,
      rows: [makeIntention(1, { status: 'qualified', depositState: 'paid' }), makeIntention(2)],
      course: { course: 'agreement', qualified: 1, canAgree: false, reason },
    });
    renderPortal('/index/bulkShowProject?id=7');
    const agree = await screen.findByRole('button', { name: '确认协议转让' });
    expect(agree.hasAttribute('disabled')).toBe(true);
    expect((await screen.findByTestId('deal-blocked')).textContent).toBe(reason);
    fireEvent.click(agree);
    expect(notifier.confirm).not.toHaveBeenCalled();
    expect(callsTo(calls, '/api/intention/agreement/7')).toHaveLength(0);
  });

  it('tells one story of an equity project’s buyers: one section, no 意向受让方 or 交易信息 beside it', async () => {
    const equity = makeProjectView({
      family: 'stock',
      details: {
        form: { name: '北京示范科技有限公司40%股权', listingPrice: 320_000_000_00 },
        // what the engine recorded of an approved 意向登记 application: shown with the registrations, once
        registration: [
          {
            transfereeName: '北京意向投资有限公司',
            amount: 325_000_000_00,
            approvedAt: '2026-03-02T02:00:00.000Z',
          },
        ],
      },
    });
    serve({
      identityType: IDENTITY.transferor,
      project: { ...equity, id: 7, agentCompanyName: '示范产权经纪有限公司' },
      rows: [
        makeIntention(1, {
          family: 'stock',
          viewRoute: 'rightShow',
          status: 'qualified',
          depositState: 'paid',
          depositStateLabel: '已交纳',
        }),
      ],
      transferees: [
        {
          name: '北京意向投资有限公司',
          amount: 325_000_000_00,
          registeredAt: '2026-03-02T02:00:00.000Z',
          isQualified: false,
          opinion: null,
          qualifiedAt: null,
          files: [],
        },
      ],
      course: {
        course: 'agreement',
        qualified: 1,
        canAgree: false,
        reason: '意向登记截止日（披露期满）为2026-03-20，截止后方可确定成交',
      },
    });
    renderPortal('/index/rightShowProject?id=7&family=stock');
    const recorded = await rowOf('北京意向投资有限公司');
    expect(within(recorded).getByText('业务申请登记')).toBeTruthy();
    expect(within(recorded).getByText('示范产权经纪有限公司')).toBeTruthy();
    expect(within(recorded).getByText('资格待确认')).toBeTruthy();
    expect(within(recorded).getByRole('button', { name: '上传资料' })).toBeTruthy();
    const registered = await rowOf('北京示范投资1有限公司');
    expect(within(registered).getByText('已交纳')).toBeTruthy();
    // one section of buyers: the titles of the old duplicates are gone
    expect(screen.getAllByText('意向登记', { selector: '.ant-card-head-title' })).toHaveLength(1);
    expect(screen.queryByText('意向受让方', { selector: '.ant-card-head-title' })).toBeNull();
    expect(screen.queryByText('交易信息', { selector: '.ant-card-head-title' })).toBeNull();
  });

  it('a hall once open is entered by the owner; a viewer who is none of the three sees no card', async () => {
    serve({
      identityType: IDENTITY.transferor,
      rows: [makeIntention(1, { status: 'qualified', depositState: 'paid' })],
      course: { course: 'bidding', qualified: 2 },
      hall: { id: 5 },
    });
    const view = renderPortal('/index/bulkShowProject?id=7');
    const enter = await screen.findByRole('button', { name: '进入竞价大厅' });
    expect(screen.queryByRole('button', { name: '开启网络竞价' })).toBeNull();
    fireEvent.click(enter);
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/index/biddingHall'));
    view.unmount();

    clearSession();
    const { calls } = serve({ identityType: IDENTITY.member, companyId: 30, rows: [makeIntention(1)] });
    renderPortal('/index/bulkShowProject?id=7');
    expect(await screen.findByText(PROJECT.code)).toBeTruthy();
    expect(screen.queryByText('意向登记')).toBeNull();
    expect(calls.filter((call) => pathOf(call) === '/api/intention/list')).toHaveLength(0);
  });
});
