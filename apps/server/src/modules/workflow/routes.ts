// Workflow engine calls. Every answer is the envelope; another company's instance,
// task or project answers {status: 404}; a stale version or a task handled already answers {status: 409}.
//
// For every family F and action A of the registry with an application step, base /api/project/{F}/{A}:
//   POST {base}/create                  {projectId, createId?} -> {id, version}; one open instance per project
//                                       and action; made at the first save, adopting the files of createId
//   POST {base}/save                    {id, version, form} -> {id, version}                    (draft, returned)
//   POST {base}/update/{id}             {version, form} -> {id, version}                        (draft, returned)
//   GET  {base}/show/{id}               -> ActionView
//   POST {base}/submit                  {id, version} -> {id, version, taskId}: letter made, e-signature task
//   POST {base}/signature               SignRequest -> {id, version}: signed, review task for the exchange
//   POST {base}/termination/terminate   {id, version} -> {id, version}: withdrawn (draft, returned); a draft
//                                       never submitted is discarded (deleted with its files)
// Sign codes (purpose sign, to the caller's own mobile, bound to the sha256 of the instance's current letter):
//   POST /api/workflow/sign/otp          {dataId} -> {isSent}
//   POST /api/workflow/sign/otp/check    {mobile, otp, dataId} -> status 0, or 1 with the message (not used up)
// Review by the exchange (identity 999; code GJS_TASK_ADMIN): POST /api/task/signoff/{flow} SignRequest +
//   {result: pass | back}
// Batch screens: GET /api/task/batch/tasks/{family}/{action} -> TaskRow[]; POST /api/task/whether/batch {taskIds}
//   -> {batch} (the task centre's own calls are modules/tasks')
// Process logs: GET /api/project[/{variant}]/{id}/processLog -> ProcessLogRow[] and .../processLog/stage ->
//   ProcessLogStage[], variant small, stock, privateStock, bulk, coll, cap, unified or motorVehicle
// A project's applications: GET /api/project/{id}/actions -> ProjectActionRow[] (newest first)
// Project and application calls need GJS_PROJECT_LT (exchange: GJS_PROJECT_LT_ADMIN); task calls GJS_TASK
// (exchange: GJS_TASK_ADMIN).
import {
  ACTION_CONFIGS,
  MSG,
  OTP_LENGTH,
  SIGN_OFF_FLOWS,
  ZActionView,
  ZProcessLogRow,
  ZProcessLogStage,
  ZProjectActionRow,
  ZTaskRow,
  type ActionConfig,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, parseId, zEnvelope, ZIdParams } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
import { TASK_CODES } from '@cqjy/domain/contracts/tasks';
import type { Actor, WorkflowService } from './service.ts';

/** An id of a row: an int4 column, so a larger number is refused here rather than by the database (a 500). */
const zId = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
const zVersion = z.number({ error: MSG.conflict }).int(MSG.conflict).min(1, MSG.conflict);
/** The form is checked against the action's own schema by the service. */
const zForm = z.record(z.string(), z.unknown(), { error: MSG.badRequest }).default({});

const ZIdVersion = z.object({ id: zId, version: zVersion });
const ZSaved = z.object({ id: z.number(), version: z.number() });

const zOtp = z
  .string({ error: MSG.otpFormat })
  .trim()
  .refine((value) => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value), MSG.otpFormat);

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

/** The applicant's signature: the SMS code is required and must be six digits (BF-5.1). */
const ZSignRequest = z.object({ ...signRequestShape, otp: zOtp });

/** The exchange's sign-off: no letter is signed, so no code is checked. */
const ZSignOffRequest = z.object({
  ...signRequestShape,
  otp: z.string({ error: MSG.badRequest }).max(16, MSG.badRequest).default(''),
  result: z.enum(['pass', 'back'], { error: MSG.workflowResultRequired }),
});

