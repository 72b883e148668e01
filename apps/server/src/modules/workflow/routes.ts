// Workflow engine calls, served from their contracts (packages/domain/src/contracts/workflow.ts). Every answer is
// the envelope; another company's instance, task or project answers {status: 404}; a stale version or a task
// handled already answers {status: 409}.
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
import { ACTION_CONFIGS, MSG, SIGN_OFF_FLOWS, type ActionConfig } from '@cqjy/domain';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
import { TASK_CODES } from '@cqjy/domain/contracts/tasks';
import {
  actionCalls,
  checkWorkflowSignCodeCall,
  listBatchTasksCall,
  listProjectActionsCall,
  PROCESS_LOG_VARIANTS,
  processLogCall,
  processLogStageCall,
  sendWorkflowSignCodeCall,
  signOffCall,
  whetherBatchCall,
  type ProcessLogVariant,
} from '@cqjy/domain/contracts/workflow';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { Actor, WorkflowService } from './service.ts';

function actorOf(request: Parameters<typeof requireSession>[0]): Actor {
  return { ...requireSession(request), ...readOrigin(request) };
}

export const workflowRoutes: FastifyPluginCallback<{ workflow: WorkflowService }> = (
  app,
  { workflow },
  done,
) => {
  const projectGuard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];
  const taskGuard = [app.authenticate, requireAnyPermission([...TASK_CODES])];

  /** The calls of one action, the same for every family and action (one implementation, many paths). */
  function serveAction(config: ActionConfig): void {
    const calls = actionCalls(config);

    serve(app, calls.create, projectGuard, async ({ body }, request) =>
      ok(await workflow.create(actorOf(request), config, body.projectId, body.createId), MSG.workflowCreated),
    );

    serve(app, calls.save, projectGuard, async ({ body }, request) =>
      ok(await workflow.save(actorOf(request), config, body), MSG.workflowSaved),
    );

    serve(app, calls.update, projectGuard, async ({ params, body }, request) =>
      ok(
        await workflow.update(actorOf(request), config, {
          id: params.id,
          version: body.version,
          form: body.form,
        }),
        MSG.workflowSaved,
      ),
    );

    serve(app, calls.show, projectGuard, async ({ params }, request) =>
      ok(await workflow.show(actorOf(request), config, params.id)),
    );

    serve(app, calls.submit, projectGuard, async ({ body }, request) =>
      ok(await workflow.submit(actorOf(request), config, body), MSG.workflowSubmitted),
    );

    serve(app, calls.signature, projectGuard, async ({ body }, request) =>
      ok(await workflow.sign(actorOf(request), config, body), MSG.workflowSigned),
    );

    serve(app, calls.terminate, projectGuard, async ({ body }, request) => {
      const { isDiscarded, ...saved } = await workflow.terminate(actorOf(request), config, body);
      return ok(saved, isDiscarded ? MSG.workflowDraftDiscarded : MSG.workflowWithdrawn);
    });
  }

  for (const config of ACTION_CONFIGS) serveAction(config);

  serve(app, sendWorkflowSignCodeCall, projectGuard, async ({ body }, request) =>
    ok(await workflow.sendSignCode(actorOf(request), body.dataId), MSG.otpSent),
  );

  serve(app, checkWorkflowSignCodeCall, projectGuard, async ({ body }, request) => {
    await workflow.checkSignCode(actorOf(request), body);
    return ok(null, MSG.workflowOtpValid);
  });

  // only the exchange reviews (transitions.ts checks it again): its code, so the route says so
  const reviewer = [app.authenticate, requirePermission('GJS_TASK_ADMIN', MSG.workflowReviewerOnly)];
  serve(app, signOffCall, reviewer, async ({ params, body }, request) => {
    // a flow the spec does not name is a path naming nothing (404), told once the body has been read
    if (!(SIGN_OFF_FLOWS as readonly string[]).includes(params.flow)) throw notFound();
    const saved = await workflow.review(actorOf(request), body);
    return ok(saved, body.result === 'pass' ? MSG.workflowPassed : MSG.workflowReturned);
  });

  serve(app, listBatchTasksCall, taskGuard, async ({ params }, request) =>
    ok(await workflow.listBatchTasks(actorOf(request), params.family, params.action)),
  );

  serve(app, whetherBatchCall, taskGuard, async ({ body }, request) =>
    ok({ batch: await workflow.isBatch(actorOf(request), body.taskIds) }),
  );

  // The process log of a project, under the spec's generic path and its family variants (spec 001 section 7).
  for (const variant of [undefined, ...PROCESS_LOG_VARIANTS] as (ProcessLogVariant | undefined)[]) {
    serve(app, processLogCall(variant), projectGuard, async ({ params }, request) =>
      ok(await workflow.listProcessLog(actorOf(request), params.id)),
    );
    serve(app, processLogStageCall(variant), projectGuard, async ({ params }, request) =>
      ok(await workflow.listProcessLogStages(actorOf(request), params.id)),
    );
  }

  serve(app, listProjectActionsCall, projectGuard, async ({ params }, request) =>
    ok(await workflow.listProjectActions(actorOf(request), params.id)),
  );

  done();
};
