// 投资方 on a capital increase's page: what each viewer is offered (the owner registers, deletes its drafts and
// records the selection; the exchange audits a submitted investor), the audit refusing a refusal without a reason
// with the domain's message and sending nothing, and the selection sending each chosen investor with its version
// after the domain's check against the plan.
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { formatMessage } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { InvestorView } from '@cqjy/domain/projects/investors';
import type { ProjectStatus } from '@cqjy/domain/workflow/statuses';
import { createQueryClient } from '../../lib/query-client.ts';
import { setSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse, pathOf, stubFetch } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeInvestor, MEMBER_COMPANY, MEMBER_PERSON, OWNER_COMPANY } from '../../test/investors.ts';
import { makeUser, setUpPageTests } from '../../test/portal.tsx';
import { makeProjectView } from '../../test/projects.ts';
import { InvestorsSection } from './investors-section.tsx';

const OWN_DRAFT = makeInvestor(1);
const QUALIFIED = makeInvestor(3, {
  status: 'qualified',
  statusLabel: '资格审核通过',
  share: 150_000,
  version: 5,
});
const MEMBER_QUALIFIED = makeInvestor(4, {
  status: 'qualified',
  statusLabel: '资格审核通过',
  registrantCompanyId: MEMBER_COMPANY,
  registrantCompanyName: '北京示范会员有限公司',
  isByMember: true,
  share: 50_000,
  version: 4,
});

/** The project's plan: at most one investor, 20% offered. */
const PROJECT = makeProjectView({
  family: 'cap',
  details: { form: { name: '北京示范科技有限公司增资扩股项目', offeredShare: 200_000, investorCount: 1 } },
});

const notifier = setUpPageTests();

const bodiesOf = (calls: FetchCall[], path: string) =>
  calls.filter((call) => pathOf(call) === path).map((call) => JSON.parse(String(call.body)) as unknown);

function serve(rows: InvestorView[]) {
  return stubFetch((call) => {
    const path = pathOf(call);
    if (path === '/api/capitalIncrease/investors') return jsonResponse(envelope(rows));
    if (path === '/api/project/show/7') return jsonResponse(envelope(PROJECT));
    if (path === '/api/project/cap/investor/audit/2') {
      return jsonResponse(envelope({ id: 2, version: 4 }, 0, MSG.investorsAuditRefused));
    }
    if (path === '/api/capitalIncrease/7/selection') {
      return jsonResponse(envelope({ selected: 1 }, 0, formatMessage(MSG.investorsSelected, { count: 1 })));
    }
    if (path === '/api/investor/batchDelete') {
      return jsonResponse(envelope({ count: 1 }, 0, formatMessage(MSG.investorsDeleted, { count: 1 })));
    }
    return jsonResponse(envelope(null, 404, MSG.notFound));
  });
}

