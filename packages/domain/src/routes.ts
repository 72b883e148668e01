// Every named route of the portal in one table (SH-2.1, SH-2.3, SH-2.13, SH-2.14, BF-2.x). The web router, the
// tab strip, the permission guard and the server's route guard all read it.
//
// Names are unique over the whole table. One spec name is used twice: "signature" is both the top-level
// e-signature information page (/signature) and the 电签文件 menu page (/index/signature). The menu page keeps the
// spec's name because menus and tabs refer to it; the top-level page carries the scope prefix: topSignature.
//
// Every page is registered whether or not the menu shows it, so a direct link resolves (SH-2.13); whether the
// user may open it is the guard's question (isPathAllowed in menus.ts).
import { ADMIN_CODES } from './permissions.ts';
import type { AdminCode, PermissionCode } from './permissions.ts';
import { listWorkflowRoutes } from './workflow/families.ts';

export type RouteDef = {
  name: string;
  path: string;
  title: string;
  /** the code(s) that open the page, any one suffices; absent for pages outside the permission system */
  code?: PermissionCode | PermissionCode[];
  /** not an entry of the sider menu */
  hidden: boolean;
  /** outside the /index layout */
  topLevel?: boolean;
  /** state survives tab switches (SH-2.15) */
  keepAlive?: boolean;
  /** the management title admins see (SH-2.8) */
  adminTitle?: string;
  /** the title an agent member's menu gives the page (SH-2.7: 代理项目方) */
  agentTitle?: string;
};

const top = (name: string, title: string, path = `/${name}`): RouteDef => ({
  name,
  path,
  title,
  hidden: true,
  topLevel: true,
});

export const TOP_LEVEL_ROUTES: readonly RouteDef[] = [
  top('login', '登录'),
  top('retrieve', '忘记密码'),
  top('retrieveUserName', '找回用户名'),
  top('welcomePage', '欢迎使用'),
  top('landManage', '土地资产管理'),
  // Beyond the spec's list: the land parcels' form, show and import pages, beside the list (registries/land.ts)
  top('landAdd', '新增地块', '/landManage/add'),
  top('landEdit', '编辑地块', '/landManage/edit'),
  top('landShow', '查看地块', '/landManage/show'),
  top('landImport', '地块导入预览', '/landManage/import'),
  top('transferorOpenTip', '项目方开户提示'),
  top('transferorOpen', '项目方开户'),
  top('auth', '开户信息'),
  top('topSignature', '电子签章信息', '/signature'),
  top('scanCode', '人脸认证'),
  top('scanCodeWin', '人脸认证结果'),
  top('perfectInformation', '完善登录信息'),
  top('notFound', '页面不存在', '/404'),
  // Beyond the spec's list: the page the face-authentication QR code opens (on a phone or in the same browser).
  top('faceConfirm', '人脸核验确认'),
  // Beyond the spec's list: anyone checks a signed PDF of the portal, by the file or by its verification code.
  top('verify', '电签文件验证'),
];

/** Top-level pages a visitor may open before signing in (they also serve a signed-in user). */
export const PUBLIC_ROUTE_NAMES: ReadonlySet<string> = new Set([
  'retrieve',
  'retrieveUserName',
  'transferorOpenTip',
  'transferorOpen',
  'faceConfirm',
  'verify',
]);

const page = (
  name: string,
  title: string,
  code: PermissionCode | PermissionCode[],
  extra: Partial<Pick<RouteDef, 'adminTitle' | 'agentTitle' | 'keepAlive'>> = {},
): RouteDef => ({ name, path: `/index/${name}`, title, code, hidden: false, ...extra });

// The agent's 代理项目方 entry opens the same project list as 我的项目.
const PROJECT_CODES: PermissionCode[] = ['GJS_PROJECT_LT', 'GJS_PROJECT_SERVICE_ZR_LT'];

