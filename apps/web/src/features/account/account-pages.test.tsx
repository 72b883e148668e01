// The account pages against a fake server: the list (主操作员 first and untouchable, masked mobiles, menu names,
// confirmed 停用 with the row's version), 新增账号 refusing what the rules refuse before any call and ticking
// permissions by menu name, 编辑账号 with the version (the main operator's permissions fixed), 查看账号, and
// 变更主操作员 (only for the main operator; the code with its countdown, then the confirmed change).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMessage } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { OperatorCodes, OperatorListRow, OperatorView } from '@cqjy/domain/operators';
import { DEFAULT_ROLE_CODES } from '@cqjy/domain/permissions';
import { setNotifier } from '../../lib/notify.ts';
import { clearSession } from '../../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, pathOf } from '../../test/fake-fetch.ts';
import type { FetchCall } from '../../test/fake-fetch.ts';
import { createFakeNotifier } from '../../test/fake-notifier.ts';
import type { FakeNotifier } from '../../test/fake-notifier.ts';
import { makeUser, renderPortal, servePortal, signInAs } from '../../test/portal.tsx';

const TRANSFEROR_CODES = [...DEFAULT_ROLE_CODES.transferor];

function makeRow(id: number, overrides: Partial<OperatorListRow> = {}): OperatorListRow {
  return {
    id,
    username: `operator${id}`,
    nickname: `操作员${id}`,
    mobileMasked: `139****000${id}`,
    permissions: ['我的项目', '待办任务', '我的计划', '企业客户'],
    isFullRole: false,
    isMain: false,
    status: 'normal',
    statusLabel: '正常',
    lastSignInAt: '2026-03-02T02:00:00.000Z',
    isSelf: false,
    version: `17000000000000${id}`,
    ...overrides,
  };
}

const MAIN = makeRow(1, {
  username: 'transferor',
  nickname: '张经理',
  mobileMasked: '138****0001',
  isMain: true,
  isFullRole: true,
  isSelf: true,
});
const STOPPED = makeRow(3, { status: 'disabled', statusLabel: '停用', lastSignInAt: null });
const ROWS = [MAIN, makeRow(2), STOPPED];

function makeView(row: OperatorListRow, codes: string[]): OperatorView {
  return { ...row, codes, isPasswordSet: true, createdAt: '2026-03-01T02:00:00.000Z' };
}

/** The company's codes; the caller lacks 我的资产 (GJS_ASSETS_LT) unless `grantable` says otherwise. */
function makeCodes(grantable = TRANSFEROR_CODES.filter((code) => code !== 'GJS_ASSETS_LT')): OperatorCodes {
  return { identityType: IDENTITY.transferor, isAgent: false, codes: TRANSFEROR_CODES, grantable };
}

let notifier: FakeNotifier;

beforeEach(() => {
  clearSession();
  notifier = createFakeNotifier();
  setNotifier(notifier);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setNotifier(null);
});

function serveAccounts(options: { isManager?: boolean } = {}) {
  const user = makeUser(IDENTITY.transferor, { manager: options.isManager ?? true });
  signInAs(user);
  return servePortal(user, (call) => {
    const path = pathOf(call);
    if (path === '/api/operator/list') {
      const body = bodyOf(call) as { status?: string };
      const rows = body.status === undefined ? ROWS : ROWS.filter((row) => row.status === body.status);
      return jsonResponse(envelope({ list: rows, total: rows.length }));
    }
    if (path === '/api/operator/codes') return jsonResponse(envelope(makeCodes()));
    if (path === '/api/operator/1') return jsonResponse(envelope(makeView(MAIN, TRANSFEROR_CODES)));
    if (path === '/api/operator/2') {
      return jsonResponse(
        envelope(makeView(ROWS[1]!, ['GJS_INDEX', 'GJS_PROJECT_LT', 'GJS_TASK', 'GJS_TASK_TODO'])),
      );
    }
    if (path === '/api/operator/save') {
      return jsonResponse(
        envelope({ id: 5, version: '1' }, 0, formatMessage(MSG.operatorSaved, { mobile: '139****0009' })),
      );
    }
    if (path === '/api/operator/update/2' || path === '/api/operator/update/1') {
      return jsonResponse(envelope({ id: 2, version: '9' }, 0, MSG.operatorUpdated));
    }
    if (path === '/api/operator/disable/2') {
      return jsonResponse(envelope({ id: 2, version: '9' }, 0, MSG.operatorDisabledOk));
    }
    if (path === '/api/operator/main/code') {
      return jsonResponse(
        envelope(
          { mobileMasked: '138****0001' },
          0,
          formatMessage(MSG.operatorMainCodeSent, { mobile: '138****0001' }),
        ),
      );
    }
    if (path === '/api/operator/main/change') return jsonResponse(envelope(null, 0, MSG.operatorMainChanged));
    return undefined;
  });
}

