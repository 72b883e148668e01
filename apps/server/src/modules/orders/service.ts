// 服务费订单: a dealt project's service fee, billed to its owner (the domain's orders.ts). The workflow engine tells
// this module when an action is approved (registerApprovalEffect, wired in app.ts): the contract makes or remakes
// the order (the deal amount and day are the contract's, the fee the schedule's in force on the deal day), the
// price deduction (服务费扣划) marks it deducted from the price. The owner asks for an invoice made out to one of
// its 发票抬头; the exchange records the payment and the invoice it issued. Another company's order answers 404;
// a stale version 409; every change is audited.
//
// Each job is one use case (use-cases/: bill, read, invoice, payment); who sees an order (access.ts), its view
// (view.ts) and an audited change (change.ts) sit beside them; this file wires them to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { OrderDeps } from './deps.ts';
import { billContract, markDeducted } from './use-cases/bill.ts';
import { issueInvoice, requestInvoice } from './use-cases/invoice.ts';
import { recordPayment } from './use-cases/payment.ts';
import { listOrders, showOrder } from './use-cases/read.ts';

export type { OrderDeps, OrderScope, ServiceFeeQuote } from './deps.ts';

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(deps: OrderDeps) {
  /** A use case with the module's deps bound: what the routes and the workflow engine's approvals call. */
  const bound = bindDeps(deps);

  return {
    billContract: bound(billContract),
    markDeducted: bound(markDeducted),
    list: bound(listOrders),
    show: bound(showOrder),
    requestInvoice: bound(requestInvoice),
    recordPayment: bound(recordPayment),
    issueInvoice: bound(issueInvoice),
  };
}
