import { describe, expect, it } from 'vitest';
import { formatMessage } from './format.ts';
import { IDENTITY } from './identity.ts';
import { MSG } from './messages.ts';
import {
  checkNewOperator,
  checkOperatorCodes,
  describeOperatorCodes,
  listLeafCodes,
  normalizeOperatorCodes,
  operatorAddedSmsText,
  operatorPermissionTree,
  validateOperatorName,
  type PermissionNode,
} from './operators.ts';
import { DEFAULT_ROLE_CODES } from './permissions.ts';

const transferor = operatorPermissionTree({
  identityType: IDENTITY.transferor,
  isAgent: false,
  codes: DEFAULT_ROLE_CODES.transferor,
});

function titles(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((node) => [node.title, ...titles(node.children ?? [])]);
}

describe('the permission tree of a company', () => {
  it('is the menu of its kind cut to its codes, with menu names and 首页 fixed', () => {
    expect(transferor[0]).toEqual({ key: 'GJS_INDEX', code: 'GJS_INDEX', title: '首页', isFixed: true });
    const all = titles(transferor);
    expect(all).toContain('我的项目');
    expect(all).toContain('账号管理');
    // the assessment institutions' pages are not the transferor's
    expect(all).not.toContain('评估项目');
    const tasks = transferor.find((node) => node.code === 'GJS_TASK');
    expect(tasks?.children?.map((node) => node.title)).toEqual(['待办任务', '已办任务', '我发起的']);
  });

  it('holds every company code once, the agent member’s project groups included', () => {
    const agent = operatorPermissionTree({
      identityType: IDENTITY.member,
      isAgent: true,
      codes: DEFAULT_ROLE_CODES.agent,
    });
    expect(titles(agent)).toContain('代理项目方');
    expect(titles(agent)).toContain('小宗实物');
    // 我的项目 has no entry in the agent menu: it follows under 其他权限
    expect(agent.at(-1)).toMatchObject({ title: '其他权限', code: null });
    const codes = listLeafCodes(agent, DEFAULT_ROLE_CODES.agent);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('the codes an operator is given', () => {
  const companyCodes = DEFAULT_ROLE_CODES.transferor;

  it('adds a group’s code with its entries and 首页 always, in the tree’s order', () => {
    expect(normalizeOperatorCodes(transferor, ['GJS_TASK_DONE', 'GJS_PROJECT_LT'])).toEqual([
      'GJS_INDEX',
      'GJS_PROJECT_LT',
      'GJS_TASK',
      'GJS_TASK_DONE',
    ]);
    // a group alone grants nothing
    expect(normalizeOperatorCodes(transferor, ['GJS_TASK'])).toEqual(['GJS_INDEX']);
  });

  it('refuses a code the company lacks, by its name', () => {
    expect(
      checkOperatorCodes({ tree: transferor, companyCodes, chosen: ['GJS_PROJECT_EVALUATION_LT'] }),
    ).toEqual({ message: formatMessage(MSG.operatorCodeNotHeld, { title: '评估项目' }) });
    expect(
      checkOperatorCodes({ tree: transferor, companyCodes, chosen: ['GJS_INDEX_ADMIN'] }).message,
    ).toContain('本单位没有');
  });

  it('refuses an empty choice and one beyond what the granting operator holds', () => {
    expect(checkOperatorCodes({ tree: transferor, companyCodes, chosen: [] })).toEqual({
      message: MSG.operatorCodesRequired,
    });
    expect(
      checkOperatorCodes({
        tree: transferor,
        companyCodes,
        chosen: ['GJS_PROJECT_LT', 'GJS_ASSETS_LT'],
        grantable: ['GJS_PROJECT_LT'],
      }),
    ).toEqual({ message: formatMessage(MSG.operatorCodeNotOwn, { title: '我的资产' }) });
  });

  it('passes the company’s full set unchanged (the main operator’s)', () => {
    const checked = checkOperatorCodes({ tree: transferor, companyCodes, chosen: [...companyCodes] });
    expect(checked.message).toBeNull();
    if (checked.message === null) expect(new Set(checked.codes)).toEqual(new Set(companyCodes));
  });

  it('names the entries held, not the groups nor 首页', () => {
    expect(describeOperatorCodes(transferor, ['GJS_INDEX', 'GJS_TASK', 'GJS_TASK_TODO'])).toEqual([
      '待办任务',
    ]);
  });
});

describe('the fields of 新增账号', () => {
  it('checks the username as the registration does, then the name, then the mobile', () => {
    const valid = { username: 'zhangsan01', nickname: '张三', mobile: '13912340001' };
    expect(checkNewOperator(valid)).toBeNull();
    expect(checkNewOperator({ ...valid, username: '' })).toBe('请填写用户名');
    expect(checkNewOperator({ ...valid, username: 'a_1' })).toBe(MSG.usernameRule);
    expect(checkNewOperator({ ...valid, nickname: ' ' })).toBe('请填写姓名');
    expect(checkNewOperator({ ...valid, mobile: '1391234000' })).toBe(MSG.mobileInvalid);
    expect(validateOperatorName('张'.repeat(21))).toBe(formatMessage(MSG.operatorNameTooLong, { max: 20 }));
    expect(validateOperatorName('张\n三')).toBe(MSG.operatorNameCharacters);
  });

  it('tells the new operator by SMS how to sign in', () => {
    expect(operatorAddedSmsText({ company: '示范公司', username: 'zhangsan01' })).toBe(
      '【产权交易所】您已被添加为示范公司的操作员，用户名zhangsan01，请使用手机验证码登录并设置密码。',
    );
  });
});
