// The calls of the buyer side of a project (apps/server/src/modules/intentions and bidding): a project's intention
// registrations as its owner, its agent member and the exchange see them, the exchange's record of a deposit paid
// and refunded, the qualification review (the owner's opinion, the exchange's confirmation), the deal's course,
// and the bidding hall: opened by the exchange, read, bid in and its signed result. Money travels as integer fen;
// every change carries the version it was made from.
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import type { BiddingHall, BiddingOpenForm } from '@cqjy/domain/bidding';
import type { DealCourseView, DealResult, DepositReceipt, IntentionView } from '@cqjy/domain/intentions';
import { fetchAttachmentBlob, saveBlob } from '../../api/attachments.ts';
import { dealCourseCall, recordDepositCall } from '@cqjy/domain/contracts/intentions';
import { fetchData } from '../../lib/call.ts';
import { http, unwrap } from '../../lib/http.ts';
import { received } from './hall-clock.ts';
import type { LiveHall } from './hall-clock.ts';

export type Versioned = { id: number; version: number };

export type ReviewResult = 'pass' | 'back';

export type { DealCourseView };

// --- registrations, deposits and the review -------------------------------------------------------------------

export const projectIntentionsQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['bidding', 'intentions', projectId] as const,
    // a project without registrations may answer nothing at all
    queryFn: async () =>
      unwrap(await http.post<Envelope<IntentionView[] | null>>('/api/intention/list', { projectId })) ?? [],
    staleTime: 0,
  });

export const dealCourseQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['bidding', 'course', projectId] as const,
    queryFn: ({ signal }) => fetchData(dealCourseCall, { params: { projectId } }, { signal }),
    staleTime: 0,
  });

/** The deposit recorded arrived: the amount (fen, the one owed), the day it arrived and the bank's reference. */
export async function recordDeposit(row: Versioned, receipt: DepositReceipt): Promise<Versioned> {
  return fetchData(
    recordDepositCall,
    { params: { id: row.id }, body: { version: row.version, ...receipt } },
    { showSuccess: true },
  );
}

export async function recordDepositRefund(row: Versioned): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/intention/deposit/refund/${row.id}`, { version: row.version }),
    { showSuccess: true },
  );
}

/** The exchange confirms the deal with the project's one qualified buyer at the listing price (协议转让). */
export async function confirmAgreement(projectId: number): Promise<DealResult> {
  return unwrap(await http.post<Envelope<DealResult>>(`/api/intention/agreement/${projectId}`, {}), {
    showSuccess: true,
  });
}

/** The owner's opinion on a submitted registration, or the exchange's confirmation; `back` needs the reason. */
export async function reviewIntention(
  row: Versioned,
  result: ReviewResult,
  reason: string,
): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/intention/review/${row.id}`, {
      version: row.version,
      result,
      ...(reason === '' ? {} : { reason }),
    }),
    { showSuccess: true },
  );
}

// --- the bidding hall ---------------------------------------------------------------------------------------------

export const hallKey = (id: number) => ['bidding', 'hall', id] as const;

export const hallQuery = (id: number) =>
  queryOptions({
    queryKey: hallKey(id),
    queryFn: async (): Promise<LiveHall> =>
      received(unwrap(await http.get<Envelope<BiddingHall>>(`/api/bidding/${id}`))),
    staleTime: 0,
  });

/** The hall of a project, or null before the exchange opens one. */
export const projectHallQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['bidding', 'project', projectId] as const,
    queryFn: async () =>
      unwrap(await http.get<Envelope<{ id: number } | null>>(`/api/bidding/project/${projectId}`)),
    staleTime: 0,
  });

export async function openBidding(form: BiddingOpenForm): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>('/api/bidding/open', form), { showSuccess: true });
}

/**
 * A bid for one of the caller's bidder numbers. A refusal (below the minimum, outbid meanwhile, the hall closed)
 * is not toasted: the hall shows the server's message next to the amount, where the bidder is looking.
 */
export async function placeBid(id: number, registrationId: number, amount: number): Promise<BiddingHall> {
  return unwrap(
    await http.post<Envelope<BiddingHall>>(`/api/bidding/bid/${id}`, { registrationId, amount }),
    {
      showError: false,
    },
  );
}

/** The signed result: the stored file when the hall names it, the result call otherwise. */
export async function downloadResult(hall: Pick<BiddingHall, 'id' | 'projectName' | 'resultFileId'>) {
  const blob =
    hall.resultFileId === null
      ? await http.download(`/api/bidding/result/${hall.id}`)
      : await fetchAttachmentBlob(hall.resultFileId);
  saveBlob(blob, `${hall.projectName}竞价结果.pdf`);
}
