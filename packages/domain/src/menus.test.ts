import { describe, expect, it } from 'vitest';
import type { ProjectPermission } from './api.ts';
import {
  ADMIN_MENU,
  AGENT_MENU,
  agentMenu,
  STANDARD_MENU,
  filterMenu,
  hasLedgerPermission,
  isHiddenInBoth,
  isPathAllowed,
  listRoutesFor,
  menuFor,
} from './menus.ts';
import type { MenuItem } from './menus.ts';
import { ADMIN_CODES, AGENT_CODES, DEFAULT_ROLE_CODES, STANDARD_CODES } from './permissions.ts';

const ALL_STANDARD: readonly string[] = STANDARD_CODES;
const ALL_AGENT: readonly string[] = [...STANDARD_CODES, ...AGENT_CODES];
const ALL_ADMIN: readonly string[] = ADMIN_CODES;

/** A permissionProject list with `count` entries, the one at index 4 carrying the given asset types. */
const projectPermissions = (count: number, fifth: string[] = ['1']): ProjectPermission[] =>
  Array.from({ length: count }, (_, index) => ({
    businessType: String(index + 1),
    projectAssetType: index === 4 ? fifth : ['1'],
  }));

/** The tree as nested names, for compact comparisons. */
const shape = (items: readonly MenuItem[]): unknown[] =>
  items.map((item) => (item.children ? { [item.name]: shape(item.children) } : item.name));

const flatten = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => [item, ...flatten(item.children ?? [])]);

