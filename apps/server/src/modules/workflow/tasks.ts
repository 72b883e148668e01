// The task centre: the task lists of a company or of the exchange (待办, 已办, 我发起的 ...), their counts (also the
// home page's counters), the batch screens' tasks and the check that a task is still open for the caller.
import {
  findAction,
  MSG,
  TASK_TYPE_LABELS,
  type PageResult,
  type TaskCounts,
  type TaskListKind,
  type TaskRow,
} from '@cqjy/domain';
import { conflict } from '../../platform/errors.ts';
import { assignee, requireConfig, type Actor, type WorkflowContext } from './instances.ts';
import * as repo from './repo.ts';

export type TaskListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  family?: string | undefined;
};

export function createTasks(ctx: WorkflowContext) {
  const { db, users, homepage } = ctx;

  // The task counts on the home page are the task centre's.
  for (const kind of ['todo', 'done', 'launch'] as const) {
    homepage.registerCounter(kind, (session) => repo.countTasks(db, kind, assignee(session)));
  }

  async function toTaskRows(rows: readonly repo.TaskListRow[]): Promise<TaskRow[]> {
    const names = new Map<number, string>();
    for (const row of rows) {
      if (!names.has(row.task.companyId)) {
        names.set(row.task.companyId, (await users.findCompany(row.task.companyId))?.name ?? '');
      }
    }
    return rows.map(({ task, family, action, projectName, projectCode }) => ({
      id: task.id,
      type: task.type,
      typeLabel: TASK_TYPE_LABELS[task.type],
      actionId: task.instanceId,
      family,
      action,
      actionTitle: findAction(family, action)?.title ?? action,
      projectId: task.projectId,
      projectName,
      projectCode,
      routeName: task.routeName,
      status: task.status,
      applicantCompany: names.get(task.companyId) ?? '',
      createdAt: task.createdAt.toISOString(),
      doneAt: task.doneAt?.toISOString() ?? null,
    }));
  }

  async function listTasks(
    actor: Actor,
    kind: TaskListKind,
    query: TaskListQuery,
  ): Promise<PageResult<TaskRow>> {
    const page = await repo.listTasks(db, { kind, who: assignee(actor), ...query });
    return { list: await toTaskRows(page.list), total: page.total };
  }

  async function countTasks(actor: Actor): Promise<TaskCounts> {
    const who = assignee(actor);
    const [todo, done, launch] = await Promise.all([
      repo.countTasks(db, 'todo', who),
      repo.countTasks(db, 'done', who),
      repo.countTasks(db, 'launch', who),
    ]);
    return { todo, done, launch };
  }

  /** The caller's open tasks of one family and action (the batch screens). */
  async function listBatchTasks(actor: Actor, family: string, action: string): Promise<TaskRow[]> {
    requireConfig(family, action);
    const page = await repo.listTasks(db, {
      kind: 'todo',
      who: assignee(actor),
      family,
      action,
      page: 1,
      size: 100,
    });
    return toTaskRows(page.list);
  }

  /** Whether the tasks can be handled as one batch: several, all open for the caller, of one action and step. */
  async function isBatch(actor: Actor, taskIds: readonly number[]): Promise<boolean> {
    const unique = [...new Set(taskIds)];
    if (unique.length < 2) return false;
    const rows = await repo.listTasksByIds(db, unique);
    if (rows.length !== unique.length) return false;
    const instances = await Promise.all(rows.map((row) => repo.findInstance(db, row.instanceId)));
    const keys = new Set(rows.map((row, i) => `${instances[i]?.family}/${instances[i]?.action}/${row.type}`));
    return keys.size === 1 && rows.every((row) => isOpenFor(actor, row));
  }

  function isOpenFor(actor: Actor, task: repo.TaskRowDb): boolean {
    return (
      task.status === 'open' &&
      (task.assigneeCompanyId === actor.companyId || task.assigneeIdentity === actor.identityType)
    );
  }

  /** BF-7.3: the task is still open for the caller, or 409 (handled by someone else, or never theirs). */
  async function validateTaskStatus(actor: Actor, taskId: number): Promise<void> {
    const task = await repo.findTask(db, taskId);
    if (task === undefined || !isOpenFor(actor, task)) throw conflict(MSG.workflowTaskHandled);
  }

  return { listTasks, countTasks, listBatchTasks, isBatch, validateTaskStatus };
}
