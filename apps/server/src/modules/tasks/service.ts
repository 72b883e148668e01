// The task centre (待办任务, 已办任务, 我发起的; the assessment institutions' 我的待办 and 我的已办): every decision
// someone must take is an open task assigned to that person's company (or to every company of an identity: the
// exchange's reviews), linked to the screen where it is taken. The module owning a subject opens its tasks and
// closes them inside the transaction that moves the subject (`open`, `advance`, `cancel`), so a task exists
// exactly when the decision waits. Reading: the lists and their counts (also the home page's counters), and the
// check that a task is still open for the caller before its screen opens (BF-7.3).
//
// Each job is one use case (use-cases/: lifecycle, lookup, lists); whose tasks a session sees sits in
// assignee.ts; this file registers the home page's counters and wires the use cases to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import { assigneeOf } from './assignee.ts';
import type { TasksDeps } from './deps.ts';
import * as repo from './repo.ts';
import { advance, cancel, closeOne, deleteOf, open } from './use-cases/lifecycle.ts';
import { countTasks, listTasks } from './use-cases/lists.ts';
import { find, findMany, listOpenOf, listOpenOfMany, validateTaskStatus } from './use-cases/lookup.ts';

export { assigneeOf, isOpenFor } from './assignee.ts';
export type {
  OpenTaskInput,
  TaskAssignee,
  TaskDecider,
  TaskDoneInput,
  TaskListQuery,
  TasksDeps,
} from './deps.ts';
export type { Assignee, SubjectRef, TaskRowDb } from './repo.ts';

export type TasksService = ReturnType<typeof createTasksService>;

export function createTasksService(deps: TasksDeps) {
  const { db, homepage } = deps;

  // The task counts on the home page are the task centre's.
  for (const kind of ['todo', 'done', 'launch'] as const) {
    homepage.registerCounter(kind, (session) => repo.countTasks(db, kind, assigneeOf(session)));
  }

  /** A use case with the module's deps bound: what the routes and the subjects' modules call. */
  const bound = bindDeps(deps);

  return {
    open: bound(open),
    advance: bound(advance),
    cancel: bound(cancel),
    closeOne: bound(closeOne),
    find: bound(find),
    findMany: bound(findMany),
    listOpenOf: bound(listOpenOf),
    listOpenOfMany: bound(listOpenOfMany),
    deleteOf: bound(deleteOf),
    listTasks: bound(listTasks),
    countTasks: bound(countTasks),
    validateTaskStatus: bound(validateTaskStatus),
  };
}
