import {
  FAMILY_TITLES,
  ORDER_INVOICE_STATE_LABELS,
  ORDER_PAY_STATE_LABELS,
  type FamilyKey,
  type ServiceFeeOrder,
} from '@cqjy/domain';
import type * as repo from './repo.ts';

/** An order as the pages read it, with its labels. */
export function toView(item: repo.OrderItem): ServiceFeeOrder {
  return {
    id: item.id,
    code: item.code,
    companyId: item.companyId,
    companyName: item.companyName,
    projectId: item.projectId,
    projectName: item.projectName,
    projectCode: item.projectCode,
    family: item.family,
    familyLabel: FAMILY_TITLES[item.family as FamilyKey] ?? item.family,
    dealAmount: item.dealAmount,
    dealDate: item.dealDate,
    fee: item.fee,
    feeLines: item.feeLines,
    scheduleFrom: item.scheduleFrom,
    payState: item.payState,
    payStateLabel: ORDER_PAY_STATE_LABELS[item.payState],
    paidAt: item.paidAt?.toISOString() ?? null,
    invoiceState: item.invoiceState,
    invoiceStateLabel: ORDER_INVOICE_STATE_LABELS[item.invoiceState],
    invoice: item.invoice,
    version: item.version,
    createdAt: item.createdAt.toISOString(),
  };
}
