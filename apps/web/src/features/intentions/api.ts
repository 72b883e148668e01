// The calls of 代理意向登记 (apps/server/src/modules/intentions; contracts/intentions.ts): the projects open to
// registrations, the member's registrations and one with its files, the draft's save and update (each change with
// the version it was made from), the letter drawn for the e-signature, the SMS code bound to that letter, the seal,
// and the withdrawal. Money travels as integer fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import type { CallAnswer } from '@cqjy/domain/contract';
import {
  checkIntentionSignCodeCall,
  drawIntentionLetterCall,
  listIntentionsCall,
  openProjectsCall,
  saveIntentionCall,
  sendIntentionSignCodeCall,
  showIntentionCall,
  signIntentionCall,
  updateIntentionCall,
  withdrawIntentionCall,
  type IntentionListQuery,
} from '@cqjy/domain/contracts/intentions';
import type { IntentionForm } from '@cqjy/domain/intentions';
import { callApi, fetchData } from '../../lib/call.ts';

export type Versioned = CallAnswer<typeof saveIntentionCall>;

/** What the form sends; an update carries no project (a registration stays on the project it was made for). */
export type IntentionBody = Omit<IntentionForm, 'projectId'>;

export const openProjectsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['intentions', 'projects', keyword] as const,
    queryFn: () => fetchData(openProjectsCall, { body: { keyword } }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const intentionsQuery = (query: IntentionListQuery) =>
  queryOptions({
    queryKey: ['intentions', 'list', query] as const,
    queryFn: () => fetchData(listIntentionsCall, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const intentionQuery = (id: number) =>
  queryOptions({
    queryKey: ['intentions', 'show', id] as const,
    queryFn: () => fetchData(showIntentionCall, { params: { id } }),
    staleTime: 0,
  });

/** A new draft; the files uploaded under `createId` become its own. `isQuiet`: the toast is left to what follows. */
export function saveIntention(
  body: IntentionBody & { projectId: number; createId: string },
  isQuiet = false,
): Promise<Versioned> {
  return fetchData(saveIntentionCall, { body }, { showSuccess: !isQuiet });
}

/** A blank certNo keeps the stored number (a person's comes back masked, so the form cannot send it again). */
export function updateIntention(
  intention: Versioned,
  body: IntentionBody,
  isQuiet = false,
): Promise<Versioned> {
  return fetchData(
    updateIntentionCall,
    { params: { id: intention.id }, body: { ...body, version: intention.version } },
    { showSuccess: !isQuiet },
  );
}

export function drawIntentionLetter(intention: Versioned): Promise<Versioned> {
  return fetchData(
    drawIntentionLetterCall,
    { params: { id: intention.id }, body: { version: intention.version } },
    { showSuccess: true },
  );
}

export async function sendIntentionSignCode(id: number): Promise<void> {
  await fetchData(sendIntentionSignCodeCall, { params: { id } }, { showSuccess: true });
}

/** The sign-off panel reads the envelope itself (its status decides the message). */
export function checkIntentionSignCode(id: number, otp: string): Promise<Envelope<null>> {
  return callApi(checkIntentionSignCodeCall, { params: { id }, body: { otp } });
}

export function signIntention(intention: Versioned, otp: string): Promise<Envelope<Versioned>> {
  return callApi(signIntentionCall, {
    params: { id: intention.id },
    body: { version: intention.version, otp },
  });
}

export function withdrawIntention(intention: Versioned): Promise<Versioned> {
  return fetchData(
    withdrawIntentionCall,
    { params: { id: intention.id }, body: { version: intention.version } },
    { showSuccess: true },
  );
}
