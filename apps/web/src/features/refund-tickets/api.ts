// The calls of 退票信息 (apps/server/src/modules/refund-tickets/routes.ts): the list, a ticket with its applications,
// the exchange's record of a returned payout and its review, the company's application (重新出金申请), its
// correction and its e-signature with the SMS code bound to the letter; each change with its version.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { RefundTicket, RefundTicketDetail, RefundTicketState } from '@cqjy/domain/refund-tickets';
import type { RegistryRow } from '@cqjy/domain/registries/kit';
import { http, unwrap } from '../../lib/http.ts';

export type TicketQuery = { page: number; size: number; keyword?: string; state?: RefundTicketState };

type Versioned = { id: number; version: number };

export const ticketsQuery = (query: TicketQuery) =>
  queryOptions({
    queryKey: ['refundTickets', 'list', query] as const,
    queryFn: async () =>
      unwrap(await http.post<Envelope<PageResult<RefundTicket>>>('/api/refundTicket/list', query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const ticketQuery = (id: number) =>
  queryOptions({
    queryKey: ['refundTickets', 'show', id] as const,
    queryFn: async () => unwrap(await http.get<Envelope<RefundTicketDetail>>(`/api/refundTicket/${id}`)),
    staleTime: 0,
  });

/** The company's bank accounts (银行账户), the default first, to pay the money out again to. */
export const bankAccountsQuery = () =>
  queryOptions({
    queryKey: ['registries', 'bank', 'pick'] as const,
    queryFn: async () => {
      const page = unwrap(
        await http.post<Envelope<PageResult<RegistryRow>>>('/api/bank/list', { page: 1, size: 100 }),
      );
      return [...page.list].sort(
        (a, b) => Number(b.values.isDefault === '是') - Number(a.values.isDefault === '是'),
      );
    },
    staleTime: 0,
  });

export async function recordTicket(body: {
  instanceId: number;
  returnReason: string;
  returnedOn: string;
}): Promise<void> {
  unwrap(await http.post<Envelope<{ id: number; code: string }>>('/api/refundTicket/save', body), {
    showSuccess: true,
  });
}

/** 重新出金申请 of ticket `ticketId`, or 重新出金修改 of its returned application `applicationId`. */
export async function saveApplication(
  target: { kind: 'apply'; ticketId: number } | { kind: 'modify'; applicationId: number },
  body: { version: number; bankId: number; remark: string },
): Promise<Versioned> {
  const path =
    target.kind === 'apply'
      ? `/api/refundTicket/apply/${target.ticketId}`
      : `/api/refundTicket/modify/${target.applicationId}`;
  return unwrap(await http.post<Envelope<Versioned>>(path, body), { showSuccess: true });
}

export async function sendSignCode(applicationId: number): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>(`/api/refundTicket/sign/otp/${applicationId}`), {
    showSuccess: true,
  });
}

export function checkSignCode(applicationId: number, otp: string): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`/api/refundTicket/sign/otp/check/${applicationId}`, { otp });
}

export function signApplication(application: Versioned, otp: string): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`/api/refundTicket/signature/${application.id}`, {
    version: application.version,
    otp,
  });
}

export function reviewApplication(
  application: Versioned,
  result: 'pass' | 'back',
  reason: string,
): Promise<Envelope<unknown>> {
  return http.post<Envelope<unknown>>(`/api/refundTicket/audit/${application.id}`, {
    version: application.version,
    result,
    reason,
  });
}
