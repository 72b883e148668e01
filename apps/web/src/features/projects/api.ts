// The calls of the project pages: the caller's project list (scoped by the server to its company), deleting a
// draft, the project form of every kind (create, update, show, submit for the pre-disclosure or the formal
// disclosure, copy), the list sheets (template, import preview and import, list, delete, export) and the
// participants (意向受让方: save, update, list, delete). Money travels as integer fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TIMEOUTS } from '@cqjy/domain/api';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { ParticipantForm, ParticipantView } from '@cqjy/domain/projects/participants';
import type { EvaluationFigures, EvaluationQuery } from '@cqjy/domain/projects/evaluations';
import type { ProjectFormBase } from '@cqjy/domain/projects/kinds/fields';
import { PROJECT_KINDS } from '@cqjy/domain/projects/kinds/index';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { submitCall } from '@cqjy/domain/projects/kinds/kind';
import type { DisclosureStage } from '@cqjy/domain/projects/kinds/kind';
import type {
  ProjectSheetRow,
  SheetDef,
  SheetImportPreview,
  SheetImportResult,
} from '@cqjy/domain/projects/sheets';
import { xlsxName } from '@cqjy/domain/format';
import type { IntendedTransferee, ProjectFormView, ProjectListRow } from '@cqjy/domain/projects/views';
import { saveBlob } from '../../api/attachments.ts';
import { listEvaluationsCall, submitEvaluationCall } from '@cqjy/domain/contracts/evaluations';
import { fetchData } from '../../lib/call.ts';
import { http, unwrap } from '../../lib/http.ts';

export type ProjectQuery = {
  page: number;
  size: number;
  keyword?: string;
  status?: string;
  family?: string;
  /** any of these (我的项目 narrowed by its address to the projects a screen's action can start on) */
  statuses?: string[];
  families?: string[];
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

/** A new draft with the project's form (renamed) and list sheets. */
export async function copyProject(family: ProjectFamily, id: number): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/project/${family}/copy/${id}`), {
    showSuccess: true,
  });
}

/** The member companies a project may be entrusted to (委托会员). */
export const membersQuery = () =>
  queryOptions({
    queryKey: ['projects', 'members'] as const,
    queryFn: async () =>
      unwrap(await http.get<Envelope<{ id: number; name: string }[]>>('/api/project/members')),
    staleTime: 5 * 60_000,
  });

export async function showProjectForm(family: ProjectFamily, id: number): Promise<ProjectFormView> {
  return unwrap(await http.post<Envelope<ProjectFormView>>(`/api/project/${family}/show`, { id }));
}

export const projectFormQuery = (family: ProjectFamily, id: number) =>
  queryOptions({
    queryKey: ['projects', family, id] as const,
    queryFn: () => showProjectForm(family, id),
    staleTime: 0,
  });

export async function createProject(family: ProjectFamily, form: ProjectFormBase): Promise<Versioned> {
  const path = `/api/project/${family}${PROJECT_KINDS[family].createPath}`;
  return unwrap(await http.post<Envelope<Versioned>>(path, { form }));
}

export async function updateProject(
  family: ProjectFamily,
  id: number,
  version: number,
  form: ProjectFormBase,
): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/project/${family}/update/${id}`, { version, form }),
  );
}

/** Submits the project for the disclosure of `stage` (its pre-disclosure, or the formal disclosure). */
export async function submitProject(
  family: ProjectFamily,
  id: number,
  version: number,
  stage: DisclosureStage,
): Promise<SubmittedProject> {
  const call = submitCall(PROJECT_KINDS[family], stage);
  // Submitting generates the application letter, which takes longer than an ordinary call.
  return unwrap(
    await http.post<Envelope<SubmittedProject>>(
      `/api/project/${family}/${call}/${id}`,
      { version },
      { timeoutMs: TIMEOUTS.signatureAndSubmitMs },
    ),
  );
}

// --- list sheets (asset lists, shareholder structure, financial data) -----------------------------------------

export type SheetImportRequest = { projectId: number; uuid: string };

export type SheetRowsQuery = { projectId: number; page: number; size: number };

