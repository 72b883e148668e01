// The calls of the workflow screens (contracts/workflow.ts): one action instance of a project (create, save,
// update, show, submit, e-sign, withdraw) under /api/project/{family}/{action}, the project's applications and its
// process log. The e-signature answers its envelope whole: the sign-off panel reads its status (BF-4.2 to 4.4).
import { queryOptions } from '@tanstack/react-query';
import { TIMEOUTS } from '@cqjy/domain/api';
import type { Envelope } from '@cqjy/domain/api';
import type { CallAnswer } from '@cqjy/domain/contract';
import {
  actionCalls,
  listProjectActionsCall,
  processLogCall,
  type ActionCallRef,
  type ActionCalls,
} from '@cqjy/domain/contracts/workflow';
import type { ActionForm } from '@cqjy/domain/workflow/actions';
import type { SignRequest } from '@cqjy/domain/workflow/sign-off';
import { callApi, fetchData } from '../../lib/call.ts';

/** The action whose calls are made: its family and action name the paths (the registry's config will do). */
export type ActionRef = ActionCallRef;

export type Versioned = CallAnswer<ActionCalls['save']>;

/** Creates the instance at its first save, adopting the files uploaded under `createId` meanwhile. */
export function createAction(ref: ActionRef, projectId: number, createId?: string): Promise<Versioned> {
  return fetchData(actionCalls(ref).create, {
    body: { projectId, ...(createId === undefined ? {} : { createId }) },
  });
}

export function saveAction(ref: ActionRef, input: Versioned & { form: ActionForm }): Promise<Versioned> {
  return fetchData(actionCalls(ref).save, { body: input }, { showSuccess: true });
}

/** A returned (or draft) instance's changed form. */
export function updateAction(ref: ActionRef, input: Versioned & { form: ActionForm }): Promise<Versioned> {
  const { id, ...body } = input;
  return fetchData(actionCalls(ref).update, { params: { id }, body }, { showSuccess: true });
}

export function showAction(ref: ActionRef, id: number): Promise<CallAnswer<ActionCalls['show']>> {
  return fetchData(actionCalls(ref).show, { params: { id } });
}

export const actionQuery = (ref: ActionRef, id: number) =>
  queryOptions({
    queryKey: ['workflow', 'action', ref.family, ref.action, id] as const,
    queryFn: () => showAction(ref, id),
    staleTime: 0,
  });

/** Generates the letter; the instance waits for the applicant's e-signature afterwards. */
export function submitAction(ref: ActionRef, input: Versioned): Promise<CallAnswer<ActionCalls['submit']>> {
  return fetchData(actionCalls(ref).submit, { body: input }, { showSuccess: true });
}

/** The applicant's e-signature of the letter: the envelope as it came (the panel reads it). */
export function signAction(ref: ActionRef, request: SignRequest): Promise<Envelope<Versioned>> {
  return callApi(actionCalls(ref).signature, { body: request }, { timeoutMs: TIMEOUTS.signatureAndSubmitMs });
}

/** The applicant withdraws a draft or returned instance. */
export function terminateAction(ref: ActionRef, input: Versioned): Promise<Versioned> {
  return fetchData(actionCalls(ref).terminate, { body: input }, { showSuccess: true });
}

export const processLogQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['workflow', 'processLog', projectId] as const,
    queryFn: () => fetchData(processLogCall(), { params: { id: projectId } }),
    staleTime: 0,
  });

export const projectActionsQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['workflow', 'projectActions', projectId] as const,
    queryFn: () => fetchData(listProjectActionsCall, { params: { id: projectId } }),
    staleTime: 0,
  });
