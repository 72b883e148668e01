// Project calls. Every answer is the envelope; another company's project answers {status: 404} as if it did not
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
// capOpen):
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
import {
  zPage,
  zSize,
  FAMILY_TITLES,
  isProjectFamily,
  MSG,
  PROJECT_FAMILIES,
  PROJECT_KINDS,
  PROJECT_LIST_SORTS,
  PROJECT_STATUS,
  submitCall,
  ZProjectFormView,
  ZProjectListRow,
  ZProjectSearchOptions,
  zProjectStatus,
  ZProjectStatusCount,
  ZProjectSummary,
  ZProjectTransferor,
  ZProjectView,
  type DisclosureStage,
  type ProjectFamily,
} from '@cqjy/domain';
import {
  EVALUATION_READER_CODES,
  listEvaluationsCall,
  submitEvaluationCall,
} from '@cqjy/domain/contracts/evaluations';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import { toSummary, type ProjectsService } from './service.ts';

export const PROJECT_CODES = ['GJS_PROJECT_LT', 'GJS_PROJECT_LT_ADMIN'] as const;

/** A positive id of the path; anything else names no row. */
export function parseId(text: string): number {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (id < 1) throw notFound();
  return id;
}

const ZSaved = z.object({ id: z.number(), version: z.number() });
const ZSubmitted = z.object({ id: z.number(), actionId: z.number(), taskId: z.number() });

const zBusinessType = z.string({ error: MSG.badRequest }).regex(/^\d{1,2}$/, MSG.badRequest);

/** The form travels as an object; its fields are checked by the domain schema so the messages are the rules'. */
const zForm = z.record(z.string(), z.unknown(), { error: MSG.badRequest });
const zVersion = z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest);
/** An id of a row: an int4 column, so a larger number is refused here rather than by the database (a 500). */
const zBodyId = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);

// the paging fields of every list call, as the contracts declare them (packages/domain/src/contract.ts)
export { zPage, zSize };

const ZIdParams = z.object({ id: z.string().max(32) });

function actorOf(request: Parameters<typeof requireSession>[0]) {
  return { ...requireSession(request), ...readOrigin(request) };
}