/** A page of a sheet's rows, and how many rows the project has of every sheet of its group (by key, 0 included). */
export type SheetPage = PageResult<ProjectSheetRow> & { counts: Record<string, number> };

/** A sheet's template, or the project's rows of it, as the browser downloads them. */
export async function downloadSheet(
  family: ProjectFamily,
  sheet: SheetDef,
  projectId?: number,
): Promise<void> {
  const path =
    projectId === undefined
      ? `/api/project/${family}/template/${sheet.key}`
      : `/api/project/${family}/export/${sheet.key}/${projectId}`;
  saveBlob(await http.download(path), xlsxName(projectId === undefined ? `${sheet.title}模板` : sheet.title));
}

export async function previewSheetImport(
  family: ProjectFamily,
  sheet: SheetDef,
  body: SheetImportRequest,
): Promise<SheetImportPreview> {
  return unwrap(
    await http.post<Envelope<SheetImportPreview>>(
      `/api/project/${family}/${sheet.group}/import/preview`,
      { ...body, category: sheet.key },
      { timeoutMs: TIMEOUTS.signatureAndSubmitMs },
    ),
  );
}

export async function importSheet(
  family: ProjectFamily,
  sheet: SheetDef,
  body: SheetImportRequest,
): Promise<SheetImportResult> {
  return unwrap(
    await http.post<Envelope<SheetImportResult>>(
      `/api/project/${family}/${sheet.group}/import`,
      { ...body, category: sheet.key },
      { timeoutMs: TIMEOUTS.signatureAndSubmitMs },
    ),
    { showSuccess: true },
  );
}

export const sheetRowsQuery = (family: ProjectFamily, sheet: SheetDef, query: SheetRowsQuery) =>
  queryOptions({
    queryKey: ['projects', 'sheets', family, sheet.key, query] as const,
    queryFn: async () =>
      unwrap(
        await http.post<Envelope<SheetPage>>(`/api/project/${family}/${sheet.group}/list`, {
          ...query,
          category: sheet.key,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export async function deleteSheetRows(
  family: ProjectFamily,
  sheet: SheetDef,
  projectId: number,
  ids: readonly number[],
): Promise<void> {
  unwrap(
    await http.post<Envelope<unknown>>(`/api/project/${family}/${sheet.group}/delete`, { projectId, ids }),
    { showSuccess: true },
  );
}

// --- participants (the kinds with the participants section: bulk and coll) -----------------------------------------------------------------------------

export const participantsQuery = (family: ProjectFamily, projectId: number) =>
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
  family: ProjectFamily,
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
  family: ProjectFamily,
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

export async function deleteParticipant(family: ProjectFamily, id: number, version: number): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>(`/api/project/${family}/participant/delete/${id}`, { version }), {
    showSuccess: true,
  });
}

// --- intended transferees (the equity kinds: customer list, upload transferee) ---------------------------------

export const transfereesQuery = (family: ProjectFamily, projectId: number) =>
  queryOptions({
    queryKey: ['projects', 'transferees', family, projectId] as const,
    queryFn: async () =>
      unwrap(
        await http.post<Envelope<IntendedTransferee[]>>(`/api/project/${family}/customer/list`, {
          projectId,
        }),
      ),
    staleTime: 0,
  });

/** Links an uploaded file of the project (tag transfereeFile) to the named intended transferee. */
export async function linkTransfereeFile(
  family: ProjectFamily,
  input: { projectId: number; name: string; uuid: string },
): Promise<IntendedTransferee> {
  return unwrap(
    await http.post<Envelope<IntendedTransferee>>(`/api/project/${family}/upload/transferee`, input),
    { showSuccess: true },
  );
}

/** 评估项目: the projects the caller's firm is engaged on (every one naming a firm, for the exchange). */
export const evaluationsQuery = (query: EvaluationQuery) =>
  queryOptions({
    queryKey: ['projects', 'evaluations', query],
    queryFn: ({ signal }) => fetchData(listEvaluationsCall, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** The engaged firm submits its appraisal (its report already uploaded under the project). */
export async function submitEvaluation(projectId: number, figures: EvaluationFigures): Promise<void> {
  await fetchData(submitEvaluationCall, { params: { id: projectId }, body: figures });
}
