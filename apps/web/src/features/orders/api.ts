// The calls of 服务费订单 (apps/server/src/modules/orders/routes.ts): the list, an order, the owner's invoice request
// and the exchange's payment and invoice records, each change with the order's version.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { OrderPayState, ServiceFeeOrder } from '@cqjy/domain/orders';
import type { RegistryRow } from '@cqjy/domain/registries/kit';
import { http, unwrap } from '../../lib/http.ts';

export type OrderQuery = {
  page: number;
  size: number;
  keyword?: string;
  payState?: OrderPayState;
  /** agent: the orders of the projects the company acts for as the agent member (代理项目订单) */
  scope?: 'own' | 'agent';
};

type Versioned = { id: number; version: number };

export const ordersQuery = (query: OrderQuery) =>
  queryOptions({
    queryKey: ['orders', 'list', query] as const,
    queryFn: async () =>
      unwrap(await http.post<Envelope<PageResult<ServiceFeeOrder>>>('/api/order/list', query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The company's invoice titles (发票抬头), the default first, to make an invoice out to. */
export const invoiceTitlesQuery = () =>
  queryOptions({
    queryKey: ['registries', 'invoicing', 'pick'] as const,
    queryFn: async () => {
      const page = unwrap(
        await http.post<Envelope<PageResult<RegistryRow>>>('/api/invoicing/list', { page: 1, size: 100 }),
      );
      return [...page.list].sort(
        (a, b) => Number(b.values.isDefault === '是') - Number(a.values.isDefault === '是'),
      );
    },
    staleTime: 0,
  });

export async function requestInvoice(order: Versioned, titleId: number): Promise<void> {
  const body = { version: order.version, titleId };
  unwrap(await http.post<Envelope<Versioned>>(`/api/order/invoice/${order.id}`, body), { showSuccess: true });
}

export async function recordPayment(order: Versioned): Promise<void> {
  const body = { version: order.version };
  unwrap(await http.post<Envelope<Versioned>>(`/api/order/pay/${order.id}`, body), { showSuccess: true });
}

export async function issueInvoice(order: Versioned): Promise<void> {
  const body = { version: order.version };
  unwrap(await http.post<Envelope<Versioned>>(`/api/order/issue/${order.id}`, body), { showSuccess: true });
}
