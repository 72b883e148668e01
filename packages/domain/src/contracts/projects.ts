// The project calls of 我的项目 / 项目管理 and of every project page (spec 000: project, showproject; spec 001 section
// 7: the project's status, its list and filters, the owner's projects of a type, the member companies, delete,
// submit, cancel, the transferor, the status tabs, the trading system's result). The calls of a kind's form are in
// project-kinds.ts, its list sheets in project-sheets.ts, its prospective buyers in project-participants.ts. All
// need GJS_PROJECT_LT (the exchange: GJS_PROJECT_LT_ADMIN); another company's project answers 404 as if it did not
// exist.
import { z } from 'zod';
import { defineCall, zPage, zPathId, zSize } from '../contract.ts';
import { MSG } from '../messages.ts';
import { PROJECT_FAMILIES } from '../projects/kinds/index.ts';
import {
  PROJECT_LIST_SORTS,
  ZProjectListRow,
  ZProjectSearchOptions,
  ZProjectStatusCount,
  ZProjectTransferor,
} from '../projects/views.ts';
import { PROJECT_STATUS } from '../workflow/statuses.ts';
import { zProjectStatus, ZProjectSummary, ZProjectView } from '../workflow/views.ts';

export const PROJECT_CODES = ['GJS_PROJECT_LT', 'GJS_PROJECT_LT_ADMIN'] as const;

/** An id of a row in a body: an int4 column, so a larger number is refused here rather than by the database. */
export const zProjectBodyId = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);

/** The version a project form was read at (a stale one answers 409 from the service). */
export const zProjectVersion = z.number({ error: MSG.badRequest }).int(MSG.badRequest).min(1, MSG.badRequest);

/** What a submission answers: the disclosure application to sign ({family}EicSre?id=&taskId=). */
export const ZProjectSubmitted = z.object({ id: z.number(), actionId: z.number(), taskId: z.number() });
export type ProjectSubmitted = z.infer<typeof ZProjectSubmitted>;

const zBusinessType = z.string({ error: MSG.badRequest }).regex(/^\d{1,2}$/, MSG.badRequest);

/** POST /api/project/show/{id}: the project as every project page reads it. */
export const showProjectCall = defineCall({
  method: 'POST',
  path: '/api/project/show/:id',
  tag: 'project',
  summary: '项目详情',
  params: z.object({ id: zPathId }),
  answer: ZProjectView,
});

/** GET /api/project/status/{id}: the project's status and version. */
export const projectStatusCall = defineCall({
  method: 'GET',
  path: '/api/project/status/:id',
  tag: 'project',
  summary: '项目状态',
  params: z.object({ id: zPathId }),
  answer: z.object({ id: z.number(), status: zProjectStatus, statusLabel: z.string(), version: z.number() }),
});

/**
 * GET /api/project/update/from/otc/{id}: the result read from the trading system (the owner or the exchange); a
 * deal makes the project dealt.
 */
export const updateProjectFromOtcCall = defineCall({
  method: 'GET',
  path: '/api/project/update/from/otc/:id',
  tag: 'project',
  summary: '从交易系统同步交易结果',
  params: z.object({ id: zPathId }),
  answer: ZProjectSummary.extend({ otc: z.record(z.string(), z.unknown()) }),
});

/**
 * POST /api/project/list: a page of the caller's projects, scoped in SQL (own company's; the exchange: all; an agent
 * member: the projects naming it), newest first unless sorted; the total is exact up to the list's cap.
 */
