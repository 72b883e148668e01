// 服务费订单 (spec 000 section 2, orders group: order, GJS_ORDER_SERVICE_FEE): the exchange's service fee on a
// dealt project, billed to its owner. The order is made when the exchange approves the project's contract (the
// deal amount and day are the contract's), its fee computed from the fee schedule in force on the deal day (the
// versioned rule parameter `serviceFee`), so a later change of the schedule never rewrites it. The owner pays it,
// or has it deducted from the price paid out (the price-deduction letter, 服务费扣划), and asks for an invoice made
// out to one of its 发票抬头; the exchange records the payment and the invoice it issued.
import { z } from 'zod';

/** An order's code: FW, the year, the id (yearSerialCode). */
export const ORDER_CODE = { prefix: 'FW' } as const;

export const ORDER_PAY_STATES = ['unpaid', 'paid', 'deducted'] as const;
export type OrderPayState = (typeof ORDER_PAY_STATES)[number];
export const ORDER_PAY_STATE_LABELS: Record<OrderPayState, string> = {
  unpaid: '待支付',
  paid: '已支付',
  deducted: '已从价款中扣除',
};

export const ORDER_INVOICE_STATES = ['none', 'requested', 'issued'] as const;
export type OrderInvoiceState = (typeof ORDER_INVOICE_STATES)[number];
export const ORDER_INVOICE_STATE_LABELS: Record<OrderInvoiceState, string> = {
  none: '未申请',
  requested: '已申请开票',
  issued: '已开具',
};

/**
 * One line of the fee as the schedule counted it (分档累进, rule-parameters.ts computeServiceFee): the part of the
 * deal amount from `from` to `to` (fen) at its rate, and what it comes to; `isMinimum` tops the fee up to the
 * group's minimum.
 */
export const ZFeeLine = z.object({
  from: z.number(),
  to: z.number(),
  ratePermille: z.number(),
  amount: z.number(),
  isMinimum: z.boolean().optional(),
});

export type FeeLine = z.infer<typeof ZFeeLine>;

/** The invoice title an order's invoice is made out to, as it was when the invoice was asked for. */
export const ZOrderInvoice = z.object({
  title: z.string(),
  taxpayerNo: z.string(),
  invoiceType: z.string(),
  address: z.string(),
  telephone: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  email: z.string(),
});

export type OrderInvoice = z.infer<typeof ZOrderInvoice>;

export const ZServiceFeeOrder = z.object({
  id: z.number(),
  code: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  family: z.string(),
  familyLabel: z.string(),
  /** fen */
  dealAmount: z.number(),
  /** YYYY-MM-DD */
  dealDate: z.string(),
  /** fen */
  fee: z.number(),
  feeLines: z.array(ZFeeLine),
  /** the day the fee schedule used took effect ('' for the default schedule) */
  scheduleFrom: z.string(),
  payState: z.enum(ORDER_PAY_STATES),
  payStateLabel: z.string(),
  paidAt: z.string().nullable(),
  invoiceState: z.enum(ORDER_INVOICE_STATES),
  invoiceStateLabel: z.string(),
  invoice: ZOrderInvoice.nullable(),
  version: z.number(),
  createdAt: z.string(),
});

export type ServiceFeeOrder = z.infer<typeof ZServiceFeeOrder>;
