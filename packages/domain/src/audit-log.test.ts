import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTION_OPTIONS,
  AUDIT_DETAIL_MAX,
  auditActionLabel,
  auditResultLabel,
  checkAuditLogRange,
  describeAuditChain,
  describeAuditDetail,
  formatAuditFact,
  summarizeAuditDetail,
  ZAuditLogFilters,
  ZAuditLogQuery,
} from './audit-log.ts';
import { MSG } from './messages.ts';

describe('action labels', () => {
  it('labels known codes and falls back to the code itself', () => {
    expect(auditActionLabel('registry.create')).toBe('新增登记记录');
    expect(auditActionLabel('project.create')).toBe('新建项目');
    expect(auditActionLabel('login')).toBe('登录');
    expect(auditActionLabel('some.future.code')).toBe('some.future.code');
    // an inherited property of a plain object is no label
    expect(auditActionLabel('toString')).toBe('toString');
  });

  it('gives every code a label of its own, so the 操作 select never shows two alike', () => {
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    expect(AUDIT_ACTION_OPTIONS).toHaveLength(labels.length);
    expect(AUDIT_ACTION_OPTIONS).toContainEqual({ value: 'plan.toProject', label: '计划转为项目' });
  });

  it('names the result: ok succeeded, anything else failed, a refusal with its status', () => {
    expect(auditResultLabel('ok')).toBe('成功');
    expect(auditResultLabel('fail')).toBe('失败');
    expect(auditResultLabel('403')).toBe('失败（403）');
  });
});

describe('detail summary', () => {
  it('reads the detail as one line with Chinese key names and family titles', () => {
    expect(summarizeAuditDetail({ family: 'bulk', code: 'GR2026BJ0000001', version: 2 })).toBe(
      '业务类型：实物资产；编号：GR2026BJ0000001；版本：2',
    );
    // a list reads as its items (it read as raw JSON, [1,2], before)
    expect(summarizeAuditDetail({ rows: [1, 2], unknownKey: 'x', empty: null })).toBe(
      '记录：1、2；unknownKey：x',
    );
    expect(summarizeAuditDetail({ registry: 'customer', imported: 3 })).toBe('登记类型：企业客户；导入：3');
    expect(summarizeAuditDetail(null)).toBe('');
  });

  it('cuts a long detail', () => {
    const text = summarizeAuditDetail({ snapshot: { note: '长'.repeat(1000) } });
    expect(Array.from(text)).toHaveLength(AUDIT_DETAIL_MAX);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('detail lines (详情)', () => {
  const lines = (detail: Record<string, unknown>, action = '') =>
    describeAuditDetail(detail, action).map(formatAuditFact);

  it('shows the fields a row changed as label：old → new, from before and after', () => {
    expect(
      lines(
        { id: 7, before: { label: '旧名称', sort: 1 }, after: { label: '新名称', sort: 2 } },
        'dict.data.update',
      ),
    ).toEqual(['名称：旧名称 → 新名称', '排序：1 → 2', '记录：7']);
  });

  it('reads previous values beside the current ones, and an action’s own pair of keys', () => {
    expect(
      lines(
        {
          nickname: '李四',
          codes: ['GJS_INDEX', 'GJS_PLAN_LT'],
          previous: { nickname: '张三', codes: ['GJS_INDEX'] },
        },
        'operator.update',
      ),
    ).toEqual(['昵称：张三 → 李四', '权限：GJS_INDEX → GJS_INDEX、GJS_PLAN_LT']);
    expect(lines({ username: 'zhang2026', previous: 'u_18812345678' }, 'account.setup')).toEqual([
      '用户名：u_18812345678 → zhang2026',
    ]);
    expect(
      lines({ trade: 'dealt', from: 'disclosing', to: 'dealt', dealPrice: 1200000 }, 'project.otcUpdate'),
    ).toEqual(['项目状态：披露中 → 已成交', '交易状态：dealt', '成交价：1200000']);
    expect(
      lines(
        {
          from: { operatorId: 3, username: 'zhang' },
          to: { operatorId: 9, username: 'li' },
        },
        'operator.main.change',
      ),
    ).toEqual(['主操作员：操作员ID：3，用户名：zhang → 操作员ID：9，用户名：li']);
    // a value set where there was none
    expect(lines({ effectiveFrom: '2026-04-01', value: '5' }, 'dict.rule.save')).toEqual([
      '参数值：— → 5',
      '生效日期：2026-04-01',
    ]);
  });

  it('shows other facts as label：value: a kept form by its fields, lists, records and instants readable, never braces', () => {
    const detail = {
      fields: { name: '示范公司', creditCode: '91110000MA00000000' },
      bidders: [
        { registrationId: 12, bidderNo: '1号' },
        { registrationId: 15, bidderNo: '2号' },
      ],
      startAt: '2026-03-02T02:00:00.000Z',
      sha256: 'ab'.repeat(32),
      isQualified: true,
      replaced: [],
      serialNumbers: { company: '4475BD7D', operator: '6B66AA6F' },
      futureKey: { nested: 'x' },
    };
    const shown = lines(detail, 'bidding.open');
    expect(shown).toEqual([
      '名称：示范公司',
      '统一社会信用代码：91110000MA00000000',
      '竞买人：（登记ID：12，竞买号：1号）、（登记ID：15，竞买号：2号）',
      '开始时间：2026-03-02 10:00:00',
      `文件摘要：${'ab'.repeat(8)}…`,
      '资格：是',
      '原值：无',
      '证书序列号：单位：4475BD7D，操作人：6B66AA6F',
      'futureKey：nested：x',
    ]);
    expect(shown.join('').match(/[{}[\]"]/)).toBeNull();
  });

  it('says nothing of a row without a detail', () => {
    expect(describeAuditDetail(null)).toEqual([]);
    expect(describeAuditDetail({ reason: '' })).toEqual([]);
  });
});

describe('list query', () => {
  it('takes a day range in order and refuses a bad day or a range backwards', () => {
    expect(ZAuditLogQuery.parse({ from: '2026-03-01', to: '2026-03-01' })).toMatchObject({
      page: 1,
      size: 10,
      from: '2026-03-01',
    });
    const bad = ZAuditLogQuery.safeParse({ page: 1, size: 10, from: '2026-02-30' });
    expect(bad.error?.issues[0]?.message).toBe(MSG.logsDateInvalid);
    const backwards = ZAuditLogFilters.safeParse({ from: '2026-03-02', to: '2026-03-01' });
    expect(backwards.error?.issues[0]?.message).toBe(MSG.logsDateRangeInvalid);
    expect(ZAuditLogQuery.safeParse({ size: 101 }).success).toBe(false);
    expect(ZAuditLogQuery.safeParse({ operator: '长'.repeat(51) }).success).toBe(false);
  });

  it('checks a range as the page sends it', () => {
    expect(checkAuditLogRange(undefined, undefined)).toBeNull();
    expect(checkAuditLogRange('2026-03-01', '2026-03-31')).toBeNull();
    expect(checkAuditLogRange('2026-3-1', undefined)).toBe(MSG.logsDateInvalid);
    expect(checkAuditLogRange('2026-03-31', '2026-03-01')).toBe(MSG.logsDateRangeInvalid);
  });
});

describe('chain state', () => {
  it('says how many rows verified, or which one is broken', () => {
    expect(describeAuditChain({ isValid: true, count: 12 })).toBe('日志链校验通过（共12条）');
    expect(describeAuditChain({ isValid: false, count: 4, brokenId: 7 })).toBe(
      '日志链校验失败：第5条记录被篡改（日志编号7）',
    );
  });
});
