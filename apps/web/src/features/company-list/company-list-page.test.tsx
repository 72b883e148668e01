import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompanyDetail, CompanyListItem } from '@cqjy/domain/account-opening';
import { MSG } from '@cqjy/domain/messages';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';
import { composeCreditCode } from '@cqjy/domain/validation/credit-code';

const CREDIT_CODE = composeCreditCode('500103', '81000001');

const ROW: CompanyListItem = {
  id: 42,
  name: '重庆开户测试有限公司',
  creditCode: CREDIT_CODE,
  identityType: 1,
  identityLabel: '转让方',
  examineStatus: 1,
  examineStatusLabel: '待审核',
  companyAuthStatus: 0,
  companyAuthStatusLabel: '未认证',
  version: 5,
  updatedAt: '2026-01-05T02:00:00.000Z',
};

const LICENCE = {
  uuid: 'licence-1',
  tag: 'businessLicense',
  name: '营业执照副本.pdf',
  fileName: '营业执照副本.pdf',
  contentType: 'application/pdf',
  size: 25526,
  dateCreated: '2026-01-04T02:00:00.000Z',
  labelName: '营业执照副本',
};

const DETAIL: CompanyDetail = {
  id: 42,
  name: '重庆开户测试有限公司',
  creditCode: CREDIT_CODE,
  legalPerson: '王法人',
  address: '重庆市渝中区解放碑路1号',
  contactName: '李联系',
  contactMobile: '13700000001',
  regulatoryBodies: 'A02001',
  regulatoryBodiesProvince: null,
  regulatoryBodiesCity: null,
  stateFundedEnter: '重庆市示范国有资本运营有限公司',
  stateCreditCode: composeCreditCode('500000', '88000001'),
  identityType: 1,
  examineStatus: 1,
  examineStatusLabel: '待审核',
  examineReason: null,
  version: 5,
  updatedAt: '2026-01-05T02:00:00.000Z',
  businessLicense: [LICENCE],
  otherFiles: [],
  history: [
    { action: 'register', actionLabel: '注册开户', reason: null, createdAt: '2026-01-05T02:00:00.000Z' },
  ],
  identityLabel: '转让方',
  companyAuthStatus: 0,
  companyAuthStatusLabel: '未认证',
  operators: [
    { id: 7, username: 'owner_cq', nickname: '李联系', realName: null, mobile: '13700000001', manager: true },
  ],
};

function bodyOf(call: FetchCall | undefined): Record<string, unknown> {
  return JSON.parse(typeof call?.body === 'string' ? call.body : '{}') as Record<string, unknown>;
}

