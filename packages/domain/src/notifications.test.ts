import { describe, expect, it } from 'vitest';
import { clipText, isInAppLink, reviewNotice } from './notifications.ts';

describe('notification links', () => {
  it('accepts paths of the portal only', () => {
    expect(isInAppLink('/index/bulkShowProject?id=3')).toBe(true);
    expect(isInAppLink('/index/rightShowProject?id=3&family=stock')).toBe(true);
    for (const link of [
      'index/plan',
      '//evil.example/x',
      'https://evil.example/x',
      'javascript:alert(1)',
      '/\\evil.example',
      '/index/a b',
      '/index/a\nb',
      `/${'a'.repeat(500)}`,
    ]) {
      expect(isInAppLink(link), link).toBe(false);
    }
  });
});

describe('clipText', () => {
  it('keeps short text and cuts long text to the limit, marked', () => {
    expect(clipText('审核通过', 4)).toBe('审核通过');
    expect(clipText('审核意见很长', 4)).toBe('审核意…');
    expect(Array.from(clipText('😀'.repeat(10), 5))).toHaveLength(5);
  });
});

describe('reviewNotice', () => {
  const project = { actionTitle: '中止', projectName: '废旧设备一批', projectCode: 'GR2026BJ1000123' };

  it('tells an approval with the opinion, or 无 without one', () => {
    expect(reviewNotice({ ...project, isPassed: true, opinion: ' 同意中止 ' })).toEqual({
      kind: 'workflow.pass',
      title: '中止申请已审核通过',
      body: '您提交的项目“废旧设备一批”（GR2026BJ1000123）中止申请已审核通过。审核意见：同意中止',
    });
    expect(reviewNotice({ ...project, isPassed: true, opinion: '' }).body).toMatch(/审核意见：无$/);
  });

  it('tells a return with the reason to fix', () => {
    expect(reviewNotice({ ...project, isPassed: false, opinion: '请补充权属证明' })).toEqual({
      kind: 'workflow.back',
      title: '中止申请已被退回',
      body: '您提交的项目“废旧设备一批”（GR2026BJ1000123）中止申请已被交易所退回，请按审核意见修改后重新提交。审核意见：请补充权属证明',
    });
  });
});