describe('menu trees', () => {
  it('SH-2.6: the standard tree has the spec groups in order', () => {
    expect(shape(STANDARD_MENU)).toEqual([
      'home',
      'project',
      'estimateList',
      { businessGroup: ['todo', 'done', 'launch', 'todoEstimate', 'doneEstimate'] },
      'assets',
      'stockright',
      'plan',
      { customerGroup: ['customer', 'personalCustomer'] },
      'businessOpportunity',
      { fileGroup: ['received', 'sending', 'signature'] },
      'comprehensiveQuery',
      'income',
      'reminder',
      { orderGroup: ['order', 'refundTicket'] },
      { systemGroup: ['company', 'invoicing', 'bank', 'account', 'logs'] },
    ]);
  });

  it('SH-2.6: standard entries carry the codes and titles of the spec', () => {
    const byName = new Map(flatten(STANDARD_MENU).map((item) => [item.name, item]));
    const expected: [string, string, string][] = [
      ['home', '首页', 'GJS_INDEX'],
      ['project', '我的项目', 'GJS_PROJECT_LT'],
      ['estimateList', '评估项目', 'GJS_PROJECT_EVALUATION_LT'],
      ['businessGroup', '业务中心', 'GJS_TASK'],
      ['todo', '待办任务', 'GJS_TASK_TODO'],
      ['done', '已办任务', 'GJS_TASK_DONE'],
      ['launch', '我发起的', 'GJS_TASK_DRAT'],
      ['todoEstimate', '我的待办', 'GJS_TASK_TODO_EVALUATION'],
      ['doneEstimate', '我的已办', 'GJS_TASK_DONE_EVALUATION'],
      ['customerGroup', '客户管理', 'GJS_CUSTOMER'],
      ['customer', '企业客户', 'GJS_CUSTOMER_LT'],
      ['personalCustomer', '自然人客户', 'GJS_PERSON_LT'],
      ['fileGroup', '文件管理', 'GJS_FILE'],
      ['signature', '电签文件', 'GJS_FILE_SIGN'],
      ['orderGroup', '订单管理', 'GJS_ORDER'],
      ['order', '服务费订单', 'GJS_ORDER_SERVICE_FEE'],
      ['refundTicket', '退票信息', 'GJS_ORDER_REFUND'],
      ['systemGroup', '系统管理', 'GJS_SYSTEM_MANAGE'],
      ['company', '机构信息', 'GJS_ORG_INFO'],
      ['invoicing', '发票抬头', 'GJS_INVOICE_LT'],
      ['bank', '银行账户', 'GKS_BANK_LT'],
      ['account', '账号管理', 'GKS_OPERATOR_LT'],
      ['logs', '操作日志', 'GJS_WORKLOG_LT'],
    ];
    for (const [name, title, code] of expected) {
      expect({ name, title: byName.get(name)?.title, code: byName.get(name)?.code }).toEqual({
        name,
        title,
        code,
      });
    }
    expect(byName.get('signature')?.path).toBe('/index/signature');
    expect(byName.get('businessGroup')?.path).toBeUndefined();
  });

  it('SH-2.7: the agent tree splits the project entry and adds the ledger group', () => {
    const full = agentMenu(() => true);
    const names = shape(full);
    expect(names.slice(0, 3)).toEqual([
      'home',
      { projectGroup: ['project', 'intentionPro'] },
      { ledgerGroup: ['ledgerSmall'] },
    ]);
    expect(names.slice(3)).toEqual(shape(STANDARD_MENU).slice(2));
    const byName = new Map(flatten(full).map((item) => [item.name, item]));
    expect(byName.get('projectGroup')).toMatchObject({ title: '项目管理', code: 'GJS_PROJECT_SERVICE_LT' });
    expect(byName.get('project')).toMatchObject({ title: '代理项目方', code: 'GJS_PROJECT_SERVICE_ZR_LT' });
    expect(byName.get('intentionPro')).toMatchObject({
      title: '代理意向方',
      code: 'GJS_PROJECT_SERVICE_SR_LT',
    });
    expect(byName.get('ledgerGroup')).toMatchObject({ code: 'GJS_PROJECT_LEDGER_LT' });
    expect(byName.get('ledgerSmall')).toMatchObject({
      title: '小宗实物',
      code: 'GJS_PROJECT_SMALL_LEDGER_LT',
    });
  });

  it('SH-2.8: the admin tree uses management titles and admin codes only', () => {
    const items = flatten(ADMIN_MENU);
    const adminCodes: readonly string[] = ADMIN_CODES;
    for (const item of items) expect(adminCodes).toContain(item.code);
    const titles = ADMIN_MENU.map((item) => item.title);
    for (const title of [
      '项目管理',
      '任务管理',
      '资产管理',
      '股权管理',
      '计划管理',
      '客户管理',
      '商机管理',
      '文件管理',
      '订单管理',
    ]) {
      expect(titles).toContain(title);
    }
    const byName = new Map(items.map((item) => [item.name, item]));
    expect(byName.get('companyList')).toMatchObject({ title: '机构管理', code: 'GJS_SYSTEM_ADMIN' });
    expect(byName.get('company')).toMatchObject({ title: '机构信息', code: 'GJS_ORG_INFO_ADMIN' });
    expect(byName.get('systemGroup')?.code).toBe('GJS_SYSTEM_ADMIN');
    expect(byName.get('systemGroup')?.children?.map((child) => child.name)).toEqual(
      expect.arrayContaining(['dictionary', 'textMessage']),
    );
    expect(byName.get('dictionary')).toMatchObject({ title: '数据字典', code: 'GJS_SYSTEM_DICT_ADMIN' });
    expect(byName.get('textMessage')).toMatchObject({ title: '短信管理', code: 'GJS_SYSTEM_SMS_ADMIN' });
    // SH-4.13: the home entry is never hidden, the exchange's included (it had none before)
    expect(ADMIN_MENU[0]).toMatchObject({ name: 'home', title: '首页', code: 'GJS_INDEX_ADMIN' });
    expect(byName.has('intentionPro')).toBe(false);
  });

  it('gives every top-level entry an icon name', () => {
    for (const tree of [STANDARD_MENU, AGENT_MENU, ADMIN_MENU]) {
      for (const item of tree) expect(item.icon).toMatch(/^[A-Z][A-Za-z]+Outlined$/);
    }
  });

  it('SH-6.2: picks one tree for admins, the agent tree for agent members, the standard tree for the rest', () => {
    expect(menuFor('admin')).toBe(ADMIN_MENU);
    expect(menuFor('opsAdmin', { isAgent: true })).toBe(ADMIN_MENU);
    expect(menuFor('member', { isAgent: true })).toBe(AGENT_MENU);
    expect(menuFor('member')).toBe(STANDARD_MENU);
    expect(menuFor('transferor', { isAgent: true })).toBe(STANDARD_MENU);
    for (const identity of ['assessment', 'disassembly', 'land', undefined] as const) {
      expect(menuFor(identity)).toBe(STANDARD_MENU);
    }
  });
});