beforeEach(() => {
  clearSession();
  setNotifier(createFakeNotifier());
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

function setUp(detail: CompanyDetail = DETAIL) {
  const admin = makeUser(999);
  const served = servePortal(admin, (call) => {
    if (call.url === '/api/company/list') return jsonResponse(envelope({ list: [ROW], total: 1 }));
    if (call.url === '/api/company/show/42') return jsonResponse(envelope(detail));
    if (call.url === '/api/company/examine/42') return jsonResponse(envelope(null, 0, MSG.examineApprovedOk));
    if (call.url === '/api/company/auth/list') return jsonResponse(envelope({ list: [], total: 0 }));
    return undefined;
  });
  signInAs(admin);
  return served;
}

describe('机构管理 (/index/companyList)', () => {
  /** Opens the application of ROW from the list; answers the list's calls. */
  async function openApplication(detail: CompanyDetail = DETAIL) {
    const served = setUp(detail);
    renderPortal('/index/companyList');
    fireEvent.click(await screen.findByRole('button', { name: /^审\s*核$/ }, { timeout: 20000 }));
    // the decision buttons come with the application's detail
    await screen.findByRole('button', { name: /审\s*核\s*通\s*过/ });
    return served;
  }

  const approveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /审\s*核\s*通\s*过/ });
  /** The approval's confirmation dialog, known by its prompt. */
  async function findConfirmation(): Promise<HTMLElement> {
    const prompt = await screen.findByText(MSG.approvalConfirmPrompt);
    const dialog = prompt.closest<HTMLElement>('[role="dialog"]');
    if (dialog === null) throw new Error('the prompt is outside a dialog');
    return dialog;
  }

  const examined = (calls: FetchCall[]) => calls.filter((call) => call.url === '/api/company/examine/42');

  it('lists applications and shows every fact and file of one under review', async () => {
    const { calls } = setUp();
    renderPortal('/index/companyList');
    expect(await screen.findByText('重庆开户测试有限公司', undefined, { timeout: 20000 })).toBeTruthy();
    expect(bodyOf(calls.find((call) => call.url === '/api/company/list'))).toEqual({ page: 1, size: 10 });
    fireEvent.click(screen.getByRole('button', { name: /^审\s*核$/ }));
    expect(await screen.findByText('王法人')).toBeTruthy();
    for (const fact of [
      '重庆市渝中区解放碑路1号',
      '13700000001',
      '国务院国资委',
      '重庆市示范国有资本运营有限公司',
    ]) {
      // the mobile is the contact's and the operator's
      expect(screen.getAllByText(fact).length, fact).toBeGreaterThan(0);
    }
    expect(screen.getByText('营业执照副本.pdf')).toBeTruthy();
    expect(screen.getByText('owner_cq')).toBeTruthy();
    expect(screen.getByText('注册开户', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('list', { name: '缺少的必备信息' })).toBeNull();
  });

  it('approves only after the confirmation, sending the opinion with the version shown', async () => {
    const { calls } = await openApplication();
    fireEvent.click(approveButton());
    const confirm = await findConfirmation();
    expect(examined(calls)).toHaveLength(0);
    fireEvent.change(within(confirm).getByLabelText('审核意见'), {
      target: { value: ' 材料齐全，同意开户 ' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(examined(calls)).toHaveLength(1));
    expect(bodyOf(examined(calls)[0])).toEqual({ pass: true, reason: '材料齐全，同意开户', version: 5 });
  });

  it('approves without an opinion when none is written', async () => {
    const { calls } = await openApplication();
    fireEvent.click(approveButton());
    const confirm = await findConfirmation();
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(examined(calls)).toHaveLength(1));
    expect(bodyOf(examined(calls)[0])).toEqual({ pass: true, version: 5 });
  });

  it('names each missing required item and offers only the return', async () => {
    const { calls } = await openApplication({
      ...DETAIL,
      legalPerson: null,
      contactName: '  ',
      businessLicense: [],
    });
    const list = await screen.findByRole('list', { name: '缺少的必备信息' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['法定代表人', '联系人', '营业执照']);
    expect(screen.getByText(MSG.approvalMissingTitle)).toBeTruthy();
    expect(approveButton().disabled).toBe(true);
    fireEvent.click(approveButton());
    expect(screen.queryByText(MSG.approvalConfirmPrompt)).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /退\s*回/ }).disabled).toBe(false);
    expect(examined(calls)).toHaveLength(0);
  });

  it('a return needs a reason before anything is sent', async () => {
    const { calls } = setUp();
    renderPortal('/index/companyList');
    fireEvent.click(await screen.findByRole('button', { name: /^审\s*核$/ }, { timeout: 20000 }));
    await screen.findByText('王法人');
    fireEvent.click(screen.getByRole('button', { name: /退\s*回/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(MSG.returnReasonRequired)).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/company/examine/42')).toBe(false);
  });

  it('opens the company authentication tab on the applications under review', async () => {
    const { calls } = setUp();
    renderPortal('/index/companyList');
    fireEvent.click(await screen.findByRole('tab', { name: '企业认证审核' }, { timeout: 20000 }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/company/auth/list')).toBe(true));
    expect(bodyOf(calls.find((call) => call.url === '/api/company/auth/list'))).toEqual({
      status: 2,
      page: 1,
      size: 10,
    });
  });
});
