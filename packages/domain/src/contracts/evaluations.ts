// 评估项目: the appraisal firm's calls (projects/evaluations.ts holds the rules and the rows).
import { z } from 'zod';
import { defineCall, zPageOf, zPathId } from '../contract.ts';
import {
  ZEvaluationQuery,
  ZEvaluationRow,
  ZEvaluationSubmit,
  ZEvaluationSubmitted,
} from '../projects/evaluations.ts';

export const EVALUATION_READER_CODES = [
  'GJS_PROJECT_EVALUATION_LT',
  'GJS_PROJECT_EVALUATION_LT_ADMIN',
] as const;

/**
 * POST /api/project/evaluation/list: the projects naming the caller as appraisal firm (the exchange: every project
 * naming one), past their draft, with their appraisal reports and the firm's work on each.
 */
export const listEvaluationsCall = defineCall({
  method: 'POST',
  path: '/api/project/evaluation/list',
  tag: 'project',
  summary: '评估项目列表',
  description: '项目表单中评估机构为本机构（按机构名称）的非草稿项目，及其资产评估报告。',
  body: ZEvaluationQuery,
  answer: zPageOf(ZEvaluationRow),
});

/** POST /api/project/evaluation/submit/{id}: the engaged firm's appraisal, with the report it uploaded. */
export const submitEvaluationCall = defineCall({
  method: 'POST',
  path: '/api/project/evaluation/submit/:id',
  tag: 'project',
  summary: '提交评估结果',
  description: '项目表单所列评估机构上传资产评估报告后，提交评估基准日、净资产评估值与转让标的对应评估值。',
  params: z.object({ id: zPathId }),
  body: ZEvaluationSubmit,
  answer: ZEvaluationSubmitted,
});
