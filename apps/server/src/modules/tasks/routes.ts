// Task centre calls. Every answer is the envelope.
//   POST /api/task/list/{kind} {keyword?, family?, page, size} -> {list: TaskRow[], total}
//   GET  /api/task/counts -> {todo, done, launch}
//   POST /api/task/validate/status/{id} -> 0, or 409 when the task is no longer open for the caller (BF-7.3)
// They need GJS_TASK (the exchange: GJS_TASK_ADMIN). The workflow's batch calls (/api/task/batch/..., whether/batch)
// and its sign-off (/api/task/signoff/{flow}) are the engine's.
import { MSG, TASK_LIST_KINDS, ZTaskCounts, ZTaskRow } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { zPage, zSize } from '../projects/routes.ts';
import type { TasksService } from './service.ts';

export const TASK_CODES = ['GJS_TASK', 'GJS_TASK_ADMIN'] as const;

export const tasksRoutes: FastifyPluginCallbackZod<{ tasks: TasksService }> = (app, { tasks }, done) => {
  const taskGuard = [app.authenticate, requireAnyPermission([...TASK_CODES])];

  app.post(
    '/api/task/list/:kind',
    {
      preValidation: taskGuard,
      schema: {
        tags: ['task'],
        summary: '任务列表',
        params: z.object({ kind: z.enum(TASK_LIST_KINDS, { error: MSG.notFound }) }),
        body: z.object({
          page: zPage,
          size: zSize,
          keyword: z.string({ error: MSG.badRequest }).max(100, MSG.badRequest).optional(),
          family: z.string({ error: MSG.badRequest }).max(30, MSG.badRequest).optional(),
        }),
        response: { 200: zEnvelope(z.object({ list: z.array(ZTaskRow), total: z.number() })) },
      },
    },
    async (request) => ok(await tasks.listTasks(requireSession(request), request.params.kind, request.body)),
  );

  app.get(
    '/api/task/counts',
    {
      preValidation: taskGuard,
      schema: {
        tags: ['task'],
        summary: '任务数量',
        response: { 200: zEnvelope(ZTaskCounts) },
      },
    },
    async (request) => ok(await tasks.countTasks(requireSession(request))),
  );

  app.post(
    '/api/task/validate/status/:id',
    {
      preValidation: taskGuard,
      schema: {
        tags: ['task'],
        summary: '任务是否仍待处理（BF-7.3）',
        params: z.object({ id: z.string().max(32) }),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      await tasks.validateTaskStatus(requireSession(request), id);
      return ok(null, MSG.workflowTaskOpen);
    },
  );

  done();
};