describe('filterMenu', () => {
  it('SH-4.13: keeps granted entries recursively and drops the others', () => {
    const result = filterMenu(STANDARD_MENU, ['GJS_TASK', 'GJS_TASK_TODO', 'GJS_ASSETS_LT', 'GJS_FILE_SIGN']);
    expect(shape(result)).toEqual(['home', { businessGroup: ['todo'] }, 'assets']);
  });

  it('SH-4.13: a group whose own code is missing disappears with its granted children', () => {
    expect(shape(filterMenu(STANDARD_MENU, ['GJS_CUSTOMER_LT', 'GJS_PERSON_LT']))).toEqual(['home']);
  });

  it('a group left without children disappears', () => {
    expect(shape(filterMenu(STANDARD_MENU, ['GJS_ORDER', 'GJS_SYSTEM_MANAGE', 'GJS_ORG_INFO']))).toEqual([
      'home',
      { systemGroup: ['company'] },
    ]);
  });

  it('an entry without a code stays when one of its children does, and goes when none does', () => {
    const tree: MenuItem[] = [
      {
        name: 'free',
        title: '分组',
        children: [{ name: 'assets', title: '我的资产', code: 'GJS_ASSETS_LT' }],
      },
    ];
    expect(shape(filterMenu(tree, ['GJS_ASSETS_LT']))).toEqual([{ free: ['assets'] }]);
    expect(filterMenu(tree, [])).toEqual([]);
  });

  it('SH-4.13: home is never hidden', () => {
    expect(shape(filterMenu(STANDARD_MENU, []))).toEqual(['home']);
    expect(shape(filterMenu(AGENT_MENU, []))).toEqual(['home']);
  });

  it('does not change the tree it is given', () => {
    const before = JSON.stringify(STANDARD_MENU);
    filterMenu(STANDARD_MENU, ['GJS_TASK', 'GJS_TASK_TODO']);
    expect(JSON.stringify(STANDARD_MENU)).toBe(before);
  });

  it('builds the assessment menu from its default role', () => {
    expect(shape(filterMenu(STANDARD_MENU, DEFAULT_ROLE_CODES.assessment))).toEqual([
      'home',
      'estimateList',
      { businessGroup: ['todoEstimate', 'doneEstimate'] },
      { fileGroup: ['signature'] },
      { systemGroup: ['company', 'account', 'logs'] },
    ]);
  });

  it('builds the operations admin menu from its default role', () => {
    expect(shape(filterMenu(ADMIN_MENU, DEFAULT_ROLE_CODES.opsAdmin))).toEqual([
      'home',
      'companyList',
      { systemGroup: ['logs', 'dictionary', 'textMessage'] },
    ]);
  });

  it('shows a ledger once its family can be created: the small-lot kind opens the ledger group', () => {
    expect(shape(AGENT_MENU).slice(0, 3)).toEqual([
      'home',
      { projectGroup: ['project', 'intentionPro'] },
      { ledgerGroup: ['ledgerSmall'] },
    ]);
    expect(flatten(agentMenu(() => false)).map((item) => item.name)).not.toContain('ledgerSmall');
  });

  describe('SH-4.14: ledger entries need the project permission at index 4', () => {
    const FULL_AGENT_MENU = agentMenu(() => true);
    const ledgerOf = (permissionProject?: ProjectPermission[]) =>
      flatten(filterMenu(FULL_AGENT_MENU, ALL_AGENT, permissionProject ? { permissionProject } : {}))
        .map((item) => item.name)
        .filter((name) => name.startsWith('ledger'));

    it('keeps them when index 4 has asset types', () => {
      expect(ledgerOf(projectPermissions(6))).toEqual(['ledgerGroup', 'ledgerSmall']);
    });

    it('removes them when index 4 is absent', () => {
      expect(ledgerOf(projectPermissions(4))).toEqual([]);
      expect(ledgerOf([])).toEqual([]);
      expect(ledgerOf()).toEqual([]);
    });

    it('removes them when index 4 has no asset type', () => {
      expect(ledgerOf(projectPermissions(6, []))).toEqual([]);
    });

    it('leaves the rest of the tree alone', () => {
      const withLedger = flatten(
        filterMenu(FULL_AGENT_MENU, ALL_AGENT, { permissionProject: projectPermissions(5) }),
      );
      const without = flatten(filterMenu(FULL_AGENT_MENU, ALL_AGENT));
      expect(withLedger.length - without.length).toBe(2);
    });

    it('reads null asset types from stored data as empty', () => {
      const stored = [
        ...projectPermissions(4),
        { businessType: '5', projectAssetType: null },
      ] as unknown as ProjectPermission[];
      expect(hasLedgerPermission(stored)).toBe(false);
    });
  });
});

