// 退票信息 calls (the spec names none: they take its style). The company's tickets (GJS_ORDER_REFUND), every
// company's for the exchange (GJS_ORDER_REFUND_ADMIN), which records them and reviews the applications; another
// company's ticket answers {status: 404}, a stale version 409.
//
//   POST /api/refundTicket/list                 {page, size, keyword?, state?} -> {list: RefundTicket[], total}
//   GET  /api/refundTicket/{id}                 -> RefundTicketDetail (the ticket with its applications)
//   POST /api/refundTicket/save                 {instanceId, returnReason, returnedOn} -> {id, code}: the exchange
//                                               records an approved payout the bank returned
//   POST /api/refundTicket/apply/{id}           {version, bankId, remark} -> {id, version}: 重新出金申请, the
//                                               letter made for signing (id: the application's)
//   POST /api/refundTicket/modify/{appId}       {version, bankId, remark} -> {id, version}: 重新出金修改
//   POST /api/refundTicket/sign/otp/{appId}     -> sends the sign code bound to the letter
//   POST /api/refundTicket/sign/otp/check/{appId} {otp}: checks it without using it up
//   POST /api/refundTicket/signature/{appId}    {version, otp} -> {id, version}: e-signed, to the exchange
//   POST /api/refundTicket/audit/{appId}        {version, result: pass | back, reason} -> {id, version}
import {
  formatMessage,
  MSG,
  REFUND_RETURN_REASONS,
  REFUND_TICKET_STATES,
  ZRefundTicket,
  ZRefundTicketDetail,
} from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope, ZIdParams, ZSaved, zVersion } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { parseId, zPage, zSize } from '../projects/routes.ts';
import type { RefundTicketsService } from './service.ts';

const ZApplication = z.object({
  version: zVersion,
  bankId: z.number({ error: MSG.refundTicketBankMissing }).int().min(1, MSG.refundTicketBankMissing),
  remark: z
    .string({ error: MSG.refundTicketRemarkTooLong })
    .trim()
    .max(200, MSG.refundTicketRemarkTooLong)
    .default(''),
});

export const refundTicketsRoutes: FastifyPluginCallbackZod<{ tickets: RefundTicketsService }> = (
  app,
  { tickets },
  done,
) => {
  const tags = ['refundTicket'];
  const reader = [app.authenticate, requireAnyPermission(['GJS_ORDER_REFUND', 'GJS_ORDER_REFUND_ADMIN'])];
  const owner = [app.authenticate, requirePermission('GJS_ORDER_REFUND')];
  const exchange = [app.authenticate, requirePermission('GJS_ORDER_REFUND_ADMIN')];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  app.post(
    '/api/refundTicket/list',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: '退票信息列表',
        body: z.object({
          page: zPage,
          size: zSize,
          keyword: z.string().max(50, MSG.badRequest).optional(),
          state: z.enum(REFUND_TICKET_STATES, { error: MSG.badRequest }).optional(),
        }),
        response: { 200: zEnvelope(z.object({ list: z.array(ZRefundTicket), total: z.number() })) },
      },
    },
    async (request) => ok(await tickets.list(requireSession(request), request.body)),
  );

  app.get(
    '/api/refundTicket/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: '查看退票信息',
        params: ZIdParams,
        response: { 200: zEnvelope(ZRefundTicketDetail) },
      },
    },
    async (request) => ok(await tickets.show(requireSession(request), parseId(request.params.id))),
  );

  app.post(
    '/api/refundTicket/save',
    {
      preValidation: exchange,
      schema: {
        tags,
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
        response: { 200: zEnvelope(z.object({ id: z.number(), code: z.string() })) },
      },
    },
    async (request) => {
      const created = await tickets.create(actorOf(request), request.body);
      return ok(created, formatMessage(MSG.refundTicketCreated, { code: created.code }));
    },
  );

  app.post(
    '/api/refundTicket/apply/:id',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: '重新出金申请',
        params: ZIdParams,
        body: ZApplication,
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await tickets.apply(actorOf(request), parseId(request.params.id), request.body),
        MSG.refundTicketApplied,
      ),
  );

  app.post(
    '/api/refundTicket/modify/:id',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: '重新出金修改',
        params: ZIdParams,
        body: ZApplication,
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await tickets.modify(actorOf(request), parseId(request.params.id), request.body),
        MSG.refundTicketModified,
      ),
  );

  app.post(
    '/api/refundTicket/sign/otp/:id',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: '发送重新出金申请的签章验证码',
        params: ZIdParams,
        response: { 200: zEnvelope(z.object({ isSent: z.boolean() })) },
      },
    },
    async (request) =>
      ok(await tickets.sendSignCode(actorOf(request), parseId(request.params.id)), MSG.otpSent),
  );

  app.post(
    '/api/refundTicket/sign/otp/check/:id',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: '校验签章验证码',
        params: ZIdParams,
        body: z.object({ otp: z.string({ error: MSG.otpFormat }).regex(/^\d{6}$/, MSG.otpFormat) }),
        response: { 200: zEnvelope(z.null()) },
      },
    },
    async (request) => {
      await tickets.checkSignCode(actorOf(request), parseId(request.params.id), request.body.otp);
      return ok(null);
    },
  );

  app.post(
    '/api/refundTicket/signature/:id',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: '重新出金申请电子签章',
        params: ZIdParams,
        body: z.object({
          version: zVersion,
          otp: z.string({ error: MSG.otpFormat }).regex(/^\d{6}$/, MSG.otpFormat),
        }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await tickets.sign(actorOf(request), parseId(request.params.id), request.body),
        MSG.refundTicketSigned,
      ),
  );

  app.post(
    '/api/refundTicket/audit/:id',
    {
      preValidation: exchange,
      schema: {
        tags,
        summary: '审核重新出金申请',
        params: ZIdParams,
        body: z.object({
          version: zVersion,
          result: z.enum(['pass', 'back'], { error: MSG.badRequest }),
          reason: z.string().trim().max(200, MSG.refundTicketRemarkTooLong).default(''),
        }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) => {
      const reviewed = await tickets.review(actorOf(request), parseId(request.params.id), request.body);
      return ok(
        reviewed,
        request.body.result === 'pass' ? MSG.refundTicketApproved : MSG.refundTicketReturned,
      );
    },
  );
  done();
};
