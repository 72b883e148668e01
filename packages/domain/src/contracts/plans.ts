// The plan calls (我的计划 / 计划管理; spec 000: plan, planAdd, planShow, planEdit; spec 001 section 7: POST
// /api/plan/to/project). All need GJS_PLAN_LT (the exchange, which reads every company's plans and changes none:
// GJS_PLAN_LT_ADMIN). Another company's plan answers 404 as if it did not exist.
import { z } from 'zod';
import { defineCall, zPage, zPathId, zSize, ZSaved } from '../contract.ts';
import { MSG } from '../messages.ts';
import { PLAN_STATUS, ZPlanListRow, ZPlanProject, ZPlanView } from '../plans.ts';

export const PLAN_CODES = ['GJS_PLAN_LT', 'GJS_PLAN_LT_ADMIN'] as const;

/** Ids and versions: int4 columns, so a larger number is refused here rather than by the database (a 500). */
const zPositive = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);
/** The form travels as an object; its fields are checked by the domain so the messages are the form's. */
const zForm = z.record(z.string(), z.unknown(), { error: MSG.badRequest });

/** What a change answers: the plan and its new version. */
export const ZPlanSaved = ZSaved;
export type PlanSaved = z.infer<typeof ZPlanSaved>;

/** POST /api/plan/list: one page of the caller's plans; the total is exact up to the list's cap. */
export const listPlansCall = defineCall({
  method: 'POST',
  path: '/api/plan/list',
  tag: 'plan',
  summary: '计划列表',
  body: z.object({
    page: zPage,
    size: zSize,
    keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
    status: z.enum(Object.values(PLAN_STATUS), { error: MSG.badRequest }).optional(),
  }),
  answer: z.object({
    list: z.array(ZPlanListRow),
    total: z.number(),
    isTotalCapped: z.boolean().optional(),
  }),
});
export type PlanListQuery = z.input<typeof listPlansCall.body>;

/** POST /api/plan/save: a plan of the caller's company. */
export const savePlanCall = defineCall({
  method: 'POST',
  path: '/api/plan/save',
  tag: 'plan',
  summary: '新增计划',
  body: z.object({ form: zForm }),
  answer: ZPlanSaved,
});

/** POST /api/plan/update/{id}: a stale version answers 409; a plan turned into a project is refused. */
export const updatePlanCall = defineCall({
  method: 'POST',
  path: '/api/plan/update/:id',
  tag: 'plan',
  summary: '修改计划',
  params: z.object({ id: zPathId }),
  body: z.object({ version: zPositive, form: zForm }),
  answer: ZPlanSaved,
});

/** GET /api/plan/show/{id}: the plan's view. */
export const showPlanCall = defineCall({
  method: 'GET',
  path: '/api/plan/show/:id',
  tag: 'plan',
  summary: '计划详情',
  params: z.object({ id: zPathId }),
  answer: ZPlanView,
});

/** POST /api/plan/delete/{id}: not once turned into a project. */
export const deletePlanCall = defineCall({
  method: 'POST',
  path: '/api/plan/delete/:id',
  tag: 'plan',
  summary: '删除计划',
  params: z.object({ id: zPathId }),
  body: z.object({ version: zPositive }),
  answer: z.object({ id: z.number() }),
});

/** POST /api/plan/to/project: the draft project made of the plan ({id, family, code}). */
export const planToProjectCall = defineCall({
  method: 'POST',
  path: '/api/plan/to/project',
  tag: 'plan',
  summary: '计划转为项目',
  body: z.object({ id: zPositive, version: zPositive }),
  answer: ZPlanProject,
});
