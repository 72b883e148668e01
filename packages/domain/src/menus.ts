// The sider menu trees and the rules that cut them down to what a user may see (SH-2.6 to SH-2.8, SH-4.4,
// SH-4.13, SH-4.14, SH-6.2). Titles and paths come from the route table, so a page has one title everywhere.
import type { ProjectPermission } from './api.ts';
import type { IdentityName } from './identity.ts';
import { AGENT_CODES } from './permissions.ts';
import { isProjectFamily } from './projects/kinds/names.ts';
import type { PermissionCode } from './permissions.ts';
import { ROUTES, findRouteByName, findRouteByPath, routeCodesFor } from './routes.ts';
import type { RouteDef } from './routes.ts';

export type MenuItem = {
  name: string;
  path?: string;
  title: string;
  code?: PermissionCode;
  children?: readonly MenuItem[];
  /** an @ant-design/icons component name */
  icon?: string;
};

/** The session's permissionProject list as the permissions call answers it. */
export type ProjectPermissions = readonly ProjectPermission[];

function menuPage(
  name: string,
  options: { isAdmin?: boolean; isAgent?: boolean; code?: PermissionCode; icon?: string } = {},
): MenuItem {
  const route = findRouteByName(name);
  if (route === undefined) throw new Error(`unknown menu page ${name}`);
  const isAdmin = options.isAdmin === true;
  const code = options.code ?? routeCodesFor(route, isAdmin)[0];
  return {
    name,
    path: route.path,
    title: routeTitle(route, { isAdmin, isAgent: options.isAgent === true }),
    ...(code === undefined ? {} : { code }),
    ...(options.icon === undefined ? {} : { icon: options.icon }),
  };
}

/**
 * The title of a page as its viewer's menu, tab and heading show it: admins read the management titles (SH-2.8),
 * agent members their own (SH-2.7), everyone else the route's.
 */
export function routeTitle(route: RouteDef, viewer: { isAdmin: boolean; isAgent: boolean }): string {
  if (viewer.isAdmin) return route.adminTitle ?? route.title;
  if (viewer.isAgent) return route.agentTitle ?? route.title;
  return route.title;
}

/** Whether a member's codes make it an agent (any agent code: its menu is the agent variant, SH-2.7). */
export function hasAgentCode(codes: readonly string[]): boolean {
  return codes.some((code) => AGENT_CODE_SET.has(code));
}

function menuGroup(
  name: string,
  title: string,
  code: PermissionCode,
  icon: string,
  children: readonly MenuItem[],
): MenuItem {
  return { name, title, code, icon, children };
}

const standardTasks = (isAdmin: boolean): MenuItem[] =>
  ['todo', 'done', 'launch', 'todoEstimate', 'doneEstimate'].map((name) => menuPage(name, { isAdmin }));

/** The standard tree: transferor, member, assessment, disassembly, land. */
export const STANDARD_MENU: readonly MenuItem[] = [
  menuPage('home', { icon: 'HomeOutlined' }),
  menuPage('project', { code: 'GJS_PROJECT_LT', icon: 'ProjectOutlined' }),
  menuPage('estimateList', { icon: 'AuditOutlined' }),
  menuGroup('businessGroup', '业务中心', 'GJS_TASK', 'ScheduleOutlined', standardTasks(false)),
  menuPage('assets', { icon: 'AppstoreOutlined' }),
  menuPage('stockright', { icon: 'PieChartOutlined' }),
  menuPage('plan', { icon: 'CalendarOutlined' }),
  menuGroup('customerGroup', '客户管理', 'GJS_CUSTOMER', 'TeamOutlined', [
    menuPage('customer'),
    menuPage('personalCustomer'),
  ]),
  menuPage('businessOpportunity', { icon: 'BulbOutlined' }),
  menuGroup('fileGroup', '文件管理', 'GJS_FILE', 'FolderOpenOutlined', [
    menuPage('received'),
    menuPage('sending'),
    menuPage('signature'),
  ]),
  menuPage('comprehensiveQuery', { icon: 'SearchOutlined' }),
  menuPage('income', { icon: 'MoneyCollectOutlined' }),
  menuPage('reminder', { icon: 'BellOutlined' }),
  menuGroup('orderGroup', '订单管理', 'GJS_ORDER', 'AccountBookOutlined', [
    menuPage('order'),
    menuPage('refundTicket'),
  ]),
  menuGroup('systemGroup', '系统管理', 'GJS_SYSTEM_MANAGE', 'SettingOutlined', [
    menuPage('company'),
    menuPage('invoicing'),
    menuPage('bank'),
    menuPage('account'),
    menuPage('logs'),
  ]),
];

