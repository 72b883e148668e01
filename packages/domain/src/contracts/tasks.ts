// The task centre's calls (spec 001 section 7; 待办任务, 已办任务, 我发起的 and the assessment institutions' 我的待办
// and 我的已办). They need GJS_TASK (the exchange: GJS_TASK_ADMIN). The workflow's batch calls
// (/api/task/batch/..., whether/batch) and its sign-off (/api/task/signoff/{flow}) are the engine's.
import { z } from 'zod';
import { defineCall, zPage, zPageOf, zPathId, zSize } from '../contract.ts';
import { MSG } from '../messages.ts';
import { TASK_LIST_KINDS } from '../workflow/statuses.ts';
import { ZTaskCounts, ZTaskRow } from '../workflow/views.ts';

export const TASK_CODES = ['GJS_TASK', 'GJS_TASK_ADMIN'] as const;

/** POST /api/task/list/{kind}: one page of the caller's tasks of a list, newest first. */
export const listTasksCall = defineCall({
  method: 'POST',
  path: '/api/task/list/:kind',
  tag: 'task',
  summary: '任务列表',
  params: z.object({ kind: z.enum(TASK_LIST_KINDS, { error: MSG.notFound }) }),
  body: z.object({
    page: zPage,
    size: zSize,
    keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
    family: z.string({ error: MSG.badRequest }).max(30, MSG.badRequest).optional(),
  }),
  answer: zPageOf(ZTaskRow),
});
export type TaskListQuery = z.input<typeof listTasksCall.body>;

/** GET /api/task/counts: how many tasks each of the caller's lists holds. */
export const countTasksCall = defineCall({
  method: 'GET',
  path: '/api/task/counts',
  tag: 'task',
  summary: '任务数量',
  answer: ZTaskCounts,
});

/** POST /api/task/validate/status/{id} (BF-7.3): 0 while the task is open for the caller, 409 once handled. */
export const validateTaskStatusCall = defineCall({
  method: 'POST',
  path: '/api/task/validate/status/:id',
  tag: 'task',
  summary: '任务是否仍待处理（BF-7.3）',
  params: z.object({ id: zPathId }),
  answer: z.null(),
});
