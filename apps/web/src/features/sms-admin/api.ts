// The calls of 短信管理 (contracts/sms.ts): the outbox page with its filters, resending a failed message, the
// templates and the channel's state. Every query lives under ['sms'], so a resend refreshes the list and the state
// together.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SmsStatus } from '@cqjy/domain/api';
import { listSmsCall, resendSmsCall, smsProviderCall, smsTemplatesCall } from '@cqjy/domain/contracts/sms';
import type { SmsListItem } from '@cqjy/domain/sms';
import { fetchData } from '../../lib/call.ts';

export const SMS_KEY = ['sms'] as const;

/** The filters of 发送记录; the dates are 'YYYY-MM-DD', both days included. */
export type SmsFilters = {
  mobile?: string | undefined;
  status?: SmsStatus | undefined;
  purpose?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
};

export type SmsQuery = SmsFilters & { page: number; size: number };

export const smsListQuery = (query: SmsQuery) =>
  queryOptions({
    queryKey: [...SMS_KEY, 'list', query] as const,
    queryFn: () => {
      const { page, size, ...filters } = query;
      return fetchData(listSmsCall, { body: { pageNum: page, pageSize: size, ...filters } });
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const smsTemplatesQuery = () =>
  queryOptions({
    queryKey: [...SMS_KEY, 'templates'] as const,
    queryFn: () => fetchData(smsTemplatesCall, {}),
  });

export const smsProviderQuery = () =>
  queryOptions({
    queryKey: [...SMS_KEY, 'provider'] as const,
    queryFn: () => fetchData(smsProviderCall, {}),
    staleTime: 0,
  });

/** The server shows its own message: 短信已重发, or why it refused or failed. */
export function resendSms(id: number): Promise<SmsListItem> {
  return fetchData(resendSmsCall, { params: { id } }, { showSuccess: true });
}
