// The workflow engine's calls (BLUEPRINT section 4, spec 001 sections 3 to 7): the calls of one action instance,
// the same for every family and action of the registry with an application step (actionCalls, one implementation
// served under many paths); the sign codes bound to an instance's letter; the exchange's review; the batch screens'
// calls; a project's process log under the spec's generic path and its family variants (processLogCall,
// processLogStageCall); a project's applications. Another company's instance, task or project answers 404; a stale
// version or a task handled already 409. Project and application calls need GJS_PROJECT_LT (the exchange:
// GJS_PROJECT_LT_ADMIN), task calls GJS_TASK (the exchange: GJS_TASK_ADMIN), the review GJS_TASK_ADMIN.
import { z } from 'zod';
import { defineCall, zPathId } from '../contract.ts';
import { MSG } from '../messages.ts';
import { OTP_LENGTH } from '../otp.ts';
import type { ActionConfig } from '../workflow/actions.ts';
import {
  ZActionView,
  ZProcessLogRow,
  ZProcessLogStage,
  ZProjectActionRow,
  ZTaskRow,
} from '../workflow/views.ts';

/** An id of a row in a body: an int4 column, so a larger number is refused here rather than by the database. */
const zId = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);

/** The version a change was made from (a stale one answers 409 from the service). */
const zWorkflowVersion = z.number({ error: MSG.conflict }).int(MSG.conflict).min(1, MSG.conflict);

/** The form is checked against the action's own schema by the service. */
const zForm = z.record(z.string(), z.unknown(), { error: MSG.badRequest }).default({});

const ZIdVersion = z.object({ id: zId, version: zWorkflowVersion });
const ZWorkflowSaved = z.object({ id: z.number(), version: z.number() });

export const zOtp = z
  .string({ error: MSG.otpFormat })
  .trim()
  .refine((value) => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value), MSG.otpFormat);

/** BF-3.1: what every signature and sign-off carries (the panel's SignRequest). */
const signRequestShape = {
  dataId: zId,
  passDate: z.string({ error: MSG.badRequest }).max(40, MSG.badRequest).default(''),
  category: z.string({ error: MSG.badRequest }).max(50, MSG.badRequest).default(''),
  task: z.object(
    {
      type: z.string({ error: MSG.badRequest }).max(20, MSG.badRequest),
      id: zId,
      actionId: z.number({ error: MSG.badRequest }).int(MSG.badRequest).default(0),
    },
    { error: MSG.badRequest },
  ),
  transferees: z
    .array(z.object({ taskId: z.number({ error: MSG.badRequest }).int(MSG.badRequest) }), {
      error: MSG.badRequest,
    })
    .max(100, MSG.badRequest)
    .default([]),
  // the return-reason rule (SH-5.6) is applied by the service; this bound only keeps absurd bodies out
  reason: z.string({ error: MSG.badRequest }).max(5000, MSG.returnReasonRequired).default(''),
};

/** The applicant's signature: the SMS code is required and must be six digits (BF-5.1); every letter signed so. */
export const ZSignRequest = z.object({ ...signRequestShape, otp: zOtp });

/** The exchange's sign-off: no letter is signed, so no code is checked. */
const ZSignOffRequest = z.object({
  ...signRequestShape,
  otp: z.string({ error: MSG.badRequest }).max(16, MSG.badRequest).default(''),
  result: z.enum(['pass', 'back'], { error: MSG.workflowResultRequired }),
});

/** What names an action's calls: its family and action (the path), its title (the OpenAPI summaries). */
export type ActionCallRef = Pick<ActionConfig, 'family' | 'action' | 'title'>;

/**
 * The calls of one action instance under /api/project/{family}/{action}: create (at the first save, adopting the
 * files of createId; one open instance per project and action), save and update (draft, returned), show, submit
 * (the letter made, the e-signature task opened), signature (signed, the exchange's review task opened) and
 * termination (withdrawn; a draft never submitted is discarded with its files).
 */
export function actionCalls(config: ActionCallRef) {
  const base = `/api/project/${config.family}/${config.action}` as const;
  const title = config.title;
  return {
    create: defineCall({
      method: 'POST',
      path: `${base}/create`,
      tag: 'workflow',
      summary: `${title}：创建申请`,
      body: z.object({ projectId: zId, createId: z.string().max(64).optional() }),
      answer: ZWorkflowSaved,
    }),
    save: defineCall({
      method: 'POST',
      path: `${base}/save`,
      tag: 'workflow',
      summary: `${title}：保存`,
      body: ZIdVersion.extend({ form: zForm }),
      answer: ZWorkflowSaved,
    }),
    update: defineCall({
      method: 'POST',
      path: `${base}/update/:id`,
      tag: 'workflow',
      summary: `${title}：修改`,
      params: z.object({ id: zPathId }),
      body: z.object({ version: zWorkflowVersion, form: zForm }),
      answer: ZWorkflowSaved,
    }),
    show: defineCall({
      method: 'GET',
      path: `${base}/show/:id`,
      tag: 'workflow',
      summary: `${title}：查看`,
      params: z.object({ id: zPathId }),
      answer: ZActionView,
    }),
    submit: defineCall({
      method: 'POST',
      path: `${base}/submit`,
      tag: 'workflow',
      summary: `${title}：提交（生成申请函）`,
      body: ZIdVersion,
      answer: ZWorkflowSaved.extend({ taskId: z.number() }),
    }),
    signature: defineCall({
      method: 'POST',
      path: `${base}/signature`,
      tag: 'workflow',
      summary: `${title}：电子签章并提交`,
      body: ZSignRequest,
      answer: ZWorkflowSaved,
    }),
    terminate: defineCall({
      method: 'POST',
      path: `${base}/termination/terminate`,
      tag: 'workflow',
      summary: `${title}：撤回申请`,
      body: ZIdVersion,
      answer: ZWorkflowSaved,
    }),
  };
}