/** The families whose process log the spec also names under /api/project/{family}/{id}/processLog. */
const PROCESS_LOG_VARIANTS = [
  'small',
  'stock',
  'privateStock',
  'bulk',
  'coll',
  'cap',
  'unified',
  'motorVehicle',
];

function actorOf(request: Parameters<typeof requireSession>[0]): Actor {
  return { ...requireSession(request), ...readOrigin(request) };
}

export const workflowRoutes: FastifyPluginCallbackZod<{ workflow: WorkflowService }> = (
  app,
  { workflow },
  done,
) => {
  const projectGuard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];
  const taskGuard = [app.authenticate, requireAnyPermission([...TASK_CODES])];

  /** The calls of one action, the same for every family and action (one implementation, many paths). */
  function registerAction(config: ActionConfig): void {
    const base = `/api/project/${config.family}/${config.action}`;
    const tags = ['workflow'];
    const title = config.title;

    app.post(
      `${base}/create`,
      {
        preValidation: projectGuard,
        schema: {
          tags,
          summary: `${title}：创建申请`,
          body: z.object({ projectId: zId, createId: z.string().max(64).optional() }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(
          await workflow.create(actorOf(request), config, request.body.projectId, request.body.createId),
          MSG.workflowCreated,
        ),
    );

    app.post(
      `${base}/save`,
      {
        preValidation: projectGuard,
        schema: {
          tags,
          summary: `${title}：保存`,
          body: ZIdVersion.extend({ form: zForm }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) => ok(await workflow.save(actorOf(request), config, request.body), MSG.workflowSaved),
    );

    app.post(
      `${base}/update/:id`,
      {
        preValidation: projectGuard,
        schema: {
          tags,
          summary: `${title}：修改`,
          params: ZIdParams,
          body: z.object({ version: zVersion, form: zForm }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(
          await workflow.update(actorOf(request), config, {
            id: parseId(request.params.id),
            version: request.body.version,
            form: request.body.form,
          }),
          MSG.workflowSaved,
        ),
    );

    app.get(
      `${base}/show/:id`,
      {
        preValidation: projectGuard,
        schema: {
          tags,
          summary: `${title}：查看`,
          params: ZIdParams,
          response: { 200: zEnvelope(ZActionView) },
        },
      },
      async (request) => ok(await workflow.show(actorOf(request), config, parseId(request.params.id))),
    );

    app.post(
      `${base}/submit`,
      {
        preValidation: projectGuard,
        schema: {
          tags,
          summary: `${title}：提交（生成申请函）`,
          body: ZIdVersion,
          response: { 200: zEnvelope(ZSaved.extend({ taskId: z.number() })) },
        },
      },
      async (request) =>
        ok(await workflow.submit(actorOf(request), config, request.body), MSG.workflowSubmitted),
    );

    app.post(
      `${base}/signature`,
      {
        preValidation: projectGuard,
        schema: {
          tags,
          summary: `${title}：电子签章并提交`,
          body: ZSignRequest,
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) => ok(await workflow.sign(actorOf(request), config, request.body), MSG.workflowSigned),
    );

    app.post(
      `${base}/termination/terminate`,
      {
        preValidation: projectGuard,
        schema: {
          tags,
          summary: `${title}：撤回申请`,
          body: ZIdVersion,
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) => {
        const { isDiscarded, ...saved } = await workflow.terminate(actorOf(request), config, request.body);
        return ok(saved, isDiscarded ? MSG.workflowDraftDiscarded : MSG.workflowWithdrawn);
      },
    );
  }

  for (const config of ACTION_CONFIGS) registerAction(config);

  app.post(
    '/api/workflow/sign/otp',
    {
      preValidation: projectGuard,
      schema: {
        tags: ['workflow'],
        summary: '获取电子签章验证码（绑定当前申请函）',
        body: z.object({ dataId: zId }),
        response: { 200: zEnvelope(z.object({ isSent: z.boolean() })) },
      },
    },
    async (request) => ok(await workflow.sendSignCode(actorOf(request), request.body.dataId), MSG.otpSent),
  );

  app.post(
    '/api/workflow/sign/otp/check',
    {
      preValidation: projectGuard,
      schema: {
        tags: ['workflow'],
        summary: '校验电子签章验证码（不消耗）',
        description: 'mobile 仅为兼容签章面板的请求体；验证码总是按当前用户本人的手机号码校验。',
        body: z.object({
          mobile: z.string({ error: MSG.badRequest }).max(20, MSG.badRequest).optional(),
          otp: zOtp,
          dataId: zId,
        }),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await workflow.checkSignCode(actorOf(request), request.body);
      return ok(null, MSG.workflowOtpValid);
    },
  );

  app.post(
    '/api/task/signoff/:flow',
    {
      // only the exchange reviews (transitions.ts checks it again): its code, so the route says so
      preValidation: [app.authenticate, requirePermission('GJS_TASK_ADMIN', MSG.workflowReviewerOnly)],
      schema: {
        tags: ['task'],
        summary: '审核（通过或退回）',
        params: z.object({ flow: z.string().max(20) }),
        body: ZSignOffRequest,
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) => {
      if (!(SIGN_OFF_FLOWS as readonly string[]).includes(request.params.flow)) throw notFound();
      const saved = await workflow.review(actorOf(request), request.body);
      return ok(saved, request.body.result === 'pass' ? MSG.workflowPassed : MSG.workflowReturned);
    },
  );

  app.get(
    '/api/task/batch/tasks/:family/:action',
    {
      preValidation: taskGuard,
      schema: {
        tags: ['task'],
        summary: '同一业务的待办任务（批量处理）',
        params: z.object({ family: z.string().max(30), action: z.string().max(40) }),
        response: { 200: zEnvelope(z.array(ZTaskRow)) },
      },
    },
    async (request) =>
      ok(await workflow.listBatchTasks(actorOf(request), request.params.family, request.params.action)),
  );

  app.post(
    '/api/task/whether/batch',
    {
      preValidation: taskGuard,
      schema: {
        tags: ['task'],
        summary: '是否可批量处理',
        body: z.object({ taskIds: z.array(zId, { error: MSG.badRequest }).max(100, MSG.badRequest) }),
        response: { 200: zEnvelope(z.object({ batch: z.boolean() })) },
      },
    },
    async (request) => ok({ batch: await workflow.isBatch(actorOf(request), request.body.taskIds) }),
  );

  // The process log of a project, under the spec's generic path and its family variants (spec 001 section 7).
  const logSchema = {
    tags: ['project'],
    summary: '项目流程日志',
    params: ZIdParams,
    response: { 200: zEnvelope(z.array(ZProcessLogRow)) },
  };
  const stageSchema = {
    tags: ['project'],
    summary: '项目流程日志（按申请分组）',
    params: ZIdParams,
    response: { 200: zEnvelope(z.array(ZProcessLogStage)) },
  };
  for (const prefix of ['', ...PROCESS_LOG_VARIANTS.map((variant) => `/${variant}`)]) {
    app.get(
      `/api/project${prefix}/:id/processLog`,
      { preValidation: projectGuard, schema: logSchema },
      async (request) => ok(await workflow.listProcessLog(actorOf(request), parseId(request.params.id))),
    );
    app.get(
      `/api/project${prefix}/:id/processLog/stage`,
      { preValidation: projectGuard, schema: stageSchema },
      async (request) =>
        ok(await workflow.listProcessLogStages(actorOf(request), parseId(request.params.id))),
    );
  }

  app.get(
    '/api/project/:id/actions',
    {
      preValidation: projectGuard,
      schema: {
        tags: ['project'],
        summary: '项目的业务申请',
        params: ZIdParams,
        response: { 200: zEnvelope(z.array(ZProjectActionRow)) },
      },
    },
    async (request) => ok(await workflow.listProjectActions(actorOf(request), parseId(request.params.id))),
  );

  done();
};