const fill = (label: string, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};

const callsTo = (calls: FetchCall[], path: string): FetchCall[] =>
  calls.filter((call) => pathOf(call) === path);

describe('账号管理', () => {
  it('lists the accounts: 主操作员 first without 停用 or 重置密码, masked mobiles and menu names', async () => {
    serveAccounts();
    renderPortal('/index/account');
    const main = (await screen.findByText('transferor')).closest('tr')!;
    const other = screen.getByText('operator2').closest('tr')!;
    const stopped = screen.getByText('operator3').closest('tr')!;
    expect(within(main).getByText('主操作员')).toBeTruthy();
    expect(within(main).getByText('全部权限')).toBeTruthy();
    expect(within(main).getByText('138****0001')).toBeTruthy();
    expect(within(main).queryByRole('button', { name: /停\s*用/ })).toBeNull();
    expect(within(main).queryByRole('button', { name: '重置密码' })).toBeNull();
    expect(within(other).getByText('我的项目')).toBeTruthy();
    expect(within(other).getByText('等4项')).toBeTruthy();
    expect(within(other).getByRole('button', { name: /停\s*用/ })).toBeTruthy();
    expect(within(stopped).getByText('停用')).toBeTruthy();
    expect(within(stopped).getByRole('button', { name: /启\s*用/ })).toBeTruthy();
    expect(within(stopped).getByText('—')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新增账号' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '变更主操作员' })).toBeTruthy();
  });

  it('停用 asks first naming the account, then sends the row’s version', async () => {
    const { calls } = serveAccounts();
    renderPortal('/index/account');
    const other = (await screen.findByText('operator2')).closest('tr')!;
    notifier.confirm.mockResolvedValueOnce(false);
    fireEvent.click(within(other).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(notifier.confirm).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/api/operator/disable/2')).toHaveLength(0);
    expect(notifier.confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({
        content: formatMessage(MSG.operatorDisableConfirm, { name: '操作员2（operator2）' }),
      }),
    );

    fireEvent.click(within(other).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(callsTo(calls, '/api/operator/disable/2')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/operator/disable/2')[0])).toEqual({
      version: ROWS[1]!.version,
    });
    await waitFor(() => expect(notifier.success).toHaveBeenCalledWith(MSG.operatorDisabledOk));
  });

  it('searches by keyword and status', async () => {
    const { calls } = serveAccounts();
    renderPortal('/index/account');
    await screen.findByText('operator2');
    fill('关键字', ' 张 ');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/operator/list').map((call) => bodyOf(call))).toContainEqual({
        page: 1,
        size: 10,
        keyword: '张',
      }),
    );
  });

  it('hides 变更主操作员 from an operator who is not the main operator', async () => {
    serveAccounts({ isManager: false });
    renderPortal('/index/account');
    await screen.findByText('operator2');
    expect(screen.queryByRole('button', { name: '变更主操作员' })).toBeNull();
  });
});

describe('新增账号', () => {
  it('refuses what the rules refuse before any call, with the same messages', async () => {
    const { calls } = serveAccounts();
    renderPortal('/index/accountAdd');
    await screen.findByRole('checkbox', { name: '我的项目' });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写用户名')).toBeTruthy();
    expect(screen.getByText('请填写姓名')).toBeTruthy();
    expect(screen.getByText(MSG.mobileRequired)).toBeTruthy();
    expect(screen.getByText(MSG.operatorCodesRequired)).toBeTruthy();

    fill('用户名', '1abc');
    fill('手机号', '2391234');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(MSG.usernameRule)).toBeTruthy();
    expect(screen.getByText(MSG.mobileInvalid)).toBeTruthy();
    expect(callsTo(calls, '/api/operator/save')).toHaveLength(0);
  });

  it('shows the company’s menu entries by name, 首页 fixed, and what the caller lacks locked', async () => {
    serveAccounts();
    renderPortal('/index/accountAdd');
    const home = await screen.findByRole('checkbox', { name: '首页' });
    expect((home as HTMLInputElement).checked).toBe(true);
    expect((home as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '我的资产' }).disabled).toBe(true);
    expect(screen.getByRole('checkbox', { name: '账号管理' })).toBeTruthy();
    // a transferor holds no 评估项目, and no code is shown as such
    expect(screen.queryByRole('checkbox', { name: '评估项目' })).toBeNull();
    expect(screen.queryByText('GJS_PROJECT_LT')).toBeNull();
  });

  it('saves the typed account with the ticked entries and opens its page', async () => {
    const { calls } = serveAccounts();
    const { router } = renderPortal('/index/accountAdd');
    fireEvent.click(await screen.findByRole('checkbox', { name: '我的项目' }));
    // the group's box ticks every entry of 业务中心
    fireEvent.click(screen.getByRole('checkbox', { name: '业务中心' }));
    fill('用户名', 'zhangsan01');
    fill('姓名', '张三');
    fill('手机号', '13912340009');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/accountShow'));
    expect(router.state.location.search).toBe('?id=5');
    expect(bodyOf(callsTo(calls, '/api/operator/save')[0])).toEqual({
      username: 'zhangsan01',
      nickname: '张三',
      mobile: '13912340009',
      codes: ['GJS_PROJECT_LT', 'GJS_TASK_TODO', 'GJS_TASK_DONE', 'GJS_TASK_DRAT'],
    });
    expect(notifier.success).toHaveBeenCalledWith(
      formatMessage(MSG.operatorSaved, { mobile: '139****0009' }),
    );
  });
});

