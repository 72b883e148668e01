// The calls of the workflow screens: one action instance of a project (create, save, update, show, submit,
// e-sign, withdraw) under /api/project/{family}/{action}, the project itself, its applications and its process
// log. The e-signature answers its envelope whole: the sign-off panel reads its status (BF-4.2 to 4.4).
import { queryOptions } from '@tanstack/react-query';
import { TIMEOUTS } from '@cqjy/domain/api';
import type { Envelope } from '@cqjy/domain/api';
import type { ActionForm } from '@cqjy/domain/workflow/actions';
import type { SignRequest } from '@cqjy/domain/workflow/sign-off';
import type { ActionView, ProcessLogRow, ProjectActionRow } from '@cqjy/domain/workflow/views';
import { http, unwrap } from '../../lib/http.ts';

export type ActionRef = { family: string; action: string };

export type Versioned = { id: number; version: number };

export function actionBase({ family, action }: ActionRef): string {
  return `/api/project/${family}/${action}`;
}

/** Creates the instance at its first save, adopting the files uploaded under `createId` meanwhile. */
export async function createAction(ref: ActionRef, projectId: number, createId?: string): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`${actionBase(ref)}/create`, {
      projectId,
      ...(createId === undefined ? {} : { createId }),
    }),
  );
}

export async function saveAction(
  ref: ActionRef,
  input: Versioned & { form: ActionForm },
): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`${actionBase(ref)}/save`, input), {
    showSuccess: true,
  });
}

/** A returned (or draft) instance's changed form. */
export async function updateAction(
  ref: ActionRef,
  input: Versioned & { form: ActionForm },
): Promise<Versioned> {
  const { id, ...body } = input;
  return unwrap(await http.post<Envelope<Versioned>>(`${actionBase(ref)}/update/${id}`, body), {
    showSuccess: true,
  });
}

export async function showAction(ref: ActionRef, id: number): Promise<ActionView> {
  return unwrap(await http.get<Envelope<ActionView>>(`${actionBase(ref)}/show/${id}`));
}

export const actionQuery = (ref: ActionRef, id: number) =>
  queryOptions({
    queryKey: ['workflow', 'action', ref.family, ref.action, id] as const,
    queryFn: () => showAction(ref, id),
    staleTime: 0,
  });

/** Generates the letter; the instance waits for the applicant's e-signature afterwards. */
export async function submitAction(ref: ActionRef, input: Versioned): Promise<unknown> {
  return unwrap(await http.post<Envelope<unknown>>(`${actionBase(ref)}/submit`, input), {
    showSuccess: true,
  });
}

/** The applicant's e-signature of the letter: the envelope as it came (the panel reads it). */
export function signAction(ref: ActionRef, request: SignRequest): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`${actionBase(ref)}/signature`, request, {
    timeoutMs: TIMEOUTS.signatureAndSubmitMs,
  });
}

/** The applicant withdraws a draft or returned instance. */
export async function terminateAction(ref: ActionRef, input: Versioned): Promise<unknown> {
  return unwrap(await http.post<Envelope<unknown>>(`${actionBase(ref)}/termination/terminate`, input), {
    showSuccess: true,
  });
}

export async function fetchProcessLog(projectId: number): Promise<ProcessLogRow[]> {
  return unwrap(await http.get<Envelope<ProcessLogRow[]>>(`/api/project/${projectId}/processLog`));
}

export const processLogQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['workflow', 'processLog', projectId] as const,
    queryFn: () => fetchProcessLog(projectId),
    staleTime: 0,
  });

export const projectActionsQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['workflow', 'projectActions', projectId] as const,
    queryFn: async () =>
      unwrap(await http.get<Envelope<ProjectActionRow[]>>(`/api/project/${projectId}/actions`)),
    staleTime: 0,
  });
