// The task centre's calls, served from their contracts (packages/domain/src/contracts/tasks.ts).
import { MSG } from '@cqjy/domain';
import {
  countTasksCall,
  listTasksCall,
  TASK_CODES,
  validateTaskStatusCall,
} from '@cqjy/domain/contracts/tasks';
import type { FastifyPluginCallback } from 'fastify';
import { requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { TasksService } from './service.ts';

export const tasksRoutes: FastifyPluginCallback<{ tasks: TasksService }> = (app, { tasks }, done) => {
  const taskGuard = [app.authenticate, requireAnyPermission([...TASK_CODES])];

  serve(app, listTasksCall, taskGuard, async ({ params, body }, request) =>
    ok(await tasks.listTasks(requireSession(request), params.kind, body)),
  );

  serve(app, countTasksCall, taskGuard, async (_, request) =>
    ok(await tasks.countTasks(requireSession(request))),
  );

  serve(app, validateTaskStatusCall, taskGuard, async ({ params }, request) => {
    await tasks.validateTaskStatus(requireSession(request), params.id);
    return ok(null, MSG.workflowTaskOpen);
  });

  done();
};
