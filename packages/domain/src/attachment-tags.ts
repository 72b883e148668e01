// Attachment tags whose upload a form requires, each with its own message (spec 000 section 5, spec 001
// sections 3 and 5). Forms and the server's submit checks read the same list.
export type AttachmentTag = {
  tag: string;
  label: string;
  /** the message shown when a required file is missing; undefined when the file is optional */
  requiredMessage?: string;
};

/**
 * The written approval of a price below the appraisal: a bulk project listed below it, a small-lot batch disclosed
 * again below the dictionary's floor of it (转让行为批准单位书面同意).
 */
export const PRICE_APPROVAL_TAG = 'priceApproval';

/**
 * Capital increase (增资扩股, SH-5.11): seven required files, each with its own message; the audit report, the
 * asset appraisal report and other files are accepted but not required (the spec does not say they are).
 */
export const CAPITAL_INCREASE_ATTACHMENTS: readonly AttachmentTag[] = [
  { tag: 'investApproval', label: '出资企业批准文件', requiredMessage: '请上传出资企业批准文件' },
  {
    tag: 'businessLicense',
    label: '营业执照或其他主体资格证明',
    requiredMessage: '请上传营业执照或其他主体资格证明文件',
  },
  {
    tag: 'stateOwnedRegistration',
    label: '企业国有资产产权登记表',
    requiredMessage: '请上传企业国有资产产权登记表',
  },
  { tag: 'articles', label: '公司章程或类似文件', requiredMessage: '请上传公司章程或类似文件' },
  { tag: 'legalOpinion', label: '法律意见书', requiredMessage: '请上传法律意见书' },
  { tag: 'internalDecision', label: '增资内部决策文件', requiredMessage: '请上传增资内部决策文件' },
  {
    tag: 'regulatorApproval',
    label: '同级国资监管机构批准文件',
    requiredMessage: '请上传同级国资监管机构批准文件',
  },
  { tag: 'auditReport', label: '审计报告' },
  { tag: 'appraisalReport', label: '资产评估报告' },
  { tag: 'others', label: '其他' },
];

/** The messages of the required tags that have no file yet, in the list's order. */
export function missingAttachmentMessages(
  tags: readonly AttachmentTag[],
  filesByTag: Readonly<Record<string, readonly unknown[] | undefined>>,
): string[] {
  return tags.flatMap((entry) =>
    entry.requiredMessage !== undefined && (filesByTag[entry.tag]?.length ?? 0) === 0
      ? [entry.requiredMessage]
      : [],
  );
}