describe('route sets and the guard', () => {
  const names = (identity: Parameters<typeof listRoutesFor>[0]) =>
    listRoutesFor(identity).map((route) => route.name);

  it('SH-6.2: admins share one route set', () => {
    expect(names('opsAdmin')).toEqual(names('admin'));
    expect(names('admin')).toEqual(
      expect.arrayContaining(['dictionary', 'textMessage', 'companyList', 'project']),
    );
    // the exchange has a home page of its own (it had none before)
    expect(names('admin')).toContain('home');
    expect(names('admin')).not.toContain('intentionPro');
  });

  it('SH-6.2: members get the agent pages, the rest do not, and neither gets the admin pages', () => {
    expect(names('member')).toEqual(
      expect.arrayContaining(['home', 'intentionPro', 'ledgerSmall', 'addIntention']),
    );
    for (const identity of ['transferor', 'assessment', 'disassembly', 'land'] as const) {
      expect(names(identity)).toEqual(names('transferor'));
    }
    expect(names('transferor')).not.toContain('intentionPro');
    expect(names('transferor')).toContain('home');
    for (const identity of ['member', 'transferor'] as const) {
      expect(names(identity)).not.toContain('dictionary');
      expect(names(identity)).not.toContain('companyList');
    }
    expect(names('member').length).toBeGreaterThan(names('transferor').length);
  });

  it('allows a page whose code the user holds', () => {
    expect(isPathAllowed('/index/assets', ['GJS_ASSETS_LT'], 'transferor')).toBe(true);
    expect(isPathAllowed('/index/assetsEdit?id=4', ['GJS_ASSETS_LT'], 'transferor')).toBe(true);
    expect(isPathAllowed('/index/assets', ['GJS_PLAN_LT'], 'transferor')).toBe(false);
    expect(isPathAllowed('/index/bulkAbortAon?id=1', ['GJS_PROJECT_LT'], 'member')).toBe(true);
    expect(isPathAllowed('/index/bulkAbortAon?id=1', [], 'member')).toBe(false);
  });

  it('always allows home, the exchange’s too, and top-level pages', () => {
    expect(isPathAllowed('/index/home', [], 'transferor')).toBe(true);
    // the exchange's home page (refused before, when admins had none)
    expect(isPathAllowed('/index/home', ALL_ADMIN, 'admin')).toBe(true);
    expect(isPathAllowed('/index/home', DEFAULT_ROLE_CODES.opsAdmin, 'opsAdmin')).toBe(true);
    expect(isPathAllowed('/signature', [], 'transferor')).toBe(true);
    expect(isPathAllowed('/login', [], undefined)).toBe(true);
  });

  it('rejects unknown paths', () => {
    expect(isPathAllowed('/index/unknownPage', ALL_STANDARD, 'transferor')).toBe(false);
  });

  it('admins open pages with _ADMIN codes only', () => {
    expect(isPathAllowed('/index/project', ALL_ADMIN, 'admin')).toBe(true);
    expect(isPathAllowed('/index/project', ALL_STANDARD, 'admin')).toBe(false);
    expect(isPathAllowed('/index/dictionary', DEFAULT_ROLE_CODES.opsAdmin, 'opsAdmin')).toBe(true);
    expect(isPathAllowed('/index/dictionary', ALL_ADMIN, 'member')).toBe(false);
  });

  it('agent pages open only for members holding the agent codes', () => {
    expect(isPathAllowed('/index/intentionPro', ALL_AGENT, 'member')).toBe(true);
    expect(isPathAllowed('/index/intentionPro', ALL_STANDARD, 'member')).toBe(false);
    expect(isPathAllowed('/index/intentionPro', ALL_AGENT, 'transferor')).toBe(false);
    expect(isPathAllowed('/index/project', ['GJS_PROJECT_SERVICE_ZR_LT'], 'member')).toBe(true);
    expect(isPathAllowed('/index/project', ['GJS_PROJECT_SERVICE_ZR_LT'], 'transferor')).toBe(false);
  });

  it('ledger pages need the index-4 project permission as in the menu', () => {
    expect(isPathAllowed('/index/ledgerSmall', ALL_AGENT, 'member')).toBe(false);
    expect(
      isPathAllowed('/index/ledgerSmall', ALL_AGENT, 'member', { permissionProject: projectPermissions(5) }),
    ).toBe(true);
    expect(
      isPathAllowed('/index/ledgerSmallShow', ALL_AGENT, 'member', {
        permissionProject: projectPermissions(5),
      }),
    ).toBe(true);
    expect(
      isPathAllowed('/index/ledgerSmallShow', ALL_AGENT, 'member', {
        permissionProject: projectPermissions(3),
      }),
    ).toBe(false);
  });

  describe('SH-4.4: hidden in both states', () => {
    const withAssets = { codes: ['GJS_ASSETS_LT'], identity: 'transferor' as const };
    const withoutAssets = { codes: ['GJS_PLAN_LT'], identity: 'transferor' as const };

    it('is true when neither state allows the page', () => {
      expect(isHiddenInBoth('/index/assets', withoutAssets, withoutAssets)).toBe(true);
    });

    it('is false when either state allows it', () => {
      expect(isHiddenInBoth('/index/assets', withoutAssets, withAssets)).toBe(false);
      expect(isHiddenInBoth('/index/assets', withAssets, withoutAssets)).toBe(false);
    });

    it('uses the current state alone on the first load', () => {
      expect(isHiddenInBoth('/index/assets', withoutAssets, null)).toBe(true);
      expect(isHiddenInBoth('/index/assets', withAssets, undefined)).toBe(false);
    });

    it('treats an unknown path as hidden', () => {
      expect(isHiddenInBoth('/index/nowhere', withAssets, withAssets)).toBe(true);
    });
  });
});
