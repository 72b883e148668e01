// 评估项目 (estimateList, GJS_PROJECT_EVALUATION_LT): the projects an assessment institution is engaged on — those
// whose form names it as the appraisal firm (评估机构, by the company's registered name) — with the appraisal's
// figures and the appraisal reports the owner attached. The exchange's 评估项目管理 lists every project that names
// a firm. Drafts are the owner's own and are not shown.
import { z } from 'zod';
import { ZAttachmentItem } from '../attachment-item.ts';

export const ZEvaluationQuery = z.object({
  page: z.number().int().min(1).max(100_000).default(1),
  size: z.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(50).optional(),
});
export type EvaluationQuery = z.infer<typeof ZEvaluationQuery>;

export const ZEvaluationRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  family: z.string(),
  familyLabel: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  /** the project owner */
  ownerName: z.string(),
  appraisalFirm: z.string(),
  appraisalBaseDate: z.string(),
  /** fen; null when the form has none */
  appraisalValue: z.number().nullable(),
  /** ISO 8601 */
  disclosureEnd: z.string().nullable(),
  reports: z.array(ZAttachmentItem),
});
export type EvaluationRow = z.infer<typeof ZEvaluationRow>;
