// 查看投资方信息 (capInvestorShow) and the member's capShow against a fake server: the exchange reads a submitted
// investor with its files by slot and passes it with the version; the registrant member has 编辑 / 提交 / 删除 of its
// draft but no way to the project, is told of a missing file before anything is sent, and deletes after a confirm;
// 代理意向方 lists the member's registrations of both families.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMessage } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { DEFAULT_ROLE_CODES } from '@cqjy/domain/permissions';
import { INVESTOR_ATTACHMENTS } from '@cqjy/domain/projects/investors';
import type { AttachmentItem } from '@cqjy/domain/api';
import { envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { makeFile, makeInvestor, MEMBER_COMPANY, MEMBER_PERSON } from '../../test/investors.ts';
import { makeUser, renderPortal, servePortal, setUpPageTests, signInAs } from '../../test/portal.tsx';

const MEMBER_DRAFT = makeInvestor(6, {
  name: '北京客户投资有限公司',
  registrantCompanyId: MEMBER_COMPANY,
  registrantCompanyName: '北京示范会员有限公司',
  isByMember: true,
  memberCompanyId: MEMBER_COMPANY,
  memberCompanyName: '北京示范会员有限公司',
});
const OPEN_CAP = makeInvestor(8, {
  family: 'capOpen',
  projectName: '北京开放增资项目',
  projectCode: 'ZZ2026BJ2000008',
  status: 'selected',
  statusLabel: '已入选',
  registrantCompanyId: MEMBER_COMPANY,
  isByMember: true,
});
const QUALIFICATION = makeFile('f-1', 'investorQualification', '营业执照.pdf');

const notifier = setUpPageTests();

const bodiesOf = (calls: FetchCall[], path: string) =>
  calls.filter((call) => pathOf(call) === path).map((call) => JSON.parse(String(call.body)) as unknown);

function serveAs(identityType: number, companyId: number, files: AttachmentItem[]) {
  const user = makeUser(identityType, {
    companyId,
    ...(identityType === IDENTITY.member ? { permission: [...DEFAULT_ROLE_CODES.agent] } : {}),
  });
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/investor/2') return jsonResponse(envelope(MEMBER_PERSON));
    if (path === '/api/investor/6') return jsonResponse(envelope(MEMBER_DRAFT));
    if (path === '/api/file/related') return jsonResponse(envelope(files));
    if (path === '/api/project/cap/investor/audit/2') {
      return jsonResponse(envelope({ id: 2, version: 4 }, 0, MSG.investorsAuditPassed));
    }
    if (path === '/api/investor/batchDelete') {
      return jsonResponse(envelope({ count: 1 }, 0, formatMessage(MSG.investorsDeleted, { count: 1 })));
    }
    if (path === '/api/capitalIncrease/investors') return jsonResponse(envelope([MEMBER_DRAFT]));
    if (path === '/api/capitalIncreaseOpen/investors') return jsonResponse(envelope([OPEN_CAP]));
    return undefined;
  });
}

const button = (name: RegExp | string, scope: HTMLElement = document.body) =>
  within(scope).getByRole('button', { name });

describe('查看投资方信息', () => {
  it('the exchange reads a submitted investor with its files and passes it with the version', async () => {
    const { calls } = serveAs(IDENTITY.admin, 1, [QUALIFICATION]);
    renderPortal('/index/capInvestorShow?id=2');
    expect(await screen.findByText('投资方：王小明')).toBeTruthy();
    expect(screen.getByText('110105********0011')).toBeTruthy();
    expect(screen.getAllByText('待资格审核')).toHaveLength(2);
    expect(screen.getByText('北京示范会员有限公司（会员代理）')).toBeTruthy();
    expect(await screen.findByText('营业执照.pdf')).toBeTruthy();
    // the commitment letter was not uploaded
    const commitment = screen.getByText(INVESTOR_ATTACHMENTS[1]?.label ?? '').closest('tr')!;
    expect(within(commitment).getByText('未上传')).toBeTruthy();
    expect(button('查看项目')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();

    fireEvent.click(button('资格审核'));
    const dialog = (await screen.findByText('投资方资格审核')).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(button(/确\s*定/, dialog));
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.investorsAuditPassed));
    expect(bodiesOf(calls, '/api/project/cap/investor/audit/2')).toEqual([
      { version: 3, result: 'pass', reason: '' },
    ]);
  });

  it('the registrant member submits only with the required files, and deletes its draft after a confirm', async () => {
    const { calls } = serveAs(IDENTITY.member, MEMBER_COMPANY, [QUALIFICATION]);
    const { router } = renderPortal('/index/capShow?id=6');
    expect(await screen.findByText('投资方：北京客户投资有限公司')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看项目' })).toBeNull();
    expect(screen.queryByRole('button', { name: '资格审核' })).toBeNull();
    expect(button(/编\s*辑/)).toBeTruthy();
    await screen.findByText('营业执照.pdf');

    fireEvent.click(button(/提\s*交/));
    await waitFor(() =>
      expect(notifier.error).toHaveBeenCalledWith(INVESTOR_ATTACHMENTS[1]?.requiredMessage),
    );
    expect(calls.some((call) => pathOf(call).startsWith('/api/investor/submit'))).toBe(false);

    fireEvent.click(button(/删\s*除/));
    const confirm = (
      await screen.findByText(formatMessage(MSG.investorsDeleteConfirm, { count: 1 }))
    ).closest<HTMLElement>('.ant-popover')!;
    expect(bodiesOf(calls, '/api/investor/batchDelete')).toEqual([]);
    fireEvent.click(button(/删\s*除/, confirm));
    await waitFor(() => expect(bodiesOf(calls, '/api/investor/batchDelete')).toEqual([{ ids: [6] }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/intentionPro'));
  });
});

describe('代理意向方 (intentionPro)', () => {
  it("lists the member's registrations of both families; only drafts are edited or deleted, a row opens capShow", async () => {
    serveAs(IDENTITY.member, MEMBER_COMPANY, []);
    // the investors are the page's 增资投资方 tab
    const { router } = renderPortal('/index/intentionPro?tab=cap');
    const draft = (await screen.findByText(MEMBER_DRAFT.name)).closest('tr')!;
    const selected = screen.getByText(OPEN_CAP.name).closest('tr')!;
    expect(within(selected).getByText('已入选')).toBeTruthy();
    expect(within(selected).getByText('ZZ2026BJ2000008')).toBeTruthy();
    expect(within(selected).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(selected).getByRole<HTMLInputElement>('checkbox').disabled).toBe(true);
    expect(button(/编\s*辑/, draft)).toBeTruthy();
    expect(within(draft).getByRole<HTMLInputElement>('checkbox').disabled).toBe(false);
    fireEvent.click(button(/查\s*看/, selected));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/capShow'));
    expect(router.state.location.search).toBe('?id=8');
  });
});
