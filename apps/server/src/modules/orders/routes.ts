// 服务费订单 calls (the spec names none: they take its style), served from their contracts
// (packages/domain/src/contracts/orders.ts). The owner company's orders, every company's for the exchange
// (GJS_ORDER_SERVICE_FEE_ADMIN); another company's order answers {status: 404}, a stale version 409.
//
//   POST /api/order/list          {page, size, keyword?, payState?, scope?} -> {list: ServiceFeeOrder[], total};
//                                 scope agent (GJS_ORDER_SERVICE_FEE_JTC): the orders of the projects the caller
//                                 acts for as the agent member (代理项目订单), read only
//   GET  /api/order/{id}          -> ServiceFeeOrder (with its fee bands and the invoice asked for)
//   POST /api/order/invoice/{id}  {version, titleId} -> {id, version}: the owner asks for the invoice, made out to
//                                 its 发票抬头 titleId
//   POST /api/order/pay/{id}      {version} -> {id, version}: the exchange records the fee paid
//   POST /api/order/issue/{id}    {version} -> {id, version}: the exchange records the invoice issued
import { MSG } from '@cqjy/domain';
import {
  issueOrderInvoiceCall,
  listOrdersCall,
  ORDER_READER_CODES,
  payOrderCall,
  requestOrderInvoiceCall,
  showOrderCall,
} from '@cqjy/domain/contracts/orders';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { hasPermission, requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { OrderScope, OrdersService } from './service.ts';

export const ordersRoutes: FastifyPluginCallback<{ orders: OrdersService }> = (app, { orders }, done) => {
  const reader = [app.authenticate, requireAnyPermission([...ORDER_READER_CODES])];
  /**
   * Which orders the caller reads: with scope agent those of the projects it acts for, when its role holds
   * GJS_ORDER_SERVICE_FEE_JTC; else its own (the exchange: all), when its role holds the list's code. A reading its
   * codes do not cover finds nothing (an empty list, 404), as a company acting for no project would.
   */
  const scopeOf = (request: Parameters<typeof requireSession>[0], scope: string | undefined): OrderScope => {
    const { codes } = requireSession(request);
    if (scope === 'agent') return hasPermission(codes, 'GJS_ORDER_SERVICE_FEE_JTC') ? 'agent' : 'none';
    const isOwn = ['GJS_ORDER_SERVICE_FEE', 'GJS_ORDER_SERVICE_FEE_ADMIN'] as const;
    return isOwn.some((code) => hasPermission(codes, code)) ? 'own' : 'none';
  };
  const owner = [app.authenticate, requirePermission('GJS_ORDER_SERVICE_FEE')];
  const exchange = [app.authenticate, requirePermission('GJS_ORDER_SERVICE_FEE_ADMIN')];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, listOrdersCall, reader, async ({ body }, request) => {
    const { scope, ...query } = body;
    return ok(await orders.list(requireSession(request), { ...query, scope: scopeOf(request, scope) }));
  });

  serve(app, showOrderCall, reader, async ({ params, query }, request) =>
    ok(await orders.show(requireSession(request), params.id, scopeOf(request, query.scope))),
  );

  serve(app, requestOrderInvoiceCall, owner, async ({ params, body }, request) =>
    ok(await orders.requestInvoice(actorOf(request), params.id, body), MSG.ordersInvoiceRequested),
  );

  serve(app, payOrderCall, exchange, async ({ params, body }, request) =>
    ok(await orders.recordPayment(actorOf(request), params.id, body), MSG.ordersPaid),
  );

  serve(app, issueOrderInvoiceCall, exchange, async ({ params, body }, request) =>
    ok(await orders.issueInvoice(actorOf(request), params.id, body), MSG.ordersInvoiceIssuedDone),
  );
  done();
};
