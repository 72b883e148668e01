// The calls of 退票信息 (contracts/refund-tickets.ts): the list, a ticket with its applications, the exchange's record
// of a returned payout and its review, the company's application (重新出金申请), its correction and its e-signature
// with the SMS code bound to the letter; each change with its version.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import {
  applyRefundTicketCall,
  auditRefundApplicationCall,
  checkRefundSignCodeCall,
  listRefundTicketsCall,
  modifyRefundApplicationCall,
  saveRefundTicketCall,
  sendRefundSignCodeCall,
  showRefundTicketCall,
  signRefundApplicationCall,
  type RefundApplicationBody,
  type RefundTicketListQuery,
  type RefundTicketSaveBody,
} from '@cqjy/domain/contracts/refund-tickets';
import { registryCalls } from '@cqjy/domain/contracts/registries';
import type { CallAnswer } from '@cqjy/domain/contract';
import { BANK_ACCOUNT_REGISTRY } from '@cqjy/domain/registries/company-accounts';
import { callApi, fetchData } from '../../lib/call.ts';

/** The page keeps its page and size itself: both always sent. */
export type TicketQuery = RefundTicketListQuery & { page: number; size: number };

type Versioned = { id: number; version: number };

export const ticketsQuery = (query: TicketQuery) =>
  queryOptions({
    queryKey: ['refundTickets', 'list', query] as const,
    queryFn: () => fetchData(listRefundTicketsCall, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const ticketQuery = (id: number) =>
  queryOptions({
    queryKey: ['refundTickets', 'show', id] as const,
    queryFn: () => fetchData(showRefundTicketCall, { params: { id } }),
    staleTime: 0,
  });

/** The company's bank accounts (银行账户), the default first, to pay the money out again to. */
export const bankAccountsQuery = () =>
  queryOptions({
    queryKey: ['registries', 'bank', 'pick'] as const,
    queryFn: async () => {
      const page = await fetchData(registryCalls(BANK_ACCOUNT_REGISTRY).list, {
        body: { page: 1, size: 100 },
      });
      return [...page.list].sort(
        (a, b) => Number(b.values.isDefault === '是') - Number(a.values.isDefault === '是'),
      );
    },
    staleTime: 0,
  });

export async function recordTicket(body: RefundTicketSaveBody): Promise<void> {
  await fetchData(saveRefundTicketCall, { body }, { showSuccess: true });
}

/** 重新出金申请 of ticket `ticketId`, or 重新出金修改 of its returned application `applicationId`. */
export async function saveApplication(
  target: { kind: 'apply'; ticketId: number } | { kind: 'modify'; applicationId: number },
  body: RefundApplicationBody,
): Promise<CallAnswer<typeof applyRefundTicketCall>> {
  return target.kind === 'apply'
    ? fetchData(applyRefundTicketCall, { params: { id: target.ticketId }, body }, { showSuccess: true })
    : fetchData(
        modifyRefundApplicationCall,
        { params: { id: target.applicationId }, body },
        { showSuccess: true },
      );
}

export async function sendSignCode(applicationId: number): Promise<void> {
  await fetchData(sendRefundSignCodeCall, { params: { id: applicationId } }, { showSuccess: true });
}

export function checkSignCode(applicationId: number, otp: string): Promise<Envelope<null>> {
  return callApi(checkRefundSignCodeCall, { params: { id: applicationId }, body: { otp } });
}

export function signApplication(application: Versioned, otp: string): Promise<Envelope<Versioned>> {
  return callApi(signRefundApplicationCall, {
    params: { id: application.id },
    body: { version: application.version, otp },
  });
}

export function reviewApplication(
  application: Versioned,
  result: 'pass' | 'back',
  reason: string,
): Promise<Envelope<Versioned>> {
  return callApi(auditRefundApplicationCall, {
    params: { id: application.id },
    body: { version: application.version, result, reason },
  });
}