export const MENU_ROUTES: readonly RouteDef[] = [
  page('home', '首页', 'GJS_INDEX'),
  page('project', '我的项目', PROJECT_CODES, { adminTitle: '项目管理', agentTitle: '代理项目方' }),
  page('estimateList', '评估项目', 'GJS_PROJECT_EVALUATION_LT', { adminTitle: '评估项目管理' }),
  page('todo', '待办任务', 'GJS_TASK_TODO'),
  page('done', '已办任务', 'GJS_TASK_DONE'),
  page('launch', '我发起的', 'GJS_TASK_DRAT'),
  page('todoEstimate', '我的待办', 'GJS_TASK_TODO_EVALUATION', { adminTitle: '评估待办' }),
  page('doneEstimate', '我的已办', 'GJS_TASK_DONE_EVALUATION', { adminTitle: '评估已办' }),
  page('assets', '我的资产', 'GJS_ASSETS_LT', { adminTitle: '资产管理', keepAlive: true }),
  page('stockright', '我的股权', 'GJS_STOCK_LT', { adminTitle: '股权管理' }),
  page('plan', '我的计划', 'GJS_PLAN_LT', { adminTitle: '计划管理' }),
  page('customer', '企业客户', 'GJS_CUSTOMER_LT', { adminTitle: '企业客户管理' }),
  page('personalCustomer', '自然人客户', 'GJS_PERSON_LT', { adminTitle: '自然人客户管理' }),
  page('businessOpportunity', '我的商机', 'GJS_BUSINESS_LT', { adminTitle: '商机管理' }),
  page('received', '收文管理', 'GJS_FILE_RECEIVE_LT'),
  page('sending', '发文管理', 'GJS_FILE_SEND_LT'),
  page('signature', '电签文件', 'GJS_FILE_SIGN'),
  page('comprehensiveQuery', '综合查询', 'GJS_STATISTICS'),
  page('income', '收入统计', 'GJS_INCOME_LT'),
  // Beyond the spec's list: the exchange's deposit ledger (arrivals, refunds, forfeitures)
  page('deposit', '保证金台账', 'GJS_PROJECT_LT_ADMIN'),
  page('reminder', '消息提醒', 'GJS_MESSAGE'),
  page('order', '服务费订单', 'GJS_ORDER_SERVICE_FEE'),
  page('refundTicket', '退票信息', 'GJS_ORDER_REFUND'),
  page('company', '机构信息', 'GJS_ORG_INFO'),
  page('invoicing', '发票抬头', 'GJS_INVOICE_LT'),
  page('bank', '银行账户', 'GKS_BANK_LT'),
  page('account', '账号管理', 'GKS_OPERATOR_LT'),
  page('logs', '操作日志', 'GJS_WORKLOG_LT'),
  page('intentionPro', '代理意向方', 'GJS_PROJECT_SERVICE_SR_LT'),
  page('ledgerSmall', '小宗实物', 'GJS_PROJECT_SMALL_LEDGER_LT'),
  page('companyList', '机构管理', 'GJS_SYSTEM_ADMIN'),
  page('dictionary', '数据字典', 'GJS_SYSTEM_DICT_ADMIN'),
  page('textMessage', '短信管理', 'GJS_SYSTEM_SMS_ADMIN'),
];

/** A detail or form page opens with the code of the list page it belongs to. */
const detailOf = (list: string, name: string, title: string): RouteDef => {
  const parent = MENU_ROUTES.find((route) => route.name === list);
  if (parent?.code === undefined) throw new Error(`unknown list page ${list}`);
  return { name, path: `/index/${name}`, title, code: parent.code, hidden: true };
};

