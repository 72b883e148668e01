// The exchange's home page calls: the disclosure deadlines of this week (GET /api/homepage/closing) and the
// decisions waiting for it, by kind (its 待办任务, POST /api/task/list/todo, grouped by what each decision is).
import { queryOptions } from '@tanstack/react-query';
import type { closingWeekCall } from '@cqjy/domain/contracts/homepage';
import type { listTasksCall } from '@cqjy/domain/contracts/tasks';
import type { TaskRow } from '@cqjy/domain/workflow/views';
import { fetchRoute, type CallRoute } from '../../lib/call.ts';

// A home page: its calls by route, typed by their contracts, so that it bundles none of their schemas (api/home.ts).
const closingWeek: CallRoute<typeof closingWeekCall> = { method: 'GET', path: '/api/homepage/closing' };
const listTasks: CallRoute<typeof listTasksCall> = { method: 'POST', path: '/api/task/list/:kind' };

/** A kind of decision waiting (开户审核, 信息披露申请 ...) and how many wait. */
export type WaitingKind = { title: string; count: number };

/** The most to-do rows read to group them; more than this are counted, not grouped. */
export const WAITING_READ_MAX = 100;

export const closingWeekQuery = () =>
  queryOptions({
    queryKey: ['homepage', 'closing'],
    queryFn: ({ signal }) => fetchRoute(closingWeek, {}, { signal }),
  });

/** The decisions by kind, the most waiting first, then by name. */
export function groupWaitingKinds(rows: readonly Pick<TaskRow, 'actionTitle'>[]): WaitingKind[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.actionTitle, (counts.get(row.actionTitle) ?? 0) + 1);
  return [...counts]
    .map(([title, count]) => ({ title, count }))
    .sort((a, b) => b.count - a.count || a.title.localeCompare(b.title, 'zh-CN'));
}

export const waitingKindsQuery = () =>
  queryOptions({
    queryKey: ['homepage', 'waitingKinds'],
    queryFn: async ({ signal }) => {
      const page = await fetchRoute(
        listTasks,
        { params: { kind: 'todo' }, body: { page: 1, size: WAITING_READ_MAX } },
        { signal },
      );
      return { kinds: groupWaitingKinds(page.list), read: page.list.length, total: page.total };
    },
  });
