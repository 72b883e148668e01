import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope, jsonResponse } from '../../test/fake-fetch.ts';
import {
  makeLogin,
  makeUser,
  renderPortal,
  servePortal,
  setUpPageTests,
  signInAs,
} from '../../test/portal.tsx';
import { getSession, setSession } from '../../lib/session-store.ts';
import type { UserInfo } from '../../lib/session-store.ts';
import { isCurrentIdentity, labelIdentity } from '../../lib/identities.ts';

const IDENTITIES = [
  { id: 101, identityType: 1, companyName: '示例国有资产经营有限公司' },
  { id: 202, identityType: 2, companyName: '示范产权经纪有限公司' },
];

const notifier = setUpPageTests();

function setUp(onSwitch: () => Response) {
  const transferor = makeUser(1, { identities: IDENTITIES });
  const member = makeUser(2, {
    companyName: '示范产权经纪有限公司',
    identities: IDENTITIES,
    permission: ['GJS_INDEX', 'GJS_PROJECT_LT'],
  });
  let current: UserInfo = transferor;
  const served = servePortal(transferor, (call) => {
    if (call.url === '/api/app/switch/202') {
      const answer = onSwitch();
      if (answer.status === 200) current = member;
      return answer;
    }
    if (call.url === '/api/app/userinfo') {
      const { permission: _p, permissionProject: _pp, ...sessionUser } = current;
      return jsonResponse(envelope(sessionUser));
    }
    if (call.url.startsWith('/api/app/user/role/permissions')) {
      return jsonResponse(
        envelope({ permission: current.permission, permissionProject: current.permissionProject }),
      );
    }
    return undefined;
  });
  signInAs(transferor);
  setSession({
    tabs: [
      { name: 'home', path: '/index/home', title: '首页' },
      { name: 'businessOpportunity', path: '/index/businessOpportunity', title: '我的商机' },
    ],
    currentTabPath: '/index/businessOpportunity',
  });
  return { ...served, transferor };
}

async function chooseIdentity(label: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: /切换身份/ }));
  fireEvent.click(await screen.findByText(label));
}

describe('the identity switch (SH-6.5)', () => {
  it('lists the identities with the current one marked and not selectable', async () => {
    setUp(() => jsonResponse(envelope(makeLogin(2, 'access-2'))));
    renderPortal('/index/businessOpportunity');
    fireEvent.click(await screen.findByRole('button', { name: '切换身份（当前：转让方）' }));
    const current = await screen.findByRole('menuitem', { name: /转让方 · 示例国有资产经营有限公司/ });
    expect(current.getAttribute('aria-disabled')).toBe('true');
    const other = screen.getByRole('menuitem', { name: /会员 · 示范产权经纪有限公司/ });
    expect(other.getAttribute('aria-disabled')).not.toBe('true');
  });

  it('stores the new login, reloads the user keeping the old permissions, and starts the tabs over', async () => {
    const { calls, transferor } = setUp(() => jsonResponse(envelope(makeLogin(2, 'access-2'))));
    const { router } = renderPortal('/index/businessOpportunity');
    await screen.findByRole('heading', { name: '我的商机' });
    await chooseIdentity('会员 · 示范产权经纪有限公司');

    await waitFor(() => expect(router.state.location.pathname).toBe('/index/home'));
    const session = getSession();
    expect(session.token).toBe('access-2');
    expect(window.localStorage.getItem('cqjy.token')).toBe('access-2');
    expect(session.identityType).toBe(2);
    expect(session.loginInfo?.access_token).toBe('access-2');
    expect(session.userInfo?.companyName).toBe('示范产权经纪有限公司');
    expect(session.previousPermissions).toEqual({
      identityType: 1,
      permission: transferor.permission,
      permissionProject: transferor.permissionProject,
    });
    await waitFor(() => expect(getSession().tabs.map((tab) => tab.path)).toEqual(['/index/home']));
    expect(calls.find((call) => call.url === '/api/app/switch/202')?.headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
    // The calls after the switch carry the new token.
    const userinfoCalls = calls.filter((call) => call.url === '/api/app/userinfo');
    expect(userinfoCalls.at(-1)?.headers.get('Authorization')).toBe('Bearer access-2');
    await waitFor(() =>
      expect(screen.getByTestId('header-company').textContent).toBe('示范产权经纪有限公司'),
    );
    expect(
      within(screen.getByTestId('tab-strip'))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['首页']);
  });

  it('keeps the session as it was when the server refuses the switch', async () => {
    setUp(() => jsonResponse(envelope(null, 1, '该身份已停用')));
    const { router } = renderPortal('/index/businessOpportunity');
    await screen.findByRole('heading', { name: '我的商机' });
    await chooseIdentity('会员 · 示范产权经纪有限公司');
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('该身份已停用'));
    expect(getSession().token).toBe('access-1');
    expect(getSession().identityType).toBe(1);
    expect(router.state.location.pathname).toBe('/index/businessOpportunity');
  });
});

describe('identity labels', () => {
  it('names an identity with its company, and finds the current one', () => {
    expect(labelIdentity({ identityType: 99, companyName: '示范土地储备中心' })).toBe(
      '土地资产管理 · 示范土地储备中心',
    );
    expect(labelIdentity({ identityType: 3, companyName: null })).toBe('评估机构');
    const user = makeUser(1, { identities: IDENTITIES });
    expect(IDENTITIES.filter((entry) => isCurrentIdentity(entry, user)).map((entry) => entry.id)).toEqual([
      101,
    ]);
  });
});
