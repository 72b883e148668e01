// Project calls, served from their contracts (packages/domain/src/contracts/projects.ts, project-kinds.ts,
// evaluations.ts). Every answer is the envelope; another company's project answers {status: 404} as if it did not
// exist; the exchange (identity 999) sees every project, an agent member the projects it acts for.
//
//   POST /api/project/show/{id}     -> ProjectView {id, name, code, status, statusLabel, family, businessType,
//                                      companyId, companyName, disclosureStart, disclosureEnd, pausedAt, version,
//                                      details, signedLetters: [{uuid, name}]}
//   GET  /api/project/status/{id}   -> {id, status, statusLabel, version}
//   POST /api/project/list          {page, size, keyword?, status?, family?, statuses?, families?, sort?} ->
//                                      {list: ProjectListRow[], total, isTotalCapped}; scoped in SQL: own
//                                      company's (the exchange: all; an agent member: the projects naming it as
//                                      agent), newest first unless sorted; statuses and families: any of them;
//                                      the total is exact up to LIST_COUNT_CAP
//   GET  /api/project/searchs       -> {statuses, families}: the families are the project kinds', by name
//   POST /api/project/ownerProject  {businessType} -> ProjectListRow[] (the caller's projects of that type)
//   GET  /api/project/members       -> [{id, name}]: the admitted member companies a project may be entrusted to
//   POST /api/project/delete/{id}   {} -> {id}; drafts of the caller's own company only
// For every family F with a project kind (packages/domain/src/projects/kinds: bulk, coll, stock, privateStock, cap,
// capOpen, small, motorVehicle, unified):
//   POST /api/project/F{create}     {form} -> {id, version}; a draft of the caller's company ({create} is the
//                                      kind's createPath: '' for bulk and coll, /right/save for the equity kinds)
//   POST /api/project/F/update/{id} {version, form} -> {id, version}; editable projects only; stale version: 409
//   POST /api/project/F/show        {id} -> ProjectFormView
//   POST /api/project/F/submit/{id} {version} -> {id, actionId, taskId}: the kind's rule checks, then the
//                                      disclosure application is created and submitted (the pre-disclosure for
//                                      kinds that have one, else the formal disclosure)
//   POST /api/project/F/submitFormal/{id} {version}   the formal disclosure, for kinds with a pre-disclosure
//   POST /api/project/F/again/submit/{id} {version}   the same once the exchange returned it (else refused)
//   POST /api/project/F/task/submit {id, version, taskId}  the same from the caller's open task on it
//   POST /api/project/F/copy/{id}   -> {id, version}: a new draft with the form (renamed) and the list sheets
//   POST /api/project/F/submitFormal/{id} {version}   the formal submit under the spec's second name, for a kind
//                                      without a pre-disclosure that has it (the ordinary capital increase)
//   GET  /api/project/F/category    -> [{key, label, fields: [{name, label}]}]: a form that changes with a category
//                                      (unified): the dictionary's categories in force with the fields each adds
//   POST /api/project/F/work/date   {startDate, days | endDate} -> {startDate, days, endDate, isProvisional}: a
//                                      period counted in working days (unified)
// and, where a kind has names of its own in the spec (specBase: /api/capitalIncrease, /api/capitalIncreaseOpen):
//   POST {specBase} {form}; POST {specBase}/update/{id}; POST {specBase}/project/{id} -> ProjectFormView;
//   POST {specBase}/{id}/submit {version} (and /{id}/submitFormal for the open one's formal disclosure)
//   POST /api/project/submit        {id, version} -> the family's formal submit
//   GET  /api/project/common/cancel/{id} -> {id}: the disclosure application withdrawn before it is signed
//   POST /api/project/searchs/statusCategory {type?, ...} -> [{value, label, count}] of the caller's projects
//   POST /api/project/searchs/status {type?} -> [{value, label}]
//   GET  /api/project/transferor?companyId=&businessType= -> ProjectTransferor (own company; the exchange: any)
//   GET  /api/project/update/from/otc/{id} -> {id, name, code, status, statusLabel, otc: OtcRecord}: the result
//                                      read from the trading system (owner or exchange); a deal makes it dealt
// All need GJS_PROJECT_LT (or the exchange's GJS_PROJECT_LT_ADMIN), except
//   POST /api/project/evaluation/list {page, size, keyword?} -> {list: EvaluationRow[], total}: 评估项目, the
//                                      projects naming the caller as appraisal firm (GJS_PROJECT_EVALUATION_LT; the
//                                      exchange's _ADMIN: every project naming one), with their appraisal reports
//   POST /api/project/evaluation/submit/{id} {appraisalBaseDate, netAssetValue, appraisalValue (fen), remark?}
//                                      -> {submittedAt}: the engaged firm's appraisal, with the report it uploaded
//                                      under the project (tag appraisalReport) (GJS_PROJECT_EVALUATION_LT)
import { MSG, PROJECT_FAMILIES, type ProjectFamily } from '@cqjy/domain';
import {
  EVALUATION_READER_CODES,
  listEvaluationsCall,
  submitEvaluationCall,
} from '@cqjy/domain/contracts/evaluations';
import { PROJECT_KIND_CALLS, type ProjectKindCalls } from '@cqjy/domain/contracts/project-kinds';
import {
  cancelProjectDisclosureCall,
  countProjectStatusesCall,
  deleteProjectCall,
  listOwnerProjectsCall,
  listProjectMembersCall,
  listProjectsCall,
  PROJECT_CODES,
  projectSearchOptionsCall,
  projectStatusCall,
  projectStatusOptionsCall,
  showProjectCall,
  showProjectTransferorCall,
  submitProjectCall,
  updateProjectFromOtcCall,
} from '@cqjy/domain/contracts/projects';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { ProjectsService } from './service.ts';

