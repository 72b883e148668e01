import { describe, expect, it } from 'vitest';
import { CAPITAL_INCREASE_ATTACHMENTS, missingAttachmentMessages } from './attachment-tags.ts';

describe('capital-increase attachments (SH-5.11)', () => {
  it('requires seven files, each with its own message, and keeps audit, appraisal and others optional', () => {
    const required = CAPITAL_INCREASE_ATTACHMENTS.filter((entry) => entry.requiredMessage !== undefined);
    expect(required).toHaveLength(7);
    expect(new Set(required.map((entry) => entry.requiredMessage)).size).toBe(7);
    const optional = CAPITAL_INCREASE_ATTACHMENTS.filter((entry) => entry.requiredMessage === undefined);
    expect(optional.map((entry) => entry.tag)).toEqual(['auditReport', 'appraisalReport', 'others']);
  });

  it('names each missing required file, in order, and nothing once all are there', () => {
    expect(missingAttachmentMessages(CAPITAL_INCREASE_ATTACHMENTS, {})).toEqual([
      '请上传出资企业批准文件',
      '请上传营业执照或其他主体资格证明文件',
      '请上传企业国有资产产权登记表',
      '请上传公司章程或类似文件',
      '请上传法律意见书',
      '请上传增资内部决策文件',
      '请上传同级国资监管机构批准文件',
    ]);
    const all = Object.fromEntries(CAPITAL_INCREASE_ATTACHMENTS.map((entry) => [entry.tag, [{}]]));
    expect(missingAttachmentMessages(CAPITAL_INCREASE_ATTACHMENTS, all)).toEqual([]);
    expect(missingAttachmentMessages(CAPITAL_INCREASE_ATTACHMENTS, { ...all, legalOpinion: [] })).toEqual([
      '请上传法律意见书',
    ]);
  });
});
