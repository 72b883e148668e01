// 退票信息 calls (the spec names none: they take its style), served from their contracts
// (packages/domain/src/contracts/refund-tickets.ts). The company's tickets (GJS_ORDER_REFUND), every company's for
// the exchange (GJS_ORDER_REFUND_ADMIN), which records them and reviews the applications; another company's ticket
// answers {status: 404}, a stale version 409.
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
import { formatMessage, MSG } from '@cqjy/domain';
import {
  applyRefundTicketCall,
  auditRefundApplicationCall,
  checkRefundSignCodeCall,
  listRefundTicketsCall,
  modifyRefundApplicationCall,
  REFUND_READER_CODES,
  saveRefundTicketCall,
  sendRefundSignCodeCall,
  showRefundTicketCall,
  signRefundApplicationCall,
} from '@cqjy/domain/contracts/refund-tickets';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { RefundTicketsService } from './service.ts';

export const refundTicketsRoutes: FastifyPluginCallback<{ tickets: RefundTicketsService }> = (
  app,
  { tickets },
  done,
) => {
  const reader = [app.authenticate, requireAnyPermission([...REFUND_READER_CODES])];
  const owner = [app.authenticate, requirePermission('GJS_ORDER_REFUND')];
  const exchange = [app.authenticate, requirePermission('GJS_ORDER_REFUND_ADMIN')];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, listRefundTicketsCall, reader, async ({ body }, request) =>
    ok(await tickets.list(requireSession(request), body)),
  );

  serve(app, showRefundTicketCall, reader, async ({ params }, request) =>
    ok(await tickets.show(requireSession(request), params.id)),
  );

  serve(app, saveRefundTicketCall, exchange, async ({ body }, request) => {
    const created = await tickets.create(actorOf(request), body);
    return ok(created, formatMessage(MSG.refundTicketCreated, { code: created.code }));
  });

  serve(app, applyRefundTicketCall, owner, async ({ params, body }, request) =>
    ok(await tickets.apply(actorOf(request), params.id, body), MSG.refundTicketApplied),
  );

  serve(app, modifyRefundApplicationCall, owner, async ({ params, body }, request) =>
    ok(await tickets.modify(actorOf(request), params.id, body), MSG.refundTicketModified),
  );

  serve(app, sendRefundSignCodeCall, owner, async ({ params }, request) =>
    ok(await tickets.sendSignCode(actorOf(request), params.id), MSG.otpSent),
  );

  serve(app, checkRefundSignCodeCall, owner, async ({ params, body }, request) => {
    await tickets.checkSignCode(actorOf(request), params.id, body.otp);
    return ok(null);
  });

  serve(app, signRefundApplicationCall, owner, async ({ params, body }, request) =>
    ok(await tickets.sign(actorOf(request), params.id, body), MSG.refundTicketSigned),
  );

  serve(app, auditRefundApplicationCall, exchange, async ({ params, body }, request) => {
    const reviewed = await tickets.review(actorOf(request), params.id, body);
    return ok(reviewed, body.result === 'pass' ? MSG.refundTicketApproved : MSG.refundTicketReturned);
  });
  done();
};