describe('编辑账号 and 查看账号', () => {
  it('edits the name and the entries with the loaded version; the username is not editable', async () => {
    const { calls } = serveAccounts();
    renderPortal('/index/accountEdit?id=2');
    const todo = await screen.findByRole('checkbox', { name: '待办任务' });
    expect((todo as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('用户名')).toBeNull();
    expect(screen.getByText('operator2')).toBeTruthy();
    fireEvent.click(todo);
    fireEvent.click(screen.getByRole('checkbox', { name: '我的计划' }));
    fill('姓名', '李四');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, '/api/operator/update/2')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/operator/update/2')[0])).toEqual({
      nickname: '李四',
      codes: ['GJS_PROJECT_LT', 'GJS_PLAN_LT'],
      version: ROWS[1]!.version,
    });
  });

  it('keeps the main operator’s permissions: every box ticked and locked, the full set sent', async () => {
    const { calls } = serveAccounts();
    renderPortal('/index/accountEdit?id=1');
    const project = await screen.findByRole('checkbox', { name: '我的项目' });
    expect((project as HTMLInputElement).checked).toBe(true);
    expect((project as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(MSG.operatorMainCodesFixed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(callsTo(calls, '/api/operator/update/1')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, '/api/operator/update/1')[0])).toMatchObject({
      codes: TRANSFEROR_CODES,
    });
  });

  it('shows an account with its permissions by menu row', async () => {
    serveAccounts();
    renderPortal('/index/accountShow?id=2');
    const card = (await screen.findByText('账号：操作员2')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('139****0002')).toBeTruthy();
    expect(within(card).getByText('已设置')).toBeTruthy();
    // the menu's group names the row of its entries
    expect(within(card).getByText('待办任务')).toBeTruthy();
    expect(within(card).getByText('业务中心')).toBeTruthy();
    expect(within(card).queryByText('GJS_TASK_TODO')).toBeNull();
    expect(within(card).getByRole('button', { name: '重置密码' })).toBeTruthy();
  });
});

describe('变更主操作员', () => {
  it('tells an operator who is not the main operator that only the main operator may', async () => {
    serveAccounts({ isManager: false });
    renderPortal('/index/accountChange');
    expect(await screen.findByText(MSG.operatorMainOnly)).toBeTruthy();
  });

  it('sends the code to the main operator, counts down, and changes after a confirm', async () => {
    const { calls } = serveAccounts();
    const { router } = renderPortal('/index/accountChange');
    const send = await screen.findByRole('button', { name: '获取验证码' });
    // only enabled operators other than oneself may be chosen
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '新主操作员' }));
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) =>
        node.textContent?.includes('operator2'),
      );
      if (found === undefined) throw new Error('no operator2');
      return found;
    });
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '确认变更' }));
    expect(notifier.warning).toHaveBeenCalledWith(MSG.operatorMainTargetRequired);
    fireEvent.click(option);

    fireEvent.click(send);
    expect(await screen.findByRole('button', { name: '120秒后重新获取' })).toBeTruthy();
    expect(callsTo(calls, '/api/operator/main/code')).toHaveLength(1);
    expect(notifier.success).toHaveBeenCalledWith(
      formatMessage(MSG.operatorMainCodeSent, { mobile: '138****0001' }),
    );

    fireEvent.click(screen.getByRole('button', { name: '确认变更' }));
    expect(notifier.warning).toHaveBeenLastCalledWith(MSG.otpRequired);
    fireEvent.paste(screen.getByLabelText('短信验证码第1位'), { clipboardData: { getData: () => '246810' } });
    fireEvent.click(screen.getByRole('button', { name: '确认变更' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index/account'));
    expect(notifier.confirm).toHaveBeenCalledWith(
      expect.objectContaining({ content: formatMessage(MSG.operatorMainChangeConfirm, { name: '操作员2' }) }),
    );
    expect(bodyOf(callsTo(calls, '/api/operator/main/change')[0])).toEqual({
      operatorId: 2,
      phonecode: '246810',
    });
  });
});
