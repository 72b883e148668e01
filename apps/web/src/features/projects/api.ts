// The calls of the project pages (contracts/projects.ts, project-kinds.ts, project-sheets.ts,
// project-participants.ts, evaluations.ts): the caller's project list (scoped by the server to its company),
// deleting a draft, the project form of every kind (create, update, show, submit for the pre-disclosure or the formal
// disclosure, copy), the list sheets (template, import preview and import, list, delete, export) and the
// participants (意向受让方: save, update, list, delete). Money travels as integer fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { TIMEOUTS } from '@cqjy/domain/api';
import { listEvaluationsCall, submitEvaluationCall } from '@cqjy/domain/contracts/evaluations';
import {
  PROJECT_KIND_CALLS,
  type KindCategory,
  type ProjectSaved,
  type WorkDate,
} from '@cqjy/domain/contracts/project-kinds';
import {
  participantCalls,
  transfereeCalls,
  type TransfereeFileLink,
} from '@cqjy/domain/contracts/project-participants';
import { sheetGroupCalls, type SheetPage } from '@cqjy/domain/contracts/project-sheets';
import {
  deleteProjectCall,
  listProjectMembersCall,
  listProjectsCall,
  type ProjectListQuery,
  type ProjectSubmitted,
} from '@cqjy/domain/contracts/projects';
import type { ParticipantForm } from '@cqjy/domain/projects/participants';
import type { EvaluationFigures, EvaluationQuery } from '@cqjy/domain/projects/evaluations';
import type { ProjectFormBase } from '@cqjy/domain/projects/kinds/fields';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { DisclosureStage } from '@cqjy/domain/projects/kinds/kind';
import type { SheetDef, SheetImportPreview, SheetImportResult } from '@cqjy/domain/projects/sheets';
import { xlsxName } from '@cqjy/domain/format';
import type { IntendedTransferee, ProjectFormView } from '@cqjy/domain/projects/views';
import { saveBlob } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';
import { http } from '../../lib/http.ts';

/** The page keeps its page and size itself: both always sent. */
export type ProjectQuery = ProjectListQuery & { page: number; size: number };

export type Versioned = ProjectSaved;

/** What submitting a project answers: the disclosure application to sign ({family}EicSre?id=&taskId=). */
export type SubmittedProject = ProjectSubmitted;

