// The calls of the delivery (交付, contracts/deliveries.ts): a dealt batch's delivery as it stands, the seller's
// pick-up record and the receipt. Every change carries the version it was read at.
import { queryOptions } from '@tanstack/react-query';
import { confirmReceiptCall, recordPickupCall, showDeliveryCall } from '@cqjy/domain/contracts/deliveries';
import type { CallAnswer } from '@cqjy/domain/contract';
import type { DeliveryPickupForm, DeliveryReceiptForm } from '@cqjy/domain/projects/delivery';
import { fetchData } from '../../lib/call.ts';

export type Versioned = CallAnswer<typeof recordPickupCall>;

export const deliveryKey = (projectId: number) => ['deliveries', projectId] as const;

export const deliveryQuery = (projectId: number) =>
  queryOptions({
    queryKey: deliveryKey(projectId),
    queryFn: ({ signal }) => fetchData(showDeliveryCall, { params: { id: projectId } }, { signal }),
    staleTime: 0,
  });

export function recordPickup(form: DeliveryPickupForm): Promise<Versioned> {
  return fetchData(recordPickupCall, { body: form }, { showSuccess: true });
}

export function confirmReceipt(form: DeliveryReceiptForm): Promise<Versioned> {
  return fetchData(confirmReceiptCall, { body: form }, { showSuccess: true });
}