export const listProjectsCall = defineCall({
  method: 'POST',
  path: '/api/project/list',
  tag: 'project',
  summary: '项目列表',
  body: z.object({
    page: zPage,
    size: zSize,
    keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
    status: zProjectStatus.optional(),
    family: z.string({ error: MSG.badRequest }).max(32, MSG.badRequest).optional(),
    // any of several (the projects a screen's action can start on, from 我的项目's address)
    statuses: z.array(zProjectStatus).max(Object.keys(PROJECT_STATUS).length, MSG.badRequest).optional(),
    families: z
      .array(z.string({ error: MSG.badRequest }).max(32, MSG.badRequest), { error: MSG.badRequest })
      .max(PROJECT_FAMILIES.length, MSG.badRequest)
      .optional(),
    sort: z.enum(PROJECT_LIST_SORTS, { error: MSG.badRequest }).optional(),
  }),
  answer: z.object({
    list: z.array(ZProjectListRow),
    total: z.number(),
    isTotalCapped: z.boolean().optional(),
    isTotalEstimated: z.boolean().optional(),
  }),
});
export type ProjectListQuery = z.input<typeof listProjectsCall.body>;

/** POST /api/project/ownerProject: the caller's projects of one business type. */
export const listOwnerProjectsCall = defineCall({
  method: 'POST',
  path: '/api/project/ownerProject',
  tag: 'project',
  summary: '本单位某业务类型的项目',
  body: z.object({ businessType: z.string({ error: MSG.badRequest }).min(1).max(16, MSG.badRequest) }),
  answer: z.array(ZProjectListRow),
});

/** GET /api/project/members: the admitted member companies a project may be entrusted to (委托会员). */
export const listProjectMembersCall = defineCall({
  method: 'GET',
  path: '/api/project/members',
  tag: 'project',
  summary: '可委托的会员机构',
  answer: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** GET /api/project/searchs: the list's filter options; the families are the project kinds', by name. */
export const projectSearchOptionsCall = defineCall({
  method: 'GET',
  path: '/api/project/searchs',
  tag: 'project',
  summary: '项目筛选项',
  answer: ZProjectSearchOptions,
});

/** POST /api/project/delete/{id}: a draft of the caller's own company. */
export const deleteProjectCall = defineCall({
  method: 'POST',
  path: '/api/project/delete/:id',
  tag: 'project',
  summary: '删除草稿项目',
  params: z.object({ id: zPathId }),
  answer: z.object({ id: z.number() }),
});

/** POST /api/project/searchs/statusCategory: the status tabs of the caller's projects, with their counts. */
export const countProjectStatusesCall = defineCall({
  method: 'POST',
  path: '/api/project/searchs/statusCategory',
  tag: 'project',
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
  answer: z.array(ZProjectStatusCount),
});

/** POST /api/project/searchs/status: the project statuses a list filters by. */
export const projectStatusOptionsCall = defineCall({
  method: 'POST',
  path: '/api/project/searchs/status',
  tag: 'project',
  summary: '项目状态选项',
  body: z.object({ type: zBusinessType.optional() }),
  answer: z.array(z.object({ value: z.string(), label: z.string() })),
});

/** GET /api/project/transferor?companyId=&businessType=: the owner company (own company; the exchange: any). */
export const showProjectTransferorCall = defineCall({
  method: 'GET',
  path: '/api/project/transferor',
  tag: 'project',
  summary: '转让方信息',
  query: z.object({
    companyId: z.coerce
      .number({ error: MSG.badRequest })
      .int(MSG.badRequest)
      .min(1, MSG.badRequest)
      .max(2_147_483_647, MSG.badRequest)
      .optional(),
    businessType: zBusinessType.optional(),
  }),
  answer: ZProjectTransferor,
});

/** POST /api/project/submit: the project's formal disclosure, by its family's submit (the spec names the id here). */
export const submitProjectCall = defineCall({
  method: 'POST',
  path: '/api/project/submit',
  tag: 'project',
  summary: '提交项目信息披露申请（按项目类别）',
  body: z.object({ id: zProjectBodyId, version: zProjectVersion }),
  answer: ZProjectSubmitted,
});

/** GET /api/project/common/cancel/{id}: the disclosure application withdrawn before it is signed. */
export const cancelProjectDisclosureCall = defineCall({
  method: 'GET',
  path: '/api/project/common/cancel/:id',
  tag: 'project',
  summary: '撤回尚未签章的信息披露申请',
  params: z.object({ id: zPathId }),
  answer: z.object({ id: z.number() }),
});
