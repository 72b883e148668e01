// The module owning a subject opens its tasks and closes them inside the transaction that moves the subject, so a
// task exists exactly when the decision waits.
import type { Db } from '../../../db/client.ts';
import type { OpenTaskInput, TaskDecider, TaskDoneInput, TasksDeps } from '../deps.ts';
import * as repo from '../repo.ts';

function doneBy(decider: TaskDecider, result: string, at: Date, status: 'done' | 'cancelled'): repo.TaskDone {
  return {
    status,
    result,
    doneBy: decider?.operatorId ?? null,
    doneCompanyId: decider?.companyId ?? null,
    at,
  };
}

/** Opens a task in the caller's transaction. */
export async function open(
  _deps: TasksDeps,
  tx: Db,
  input: OpenTaskInput,
  at?: Date,
): Promise<repo.TaskRowDb> {
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
export async function advance(
  deps: TasksDeps,
  tx: Db,
  ref: repo.SubjectRef,
  done: TaskDoneInput,
  next?: OpenTaskInput,
): Promise<{ closed: repo.TaskRowDb[]; opened: repo.TaskRowDb | null }> {
  const closed = await repo.closeOpenTasks(tx, ref, doneBy(done.decider, done.result, done.at, 'done'));
  const opened = next === undefined ? null : await open(deps, tx, next, done.at);
  return { closed, opened };
}

/** The subject no longer waits on anyone (withdrawn, disqualified, superseded): its open tasks are cancelled. */
export async function cancel(
  _deps: TasksDeps,
  tx: Db,
  ref: repo.SubjectRef,
  done: TaskDoneInput,
): Promise<repo.TaskRowDb[]> {
  return repo.closeOpenTasks(tx, ref, doneBy(done.decider, done.result, done.at, 'cancelled'));
}

/** Closes one open task as done; undefined when someone closed it first (the caller answers 409). */
export async function closeOne(
  _deps: TasksDeps,
  tx: Db,
  id: number,
  done: TaskDoneInput,
): Promise<repo.TaskRowDb | undefined> {
  return repo.closeTaskGuarded(tx, id, doneBy(done.decider, done.result, done.at, 'done'));
}

/** removes a subject's tasks with it (a draft discarded) */
export function deleteOf(_deps: TasksDeps, tx: Db, ref: repo.SubjectRef) {
  return repo.deleteTasksOf(tx, ref);
}
