// The calls of 服务费订单 (the spec names none: they take its style). The owner company's orders, every company's
// for the exchange (GJS_ORDER_SERVICE_FEE_ADMIN); another company's order answers 404, a stale version 409. Reading
// needs GJS_ORDER_SERVICE_FEE, GJS_ORDER_SERVICE_FEE_JTC (the agent's reading) or the exchange's _ADMIN; the
// invoice request the owner's GJS_ORDER_SERVICE_FEE; the payment and the invoice records the exchange's code.
import { z } from 'zod';
import { defineCall, zPage, zPageOf, zPathId, zSize, zVersion, ZSaved } from '../contract.ts';
import { MSG } from '../messages.ts';
import { ORDER_PAY_STATES, ZServiceFeeOrder } from '../orders.ts';

export const ORDER_READER_CODES = [
  'GJS_ORDER_SERVICE_FEE',
  'GJS_ORDER_SERVICE_FEE_JTC',
  'GJS_ORDER_SERVICE_FEE_ADMIN',
] as const;

/**
 * Whose orders: own (the exchange: all), or agent (GJS_ORDER_SERVICE_FEE_JTC): the orders of the projects the
 * caller acts for as the agent member (代理项目订单), read only.
 */
const zOrderScope = z.enum(['own', 'agent'], { error: MSG.badRequest }).optional();

/** POST /api/order/list: one page of the caller's orders. */
export const listOrdersCall = defineCall({
  method: 'POST',
  path: '/api/order/list',
  tag: 'order',
  summary: '服务费订单列表',
  body: z.object({
    page: zPage,
    size: zSize,
    keyword: z.string().max(50, MSG.badRequest).optional(),
    payState: z.enum(ORDER_PAY_STATES, { error: MSG.badRequest }).optional(),
    scope: zOrderScope,
  }),
  answer: zPageOf(ZServiceFeeOrder),
});
export type OrderListQuery = z.input<typeof listOrdersCall.body>;

/** GET /api/order/{id}?scope=: an order, with its fee bands and the invoice asked for. */
export const showOrderCall = defineCall({
  method: 'GET',
  path: '/api/order/:id',
  tag: 'order',
  summary: '查看服务费订单',
  params: z.object({ id: zPathId }),
  query: z.object({ scope: zOrderScope }),
  answer: ZServiceFeeOrder,
});

/** POST /api/order/invoice/{id}: the owner asks for the invoice, made out to its 发票抬头 titleId. */
export const requestOrderInvoiceCall = defineCall({
  method: 'POST',
  path: '/api/order/invoice/:id',
  tag: 'order',
  summary: '申请开票',
  params: z.object({ id: zPathId }),
  body: z.object({
    version: zVersion,
    titleId: z.number({ error: MSG.ordersInvoiceTitleMissing }).int().min(1, MSG.ordersInvoiceTitleMissing),
  }),
  answer: ZSaved,
});

/** POST /api/order/pay/{id}: the exchange records the fee paid. */
export const payOrderCall = defineCall({
  method: 'POST',
  path: '/api/order/pay/:id',
  tag: 'order',
  summary: '确认收款',
  params: z.object({ id: zPathId }),
  body: z.object({ version: zVersion }),
  answer: ZSaved,
});

/** POST /api/order/issue/{id}: the exchange records the invoice issued. */
export const issueOrderInvoiceCall = defineCall({
  method: 'POST',
  path: '/api/order/issue/:id',
  tag: 'order',
  summary: '登记开具发票',
  params: z.object({ id: zPathId }),
  body: z.object({ version: zVersion }),
  answer: ZSaved,
});