export const DETAIL_ROUTES: readonly RouteDef[] = [
  detailOf('assets', 'assetsAdd', '新增资产'),
  detailOf('assets', 'assetsEdit', '编辑资产'),
  detailOf('assets', 'assetsShow', '查看资产'),
  detailOf('assets', 'assetsImport', '资产导入预览'),
  detailOf('stockright', 'stockAdd', '新增股权'),
  detailOf('stockright', 'stockEdit', '编辑股权'),
  detailOf('stockright', 'stockShow', '查看股权'),
  detailOf('stockright', 'stockImport', '股权导入预览'),
  detailOf('customer', 'customerAdd', '新增企业客户'),
  detailOf('customer', 'customerShow', '查看企业客户'),
  detailOf('customer', 'customerEdit', '编辑企业客户'),
  detailOf('customer', 'customerImport', '企业客户导入预览'),
  detailOf('personalCustomer', 'personalCustomerAdd', '新增自然人客户'),
  detailOf('personalCustomer', 'personalCustomerShow', '查看自然人客户'),
  detailOf('personalCustomer', 'personalCustomerEdit', '编辑自然人客户'),
  detailOf('personalCustomer', 'personalCustomerImport', '自然人客户导入预览'),
  detailOf('businessOpportunity', 'businessOpportunityAdd', '新增商机'),
  detailOf('businessOpportunity', 'businessOpportunityEdit', '编辑商机'),
  detailOf('businessOpportunity', 'businessOpportunityShow', '查看商机'),
  detailOf('plan', 'planAdd', '新增计划'),
  detailOf('plan', 'planShow', '查看计划'),
  detailOf('plan', 'planEdit', '编辑计划'),
  detailOf('project', 'addproject', '新增项目'),
  detailOf('project', 'editproject', '编辑项目'),
  // 项目详情 rather than 查看项目: tabs are deduplicated by title, and smallShowProject already uses 查看项目.
  detailOf('project', 'showproject', '项目详情'),
  detailOf('intentionPro', 'addIntention', '代理意向登记'),
  detailOf('received', 'receivedAdd', '新增收文'),
  detailOf('received', 'receivedEdit', '编辑收文'),
  detailOf('received', 'receivedShow', '查看收文'),
  detailOf('sending', 'sendingAdd', '新增发文'),
  detailOf('sending', 'sendingEdit', '编辑发文'),
  detailOf('sending', 'sendingShow', '查看发文'),
  detailOf('invoicing', 'invoicingAdd', '新增发票抬头'),
  detailOf('invoicing', 'invoicingShow', '查看发票抬头'),
  detailOf('invoicing', 'invoicingEdit', '编辑发票抬头'),
  detailOf('bank', 'bankAdd', '新增银行账户'),
  detailOf('bank', 'bankShow', '查看银行账户'),
  detailOf('bank', 'bankEdit', '编辑银行账户'),
  detailOf('account', 'accountAdd', '新增账号'),
  detailOf('account', 'accountChange', '变更账号'),
  detailOf('account', 'accountShow', '查看账号'),
  detailOf('account', 'accountEdit', '编辑账号'),
  detailOf('refundTicket', 'refundTicketShow', '查看退票信息'),
  detailOf('refundTicket', 'refundTicketApply', '重新出金申请'),
  detailOf('refundTicket', 'refundTicketModify', '重新出金修改'),
  detailOf('refundTicket', 'refundTicketApplyShow', '查看重新出金申请'),
  // The spec titles all four agent intention views 代理意向登记.
  detailOf('intentionPro', 'capShow', '代理意向登记'),
  detailOf('intentionPro', 'paperlessShow', '代理意向登记'),
  detailOf('intentionPro', 'rightShow', '代理意向登记'),
  detailOf('intentionPro', 'bulkShow', '代理意向登记'),
  detailOf('project', 'biddingHall', '竞价大厅'),
  detailOf('ledgerSmall', 'ledgerSmallAdd', '新增台账标的'),
  detailOf('ledgerSmall', 'ledgerSmallEdit', '编辑台账标的'),
  detailOf('ledgerSmall', 'ledgerSmallImport', '台账导入预览'),
];