/**
 * The ledger pages (台账管理), each of its family: a ledger holds the lots its family's projects are made of, so its
 * entry shows once that family's projects can be created; until then a member would meet a page with nothing to do.
 */
const LEDGER_PAGES: readonly { page: string; family: string }[] = [{ page: 'ledgerSmall', family: 'small' }];

/**
 * A member whose company is an agent: the project entry split by side, plus the ledger group (SH-2.7) with the
 * ledgers whose family `hasFamily` (by default: the families of the project-kind registry).
 */
export function agentMenu(hasFamily: (family: string) => boolean = isProjectFamily): MenuItem[] {
  const ledgers = LEDGER_PAGES.filter((ledger) => hasFamily(ledger.family)).map((ledger) =>
    menuPage(ledger.page),
  );
  return STANDARD_MENU.flatMap((item) =>
    item.name === 'project'
      ? [
          menuGroup('projectGroup', '项目管理', 'GJS_PROJECT_SERVICE_LT', 'SolutionOutlined', [
            menuPage('project', { isAgent: true, code: 'GJS_PROJECT_SERVICE_ZR_LT' }),
            menuPage('intentionPro'),
          ]),
          ...(ledgers.length > 0
            ? [menuGroup('ledgerGroup', '台账管理', 'GJS_PROJECT_LEDGER_LT', 'DatabaseOutlined', ledgers)]
            : []),
        ]
      : [item],
  );
}

export const AGENT_MENU: readonly MenuItem[] = agentMenu();

// The home entry is never hidden (SH-4.13): the exchange has a home page of its own (what waits for it, what closes
// this week), though admins and operations admins still open on 项目管理 and 数据字典 (SH-2.5). The agent pages
// have no admin variant and are left out.
export const ADMIN_MENU: readonly MenuItem[] = [
  menuPage('home', { isAdmin: true, icon: 'HomeOutlined' }),
  menuPage('project', { isAdmin: true, icon: 'ProjectOutlined' }),
  menuPage('estimateList', { isAdmin: true, icon: 'AuditOutlined' }),
  menuGroup('businessGroup', '任务管理', 'GJS_TASK_ADMIN', 'ScheduleOutlined', standardTasks(true)),
  menuPage('assets', { isAdmin: true, icon: 'AppstoreOutlined' }),
  menuPage('stockright', { isAdmin: true, icon: 'PieChartOutlined' }),
  menuPage('plan', { isAdmin: true, icon: 'CalendarOutlined' }),
  menuGroup('customerGroup', '客户管理', 'GJS_CUSTOMER_ADMIN', 'TeamOutlined', [
    menuPage('customer', { isAdmin: true }),
    menuPage('personalCustomer', { isAdmin: true }),
  ]),
  menuPage('businessOpportunity', { isAdmin: true, icon: 'BulbOutlined' }),
  menuGroup('fileGroup', '文件管理', 'GJS_FILE_ADMIN', 'FolderOpenOutlined', [
    menuPage('received', { isAdmin: true }),
    menuPage('sending', { isAdmin: true }),
    menuPage('signature', { isAdmin: true }),
  ]),
  menuPage('comprehensiveQuery', { isAdmin: true, icon: 'SearchOutlined' }),
  menuPage('income', { isAdmin: true, icon: 'MoneyCollectOutlined' }),
  menuPage('deposit', { isAdmin: true, icon: 'WalletOutlined' }),
  menuPage('reminder', { isAdmin: true, icon: 'BellOutlined' }),
  menuGroup('orderGroup', '订单管理', 'GJS_ORDER_ADMIN', 'AccountBookOutlined', [
    menuPage('order', { isAdmin: true }),
    menuPage('refundTicket', { isAdmin: true }),
  ]),
  menuPage('companyList', { isAdmin: true, icon: 'ApartmentOutlined' }),
  menuPage('company', { isAdmin: true, icon: 'BankOutlined' }),
  menuGroup('systemGroup', '系统管理', 'GJS_SYSTEM_ADMIN', 'SettingOutlined', [
    menuPage('invoicing', { isAdmin: true }),
    menuPage('bank', { isAdmin: true }),
    menuPage('account', { isAdmin: true }),
    menuPage('logs', { isAdmin: true }),
    menuPage('dictionary', { isAdmin: true }),
    menuPage('textMessage', { isAdmin: true }),
  ]),
];

export function isAdminIdentity(identity: IdentityName | undefined): boolean {
  return identity === 'admin' || identity === 'opsAdmin';
}

