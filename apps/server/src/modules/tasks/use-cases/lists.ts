// The task centre's lists (待办任务, 已办任务, 我发起的) and their counts.
import {
  findAction,
  TASK_STEP_TITLES,
  TASK_TYPE_LABELS,
  taskPath,
  type PageResult,
  type TaskCounts,
  type TaskListKind,
  type TaskRow,
  type TaskSubject,
} from '@cqjy/domain';
import type { SessionContext } from '../../../platform/auth.ts';
import { assigneeOf } from '../assignee.ts';
import type { TaskListQuery, TasksDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** 业务类型: a workflow task's action title, another subject's step title. */
function titleOf(task: repo.TaskRowDb, family: string | null): string {
  if (task.step !== null) return TASK_STEP_TITLES[task.step];
  const action = task.action ?? '';
  return findAction(family ?? '', action)?.title ?? action;
}

async function toTaskRows({ users }: TasksDeps, rows: readonly repo.TaskListRow[]): Promise<TaskRow[]> {
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

export async function listTasks(
  deps: TasksDeps,
  session: SessionContext,
  kind: TaskListKind,
  query: TaskListQuery & { subject?: TaskSubject; action?: string },
): Promise<PageResult<TaskRow>> {
  const page = await repo.listTasks(deps.db, { kind, who: assigneeOf(session), ...query });
  return { list: await toTaskRows(deps, page.list), total: page.total };
}

export async function countTasks({ db }: TasksDeps, session: SessionContext): Promise<TaskCounts> {
  const who = assigneeOf(session);
  const [todo, done, launch] = await Promise.all([
    repo.countTasks(db, 'todo', who),
    repo.countTasks(db, 'done', who),
    repo.countTasks(db, 'launch', who),
  ]);
  return { todo, done, launch };
}