// Workflow screens open with the project list code, except: the screens an assessment institution fills in (it
// holds the evaluation list code, not the project list code), and the ledger detail, whose list is ledgerSmall.
const WORKFLOW_CODE_EXCEPTIONS: Readonly<Record<string, PermissionCode | PermissionCode[]>> = {
  disposalAssessmentOpinion: ['GJS_PROJECT_LT', 'GJS_PROJECT_EVALUATION_LT'],
  disposalExpertOpinion: ['GJS_PROJECT_LT', 'GJS_PROJECT_EVALUATION_LT'],
  // the firm reads the disposal it values as the others do
  vehicleShowProject: ['GJS_PROJECT_LT', 'GJS_PROJECT_EVALUATION_LT'],
  smallEstimate: ['GJS_PROJECT_LT', 'GJS_PROJECT_EVALUATION_LT'],
  smallEvaluation: ['GJS_PROJECT_LT', 'GJS_PROJECT_EVALUATION_LT'],
  ledgerSmallShow: 'GJS_PROJECT_SMALL_LEDGER_LT',
};

export const WORKFLOW_ROUTES: readonly RouteDef[] = listWorkflowRoutes().map((route) => ({
  name: route.name,
  path: `/index/${route.name}`,
  title: route.title,
  code: WORKFLOW_CODE_EXCEPTIONS[route.name] ?? 'GJS_PROJECT_LT',
  hidden: true,
}));

/**
 * Pages beyond the spec's list that every signed-in user has: the personal centre (profile, password, phone,
 * avatar, secondary role) and 我的关注, opened from the header.
 */
export const OWN_ROUTES: readonly RouteDef[] = [
  { name: 'userCenter', path: '/index/userCenter', title: '个人中心', hidden: true },
  // the public disclosure site's listings the user watches and its saved searches (listings module)
  { name: 'watchList', path: '/index/watchList', title: '我的关注', hidden: true },
];

export const ROUTES: readonly RouteDef[] = [
  ...TOP_LEVEL_ROUTES,
  ...MENU_ROUTES,
  ...DETAIL_ROUTES,
  ...WORKFLOW_ROUTES,
  ...OWN_ROUTES,
];

const byName = new Map(ROUTES.map((route) => [route.name, route]));
const byPath = new Map(ROUTES.map((route) => [route.path, route]));

export function findRouteByName(name: string): RouteDef | undefined {
  return byName.get(name);
}

/**
 * The address of a saved project's form (编辑项目, /index/editproject?id=&family=): the list's 编辑 opens it, and
 * 新增项目 moves to it once its first 保存 has created the draft, so a reload shows the saved project.
 */
export function projectEditPath(project: { id: number; family: string }): string {
  const search = new URLSearchParams({ id: String(project.id), family: project.family }).toString();
  return `${route('editproject').path}?${search}`;
}

function route(name: string): RouteDef {
  const found = byName.get(name);
  if (found === undefined) throw new Error(`unknown route ${name}`);
  return found;
}

/** Accepts a hash-router location: the query string, fragment and a trailing slash are ignored. */
export function findRouteByPath(path: string): RouteDef | undefined {
  const bare = path.replace(/^#/, '').split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return byPath.get(trimmed);
}

const adminCodeSet: ReadonlySet<string> = new Set(ADMIN_CODES);

function isAdminCode(code: string): code is AdminCode {
  return adminCodeSet.has(code);
}

function toArray(code: PermissionCode | PermissionCode[] | undefined): PermissionCode[] {
  if (code === undefined) return [];
  return Array.isArray(code) ? code : [code];
}

/**
 * The codes that open a route for one side of the platform. Admin identities hold the _ADMIN variant of a
 * standard code; codes with no admin variant (the agent codes) open nothing for them. Non-admins never hold an
 * admin-only code. An empty answer means no code of that side opens the route.
 */
export function routeCodesFor(route: RouteDef, isAdmin: boolean): PermissionCode[] {
  const codes = toArray(route.code);
  if (!isAdmin) return codes.filter((code) => !isAdminCode(code));
  return codes.flatMap((code): PermissionCode[] => {
    if (isAdminCode(code)) return [code];
    const variant = `${code}_ADMIN`;
    return isAdminCode(variant) ? [variant] : [];
  });
}