export const projectsRoutes: FastifyPluginCallbackZod<{ projects: ProjectsService }> = (
  app,
  { projects },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES])];

  app.post(
    '/api/project/show/:id',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '项目详情',
        params: ZIdParams,
        response: { 200: zEnvelope(ZProjectView) },
      },
    },
    async (request) => ok(await projects.show(requireSession(request), parseId(request.params.id))),
  );

  app.get(
    '/api/project/status/:id',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '项目状态',
        params: ZIdParams,
        response: {
          200: zEnvelope(
            z.object({
              id: z.number(),
              status: zProjectStatus,
              statusLabel: z.string(),
              version: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const row = await projects.findVisible(requireSession(request), parseId(request.params.id));
      const summary = toSummary(row);
      return ok({
        id: row.id,
        status: summary.status,
        statusLabel: summary.statusLabel,
        version: row.version,
      });
    },
  );

  app.get(
    '/api/project/update/from/otc/:id',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '从交易系统同步交易结果',
        params: ZIdParams,
        response: {
          200: zEnvelope(ZProjectSummary.extend({ otc: z.record(z.string(), z.unknown()) })),
        },
      },
    },
    async (request) =>
      ok(await projects.updateFromOtc(actorOf(request), parseId(request.params.id)), MSG.otcSynced),
  );

  app.post(
    '/api/project/list',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '项目列表',
        body: z.object({
          page: zPage,
          size: zSize,
          keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
          status: zProjectStatus.optional(),
          family: z.string({ error: MSG.badRequest }).max(32, MSG.badRequest).optional(),
          // any of several (the projects a screen's action can start on, from 我的项目's address)
          statuses: z
            .array(zProjectStatus)
            .max(Object.keys(PROJECT_STATUS).length, MSG.badRequest)
            .optional(),
          families: z
            .array(z.string({ error: MSG.badRequest }).max(32, MSG.badRequest), { error: MSG.badRequest })
            .max(PROJECT_FAMILIES.length, MSG.badRequest)
            .optional(),
          sort: z.enum(PROJECT_LIST_SORTS, { error: MSG.badRequest }).optional(),
        }),
        response: {
          200: zEnvelope(
            z.object({
              list: z.array(ZProjectListRow),
              total: z.number(),
              isTotalCapped: z.boolean().optional(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await projects.list(requireSession(request), request.body)),
  );

  app.post(
    '/api/project/ownerProject',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '本单位某业务类型的项目',
        body: z.object({ businessType: z.string({ error: MSG.badRequest }).min(1).max(16, MSG.badRequest) }),
        response: { 200: zEnvelope(z.array(ZProjectListRow)) },
      },
    },
    async (request) =>
      ok(await projects.listOwnerProjects(requireSession(request), request.body.businessType)),
  );

  app.get(
    '/api/project/members',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '可委托的会员机构',
        response: { 200: zEnvelope(z.array(z.object({ id: z.number(), name: z.string() }))) },
      },
    },
    async () => ok(await projects.listMembers()),
  );

  app.get(
    '/api/project/searchs',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '项目筛选项',
        response: { 200: zEnvelope(ZProjectSearchOptions) },
      },
    },
    () => ok(projects.searchOptions()),
  );

  app.post(
    '/api/project/delete/:id',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '删除草稿项目',
        params: ZIdParams,
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(await projects.remove(actorOf(request), parseId(request.params.id)), MSG.projectDeleted),
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

  app.post(
    '/api/project/searchs/statusCategory',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '项目状态分类及数量',
        description:
          'type 为业务类型；key、disclosureType、projectAssetType、ns 为列表页的附加条件，暂不影响计数。',
        body: z.object({
          key: z.string().max(32).optional(),
          type: zBusinessType.optional(),
          disclosureType: z.string().max(32).optional(),
          projectAssetType: z.string().max(32).optional(),
          ns: z.string().max(32).optional(),
        }),
        response: { 200: zEnvelope(z.array(ZProjectStatusCount)) },
      },
    },
    async (request) =>
      ok(await projects.countStatuses(requireSession(request), { businessType: request.body.type })),
  );

  app.post(
    '/api/project/searchs/status',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '项目状态选项',
        body: z.object({ type: zBusinessType.optional() }),
        response: { 200: zEnvelope(z.array(z.object({ value: z.string(), label: z.string() }))) },
      },
    },
    () => ok(projects.searchOptions().statuses),
  );

  app.get(
    '/api/project/transferor',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '转让方信息',
        querystring: z.object({
          companyId: z.coerce
            .number({ error: MSG.badRequest })
            .int(MSG.badRequest)
            .min(1, MSG.badRequest)
            .max(2_147_483_647, MSG.badRequest)
            .optional(),
          businessType: zBusinessType.optional(),
        }),
        response: { 200: zEnvelope(ZProjectTransferor) },
      },
    },
    async (request) => ok(await projects.showTransferor(requireSession(request), request.query)),
  );

  app.post(
    '/api/project/submit',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '提交项目信息披露申请（按项目类别）',
        body: z.object({ id: zBodyId, version: zVersion }),
        response: { 200: zEnvelope(ZSubmitted) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const project = await projects.findVisible(actor, request.body.id);
      if (!isProjectFamily(project.family)) throw notFound();
      return ok(
        await projects.submitProject(actor, project.family, project.id, {
          version: request.body.version,
          stage: 'formal',
        }),
        MSG.workflowSubmitted,
      );
    },
  );

  app.get(
    '/api/project/common/cancel/:id',
    {
      preValidation: guard,
      schema: {
        tags: ['project'],
        summary: '撤回尚未签章的信息披露申请',
        params: ZIdParams,
        response: { 200: zEnvelope(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(
        await projects.cancelDisclosure(actorOf(request), parseId(request.params.id)),
        MSG.projectsCancelled,
      ),
  );

  /** The calls that create, change and submit a kind's project, at the paths given (the family's, or the spec's). */
  function registerKindCalls(
    family: ProjectFamily,
    paths: { create: string; update: string; submit: (stage: DisclosureStage) => string },
  ): void {
    const kind = PROJECT_KINDS[family];
    const title = FAMILY_TITLES[family];
    const hasPreDisclosure = kind.preDisclosure !== 'none';

    app.post(
      paths.create,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: `新增${title}项目（草稿）`,
          body: z.object({ form: zForm }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(await projects.createProject(actorOf(request), family, request.body), MSG.projectSaved),
    );

    app.post(
      paths.update,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: `修改${title}项目`,
          params: ZIdParams,
          body: z.object({ version: zVersion, form: zForm }),
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(
          await projects.updateProject(actorOf(request), family, parseId(request.params.id), request.body),
          MSG.projectSaved,
        ),
    );

    // the stages the kind has, each on its call (submit, and submitFormal after a pre-disclosure)
    const stages: DisclosureStage[] = hasPreDisclosure ? ['pre', 'formal'] : ['formal'];
    for (const stage of stages) {
      app.post(
        paths.submit(stage),
        {
          preValidation: guard,
          schema: {
            tags: ['project'],
            summary: `提交${title}项目${stage === 'pre' ? '信息预披露' : hasPreDisclosure ? '正式披露' : '信息披露'}申请`,
            params: ZIdParams,
            body: z.object({ version: zVersion }),
            response: { 200: zEnvelope(ZSubmitted) },
          },
        },
        async (request) =>
          ok(
            await projects.submitProject(actorOf(request), family, parseId(request.params.id), {
              version: request.body.version,
              stage,
            }),
            MSG.workflowSubmitted,
          ),
      );
    }
  }

  // Every family with a project kind has these calls; the kind says what differs (its form, rules and stages).
  for (const family of PROJECT_FAMILIES) {
    const base = `/api/project/${family}`;
    const kind = PROJECT_KINDS[family];
    const title = FAMILY_TITLES[family];
    registerKindCalls(family, {
      create: `${base}${kind.createPath}`,
      update: `${base}/update/:id`,
      submit: (stage) => `${base}/${submitCall(kind, stage)}/:id`,
    });

    // The same calls under the names the spec gives a kind apart from its family's (the capital increase's): the
    // draft of its project read as {specBase}/project/{id}, and each stage submitted as {specBase}/{id}/submit
    // (the open capital increase's formal disclosure as {id}/submitFormal, like its family's call).
    const specBase = kind.specBase;
    if (specBase !== undefined) {
      registerKindCalls(family, {
        create: specBase,
        update: `${specBase}/update/:id`,
        submit: (stage) => `${specBase}/:id/${submitCall(kind, stage)}`,
      });
      app.post(
        `${specBase}/project/:id`,
        {
          preValidation: guard,
          schema: {
            tags: ['project'],
            summary: `${title}项目详情`,
            params: ZIdParams,
            response: { 200: zEnvelope(ZProjectFormView) },
          },
        },
        async (request) =>
          ok(await projects.showForm(requireSession(request), family, parseId(request.params.id))),
      );
    }

    app.post(
      `${base}/copy/:id`,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: `复制${title}项目为新草稿`,
          params: ZIdParams,
          response: { 200: zEnvelope(ZSaved) },
        },
      },
      async (request) =>
        ok(
          await projects.copyProject(actorOf(request), family, parseId(request.params.id)),
          MSG.projectCopied,
        ),
    );

    app.post(
      `${base}/again/submit/:id`,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: `退回修改后再次提交${title}项目`,
          params: ZIdParams,
          body: z.object({ version: zVersion }),
          response: { 200: zEnvelope(ZSubmitted) },
        },
      },
      async (request) =>
        ok(
          await projects.submitAgain(actorOf(request), family, parseId(request.params.id), request.body),
          MSG.workflowSubmitted,
        ),
    );

    app.post(
      `${base}/task/submit`,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: `从待办任务提交${title}项目`,
          body: z.object({ id: zBodyId, version: zVersion, taskId: zBodyId }),
          response: { 200: zEnvelope(ZSubmitted) },
        },
      },
      async (request) =>
        ok(await projects.submitFromTask(actorOf(request), family, request.body), MSG.workflowSubmitted),
    );

    app.post(
      `${base}/show`,
      {
        preValidation: guard,
        schema: {
          tags: ['project'],
          summary: `${title}项目详情`,
          body: z.object({ id: zBodyId }),
          response: { 200: zEnvelope(ZProjectFormView) },
        },
      },
      async (request) => ok(await projects.showForm(requireSession(request), family, request.body.id)),
    );
  }

  done();
};
