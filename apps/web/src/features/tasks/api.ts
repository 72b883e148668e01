// The calls of the task centre (contracts/tasks.ts; BF-7.3): the caller's tasks of one kind, the counts of the
// three lists, and the check that a task is still open for the caller before it is opened.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import {
  countTasksCall,
  listTasksCall,
  validateTaskStatusCall,
  type TaskListQuery,
} from '@cqjy/domain/contracts/tasks';
import type { TaskListKind } from '@cqjy/domain/workflow/statuses';
import { callApi, fetchData } from '../../lib/call.ts';

/** The page keeps its page and size itself: both always sent. */
export type TaskQuery = TaskListQuery & { page: number; size: number };

export const tasksQuery = (kind: TaskListKind, query: TaskQuery) =>
  queryOptions({
    queryKey: ['tasks', 'list', kind, query] as const,
    queryFn: ({ signal }) => fetchData(listTasksCall, { params: { kind }, body: query }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const taskCountsQuery = () =>
  queryOptions({
    queryKey: ['tasks', 'counts'] as const,
    queryFn: ({ signal }) => fetchData(countTasksCall, {}, { signal }),
    staleTime: 0,
  });

/** BF-7.3: status 0 while the task is open for the caller, 409 with the message once it was handled. */
export function validateTaskStatus(id: number): Promise<Envelope<null>> {
  return callApi(validateTaskStatusCall, { params: { id } });
}
