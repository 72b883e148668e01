// The onboarding gates of spec 000 section 4 (SH-4.5 to SH-4.12) as one pure function. The web guard calls it
// for a signed-in user on every navigation; the first gate the user fails decides where they go.
import type { SessionUser } from './api.ts';
import { identityName } from './identity.ts';

/** The session fields the gates read. examineStatus also arrives as '' or a numeric string from older records. */
export type GateUser = Pick<
  SessionUser,
  | 'identityType'
  | 'idType'
  | 'setupPassword'
  | 'pendingPhone'
  | 'authStatus'
  | 'companyAuthStatus'
  | 'prompt'
  | 'mainOperatorAuth'
> & { examineStatus?: number | string | null };

export type GateOptions = { landSessionFlag?: boolean };

export type OnboardingGate = {
  id: number;
  description: string;
  target: string;
  /**
   * Pages that belong to the gate's own flow: a user held by this gate stays on them. Face authentication
   * (/scanCode, /scanCodeWin) and /perfectInformation are reached from /auth and /signature, so sending the user
   * back from them would make the gate impossible to pass.
   */
  stayOn: readonly string[];
  isBlocking: (user: GateUser, options: GateOptions) => boolean;
};

export const ACCEPTED_EXAMINE_STATUSES: readonly number[] = [3, 9, 10];
const AUTH_STATUSES_IN_PROGRESS: readonly number[] = [2, 3];
const HOME_PATH = '/index/home';
const SIGNATURE_PATH = '/signature';

/** Gate 1: an account-opening status that lets the company in (3, 9, 10, or none yet). */
export function isExamineStatusAccepted(status: GateUser['examineStatus']): boolean {
  if (status === null || status === undefined || status === '') return true;
  return ACCEPTED_EXAMINE_STATUSES.includes(Number(status));
}

function isTransferor(user: GateUser): boolean {
  return identityName(user.identityType) === 'transferor';
}

const AUTH_FLOW = ['/auth', '/scanCode', '/scanCodeWin', '/perfectInformation'] as const;

export const ONBOARDING_GATES: readonly OnboardingGate[] = [
  {
    id: 1,
    description: '项目方开户审核状态不是 3、9、10 或空时，进入项目方开户',
    target: '/transferorOpenTip',
    stayOn: ['/transferorOpenTip', '/transferorOpen'],
    isBlocking: (user) => !isExamineStatusAccepted(user.examineStatus),
  },
  {
    id: 2,
    description: '转让方、交易所管理员或土地资产管理用户的 idType 不为 0 时，进入开户信息',
    target: '/auth',
    stayOn: AUTH_FLOW,
    isBlocking: (user) => {
      const identity = identityName(user.identityType);
      return (identity === 'transferor' || identity === 'admin' || identity === 'land') && user.idType !== 0;
    },
  },
  {
    id: 3,
    description: '尚未设置登录密码时，进入开户信息',
    target: '/auth',
    stayOn: AUTH_FLOW,
    isBlocking: (user) => !user.setupPassword,
  },
  {
    id: 4,
    description: '手机号变更尚待确认时，进入开户信息',
    target: '/auth',
    stayOn: AUTH_FLOW,
    isBlocking: (user) =>
      user.pendingPhone !== null && user.pendingPhone !== undefined && user.pendingPhone !== '',
  },
  {
    id: 5,
    description: '个人认证或企业认证状态为 2、3 时，进入开户信息',
    target: '/auth',
    stayOn: AUTH_FLOW,
    isBlocking: (user) =>
      AUTH_STATUSES_IN_PROGRESS.includes(user.authStatus) ||
      AUTH_STATUSES_IN_PROGRESS.includes(user.companyAuthStatus),
  },
  {
    id: 6,
    description: '欢迎提示尚未确认时，进入欢迎页',
    target: '/welcomePage',
    stayOn: ['/welcomePage'],
    isBlocking: (user) => user.prompt,
  },
  {
    id: 7,
    description:
      '转让方未完成主操作员电子签章认证时，进入电子签章信息；已完成却停留在电子签章信息页时，回到首页',
    target: SIGNATURE_PATH,
    stayOn: [SIGNATURE_PATH, '/scanCode', '/scanCodeWin'],
    isBlocking: (user) => isTransferor(user) && !user.mainOperatorAuth,
  },
  {
    id: 8,
    description: '土地资产管理用户未带土地会话标记时，进入土地资产管理',
    target: '/landManage',
    // the land parcels' list and its form, show and import pages
    stayOn: ['/landManage', '/landManage/add', '/landManage/edit', '/landManage/show', '/landManage/import'],
    isBlocking: (user, options) =>
      identityName(user.identityType) === 'land' && options.landSessionFlag !== true,
  },
];

/** The path without query string or fragment, so '/auth?step=2' counts as being on /auth. */
function stripLocation(path: string): string {
  return path.replace(/^#/, '').split(/[?#]/)[0] ?? '';
}

/**
 * Where the gates send this user from this path, or null when the user may stay. The first failing gate decides:
 * when the user is already on one of that gate's own pages they stay there, so no gate ever redirects in a loop
 * and a later gate never pulls the user away from an earlier gate's page.
 */
export function onboardingRedirect(user: GateUser, path: string, options: GateOptions = {}): string | null {
  const current = stripLocation(path);
  for (const gate of ONBOARDING_GATES) {
    if (gate.isBlocking(user, options)) return gate.stayOn.includes(current) ? null : gate.target;
    // Gate 7's second half: an enrolled transferor has nothing left to do on the e-signature page.
    if (gate.id === 7 && isTransferor(user) && current === SIGNATURE_PATH) return HOME_PATH;
  }
  return null;
}
