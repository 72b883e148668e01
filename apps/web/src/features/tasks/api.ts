// The calls of the task centre (workflow contract, issue 6; BF-7.3): the caller's tasks of one kind, the counts
// of the three lists, and the check that a task is still open for the caller before it is opened.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { TaskListKind } from '@cqjy/domain/workflow/statuses';
import type { TaskCounts, TaskRow } from '@cqjy/domain/workflow/views';
import { http, unwrap } from '../../lib/http.ts';

export type TaskQuery = { keyword?: string; family?: string; page: number; size: number };

export async function listTasks(kind: TaskListKind, query: TaskQuery): Promise<PageResult<TaskRow>> {
  return unwrap(await http.post<Envelope<PageResult<TaskRow>>>(`/api/task/list/${kind}`, query));
}

export const tasksQuery = (kind: TaskListKind, query: TaskQuery) =>
  queryOptions({
    queryKey: ['tasks', 'list', kind, query] as const,
    queryFn: () => listTasks(kind, query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export async function fetchTaskCounts(): Promise<TaskCounts> {
  return unwrap(await http.get<Envelope<TaskCounts>>('/api/task/counts'));
}

export const taskCountsQuery = () =>
  queryOptions({ queryKey: ['tasks', 'counts'] as const, queryFn: fetchTaskCounts, staleTime: 0 });

/** BF-7.3: status 0 while the task is open for the caller, 409 with the message once it was handled. */
export function validateTaskStatus(id: number): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`/api/task/validate/status/${id}`);
}