export type ActionCalls = ReturnType<typeof actionCalls>;

/** POST /api/workflow/sign/otp: the sign code, to the caller's own mobile, bound to the sha256 of the letter. */
export const sendWorkflowSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/workflow/sign/otp',
  tag: 'workflow',
  summary: '获取电子签章验证码（绑定当前申请函）',
  body: z.object({ dataId: zId }),
  answer: z.object({ isSent: z.boolean() }),
});

/** POST /api/workflow/sign/otp/check: status 0, or 1 with the message; the code is not used up. */
export const checkWorkflowSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/workflow/sign/otp/check',
  tag: 'workflow',
  summary: '校验电子签章验证码（不消耗）',
  description: 'mobile 仅为兼容签章面板的请求体；验证码总是按当前用户本人的手机号码校验。',
  body: z.object({
    mobile: z.string({ error: MSG.badRequest }).max(20, MSG.badRequest).optional(),
    otp: zOtp,
    dataId: zId,
  }),
  answer: z.null(),
});

/**
 * POST /api/task/signoff/{flow}: the exchange passes or returns an application. The flow is one of SIGN_OFF_FLOWS;
 * the route answers any other as a path naming nothing (404).
 */
export const signOffCall = defineCall({
  method: 'POST',
  path: '/api/task/signoff/:flow',
  tag: 'task',
  summary: '审核（通过或退回）',
  params: z.object({ flow: z.string().max(20) }),
  body: ZSignOffRequest,
  answer: ZWorkflowSaved,
});

/**
 * The most tasks a batch screen lists and judges at once: a fleet's listing letters are signed by the hundred
 * (the bench signs 200 in one call).
 */
export const BATCH_TASKS_MAX = 500;

/** GET /api/task/batch/tasks/{family}/{action}: the caller's open tasks of one business (the batch screen). */
export const listBatchTasksCall = defineCall({
  method: 'GET',
  path: '/api/task/batch/tasks/:family/:action',
  tag: 'task',
  summary: '同一业务的待办任务（批量处理）',
  params: z.object({ family: z.string().max(30), action: z.string().max(40) }),
  answer: z.array(ZTaskRow),
});

/** POST /api/task/whether/batch: whether the tasks may be handled together. */
export const whetherBatchCall = defineCall({
  method: 'POST',
  path: '/api/task/whether/batch',
  tag: 'task',
  summary: '是否可批量处理',
  body: z.object({ taskIds: z.array(zId, { error: MSG.badRequest }).max(BATCH_TASKS_MAX, MSG.badRequest) }),
  answer: z.object({ batch: z.boolean() }),
});

/** The families whose process log the spec also names under /api/project/{family}/{id}/processLog. */
export const PROCESS_LOG_VARIANTS = [
  'small',
  'stock',
  'privateStock',
  'bulk',
  'coll',
  'cap',
  'unified',
  'motorVehicle',
] as const;

export type ProcessLogVariant = (typeof PROCESS_LOG_VARIANTS)[number];

function processLogBase(variant?: ProcessLogVariant) {
  return variant === undefined ? ('/api/project' as const) : (`/api/project/${variant}` as const);
}

/** GET /api/project[/{variant}]/{id}/processLog (spec 001 section 7): the project's process log. */
export function processLogCall(variant?: ProcessLogVariant) {
  return defineCall({
    method: 'GET',
    path: `${processLogBase(variant)}/:id/processLog`,
    tag: 'project',
    summary: '项目流程日志',
    params: z.object({ id: zPathId }),
    answer: z.array(ZProcessLogRow),
  });
}

/** GET /api/project[/{variant}]/{id}/processLog/stage: the process log grouped by application. */
export function processLogStageCall(variant?: ProcessLogVariant) {
  return defineCall({
    method: 'GET',
    path: `${processLogBase(variant)}/:id/processLog/stage`,
    tag: 'project',
    summary: '项目流程日志（按申请分组）',
    params: z.object({ id: zPathId }),
    answer: z.array(ZProcessLogStage),
  });
}

/** GET /api/project/{id}/actions: the project's applications, newest first. */
export const listProjectActionsCall = defineCall({
  method: 'GET',
  path: '/api/project/:id/actions',
  tag: 'project',
  summary: '项目的业务申请',
  params: z.object({ id: zPathId }),
  answer: z.array(ZProjectActionRow),
});
