import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTION_OPTIONS,
  AUDIT_DETAIL_MAX,
  auditActionLabel,
  auditResultLabel,
  checkAuditLogRange,
  describeAuditChain,
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
    expect(summarizeAuditDetail({ rows: [1, 2], unknownKey: 'x', empty: null })).toBe(
      '记录：[1,2]；unknownKey：x',
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
