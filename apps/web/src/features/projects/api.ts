// The calls of the project pages (projects contract, issue 7 first slice): the caller's project list (scoped by
// the server to its company), deleting a draft, and the bulk project form's create, update, show and submit.
// Money travels as integer fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TIMEOUTS } from '@cqjy/domain/api';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { BulkProjectForm } from '@cqjy/domain/projects/bulk';
import type { BulkProjectView, ProjectListRow } from '@cqjy/domain/projects/views';
import { http, unwrap } from '../../api/http.ts';

export type ProjectQuery = {
  page: number;
  size: number;
  keyword?: string;
  status?: string;
  family?: string;
  sort?: string;
};

export type Versioned = { id: number; version: number };

/** What submitting a bulk project answers: the disclosure application to sign (bulkEicSre?id=&taskId=). */
export type SubmittedProject = { id: number; actionId: number; taskId: number };

export async function listProjects(query: ProjectQuery): Promise<PageResult<ProjectListRow>> {
  return unwrap(await http.post<Envelope<PageResult<ProjectListRow>>>('/api/project/list', query));
}

export const projectsQuery = (query: ProjectQuery) =>
  queryOptions({
    queryKey: ['projects', 'list', query] as const,
    queryFn: () => listProjects(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export async function deleteProject(id: number): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>(`/api/project/delete/${id}`, { id }));
}

export async function showBulkProject(id: number): Promise<BulkProjectView> {
  return unwrap(await http.post<Envelope<BulkProjectView>>('/api/project/bulk/show', { id }));
}

export const bulkProjectQuery = (id: number) =>
  queryOptions({
    queryKey: ['projects', 'bulk', id] as const,
    queryFn: () => showBulkProject(id),
    staleTime: 0,
  });

export async function createBulkProject(form: BulkProjectForm): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>('/api/project/bulk', { form }));
}

export async function updateBulkProject(
  id: number,
  version: number,
  form: BulkProjectForm,
): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/project/bulk/update/${id}`, { version, form }));
}

export async function submitBulkProject(id: number, version: number): Promise<SubmittedProject> {
  // Submitting generates the application letter, which takes longer than an ordinary call.
  return unwrap(
    await http.post<Envelope<SubmittedProject>>(
      `/api/project/bulk/submit/${id}`,
      { version },
      { timeoutMs: TIMEOUTS.signatureAndSubmitMs },
    ),
  );
}
