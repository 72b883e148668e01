// The calls of the project pages: the caller's project list (scoped by the server to its company), deleting a
// draft, the physical-asset project form's create, update, show and submit (bulk and coll), the asset lists
// (template, import preview and import, list, delete, export) and the participants (意向受让方: save, update,
// list, delete). Money travels as integer fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TIMEOUTS } from '@cqjy/domain/api';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import { assetListTitle } from '@cqjy/domain/projects/assets';
import type { AssetImportPreview, AssetImportResult, ProjectAssetRow } from '@cqjy/domain/projects/assets';
import type { ParticipantForm, ParticipantView } from '@cqjy/domain/projects/participants';
import { assetCategoryLabel } from '@cqjy/domain/projects/bulk';
import type { BulkAssetCategory, BulkProjectForm, PhysicalFamily } from '@cqjy/domain/projects/bulk';
import { xlsxName } from '@cqjy/domain/format';
import type { BulkProjectView, ProjectListRow } from '@cqjy/domain/projects/views';
import { saveBlob } from '../../api/attachments.ts';
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

/** What submitting a project answers: the disclosure application to sign ({family}EicSre?id=&taskId=). */
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

/** A new draft with the project's form (renamed) and asset list. */
export async function copyProject(family: PhysicalFamily, id: number): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/project/${family}/copy/${id}`), {
    showSuccess: true,
  });
}

export async function showProjectForm(family: PhysicalFamily, id: number): Promise<BulkProjectView> {
  return unwrap(await http.post<Envelope<BulkProjectView>>(`/api/project/${family}/show`, { id }));
}

export const projectFormQuery = (family: PhysicalFamily, id: number) =>
  queryOptions({
    queryKey: ['projects', family, id] as const,
    queryFn: () => showProjectForm(family, id),
    staleTime: 0,
  });

export async function createProject(family: PhysicalFamily, form: BulkProjectForm): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/project/${family}`, { form }));
}

export async function updateProject(
  family: PhysicalFamily,
  id: number,
  version: number,
  form: BulkProjectForm,
): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/project/${family}/update/${id}`, { version, form }),
  );
}

export async function submitProject(
  family: PhysicalFamily,
  id: number,
  version: number,
): Promise<SubmittedProject> {
  // Submitting generates the application letter, which takes longer than an ordinary call.
  return unwrap(
    await http.post<Envelope<SubmittedProject>>(
      `/api/project/${family}/submit/${id}`,
      { version },
      { timeoutMs: TIMEOUTS.signatureAndSubmitMs },
    ),
  );
}

// --- asset lists (bulk and coll) ------------------------------------------------------------------------------

export type AssetImportRequest = { projectId: number; category: BulkAssetCategory; uuid: string };

export type AssetListQuery = { projectId: number; category: BulkAssetCategory; page: number; size: number };

/** The category's template, or the project's list of it, as the browser downloads them. */
export async function downloadAssetSheet(
  family: PhysicalFamily,
  category: BulkAssetCategory,
  projectId?: number,
): Promise<void> {
  const title = assetListTitle(assetCategoryLabel(category));
  const path =
    projectId === undefined
      ? `/api/project/${family}/template/${category}`
      : `/api/project/${family}/export/${category}/${projectId}`;
  saveBlob(await http.download(path), xlsxName(projectId === undefined ? `${title}模板` : title));
}

export async function previewAssetImport(
  family: PhysicalFamily,
  body: AssetImportRequest,
): Promise<AssetImportPreview> {
  return unwrap(
    await http.post<Envelope<AssetImportPreview>>(`/api/project/${family}/asset/import/preview`, body, {
      timeoutMs: TIMEOUTS.signatureAndSubmitMs,
    }),
  );
}

export async function importAssets(
  family: PhysicalFamily,
  body: AssetImportRequest,
): Promise<AssetImportResult> {
  return unwrap(
    await http.post<Envelope<AssetImportResult>>(`/api/project/${family}/asset/import`, body, {
      timeoutMs: TIMEOUTS.signatureAndSubmitMs,
    }),
    { showSuccess: true },
  );
}

export const assetsQuery = (family: PhysicalFamily, query: AssetListQuery) =>
  queryOptions({
    queryKey: ['projects', 'assets', family, query] as const,
    queryFn: async () =>
      unwrap(
        await http.post<Envelope<PageResult<ProjectAssetRow>>>(`/api/project/${family}/asset/list`, query),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export async function deleteAssets(
  family: PhysicalFamily,
  projectId: number,
  ids: readonly number[],
): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>(`/api/project/${family}/asset/delete`, { projectId, ids }), {
    showSuccess: true,
  });
}

// --- participants (bulk and coll) -----------------------------------------------------------------------------

export const participantsQuery = (family: PhysicalFamily, projectId: number) =>
  queryOptions({
    queryKey: ['projects', 'participants', family, projectId] as const,
    queryFn: async () =>
      unwrap(
        await http.post<Envelope<ParticipantView[]>>(`/api/project/${family}/participant/list`, {
          projectId,
        }),
      ),
    staleTime: 0,
  });

export async function saveParticipant(
  family: PhysicalFamily,
  projectId: number,
  participant: ParticipantForm,
): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/project/${family}/participant/save`, {
      projectId,
      participant,
    }),
    { showSuccess: true },
  );
}

/** A blank certNo keeps the stored number (the list only has it masked). */
export async function updateParticipant(
  family: PhysicalFamily,
  id: number,
  version: number,
  participant: ParticipantForm,
): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/project/${family}/participant/update/${id}`, {
      version,
      participant,
    }),
    { showSuccess: true },
  );
}

export async function deleteParticipant(family: PhysicalFamily, id: number, version: number): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>(`/api/project/${family}/participant/delete/${id}`, { version }), {
    showSuccess: true,
  });
}
