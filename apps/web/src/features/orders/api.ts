// The calls of 服务费订单 (contracts/orders.ts): the list, an order, the owner's invoice request and the exchange's
// payment and invoice records, each change with the order's version.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  issueOrderInvoiceCall,
  listOrdersCall,
  payOrderCall,
  requestOrderInvoiceCall,
  type OrderListQuery,
} from '@cqjy/domain/contracts/orders';
import { registryCalls } from '@cqjy/domain/contracts/registries';
import { INVOICE_TITLE_REGISTRY } from '@cqjy/domain/registries/company-accounts';
import { fetchData } from '../../lib/call.ts';

/** The page keeps its page and size itself: both always sent. */
export type OrderQuery = OrderListQuery & { page: number; size: number };

type Versioned = { id: number; version: number };

export const ordersQuery = (query: OrderQuery) =>
  queryOptions({
    queryKey: ['orders', 'list', query] as const,
    queryFn: () => fetchData(listOrdersCall, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The company's invoice titles (发票抬头), the default first, to make an invoice out to. */
export const invoiceTitlesQuery = () =>
  queryOptions({
    queryKey: ['registries', 'invoicing', 'pick'] as const,
    queryFn: async () => {
      const page = await fetchData(registryCalls(INVOICE_TITLE_REGISTRY).list, {
        body: { page: 1, size: 100 },
      });
      return [...page.list].sort(
        (a, b) => Number(b.values.isDefault === '是') - Number(a.values.isDefault === '是'),
      );
    },
    staleTime: 0,
  });

export async function requestInvoice(order: Versioned, titleId: number): Promise<void> {
  const body = { version: order.version, titleId };
  await fetchData(requestOrderInvoiceCall, { params: { id: order.id }, body }, { showSuccess: true });
}

export async function recordPayment(order: Versioned): Promise<void> {
  const body = { version: order.version };
  await fetchData(payOrderCall, { params: { id: order.id }, body }, { showSuccess: true });
}

export async function issueInvoice(order: Versioned): Promise<void> {
  const body = { version: order.version };
  await fetchData(issueOrderInvoiceCall, { params: { id: order.id }, body }, { showSuccess: true });
}
