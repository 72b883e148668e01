// The calls of 短信管理: the outbox page with its filters, resending a failed message, the templates and the
// channel's state. Every query lives under ['sms'], so a resend refreshes the list and the state together.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult, SmsStatus } from '@cqjy/domain/api';
import type { SmsListItem, SmsProviderState, SmsTemplateItem } from '@cqjy/domain/sms';
import { http, unwrap } from '../../lib/http.ts';

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
    queryFn: async () => {
      const { page, size, ...filters } = query;
      return unwrap(
        await http.post<Envelope<PageResult<SmsListItem>>>('/api/sms/list', {
          pageNum: page,
          pageSize: size,
          ...filters,
        }),
      );
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const smsTemplatesQuery = () =>
  queryOptions({
    queryKey: [...SMS_KEY, 'templates'] as const,
    queryFn: async () => unwrap(await http.get<Envelope<SmsTemplateItem[]>>('/api/sms/templates')),
  });

export const smsProviderQuery = () =>
  queryOptions({
    queryKey: [...SMS_KEY, 'provider'] as const,
    queryFn: async () => unwrap(await http.get<Envelope<SmsProviderState>>('/api/sms/provider')),
    staleTime: 0,
  });

/** The server shows its own message: 短信已重发, or why it refused or failed. */
export async function resendSms(id: number): Promise<SmsListItem> {
  return unwrap(await http.post<Envelope<SmsListItem>>(`/api/sms/resend/${id}`), { showSuccess: true });
}
