// A project as every project page reads it (POST /api/project/show/{id}; contracts/projects.ts): its status, family,
// owner and details. Shared by the project list's hand-over to a family's view and by the family views themselves.
import { queryOptions } from '@tanstack/react-query';
import { showProjectCall, updateProjectFromOtcCall } from '@cqjy/domain/contracts/projects';
import type { ProjectView } from '@cqjy/domain/workflow/views';
import { fetchData } from '../lib/call.ts';

export function showProject(id: number): Promise<ProjectView> {
  return fetchData(showProjectCall, { params: { id } });
}

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: ['project', id] as const,
    queryFn: () => showProject(id),
    staleTime: 0,
  });

/** GET /api/project/update/from/otc/{id}: the project's result read from the trading system. */
export async function updateProjectFromOtc(id: number): Promise<unknown> {
  return fetchData(updateProjectFromOtcCall, { params: { id } }, { showSuccess: true });
}
