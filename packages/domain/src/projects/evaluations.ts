// 评估项目 (estimateList, GJS_PROJECT_EVALUATION_LT): the projects an assessment institution is engaged on — those
// whose form names it as the appraisal firm (评估机构, by the company's registered name) — with the appraisal's
// figures and reports. The firm has work on them: from the moment the owner names it (a draft too, since the
// disclosure needs the appraisal), 出具评估报告 waits in its 我的待办 until it uploads its report, records the base day
// and the values and submits them; the owner's draft then carries them. The exchange's 评估项目管理 lists every
// project past its draft that names a firm.
import { z } from 'zod';
import { ZAttachmentItem } from '../attachment-item.ts';
import { formatFen, formatMessage } from '../format.ts';
import { isCalendarDate } from '../workflow/action-forms.ts';
import { MSG } from '../messages.ts';

/** An engagement: the firm's appraisal waits (待出具) until it submits it (已出具). */
export const EVALUATION_STATES = ['awaiting', 'submitted'] as const;
export type EvaluationState = (typeof EVALUATION_STATES)[number];
export const EVALUATION_STATE_LABELS: Record<EvaluationState, string> = {
  awaiting: '待出具',
  submitted: '已出具',
};

/** Where a project keeps the appraisal its firm submitted (project details). */
export const EVALUATION_DETAIL_KEY = 'evaluation';

export const EVALUATION_REMARK_MAX = 500;

/** The appraisal a firm submits; money in fen. */
export const ZEvaluationSubmit = z.object({
  appraisalBaseDate: z.unknown().optional(),
  netAssetValue: z.unknown().optional(),
  appraisalValue: z.unknown().optional(),
  remark: z.unknown().optional(),
});

export type EvaluationSubmitInput = z.infer<typeof ZEvaluationSubmit>;

/** The answer of a submission: when the appraisal was submitted (ISO 8601). */
export const ZEvaluationSubmitted = z.object({ submittedAt: z.string() });

export type EvaluationFigures = {
  appraisalBaseDate: string;
  /** null where the kind appraises goods, not an enterprise's shares (a small lot's estimate) */
  netAssetValue: number | null;
  appraisalValue: number;
  remark: string;
};

/** The appraisal as the project keeps it: the figures, the firm and when it submitted them. */
export const ZEvaluationRecord = z.object({
  firmCompanyId: z.number(),
  firmName: z.string(),
  appraisalBaseDate: z.string(),
  netAssetValue: z.number().nullable(),
  appraisalValue: z.number(),
  remark: z.string(),
  /** ISO 8601 */
  submittedAt: z.string(),
});
export type EvaluationRecord = z.infer<typeof ZEvaluationRecord>;

const isFen = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Checks a firm's appraisal on `today` ('YYYY-MM-DD', +08:00): a base day not after today, the net assets (where
 * the kind appraises an enterprise's shares: `hasNetAssets`) and the value of what is offered positive amounts (fen),
 * the latter not above the former, a remark within its limit.
 */
export function checkEvaluation(
  input: z.infer<typeof ZEvaluationSubmit>,
  today: string,
  hasNetAssets = true,
):
  | { message: string; field: keyof EvaluationFigures; value?: never }
  | { message: null; field?: never; value: EvaluationFigures } {
  const { appraisalBaseDate, netAssetValue, appraisalValue } = input;
  if (typeof appraisalBaseDate !== 'string' || !isCalendarDate(appraisalBaseDate))
    return { message: MSG.evaluationBaseDateInvalid, field: 'appraisalBaseDate' };
  if (appraisalBaseDate > today) return { message: MSG.evaluationBaseDateFuture, field: 'appraisalBaseDate' };
  if (hasNetAssets && !isFen(netAssetValue)) {
    return { message: MSG.evaluationNetAssetInvalid, field: 'netAssetValue' };
  }
  if (!isFen(appraisalValue)) return { message: MSG.evaluationValueInvalid, field: 'appraisalValue' };
  if (isFen(netAssetValue) && hasNetAssets && appraisalValue > netAssetValue) {
    const params = { value: formatFen(appraisalValue), net: formatFen(netAssetValue) };
    return { message: formatMessage(MSG.evaluationValueAboveNet, params), field: 'appraisalValue' };
  }
  const remark = typeof input.remark === 'string' ? input.remark.trim() : '';
  if ([...remark].length > EVALUATION_REMARK_MAX) {
    const message = formatMessage(MSG.evaluationRemarkTooLong, { max: EVALUATION_REMARK_MAX });
    return { message, field: 'remark' };
  }
  const net = hasNetAssets && isFen(netAssetValue) ? netAssetValue : null;
  return { message: null, value: { appraisalBaseDate, netAssetValue: net, appraisalValue, remark } };
}

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
  /** the engagement of the firm the project names, if that firm has an account here */
  state: z.enum(EVALUATION_STATES).nullable(),
  stateLabel: z.string(),
  /** ISO 8601, once submitted */
  submittedAt: z.string().nullable(),
  /** whether the caller (the engaged firm) may submit its appraisal now */
  canSubmit: z.boolean(),
});
export type EvaluationRow = z.infer<typeof ZEvaluationRow>;
