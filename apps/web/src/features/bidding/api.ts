// The calls of the buyer side of a project (apps/server/src/modules/intentions and bidding): a project's intention
// registrations as its owner, its agent member and the exchange see them, the exchange's record of a deposit paid
// and refunded, the qualification review (the owner's opinion, the exchange's confirmation), the deal's course,
// and the bidding hall: opened by the exchange, read, bid in and its signed result. Money travels as integer fen;
// every change carries the version it was made from.
import { queryOptions } from '@tanstack/react-query';
import type { AuctionRulesForm, BiddingHall, BiddingOpenForm } from '@cqjy/domain/bidding';
import type { CallAnswer } from '@cqjy/domain/contract';
import {
  answerOfferCall,
  defaultWinnerCall,
  openBiddingCall,
  placeBidCall,
  projectHallCall,
  saveAuctionRulesCall,
  setProxyCall,
  showAuctionRulesCall,
  showHallCall,
} from '@cqjy/domain/contracts/bidding';
import {
  confirmAgreementCall,
  dealCourseCall,
  listIntentionsCall,
  recordDepositCall,
  recordDepositRefundCall,
  reviewIntentionCall,
} from '@cqjy/domain/contracts/intentions';
import type {
  DealCourseView,
  DealResult,
  DepositReceipt,
  IntentionReviewResult,
} from '@cqjy/domain/intentions';
import { fetchAttachmentBlob, saveBlob } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';
import { http } from '../../lib/http.ts';
import { received } from './hall-clock.ts';
import type { LiveHall } from './hall-clock.ts';

export type Versioned = CallAnswer<typeof recordDepositCall>;

export type ReviewResult = IntentionReviewResult;

export type { DealCourseView };

// --- registrations, deposits and the review -------------------------------------------------------------------

export const projectIntentionsQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['bidding', 'intentions', projectId] as const,
    // a project without registrations may answer nothing at all
    queryFn: async () => (await fetchData(listIntentionsCall, { body: { projectId } })) ?? [],
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

export function recordDepositRefund(row: Versioned): Promise<Versioned> {
  return fetchData(
    recordDepositRefundCall,
    { params: { id: row.id }, body: { version: row.version } },
    { showSuccess: true },
  );
}

/** The exchange confirms the deal with the project's one qualified buyer at the listing price (协议转让). */
export function confirmAgreement(projectId: number): Promise<DealResult> {
  return fetchData(confirmAgreementCall, { params: { projectId }, body: {} }, { showSuccess: true });
}

/** The owner's opinion on a submitted registration, or the exchange's confirmation; `back` needs the reason. */
export function reviewIntention(row: Versioned, result: ReviewResult, reason: string): Promise<Versioned> {
  return fetchData(
    reviewIntentionCall,
    { params: { id: row.id }, body: { version: row.version, result, ...(reason === '' ? {} : { reason }) } },
    { showSuccess: true },
  );
}

// --- the bidding hall ---------------------------------------------------------------------------------------------

export const hallKey = (id: number) => ['bidding', 'hall', id] as const;

export const hallQuery = (id: number) =>
  queryOptions({
    queryKey: hallKey(id),
    queryFn: async (): Promise<LiveHall> => received(await fetchData(showHallCall, { params: { id } })),
    staleTime: 0,
  });

/** The hall of a project, or null before the exchange opens one. */
export const projectHallQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['bidding', 'project', projectId] as const,
    queryFn: () => fetchData(projectHallCall, { params: { id: projectId } }),
    staleTime: 0,
  });

/** The seller's rules for the project's hall (竞价规则), or null before any is saved. */
export const auctionRulesQuery = (projectId: number) =>
  queryOptions({
    queryKey: ['bidding', 'rules', projectId] as const,
    queryFn: ({ signal }) => fetchData(showAuctionRulesCall, { params: { id: projectId } }, { signal }),
    staleTime: 0,
  });

export function saveAuctionRules(form: AuctionRulesForm): Promise<Versioned> {
  return fetchData(saveAuctionRulesCall, { body: form }, { showSuccess: true });
}

export function openBidding(form: BiddingOpenForm): Promise<Versioned> {
  return fetchData(openBiddingCall, { body: form }, { showSuccess: true });
}

/**
 * A bid for one of the caller's bidder numbers. A refusal (below the minimum, outbid meanwhile, the hall closed)
 * is not toasted: the hall shows the server's message next to the amount, where the bidder is looking.
 */
export function placeBid(id: number, registrationId: number, amount: number): Promise<BiddingHall> {
  return fetchData(placeBidCall, { params: { id }, body: { registrationId, amount } }, { showError: false });
}

/**
 * The signed result: the stored file when the hall names it, the result call otherwise (a PDF, not the envelope:
 * that call has no contract).
 */
/** 委托代理出价: the bidder's ceiling (fen); answers the hall after the bids the hall made on it at once. */
export function setProxy(id: number, registrationId: number, ceiling: number): Promise<BiddingHall> {
  return fetchData(setProxyCall, { params: { id }, body: { registrationId, ceiling } }, { showError: false });
}

/** 认定竞得人违约: the winner loses the deal and its deposit; the deal goes on to the next highest bidder, or 流拍. */
export function defaultWinner(
  hall: Pick<BiddingHall, 'id' | 'version'>,
  input: { reason: string; isBarred: boolean },
): Promise<BiddingHall> {
  return fetchData(defaultWinnerCall, {
    params: { id: hall.id },
    body: { version: hall.version, ...input },
  });
}

/** 递补的答复: the offered bidder's member accepts the deal at its price, or declines it. */
export function answerOffer(id: number, registrationId: number, isAccepted: boolean): Promise<BiddingHall> {
  return fetchData(answerOfferCall, { params: { id }, body: { registrationId, isAccepted } });
}

export async function downloadResult(hall: Pick<BiddingHall, 'id' | 'projectName' | 'resultFileId'>) {
  const blob =
    hall.resultFileId === null
      ? await http.download(`/api/bidding/result/${hall.id}`)
      : await fetchAttachmentBlob(hall.resultFileId);
  saveBlob(blob, `${hall.projectName}竞价结果.pdf`);
}
