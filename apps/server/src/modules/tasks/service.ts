// The task centre (待办任务, 已办任务, 我发起的; the assessment institutions' 我的待办 and 我的已办): every decision
// someone must take is an open task assigned to that person's company (or to every company of an identity: the
// exchange's reviews), linked to the screen where it is taken. The module owning a subject opens its tasks and
// closes them inside the transaction that moves the subject (`open`, `advance`, `cancel`), so a task exists
// exactly when the decision waits. Reading: the lists and their counts (also the home page's counters), and the
// check that a task is still open for the caller before its screen opens (BF-7.3).
import {
  findAction,
  MSG,
  TASK_STEP_TITLES,
  TASK_TYPE_LABELS,
  taskPath,
  type PageResult,
  type TaskCategory,
  type TaskCounts,
  type TaskListKind,
  type TaskRouteQuery,
  type TaskRow,
  type TaskStep,
  type TaskSubject,
  type TaskType,
} from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { SessionContext } from '../../platform/auth.ts';
import { conflict } from '../../platform/errors.ts';
import type { HomepageService } from '../homepage/service.ts';
import type { UsersService } from '../users/service.ts';
import * as repo from './repo.ts';

export type { Assignee, SubjectRef, TaskRowDb } from './repo.ts';

export type TasksService = ReturnType<typeof createTasksService>;

export type TasksDeps = {
  db: Db;
  users: Pick<UsersService, 'findCompany'>;
  homepage: Pick<HomepageService, 'registerCounter'>;
};

/** Who must act: one company, or every company of an identity (the exchange's reviews). */
export type TaskAssignee = { companyId: number } | { identity: number };

/** A decision to wait for, as the subject's module describes it. */
export type OpenTaskInput = {
  subject: TaskSubject;
  subjectId: number;
  /** the step waiting; the workflow's tasks name their action instead */
  step?: TaskStep | undefined;
  action?: string | undefined;
  projectId?: number | null | undefined;
  /** what a task about no project is about, as its list shows it */
  subjectName?: string | undefined;
  /** the applicant company, whose application it is */
  companyId: number;
  type: TaskType;
  category?: TaskCategory | undefined;
  routeName: string;
  routeQuery: TaskRouteQuery;
  assignee: TaskAssignee;
};

/** Who decided (an operator of a company), or the server's own run (null). */
export type TaskDecider = Pick<SessionContext, 'operatorId' | 'companyId'> | null;

export type TaskListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  family?: string | undefined;
};

export function assigneeOf(session: Pick<SessionContext, 'companyId' | 'identityType'>): repo.Assignee {
  return { companyId: session.companyId, identityType: session.identityType };
}

export function isOpenFor(session: Pick<SessionContext, 'companyId' | 'identityType'>, task: repo.TaskRowDb) {
  return (
    task.status === 'open' &&
    (task.assigneeCompanyId === session.companyId || task.assigneeIdentity === session.identityType)
  );
}

function doneBy(decider: TaskDecider, result: string, at: Date, status: 'done' | 'cancelled'): repo.TaskDone {
  return {
    status,
    result,
    doneBy: decider?.operatorId ?? null,
    doneCompanyId: decider?.companyId ?? null,
    at,
  };
}

