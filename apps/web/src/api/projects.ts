// A project as every project page reads it (POST /api/project/show/{id}): its status, family, owner and details.
// Shared by the project list's hand-over to a family's view and by the family views themselves.
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import type { ProjectView } from '@cqjy/domain/workflow/views';
import { http, unwrap } from '../lib/http.ts';

export async function showProject(id: number): Promise<ProjectView> {
  return unwrap(await http.post<Envelope<ProjectView>>(`/api/project/show/${id}`, { id }));
}

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: ['project', id] as const,
    queryFn: () => showProject(id),
    staleTime: 0,
  });

/** GET /api/project/update/from/otc/{id}: the project's result read from the trading system. */
export async function updateProjectFromOtc(id: number): Promise<unknown> {
  return unwrap(await http.get<Envelope<unknown>>(`/api/project/update/from/otc/${id}`), {
    showSuccess: true,
  });
}
