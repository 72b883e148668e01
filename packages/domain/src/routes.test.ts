import { describe, expect, it } from 'vitest';
import { ADMIN_CODES } from './permissions.ts';
import {
  DETAIL_ROUTES,
  MENU_ROUTES,
  ROUTES,
  findRouteByName,
  findRouteByPath,
  projectEditPath,
  routeCodesFor,
} from './routes.ts';
import type { RouteDef } from './routes.ts';
import { listWorkflowRoutes } from './workflow/families.ts';

const route = (name: string): RouteDef => {
  const found = findRouteByName(name);
  if (found === undefined) throw new Error(`missing route ${name}`);
  return found;
};

describe('route table', () => {
  it('has unique names and unique paths', () => {
    const names = ROUTES.map((r) => r.name);
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('SH-2.3: registers every top-level route outside /index', () => {
    const paths = [
      '/login',
      '/retrieve',
      '/retrieveUserName',
      '/welcomePage',
      '/landManage',
      '/transferorOpenTip',
      '/transferorOpen',
      '/auth',
      '/signature',
      '/scanCode',
      '/scanCodeWin',
      '/perfectInformation',
      '/404',
    ];
    // beyond the spec: the land parcels' form, show and import pages beside /landManage
    const land = ['/landManage/add', '/landManage/edit', '/landManage/show', '/landManage/import'];
    for (const path of paths) {
      expect({ path, topLevel: findRouteByPath(path)?.topLevel }).toEqual({ path, topLevel: true });
    }
    expect(
      ROUTES.filter((r) => r.topLevel === true)
        .map((r) => r.path)
        .sort(),
    ).toEqual([...paths, ...land, '/faceConfirm', '/verify'].sort());
  });

  it('SH-2.1: every other route sits under /index', () => {
    for (const r of ROUTES.filter((candidate) => candidate.topLevel !== true)) {
      expect(r.path).toBe(`/index/${r.name}`);
    }
  });

  it('keeps the two signature pages apart: top-level e-signature info and the 电签文件 menu page', () => {
    expect(findRouteByPath('/signature')).toMatchObject({ name: 'topSignature', title: '电子签章信息' });
    expect(findRouteByPath('/index/signature')).toMatchObject({
      name: 'signature',
      title: '电签文件',
      hidden: false,
    });
  });

  it('SH-2.6 to SH-2.8: menu pages carry the spec titles and codes and are not hidden', () => {
    const expected: [string, string, string][] = [
      ['home', '首页', 'GJS_INDEX'],
      ['todo', '待办任务', 'GJS_TASK_TODO'],
      ['todoEstimate', '我的待办', 'GJS_TASK_TODO_EVALUATION'],
      ['customer', '企业客户', 'GJS_CUSTOMER_LT'],
      ['personalCustomer', '自然人客户', 'GJS_PERSON_LT'],
      ['order', '服务费订单', 'GJS_ORDER_SERVICE_FEE'],
      ['refundTicket', '退票信息', 'GJS_ORDER_REFUND'],
      ['company', '机构信息', 'GJS_ORG_INFO'],
      ['invoicing', '发票抬头', 'GJS_INVOICE_LT'],
      ['bank', '银行账户', 'GKS_BANK_LT'],
      ['account', '账号管理', 'GKS_OPERATOR_LT'],
      ['logs', '操作日志', 'GJS_WORKLOG_LT'],
      ['intentionPro', '代理意向方', 'GJS_PROJECT_SERVICE_SR_LT'],
      ['ledgerSmall', '小宗实物', 'GJS_PROJECT_SMALL_LEDGER_LT'],
      ['companyList', '机构管理', 'GJS_SYSTEM_ADMIN'],
      ['dictionary', '数据字典', 'GJS_SYSTEM_DICT_ADMIN'],
      ['textMessage', '短信管理', 'GJS_SYSTEM_SMS_ADMIN'],
    ];
    for (const [name, title, code] of expected) {
      expect(route(name)).toMatchObject({ title, code, hidden: false });
    }
    expect(route('project')).toMatchObject({ title: '我的项目', adminTitle: '项目管理' });
    expect(route('project').code).toContain('GJS_PROJECT_LT');
  });

  it('SH-2.15: only the assets page is kept alive', () => {
    expect(ROUTES.filter((r) => r.keepAlive === true).map((r) => r.name)).toEqual(['assets']);
  });

  it('SH-2.14: detail and form routes exist, hidden, with their spec titles', () => {
    const names = [
      ...['Add', 'Edit', 'Show', 'Import'].map((suffix) => `assets${suffix}`),
      ...['Add', 'Edit', 'Show', 'Import'].map((suffix) => `stock${suffix}`),
      ...['Add', 'Show', 'Edit', 'Import'].map((suffix) => `customer${suffix}`),
      ...['Add', 'Show', 'Edit', 'Import'].map((suffix) => `personalCustomer${suffix}`),
      ...['Add', 'Edit', 'Show'].map((suffix) => `businessOpportunity${suffix}`),
      ...['Add', 'Show', 'Edit'].map((suffix) => `plan${suffix}`),
      'addproject',
      'editproject',
      'showproject',
      'smallShowProject',
      'addIntention',
      ...['Add', 'Edit', 'Show'].map((suffix) => `received${suffix}`),
      ...['Add', 'Edit', 'Show'].map((suffix) => `sending${suffix}`),
      ...['Add', 'Show', 'Edit'].map((suffix) => `invoicing${suffix}`),
      ...['Add', 'Show', 'Edit'].map((suffix) => `bank${suffix}`),
      ...['Add', 'Change', 'Show', 'Edit'].map((suffix) => `account${suffix}`),
      ...['Show', 'Apply', 'Modify', 'ApplyShow'].map((suffix) => `refundTicket${suffix}`),
      'capShow',
      'paperlessShow',
      'rightShow',
      'bulkShow',
    ];
    for (const name of names) {
      expect({ name, hidden: findRouteByName(name)?.hidden }).toEqual({ name, hidden: true });
    }
    expect(route('assetsAdd').title).toBe('新增资产');
    expect(route('assetsImport').title).toBe('资产导入预览');
    expect(route('smallShowProject').title).toBe('查看项目');
    expect(route('addIntention').title).toBe('代理意向登记');
    expect(route('refundTicketApply').title).toBe('重新出金申请');
    for (const name of ['capShow', 'paperlessShow', 'rightShow', 'bulkShow']) {
      expect(route(name).title).toBe('代理意向登记');
    }
  });

  it('a detail page opens with the code of its list page', () => {
    expect(route('assetsEdit').code).toBe('GJS_ASSETS_LT');
    expect(route('stockImport').code).toBe('GJS_STOCK_LT');
    expect(route('refundTicketApply').code).toBe('GJS_ORDER_REFUND');
    expect(route('addIntention').code).toBe('GJS_PROJECT_SERVICE_SR_LT');
    expect(route('showproject').code).toEqual(route('project').code);
    expect(DETAIL_ROUTES.every((r) => r.code !== undefined)).toBe(true);
  });

  it('BF-2.x: every workflow screen is a hidden route under /index that the project list code opens', () => {
    const workflow = listWorkflowRoutes();
    expect(workflow.length).toBeGreaterThan(200);
    for (const screen of workflow) {
      const r = findRouteByPath(`/index/${screen.name}`);
      expect({ name: screen.name, found: r?.name, hidden: r?.hidden, title: r?.title }).toEqual({
        name: screen.name,
        found: screen.name,
        hidden: true,
        title: screen.title,
      });
      if (screen.name !== 'ledgerSmallShow') expect([r?.code].flat()).toContain('GJS_PROJECT_LT');
    }
  });

  it('every title is Chinese', () => {
    for (const r of ROUTES) {
      expect({ name: r.name, isChinese: /[\u4e00-\u9fff]/.test(r.title) }).toEqual({
        name: r.name,
        isChinese: true,
      });
    }
  });

  it('projectEditPath addresses the 编辑项目 route with the project id and family', () => {
    const path = projectEditPath({ id: 8, family: 'equity' });
    expect(path).toBe('/index/editproject?id=8&family=equity');
    expect(findRouteByPath(path)?.name).toBe('editproject');
  });

  it('findRouteByPath ignores the query string, a hash prefix and a trailing slash', () => {
    expect(findRouteByPath('/index/bulkAbortAon?id=12&taskId=3')?.name).toBe('bulkAbortAon');
    expect(findRouteByPath('#/index/home')?.name).toBe('home');
    expect(findRouteByPath('/index/home/')?.name).toBe('home');
    expect(findRouteByPath('/index/nothingHere')).toBeUndefined();
    expect(findRouteByPath('/')).toBeUndefined();
  });

  it('routeCodesFor maps standard codes to their _ADMIN variant for admins', () => {
    expect(routeCodesFor(route('assets'), true)).toEqual(['GJS_ASSETS_LT_ADMIN']);
    expect(routeCodesFor(route('assets'), false)).toEqual(['GJS_ASSETS_LT']);
    expect(routeCodesFor(route('bulkAbortAon'), true)).toEqual(['GJS_PROJECT_LT_ADMIN']);
    // the agent code of 代理项目方 has no admin variant
    expect(routeCodesFor(route('project'), true)).toEqual(['GJS_PROJECT_LT_ADMIN']);
    expect(routeCodesFor(route('intentionPro'), true)).toEqual([]);
    expect(routeCodesFor(route('dictionary'), true)).toEqual(['GJS_SYSTEM_DICT_ADMIN']);
    expect(routeCodesFor(route('dictionary'), false)).toEqual([]);
    expect(routeCodesFor(route('login'), false)).toEqual([]);
  });

  it('every admin code a menu page needs exists in the permission list', () => {
    const adminCodes: readonly string[] = ADMIN_CODES;
    for (const r of MENU_ROUTES) {
      for (const code of routeCodesFor(r, true)) expect(adminCodes).toContain(code);
    }
  });
});