export function createTasksService(deps: TasksDeps) {
  const { db, users, homepage } = deps;

  // The task counts on the home page are the task centre's.
  for (const kind of ['todo', 'done', 'launch'] as const) {
    homepage.registerCounter(kind, (session) => repo.countTasks(db, kind, assigneeOf(session)));
  }

  /** Opens a task in the caller's transaction. */
  async function open(tx: Db, input: OpenTaskInput, at?: Date): Promise<repo.TaskRowDb> {
    const isCompany = 'companyId' in input.assignee;
    return repo.insertTask(tx, {
      subject: input.subject,
      subjectId: input.subjectId,
      step: input.step ?? null,
      action: input.action ?? null,
      projectId: input.projectId ?? null,
      subjectName: input.subjectName ?? null,
      companyId: input.companyId,
      type: input.type,
      category: input.category ?? 'project',
      routeName: input.routeName,
      routeQuery: input.routeQuery,
      status: 'open',
      assigneeCompanyId: 'companyId' in input.assignee ? input.assignee.companyId : null,
      assigneeIdentity: isCompany ? null : (input.assignee as { identity: number }).identity,
      ...(at === undefined ? {} : { createdAt: at, updatedAt: at }),
    });
  }

  /**
   * The decision on a subject is taken: its open tasks are closed as `result` by `decider`, and the next decision,
   * if one now waits, is opened. Answers the closed tasks and the opened one.
   */
  async function advance(
    tx: Db,
    ref: repo.SubjectRef,
    done: { result: string; decider: TaskDecider; at: Date },
    next?: OpenTaskInput,
  ): Promise<{ closed: repo.TaskRowDb[]; opened: repo.TaskRowDb | null }> {
    const closed = await repo.closeOpenTasks(tx, ref, doneBy(done.decider, done.result, done.at, 'done'));
    const opened = next === undefined ? null : await open(tx, next, done.at);
    return { closed, opened };
  }

  /** The subject no longer waits on anyone (withdrawn, disqualified, superseded): its open tasks are cancelled. */
  async function cancel(
    tx: Db,
    ref: repo.SubjectRef,
    done: { result: string; decider: TaskDecider; at: Date },
  ): Promise<repo.TaskRowDb[]> {
    return repo.closeOpenTasks(tx, ref, doneBy(done.decider, done.result, done.at, 'cancelled'));
  }

  /** Closes one open task as done; undefined when someone closed it first (the caller answers 409). */
  async function closeOne(
    tx: Db,
    id: number,
    done: { result: string; decider: TaskDecider; at: Date },
  ): Promise<repo.TaskRowDb | undefined> {
    return repo.closeTaskGuarded(tx, id, doneBy(done.decider, done.result, done.at, 'done'));
  }

  async function toTaskRows(rows: readonly repo.TaskListRow[]): Promise<TaskRow[]> {
    const names = new Map<number, string>();
    for (const row of rows) {
      if (!names.has(row.task.companyId)) {
        names.set(row.task.companyId, (await users.findCompany(row.task.companyId))?.name ?? '');
      }
    }
    return rows.map(({ task, family, projectName, projectCode }) => ({
      id: task.id,
      type: task.type,
      typeLabel: TASK_TYPE_LABELS[task.type],
      subject: task.subject,
      subjectId: task.subjectId,
      actionId: task.subject === 'action' ? task.subjectId : null,
      family,
      action: task.action,
      actionTitle: titleOf(task, family),
      projectId: task.projectId,
      projectName: projectName ?? task.subjectName ?? '',
      projectCode: projectCode ?? '',
      routeName: task.routeName,
      path: taskPath({ ...task, family }),
      status: task.status,
      applicantCompany: names.get(task.companyId) ?? '',
      createdAt: task.createdAt.toISOString(),
      doneAt: task.doneAt?.toISOString() ?? null,
    }));
  }

  async function listTasks(
    session: SessionContext,
    kind: TaskListKind,
    query: TaskListQuery & { subject?: TaskSubject; action?: string },
  ): Promise<PageResult<TaskRow>> {
    const page = await repo.listTasks(db, { kind, who: assigneeOf(session), ...query });
    return { list: await toTaskRows(page.list), total: page.total };
  }

  async function countTasks(session: SessionContext): Promise<TaskCounts> {
    const who = assigneeOf(session);
    const [todo, done, launch] = await Promise.all([
      repo.countTasks(db, 'todo', who),
      repo.countTasks(db, 'done', who),
      repo.countTasks(db, 'launch', who),
    ]);
    return { todo, done, launch };
  }

  /** BF-7.3: the task is still open for the caller, or 409 (handled by someone else, or never theirs). */
  async function validateTaskStatus(session: SessionContext, taskId: number): Promise<void> {
    const task = await repo.findTask(db, taskId);
    if (task === undefined || !isOpenFor(session, task)) throw conflict(MSG.workflowTaskHandled);
  }

  return {
    open,
    advance,
    cancel,
    closeOne,
    find: (id: number, executor: Db = db) => repo.findTask(executor, id),
    findMany: (ids: readonly number[]) => repo.listTasksByIds(db, ids),
    listOpenOf: (ref: repo.SubjectRef, who?: repo.Assignee, executor: Db = db) =>
      repo.listOpenTasksOf(executor, ref, who),
    /** removes a subject's tasks with it (a draft discarded) */
    deleteOf: (tx: Db, ref: repo.SubjectRef) => repo.deleteTasksOf(tx, ref),
    listTasks,
    countTasks,
    validateTaskStatus,
  };
}

/** 业务类型: a workflow task's action title, another subject's step title. */
function titleOf(task: repo.TaskRowDb, family: string | null): string {
  if (task.step !== null) return TASK_STEP_TITLES[task.step];
  const action = task.action ?? '';
  return findAction(family ?? '', action)?.title ?? action;
}
