// The calls of 退票信息 (the spec names none: they take its style). The company's tickets (GJS_ORDER_REFUND), every
// company's for the exchange (GJS_ORDER_REFUND_ADMIN), which records them and reviews the applications; another
// company's ticket answers 404, a stale version 409. The company applies again (重新出金申请) with a corrected
// account, corrects a returned application (重新出金修改) and e-signs the letter with the SMS code bound to it.
import { z } from 'zod';
import { defineCall, zPage, zPageOf, zPathId, zSize, zVersion, ZSaved } from '../contract.ts';
import { MSG } from '../messages.ts';
import {
  REFUND_RETURN_REASONS,
  REFUND_TICKET_STATES,
  ZRefundTicket,
  ZRefundTicketDetail,
} from '../refund-tickets.ts';

export const REFUND_READER_CODES = ['GJS_ORDER_REFUND', 'GJS_ORDER_REFUND_ADMIN'] as const;

const zOtp = z.string({ error: MSG.otpFormat }).regex(/^\d{6}$/, MSG.otpFormat);

/** An application (重新出金申请) or its correction: the account to pay out to and a remark. */
const ZApplication = z.object({
  version: zVersion,
  bankId: z.number({ error: MSG.refundTicketBankMissing }).int().min(1, MSG.refundTicketBankMissing),
  remark: z
    .string({ error: MSG.refundTicketRemarkTooLong })
    .trim()
    .max(200, MSG.refundTicketRemarkTooLong)
    .default(''),
});
export type RefundApplicationBody = z.input<typeof ZApplication>;

/** POST /api/refundTicket/list: one page of the caller's tickets. */
export const listRefundTicketsCall = defineCall({
  method: 'POST',
  path: '/api/refundTicket/list',
  tag: 'refundTicket',
  summary: '退票信息列表',
  body: z.object({
    page: zPage,
    size: zSize,
    keyword: z.string().max(50, MSG.badRequest).optional(),
    state: z.enum(REFUND_TICKET_STATES, { error: MSG.badRequest }).optional(),
  }),
  answer: zPageOf(ZRefundTicket),
});
export type RefundTicketListQuery = z.input<typeof listRefundTicketsCall.body>;

/** GET /api/refundTicket/{id}: the ticket with its applications. */
export const showRefundTicketCall = defineCall({
  method: 'GET',
  path: '/api/refundTicket/:id',
  tag: 'refundTicket',
  summary: '查看退票信息',
  params: z.object({ id: zPathId }),
  answer: ZRefundTicketDetail,
});

/** POST /api/refundTicket/save: the exchange records an approved payout the bank returned. */
export const saveRefundTicketCall = defineCall({
  method: 'POST',
  path: '/api/refundTicket/save',
  tag: 'refundTicket',
  summary: '登记退票',
  body: z.object({
    instanceId: z
      .number({ error: MSG.refundTicketPayoutMissing })
      .int()
      .min(1, MSG.refundTicketPayoutMissing),
    returnReason: z.enum(REFUND_RETURN_REASONS, { error: MSG.refundTicketReturnReasonInvalid }),
    returnedOn: z
      .string({ error: MSG.refundTicketReturnedOnInvalid })
      .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.refundTicketReturnedOnInvalid),
  }),
  answer: z.object({ id: z.number(), code: z.string() }),
});
export type RefundTicketSaveBody = z.input<typeof saveRefundTicketCall.body>;

/** POST /api/refundTicket/apply/{id}: 重新出金申请 of ticket id, the letter made for signing (answers the application). */
export const applyRefundTicketCall = defineCall({
  method: 'POST',
  path: '/api/refundTicket/apply/:id',
  tag: 'refundTicket',
  summary: '重新出金申请',
  params: z.object({ id: zPathId }),
  body: ZApplication,
  answer: ZSaved,
});

/** POST /api/refundTicket/modify/{appId}: 重新出金修改 of a returned application. */
export const modifyRefundApplicationCall = defineCall({
  method: 'POST',
  path: '/api/refundTicket/modify/:id',
  tag: 'refundTicket',
  summary: '重新出金修改',
  params: z.object({ id: zPathId }),
  body: ZApplication,
  answer: ZSaved,
});

/** POST /api/refundTicket/sign/otp/{appId}: sends the sign code bound to the application's letter. */
export const sendRefundSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/refundTicket/sign/otp/:id',
  tag: 'refundTicket',
  summary: '发送重新出金申请的签章验证码',
  params: z.object({ id: zPathId }),
  answer: z.object({ isSent: z.boolean() }),
});

/** POST /api/refundTicket/sign/otp/check/{appId}: checks the sign code without using it up. */
export const checkRefundSignCodeCall = defineCall({
  method: 'POST',
  path: '/api/refundTicket/sign/otp/check/:id',
  tag: 'refundTicket',
  summary: '校验签章验证码',
  params: z.object({ id: zPathId }),
  body: z.object({ otp: zOtp }),
  answer: z.null(),
});

/** POST /api/refundTicket/signature/{appId}: the application e-signed, to the exchange. */
export const signRefundApplicationCall = defineCall({
  method: 'POST',
  path: '/api/refundTicket/signature/:id',
  tag: 'refundTicket',
  summary: '重新出金申请电子签章',
  params: z.object({ id: zPathId }),
  body: z.object({ version: zVersion, otp: zOtp }),
  answer: ZSaved,
});

/** POST /api/refundTicket/audit/{appId}: the exchange approves (pass) or returns (back, with a reason). */
export const auditRefundApplicationCall = defineCall({
  method: 'POST',
  path: '/api/refundTicket/audit/:id',
  tag: 'refundTicket',
  summary: '审核重新出金申请',
  params: z.object({ id: zPathId }),
  body: z.object({
    version: zVersion,
    result: z.enum(['pass', 'back'], { error: MSG.badRequest }),
    reason: z.string().trim().max(200, MSG.refundTicketRemarkTooLong).default(''),
  }),
  answer: ZSaved,
});