export const projectsQuery = (query: ProjectQuery) =>
  queryOptions({
    queryKey: ['projects', 'list', query] as const,
    queryFn: () => fetchData(listProjectsCall, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export async function deleteProject(id: number): Promise<void> {
  await fetchData(deleteProjectCall, { params: { id } });
}

/** A new draft with the project's form (renamed) and list sheets. */
export async function copyProject(family: ProjectFamily, id: number): Promise<Versioned> {
  return fetchData(PROJECT_KIND_CALLS[family].copy, { params: { id } }, { showSuccess: true });
}

/** The member companies a project may be entrusted to (委托会员). */
export const membersQuery = () =>
  queryOptions({
    queryKey: ['projects', 'members'] as const,
    queryFn: () => fetchData(listProjectMembersCall, {}),
    staleTime: 5 * 60_000,
  });

export async function showProjectForm(family: ProjectFamily, id: number): Promise<ProjectFormView> {
  return fetchData(PROJECT_KIND_CALLS[family].show, { body: { id } });
}

export const projectFormQuery = (family: ProjectFamily, id: number) =>
  queryOptions({
    queryKey: ['projects', family, id] as const,
    queryFn: () => showProjectForm(family, id),
    staleTime: 0,
  });

export async function createProject(family: ProjectFamily, form: ProjectFormBase): Promise<Versioned> {
  return fetchData(PROJECT_KIND_CALLS[family].create, { body: { form } });
}

export async function updateProject(
  family: ProjectFamily,
  id: number,
  version: number,
  form: ProjectFormBase,
): Promise<Versioned> {
  return fetchData(PROJECT_KIND_CALLS[family].update, { params: { id }, body: { version, form } });
}

/** Submits the project for the disclosure of `stage` (its pre-disclosure, or the formal disclosure). */
export async function submitProject(
  family: ProjectFamily,
  id: number,
  version: number,
  stage: DisclosureStage,
): Promise<SubmittedProject> {
  // Submitting generates the application letter, which takes longer than an ordinary call.
  return fetchData(
    PROJECT_KIND_CALLS[family].submit[stage],
    { params: { id }, body: { version } },
    { timeoutMs: TIMEOUTS.signatureAndSubmitMs },
  );
}

// --- what a kind's form asks as the owner types (categories, a period in working days) -------------------------

/** GET /api/project/{family}/category: the categories in force, each with the fields it adds (none if it has none). */
export const kindCategoriesQuery = (family: ProjectFamily) =>
  queryOptions({
    queryKey: ['projects', 'categories', family] as const,
    queryFn: async (): Promise<KindCategory[]> => {
      const call = PROJECT_KIND_CALLS[family].category;
      return call === undefined ? [] : fetchData(call, {});
    },
    staleTime: 10 * 60_000,
  });

export type WorkDateQuestion = { startDate: string; days: number } | { startDate: string; endDate: string };

/**
 * POST /api/project/{family}/work/date: the closing day of a period of working days, or the days up to a closing
 * day. A refusal is not shown (the form keeps what was typed and its rules speak at 提交).
 */
export async function countWorkDate(
  family: ProjectFamily,
  body: WorkDateQuestion,
  signal?: AbortSignal,
): Promise<WorkDate> {
  const call = PROJECT_KIND_CALLS[family].workDate;
  if (call === undefined) throw new Error(`${family}: no work/date call`);
  return fetchData(call, { body }, { showError: false, ...(signal === undefined ? {} : { signal }) });
}

// --- list sheets (asset lists, shareholder structure, financial data) -----------------------------------------

export type SheetImportRequest = { projectId: number; uuid: string };

export type SheetRowsQuery = { projectId: number; page: number; size: number };

export type { SheetPage };

/** A sheet's template, or the project's rows of it, as the browser downloads them (files, not envelope calls). */
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
  return fetchData(
    sheetGroupCalls(family, sheet.group).previewImport,
    { body: { ...body, category: sheet.key } },
    { timeoutMs: TIMEOUTS.signatureAndSubmitMs },
  );
}

export async function importSheet(
  family: ProjectFamily,
  sheet: SheetDef,
  body: SheetImportRequest,
): Promise<SheetImportResult> {
  return fetchData(
    sheetGroupCalls(family, sheet.group).importRows,
    { body: { ...body, category: sheet.key } },
    { timeoutMs: TIMEOUTS.signatureAndSubmitMs, showSuccess: true },
  );
}

export const sheetRowsQuery = (family: ProjectFamily, sheet: SheetDef, query: SheetRowsQuery) =>
  queryOptions({
    queryKey: ['projects', 'sheets', family, sheet.key, query] as const,
    queryFn: async (): Promise<SheetPage> =>
      fetchData(sheetGroupCalls(family, sheet.group).list, { body: { ...query, category: sheet.key } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export async function deleteSheetRows(
  family: ProjectFamily,
  sheet: SheetDef,
  projectId: number,
  ids: readonly number[],
): Promise<void> {
  await fetchData(
    sheetGroupCalls(family, sheet.group).remove,
    { body: { projectId, ids: [...ids] } },
    { showSuccess: true },
  );
}

// --- participants (the kinds with the participants section: bulk and coll) -----------------------------------

export const participantsQuery = (family: ProjectFamily, projectId: number) =>
  queryOptions({
    queryKey: ['projects', 'participants', family, projectId] as const,
    queryFn: async () => fetchData(participantCalls(family).list, { body: { projectId } }),
    staleTime: 0,
  });

export async function saveParticipant(
  family: ProjectFamily,
  projectId: number,
  participant: ParticipantForm,
): Promise<Versioned> {
  return fetchData(
    participantCalls(family).save,
    { body: { projectId, participant } },
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
  return fetchData(
    participantCalls(family).update,
    { params: { id }, body: { version, participant } },
    { showSuccess: true },
  );
}

export async function deleteParticipant(family: ProjectFamily, id: number, version: number): Promise<void> {
  await fetchData(
    participantCalls(family).remove,
    { params: { id }, body: { version } },
    { showSuccess: true },
  );
}

// --- intended transferees (the equity kinds: customer list, upload transferee) ---------------------------------

export const transfereesQuery = (family: ProjectFamily, projectId: number) =>
  queryOptions({
    queryKey: ['projects', 'transferees', family, projectId] as const,
    queryFn: async () => fetchData(transfereeCalls(family).list, { body: { projectId } }),
    staleTime: 0,
  });

/** Links an uploaded file of the project (tag transfereeFile) to the named intended transferee. */
export async function linkTransfereeFile(
  family: ProjectFamily,
  input: TransfereeFileLink,
): Promise<IntendedTransferee> {
  return fetchData(transfereeCalls(family).linkFile, { body: input }, { showSuccess: true });
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
