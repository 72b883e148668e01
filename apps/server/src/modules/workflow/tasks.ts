// The batch screens' tasks (spec 001 section 7: GET /api/task/batch/tasks/{a}/{b}, POST /api/task/whether/batch):
// the caller's open tasks of one family and action, and whether several tasks can be handled as one batch. The
// task lists themselves are the task centre's (modules/tasks).
import type { TaskRow } from '@cqjy/domain';
import { isOpenFor } from '../tasks/service.ts';
import { requireConfig, type Actor, type WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';

export function createTasks(ctx: WorkflowContext) {
  const { db, tasks } = ctx;

  /** The caller's open tasks of one family and action (the batch screens). */
  async function listBatchTasks(actor: Actor, family: string, action: string): Promise<TaskRow[]> {
    requireConfig(family, action);
    const page = await tasks.listTasks(actor, 'todo', {
      subject: 'action',
      family,
      action,
      page: 1,
      size: 100,
    });
    return page.list;
  }

  /** Whether the tasks can be handled as one batch: several, all open for the caller, of one action and step. */
  async function isBatch(actor: Actor, taskIds: readonly number[]): Promise<boolean> {
    const unique = [...new Set(taskIds)];
    if (unique.length < 2) return false;
    const rows = await tasks.findMany(unique);
    if (rows.length !== unique.length) return false;
    if (!rows.every((row) => row.subject === 'action' && isOpenFor(actor, row))) return false;
    const instances = await Promise.all(rows.map((row) => repo.findInstance(db, row.subjectId)));
    const keys = new Set(rows.map((row, i) => `${instances[i]?.family}/${instances[i]?.action}/${row.type}`));
    return keys.size === 1;
  }

  return { listBatchTasks, isBatch };
}
