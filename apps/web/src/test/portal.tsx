// Renders the whole portal (entry routes, patched portal routes, antd shell) in a memory router, with a fetch
// that answers the shell's calls for the user the test signed in as.
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { identityName } from '@cqjy/domain/identity';
import { DEFAULT_ROLE_CODES } from '@cqjy/domain/permissions';
import type { LoginResult, ProjectPermission } from '@cqjy/domain/api';
import { patchRoutesOnNavigation, routes } from '../app/router.tsx';
import { afterEach, beforeEach, vi } from 'vitest';
import { setNotifier } from '../lib/notify.ts';
import { clearSession, setSession } from '../lib/session-store.ts';
import type { UserInfo } from '../lib/session-store.ts';
import { bodyOf, envelope, jsonResponse, stubFetch } from './fake-fetch.ts';
import type { FetchCall } from './fake-fetch.ts';
import { createFakeNotifier, type FakeNotifier } from './fake-notifier.ts';

/**
 * The common frame of a page test file: each test starts signed out with a recording notifier of its own (its calls
 * and any answer a test gave it forgotten; confirm answers yes), and its stubbed fetch is undone after it. Answers
 * the notifier the tests read.
 */
export function setUpPageTests(): FakeNotifier {
  const notifier = createFakeNotifier();
  beforeEach(() => {
    clearSession();
    for (const fn of Object.values(notifier)) fn.mockReset();
    notifier.confirm.mockImplementation(() => Promise.resolve(true));
    setNotifier(notifier);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNotifier(null);
  });
  return notifier;
}

export const nowSeconds = Math.floor(Date.now() / 1000);

/** Every project business type with two asset types: the ledger rule (index 4) is met. */
export const FULL_PROJECT_PERMISSIONS: ProjectPermission[] = Array.from({ length: 11 }, (_, i) => ({
  businessType: String(i + 1),
  projectAssetType: ['1', '2'],
}));

/** A fully onboarded user of this identity with its default role. */
export function makeUser(identityType: number, overrides: Partial<UserInfo> = {}): UserInfo {
  const name = identityName(identityType) ?? 'transferor';
  return {
    id: 1,
    username: name,
    nickname: '张经理',
    mobile: '13800000001',
    companyId: 10,
    companyName: '示例国有资产经营有限公司',
    identityType,
    examineStatus: 3,
    idType: 0,
    realName: '张三',
    manager: true,
    validated: true,
    authStatus: 1,
    companyAuthStatus: 1,
    mainOperatorAuth: true,
    prompt: false,
    setupPassword: true,
    pendingPhone: null,
    advancedAuthFlag: false,
    passwordExpired: false,
    avatarUuid: null,
    identities: [{ id: 101, identityType, companyName: '示例国有资产经营有限公司' }],
    permission: [...DEFAULT_ROLE_CODES[name]],
    permissionProject: FULL_PROJECT_PERMISSIONS,
    ...overrides,
  };
}

export function makeLogin(identityType: number, token = 'access-1', createdAt = nowSeconds): LoginResult {
  return { access_token: token, expires_in: 3600, created_at: createdAt, identityType };
}

/**
 * Stores a live sign-in with the user kept from an earlier page, as a page load finds it: the signed-in guard
 * fetches the user and both permission lists again before the first page shows (servePortal answers them).
 */
export function signInAs(user: UserInfo, createdAt = nowSeconds): void {
  setSession({
    token: 'access-1',
    loginInfo: makeLogin(user.identityType, 'access-1', createdAt),
    identityType: user.identityType,
    userInfo: user,
    isUserInfoFresh: false,
  });
}

export type Route = (call: FetchCall) => Response | Promise<Response> | undefined;

/**
 * Answers userinfo, both permission calls and the home figures for `user`; `extra` answers first, and anything
 * else is an empty success.
 */
export function servePortal(user: UserInfo, extra: Route = () => undefined): { calls: FetchCall[] } {
  return stubFetch(async (call) => {
    const answer = await extra(call);
    if (answer) return answer;
    const path = call.url.split('?')[0];
    if (path === '/api/app/userinfo') {
      const { permission: _p, permissionProject: _pp, ...sessionUser } = user;
      return jsonResponse(envelope(sessionUser));
    }
    if (path === '/api/app/user/role/permissions') {
      return jsonResponse(
        envelope({
          permission: user.permission,
          permissionProject: call.url.includes('actualProjectData=1') ? user.permissionProject : [],
        }),
      );
    }
    if (path === '/api/homepage/count') {
      return jsonResponse(envelope({ todo: 3, done: 12, launch: 1, projects: 1234, messages: 5 }));
    }
    if (path === '/api/homepage/calendar/reminder') {
      return jsonResponse(envelope({ month: (bodyOf(call) as { month: string }).month, days: [] }));
    }
    if (path === '/api/project/searchs/statusCategory') return jsonResponse(envelope([]));
    if (path === '/api/login/captcha') {
      return new Response('<svg/>', { status: 200, headers: { 'Content-Type': 'image/svg+xml' } });
    }
    return jsonResponse(envelope(null));
  });
}

export function renderPortal(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  // The portal's shell brings its own query cache, fresh for each render.
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}