function renderSection(identityType: number, companyId: number, status: ProjectStatus = 'disclosing') {
  setSession({ identityType, userInfo: makeUser(identityType, { companyId }) });
  const isOwner = companyId === OWNER_COMPANY;
  const router = createMemoryRouter(
    [
      {
        path: '/index/capShowProject',
        element: <InvestorsSection family="cap" projectId={7} isOwner={isOwner} status={status} />,
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/index/capShowProject?id=7'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider locale={zhCN}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return router;
}

const button = (name: RegExp | string, within_: HTMLElement = document.body) =>
  within(within_).getByRole('button', { name });
const rowOf = async (text: string): Promise<HTMLElement> => (await screen.findByText(text)).closest('tr')!;

describe('InvestorsSection', () => {
  it('the owner registers investors, edits and deletes its drafts, and may record the selection', async () => {
    const { calls } = serve([OWN_DRAFT, MEMBER_PERSON, QUALIFIED]);
    const router = renderSection(IDENTITY.transferor, OWNER_COMPANY);
    const draft = await rowOf(OWN_DRAFT.name);
    expect(within(draft).getByText('草稿')).toBeTruthy();
    expect(within(draft).getByText('30,000,000.00')).toBeTruthy();
    expect(within(draft).getByText('10.0000')).toBeTruthy();
    expect(button(/编\s*辑/, draft)).toBeTruthy();
    const person = await rowOf('王小明');
    expect(within(person).getByText('110105********0011')).toBeTruthy();
    expect(within(person).getByText('会员代理')).toBeTruthy();
    expect(within(person).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(person).queryByRole('button', { name: '资格审核' })).toBeNull();
    expect(button('确定遴选结果')).toBeTruthy();

    // 批量删除: only the own draft may be ticked; the confirm, then the ids
    const boxes = screen.getAllByRole<HTMLInputElement>('checkbox');
    const personBox = within(person).getByRole<HTMLInputElement>('checkbox');
    expect(personBox.disabled).toBe(true);
    expect(boxes.length).toBeGreaterThan(1);
    fireEvent.click(within(draft).getByRole('checkbox'));
    fireEvent.click(button('批量删除'));
    await waitFor(() =>
      expect(notifier.success).toHaveBeenCalledWith(formatMessage(MSG.investorsDeleted, { count: 1 })),
    );
    expect(notifier.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: formatMessage(MSG.investorsDeleteConfirm, { count: 1 }) }),
    );
    expect(bodiesOf(calls, '/api/investor/batchDelete')).toEqual([{ ids: [1] }]);

    fireEvent.click(button('登记投资方'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/capInvestorAon'));
    expect(router.state.location.search).toBe('?projectId=7&family=cap');
  });

  it('nobody registers once the disclosure ended; the owner still records the selection', async () => {
    serve([QUALIFIED]);
    renderSection(IDENTITY.transferor, OWNER_COMPANY, 'ended');
    await rowOf(QUALIFIED.name);
    expect(screen.queryByRole('button', { name: '登记投资方' })).toBeNull();
    expect(button('确定遴选结果')).toBeTruthy();
  });

  it('a recorded selection closes the registration while the project still discloses', async () => {
    serve([makeInvestor(3, { status: 'selected', statusLabel: '已入选' }), MEMBER_QUALIFIED]);
    renderSection(IDENTITY.transferor, OWNER_COMPANY);
    await rowOf('北京投资3有限公司');
    expect(screen.queryByRole('button', { name: '登记投资方' })).toBeNull();
    expect(button('确定遴选结果')).toBeTruthy();
  });

  it('the exchange audits a submitted investor: a refusal needs its reason, then it is sent with the version', async () => {
    const { calls } = serve([MEMBER_PERSON, QUALIFIED]);
    renderSection(IDENTITY.admin, 1);
    const person = await rowOf('王小明');
    expect(screen.queryByRole('button', { name: '登记投资方' })).toBeNull();
    expect(screen.queryByRole('button', { name: '确定遴选结果' })).toBeNull();
    expect(screen.queryByRole('button', { name: '批量删除' })).toBeNull();
    expect(within(await rowOf(QUALIFIED.name)).queryByRole('button', { name: '资格审核' })).toBeNull();

    fireEvent.click(button('资格审核', person));
    expect(await screen.findByText('投资方资格审核')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('不通过'));
    fireEvent.click(button(/确\s*定/));
    expect(await screen.findByText(MSG.investorsAuditReasonRequired)).toBeTruthy();
    expect(bodiesOf(calls, '/api/project/cap/investor/audit/2')).toEqual([]);

    fireEvent.change(screen.getByLabelText('不通过原因'), { target: { value: ' 主体资格证明文件已过期 ' } });
    fireEvent.click(button(/确\s*定/));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.investorsAuditRefused));
    expect(bodiesOf(calls, '/api/project/cap/investor/audit/2')).toEqual([
      { version: 3, result: 'refuse', reason: '主体资格证明文件已过期' },
    ]);
    await waitFor(() => expect(screen.queryByText('投资方资格审核')).toBeNull());
  });

  it('确定遴选结果 holds the ticks to the plan, then sends each chosen investor with its version', async () => {
    const { calls } = serve([
      QUALIFIED,
      MEMBER_QUALIFIED,
      makeInvestor(5, { status: 'refused', statusLabel: '资格审核未通过' }),
    ]);
    renderSection(IDENTITY.transferor, OWNER_COMPANY);
    await rowOf(QUALIFIED.name);
    await waitFor(() => expect(calls.some((call) => pathOf(call) === '/api/project/show/7')).toBe(true));
    fireEvent.click(button('确定遴选结果'));
    const dialog = (await screen.findByText(MSG.investorsSelectionHint)).closest<HTMLElement>('.ant-modal')!;
    expect(
      await within(dialog).findByText(
        formatMessage(MSG.investorsSelectionPlan, { count: '1名', share: '20.0000%' }),
      ),
    ).toBeTruthy();
    // the refused investor is no candidate
    expect(within(dialog).queryByText('北京投资5有限公司')).toBeNull();

    fireEvent.click(button(/确\s*定/, dialog));
    expect(await within(dialog).findByText(MSG.investorsSelectionEmpty)).toBeTruthy();

    const qualified = within(dialog).getByText(QUALIFIED.name).closest('tr')!;
    const member = within(dialog).getByText(MEMBER_QUALIFIED.name).closest('tr')!;
    fireEvent.click(within(qualified).getByRole('checkbox'));
    fireEvent.click(within(member).getByRole('checkbox'));
    expect(
      within(dialog).getByText(formatMessage(MSG.investorsSelectionChosen, { count: 2, sum: '20.0000' })),
    ).toBeTruthy();
    fireEvent.click(button(/确\s*定/, dialog));
    expect(
      await within(dialog).findByText(formatMessage(MSG.investorsSelectionTooMany, { count: 1 })),
    ).toBeTruthy();
    expect(bodiesOf(calls, '/api/capitalIncrease/7/selection')).toEqual([]);

    fireEvent.click(within(member).getByRole('checkbox'));
    fireEvent.click(button(/确\s*定/, dialog));
    await waitFor(() =>
      expect(notifier.success).toHaveBeenCalledWith(formatMessage(MSG.investorsSelected, { count: 1 })),
    );
    expect(bodiesOf(calls, '/api/capitalIncrease/7/selection')).toEqual([
      { investors: [{ id: 3, version: 5 }] },
    ]);
  });

  it('the selection waits for every submitted investor to be audited', async () => {
    const { calls } = serve([QUALIFIED, MEMBER_PERSON]);
    renderSection(IDENTITY.transferor, OWNER_COMPANY);
    await rowOf(QUALIFIED.name);
    fireEvent.click(button('确定遴选结果'));
    const dialog = (await screen.findByText(MSG.investorsSelectionHint)).closest<HTMLElement>('.ant-modal')!;
    expect(within(dialog).getAllByText(MSG.investorsAuditPending).length).toBeGreaterThan(0);
    fireEvent.click(within(within(dialog).getByText(QUALIFIED.name).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(button(/确\s*定/, dialog));
    await waitFor(() => expect(within(dialog).getAllByText(MSG.investorsAuditPending)).toHaveLength(2));
    expect(bodiesOf(calls, '/api/capitalIncrease/7/selection')).toEqual([]);
  });
});
