// The batch screens' tasks (spec 001 section 7: GET /api/task/batch/tasks/{a}/{b}, POST /api/task/whether/batch):
// the caller's open tasks of one family and action, and whether several tasks can be handled as one batch. Besides
// the engine's applications, a module may declare a batch of its own tasks (a vehicle disposal's listing letters,
// signed many at once): the family and action name the task subject and action it lists. The task lists
// themselves are the task centre's (modules/tasks).
import type { TaskRow, TaskSubject } from '@cqjy/domain';
import { BATCH_TASKS_MAX } from '@cqjy/domain/contracts/workflow';
import { isOpenFor } from '../tasks/service.ts';
import { requireConfig, type Actor, type WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';

export function createTasks(ctx: WorkflowContext) {
  const { db, tasks } = ctx;
  /** family/action -> the subject of a module's batch tasks (their action column is the action) */
  const moduleBatches = new Map<string, TaskSubject>();

  /** A module's tasks of `subject` and `action` listed and judged as one batch under family/action. */
  function registerBatch(family: string, action: string, subject: TaskSubject): void {
    moduleBatches.set(`${family}/${action}`, subject);
  }

  /** The caller's open tasks of one family and action (the batch screens). */
  async function listBatchTasks(actor: Actor, family: string, action: string): Promise<TaskRow[]> {
    const subject = moduleBatches.get(`${family}/${action}`);
    if (subject === undefined) requireConfig(family, action);
    const page = await tasks.listTasks(actor, 'todo', {
      subject: subject ?? 'action',
      family,
      action,
      page: 1,
      size: BATCH_TASKS_MAX,
    });
    return page.list;
  }

  /**
   * Whether the tasks can be handled as one batch: several, all open for the caller, of one action and step (an
   * engine application's, or a module's batch).
   */
  async function isBatch(actor: Actor, taskIds: readonly number[]): Promise<boolean> {
    const unique = [...new Set(taskIds)];
    if (unique.length < 2) return false;
    const rows = await tasks.findMany(unique);
    if (rows.length !== unique.length || !rows.every((row) => isOpenFor(actor, row))) return false;
    const batchSubjects = new Set(moduleBatches.values());
    if (rows.every((row) => row.subject !== 'action' && batchSubjects.has(row.subject))) {
      return new Set(rows.map((row) => `${row.subject}/${row.action}/${row.type}`)).size === 1;
    }
    if (!rows.every((row) => row.subject === 'action')) return false;
    const instances = await Promise.all(rows.map((row) => repo.findInstance(db, row.subjectId)));
    const keys = new Set(rows.map((row, i) => `${instances[i]?.family}/${instances[i]?.action}/${row.type}`));
    return keys.size === 1;
  }

  return { listBatchTasks, isBatch, registerBatch };
}
