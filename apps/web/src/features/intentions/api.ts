// The calls of 代理意向登记 (apps/server/src/modules/intentions): the projects open to registrations, the member's
// registrations and one with its files, the draft's save and update (each change with the version it was made
// from), the letter drawn for the e-signature, the SMS code bound to that letter, the seal, and the withdrawal.
// Money travels as integer fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import type {
  IntentionDetail,
  IntentionForm,
  IntentionStatus,
  IntentionView,
  OpenProject,
} from '@cqjy/domain/intentions';
import { http, unwrap } from '../../lib/http.ts';

export type Versioned = { id: number; version: number };

export type IntentionQuery = { projectId?: number; status?: IntentionStatus; keyword?: string };

/** What the form sends; an update carries no project (a registration stays on the project it was made for). */
export type IntentionBody = Omit<IntentionForm, 'projectId'>;

export const openProjectsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['intentions', 'projects', keyword] as const,
    queryFn: async () =>
      unwrap(await http.post<Envelope<OpenProject[]>>('/api/intention/projects', { keyword })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const intentionsQuery = (query: IntentionQuery) =>
  queryOptions({
    queryKey: ['intentions', 'list', query] as const,
    queryFn: async () => unwrap(await http.post<Envelope<IntentionView[]>>('/api/intention/list', query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const intentionQuery = (id: number) =>
  queryOptions({
    queryKey: ['intentions', 'show', id] as const,
    queryFn: async () => unwrap(await http.get<Envelope<IntentionDetail>>(`/api/intention/${id}`)),
    staleTime: 0,
  });

/** A new draft; the files uploaded under `createId` become its own. `isQuiet`: the toast is left to what follows. */
export async function saveIntention(
  body: IntentionBody & { projectId: number; createId: string },
  isQuiet = false,
): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>('/api/intention/save', body), { showSuccess: !isQuiet });
}

/** A blank certNo keeps the stored number (a person's comes back masked, so the form cannot send it again). */
export async function updateIntention(
  intention: Versioned,
  body: IntentionBody,
  isQuiet = false,
): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/intention/update/${intention.id}`, {
      ...body,
      version: intention.version,
    }),
    { showSuccess: !isQuiet },
  );
}

export async function drawIntentionLetter(intention: Versioned): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/intention/letter/${intention.id}`, {
      version: intention.version,
    }),
    { showSuccess: true },
  );
}

export async function sendIntentionSignCode(id: number): Promise<void> {
  unwrap(await http.post<Envelope<{ isSent: boolean }>>(`/api/intention/sign/otp/${id}`), {
    showSuccess: true,
  });
}

/** The sign-off panel reads the envelope itself (its status decides the message). */
export function checkIntentionSignCode(id: number, otp: string): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`/api/intention/sign/otp/check/${id}`, { otp });
}

export function signIntention(intention: Versioned, otp: string): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`/api/intention/signature/${intention.id}`, {
    version: intention.version,
    otp,
  });
}

export async function withdrawIntention(intention: Versioned): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/intention/withdraw/${intention.id}`, {
      version: intention.version,
    }),
    { showSuccess: true },
  );
}