/** SH-6.2: admins share one tree, a member gets the agent variant when its company is an agent, the rest the standard one. */
export function menuFor(
  identity: IdentityName | undefined,
  options: { isAgent?: boolean } = {},
): readonly MenuItem[] {
  if (isAdminIdentity(identity)) return ADMIN_MENU;
  if (identity === 'member' && options.isAgent === true) return AGENT_MENU;
  return STANDARD_MENU;
}

const LEDGER_CODES: ReadonlySet<string> = new Set<PermissionCode>([
  'GJS_PROJECT_LEDGER_LT',
  'GJS_PROJECT_SMALL_LEDGER_LT',
]);
const AGENT_CODE_SET: ReadonlySet<string> = new Set(AGENT_CODES);

/**
 * SH-4.14, as we read "the project-level permission at index 4": permissionProject is the list of per-project-type
 * permissions in the server's fixed order, and its entry at zero-based position 4 is the small-lot type the
 * ledgers belong to. The permission is missing when that entry is absent or its projectAssetType is empty
 * (missing or an empty list). Without a permissionProject list at all the ledgers are hidden too.
 */
export function hasLedgerPermission(permissionProject: ProjectPermissions | undefined): boolean {
  // Stored company data may carry null where the type says a list: treat it as empty.
  const assetTypes: readonly string[] | null | undefined = permissionProject?.[4]?.projectAssetType;
  return (assetTypes ?? []).length > 0;
}

function isLedgerCode(code: string | undefined): boolean {
  return code !== undefined && LEDGER_CODES.has(code);
}

function filterItems(
  items: readonly MenuItem[],
  granted: ReadonlySet<string>,
  hasLedger: boolean,
): MenuItem[] {
  return items.flatMap((item): MenuItem[] => {
    if (item.name === 'home') return [item];
    if (!hasLedger && isLedgerCode(item.code)) return [];
    if (item.code !== undefined && !granted.has(item.code)) return [];
    if (item.children === undefined) return [item];
    const children = filterItems(item.children, granted, hasLedger);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/**
 * SH-4.13: keep an entry whose code is granted, recursively; an entry without a code stays when a child does; a
 * group left with no children disappears; home is never hidden. SH-4.14: ledger entries need the index-4 permission.
 */
export function filterMenu(
  tree: readonly MenuItem[],
  codes: readonly string[],
  options: { permissionProject?: ProjectPermissions } = {},
): MenuItem[] {
  return filterItems(tree, new Set(codes), hasLedgerPermission(options.permissionProject));
}

/** The codes that open a route for this identity; agent codes count only for members (SH-6.2). */
function codesFor(route: RouteDef, identity: IdentityName | undefined): PermissionCode[] {
  const codes = routeCodesFor(route, isAdminIdentity(identity));
  return identity === 'member' ? codes : codes.filter((code) => !AGENT_CODE_SET.has(code));
}

function isInRouteSet(route: RouteDef, identity: IdentityName | undefined): boolean {
  if (route.topLevel === true || route.code === undefined || route.name === 'home') return true;
  return codesFor(route, identity).length > 0;
}

/** SH-6.2: the routes an identity's router registers, before its permission codes are applied. */
export function listRoutesFor(identity: IdentityName | undefined): RouteDef[] {
  return ROUTES.filter((route) => isInRouteSet(route, identity));
}

export type PermissionState = {
  codes: readonly string[];
  identity: IdentityName | undefined;
  permissionProject?: ProjectPermissions;
};

function isRouteAllowed(route: RouteDef, state: PermissionState): boolean {
  if (!isInRouteSet(route, state.identity)) return false;
  if (route.topLevel === true || route.code === undefined || route.name === 'home') return true;
  const required = codesFor(route, state.identity);
  if (required.some(isLedgerCode) && !hasLedgerPermission(state.permissionProject)) return false;
  return required.some((code) => state.codes.includes(code));
}

/**
 * The guard's question: may this user open this path? Top-level pages are always allowed here (the onboarding
 * gates govern them); an unknown path is not.
 */
export function isPathAllowed(
  path: string,
  codes: readonly string[],
  identity: IdentityName | undefined,
  options: { permissionProject?: ProjectPermissions } = {},
): boolean {
  const route = findRouteByPath(path);
  if (route === undefined) return false;
  return isRouteAllowed(route, { codes, identity, ...options });
}

/**
 * SH-4.4: after the permissions are fetched again, a page the user may open in neither the current nor the
 * previous state goes to /404. Without a previous state (first load) only the current one counts.
 */
export function isHiddenInBoth(
  path: string,
  current: PermissionState,
  previous: PermissionState | null | undefined,
): boolean {
  const route = findRouteByPath(path);
  const isHidden = (state: PermissionState): boolean => route === undefined || !isRouteAllowed(route, state);
  return isHidden(current) && (previous === null || previous === undefined || isHidden(previous));
}