function actorOf(request: Parameters<typeof requireSession>[0]) {
  return { ...requireSession(request), ...readOrigin(request) };
}

export const projectsRoutes: FastifyPluginCallback<{ projects: ProjectsService }> = (
  app,
  { projects },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];

  serve(app, showProjectCall, guard, async ({ params }, request) =>
    ok(await projects.show(requireSession(request), params.id)),
  );

  serve(app, projectStatusCall, guard, async ({ params }, request) =>
    ok(await projects.showStatus(requireSession(request), params.id)),
  );

  serve(app, updateProjectFromOtcCall, guard, async ({ params }, request) =>
    ok(await projects.updateFromOtc(actorOf(request), params.id), MSG.otcSynced),
  );

  serve(app, listProjectsCall, guard, async ({ body }, request) =>
    ok(await projects.list(requireSession(request), body)),
  );

  serve(app, listOwnerProjectsCall, guard, async ({ body }, request) =>
    ok(await projects.listOwnerProjects(requireSession(request), body.businessType)),
  );

  serve(app, listProjectMembersCall, guard, async () => ok(await projects.listMembers()));

  serve(app, projectSearchOptionsCall, guard, () => Promise.resolve(ok(projects.searchOptions())));

  serve(app, deleteProjectCall, guard, async ({ params }, request) =>
    ok(await projects.remove(actorOf(request), params.id), MSG.projectDeleted),
  );

  serve(
    app,
    listEvaluationsCall,
    [app.authenticate, requireAnyPermission([...EVALUATION_READER_CODES])],
    async ({ body }, request) => ok(await projects.listEvaluations(requireSession(request), body)),
  );

  serve(
    app,
    submitEvaluationCall,
    [app.authenticate, requirePermission('GJS_PROJECT_EVALUATION_LT')],
    async ({ params, body }, request) =>
      ok(await projects.submitEvaluation(actorOf(request), params.id, body), MSG.evaluationSubmitted),
  );

  serve(app, countProjectStatusesCall, guard, async ({ body }, request) =>
    ok(await projects.countStatuses(requireSession(request), { businessType: body.type })),
  );

  serve(app, projectStatusOptionsCall, guard, () => Promise.resolve(ok(projects.searchOptions().statuses)));

  serve(app, showProjectTransferorCall, guard, async ({ query }, request) =>
    ok(await projects.showTransferor(requireSession(request), query)),
  );

  serve(app, submitProjectCall, guard, async ({ body }, request) =>
    ok(await projects.submitFormal(actorOf(request), body), MSG.workflowSubmitted),
  );

  serve(app, cancelProjectDisclosureCall, guard, async ({ params }, request) =>
    ok(await projects.cancelDisclosure(actorOf(request), params.id), MSG.projectsCancelled),
  );

  /** The calls that create, change and submit a kind's project (at the family's paths, or the spec's). */
  function serveFormCalls(
    family: ProjectFamily,
    calls: Pick<ProjectKindCalls, 'create' | 'update' | 'stages' | 'submit'>,
  ): void {
    serve(app, calls.create, guard, async ({ body }, request) =>
      ok(await projects.createProject(actorOf(request), family, body), MSG.projectSaved),
    );

    serve(app, calls.update, guard, async ({ params, body }, request) =>
      ok(await projects.updateProject(actorOf(request), family, params.id, body), MSG.projectSaved),
    );

    for (const stage of calls.stages) {
      serve(app, calls.submit[stage], guard, async ({ params, body }, request) =>
        ok(
          await projects.submitProject(actorOf(request), family, params.id, { version: body.version, stage }),
          MSG.workflowSubmitted,
        ),
      );
    }
  }

  // Every family with a project kind has these calls; the kind says what differs (its form, rules and stages).
  for (const family of PROJECT_FAMILIES) {
    const calls = PROJECT_KIND_CALLS[family];
    serveFormCalls(family, calls);

    if (calls.spec !== undefined) {
      serveFormCalls(family, calls.spec);
      serve(app, calls.spec.show, guard, async ({ params }, request) =>
        ok(await projects.showForm(requireSession(request), family, params.id)),
      );
    }

    serve(app, calls.copy, guard, async ({ params }, request) =>
      ok(await projects.copyProject(actorOf(request), family, params.id), MSG.projectCopied),
    );

    serve(app, calls.submitAgain, guard, async ({ params, body }, request) =>
      ok(await projects.submitAgain(actorOf(request), family, params.id, body), MSG.workflowSubmitted),
    );

    serve(app, calls.submitFromTask, guard, async ({ body }, request) =>
      ok(await projects.submitFromTask(actorOf(request), family, body), MSG.workflowSubmitted),
    );

    serve(app, calls.show, guard, async ({ body }, request) =>
      ok(await projects.showForm(requireSession(request), family, body.id)),
    );

    if (calls.submitFormalAlias !== undefined) {
      serve(app, calls.submitFormalAlias, guard, async ({ params, body }, request) =>
        ok(
          await projects.submitProject(actorOf(request), family, params.id, {
            version: body.version,
            stage: 'formal',
          }),
          MSG.workflowSubmitted,
        ),
      );
    }
    if (calls.category !== undefined) {
      serve(app, calls.category, guard, async (_, request) =>
        ok(await projects.listCategories(requireSession(request), family)),
      );
    }
    if (calls.workDate !== undefined) {
      serve(app, calls.workDate, guard, ({ body }) => Promise.resolve(ok(projects.workDate(body))));
    }
  }

  done();
};
