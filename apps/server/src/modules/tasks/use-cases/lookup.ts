// A subject's module reads its tasks; a task's screen checks the task is still open for the caller (BF-7.3).
import { MSG, type TaskSubject } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import type { SessionContext } from '../../../platform/auth.ts';
import { conflict } from '../../../platform/errors.ts';
import { isOpenFor } from '../assignee.ts';
import type { TasksDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export function find({ db }: TasksDeps, id: number, executor: Db = db) {
  return repo.findTask(executor, id);
}

export function findMany({ db }: TasksDeps, ids: readonly number[]) {
  return repo.listTasksByIds(db, ids);
}

export function listOpenOf({ db }: TasksDeps, ref: repo.SubjectRef, who?: repo.Assignee, executor: Db = db) {
  return repo.listOpenTasksOf(executor, ref, who);
}

/** The open tasks of many subjects of one kind assigned to `who` (a list's rows, each with its task). */
export function listOpenOfMany(
  { db }: TasksDeps,
  subject: TaskSubject,
  subjectIds: readonly number[],
  who: repo.Assignee,
) {
  return repo.listOpenTasksOfMany(db, subject, subjectIds, who);
}

/** BF-7.3: the task is still open for the caller, or 409 (handled by someone else, or never theirs). */
export async function validateTaskStatus(
  { db }: TasksDeps,
  session: SessionContext,
  taskId: number,
): Promise<void> {
  const task = await repo.findTask(db, taskId);
  if (task === undefined || !isOpenFor(session, task)) throw conflict(MSG.workflowTaskHandled);
}
