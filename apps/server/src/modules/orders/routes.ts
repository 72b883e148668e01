// 服务费订单 calls (the spec names none: they take its style). The owner company's orders, every company's for the
// exchange (GJS_ORDER_SERVICE_FEE_ADMIN); another company's order answers {status: 404}, a stale version 409.
//
//   POST /api/order/list          {page, size, keyword?, payState?, scope?} -> {list: ServiceFeeOrder[], total};
//                                 scope agent (GJS_ORDER_SERVICE_FEE_JTC): the orders of the projects the caller
//                                 acts for as the agent member (代理项目订单), read only
//   GET  /api/order/{id}          -> ServiceFeeOrder (with its fee bands and the invoice asked for)
//   POST /api/order/invoice/{id}  {version, titleId} -> {id, version}: the owner asks for the invoice, made out to
//                                 its 发票抬头 titleId
//   POST /api/order/pay/{id}      {version} -> {id, version}: the exchange records the fee paid
//   POST /api/order/issue/{id}    {version} -> {id, version}: the exchange records the invoice issued
import { MSG, ORDER_PAY_STATES, ZServiceFeeOrder } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope, ZIdParams, ZSaved, zVersion } from '../../platform/envelope.ts';
import { hasPermission, requireAnyPermission, requirePermission } from '../../platform/guard.ts';
import { parseId, zPage, zSize } from '../projects/routes.ts';
import type { OrderScope, OrdersService } from './service.ts';

export const ordersRoutes: FastifyPluginCallbackZod<{ orders: OrdersService }> = (app, { orders }, done) => {
  const tags = ['order'];
  const reader = [
    app.authenticate,
    requireAnyPermission([
      'GJS_ORDER_SERVICE_FEE',
      'GJS_ORDER_SERVICE_FEE_JTC',
      'GJS_ORDER_SERVICE_FEE_ADMIN',
    ]),
  ];
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

  app.post(
    '/api/order/list',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: '服务费订单列表',
        body: z.object({
          page: zPage,
          size: zSize,
          keyword: z.string().max(50, MSG.badRequest).optional(),
          payState: z.enum(ORDER_PAY_STATES, { error: MSG.badRequest }).optional(),
          scope: z.enum(['own', 'agent'], { error: MSG.badRequest }).optional(),
        }),
        response: { 200: zEnvelope(z.object({ list: z.array(ZServiceFeeOrder), total: z.number() })) },
      },
    },
    async (request) => {
      const { scope, ...query } = request.body;
      return ok(await orders.list(requireSession(request), { ...query, scope: scopeOf(request, scope) }));
    },
  );

  app.get(
    '/api/order/:id',
    {
      preValidation: reader,
      schema: {
        tags,
        summary: '查看服务费订单',
        params: ZIdParams,
        querystring: z.object({ scope: z.enum(['own', 'agent'], { error: MSG.badRequest }).optional() }),
        response: { 200: zEnvelope(ZServiceFeeOrder) },
      },
    },
    async (request) =>
      ok(
        await orders.show(
          requireSession(request),
          parseId(request.params.id),
          scopeOf(request, request.query.scope),
        ),
      ),
  );

  app.post(
    '/api/order/invoice/:id',
    {
      preValidation: owner,
      schema: {
        tags,
        summary: '申请开票',
        params: ZIdParams,
        body: z.object({
          version: zVersion,
          titleId: z
            .number({ error: MSG.ordersInvoiceTitleMissing })
            .int()
            .min(1, MSG.ordersInvoiceTitleMissing),
        }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await orders.requestInvoice(actorOf(request), parseId(request.params.id), request.body),
        MSG.ordersInvoiceRequested,
      ),
  );

  app.post(
    '/api/order/pay/:id',
    {
      preValidation: exchange,
      schema: {
        tags,
        summary: '确认收款',
        params: ZIdParams,
        body: z.object({ version: zVersion }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await orders.recordPayment(actorOf(request), parseId(request.params.id), request.body),
        MSG.ordersPaid,
      ),
  );

  app.post(
    '/api/order/issue/:id',
    {
      preValidation: exchange,
      schema: {
        tags,
        summary: '登记开具发票',
        params: ZIdParams,
        body: z.object({ version: zVersion }),
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) =>
      ok(
        await orders.issueInvoice(actorOf(request), parseId(request.params.id), request.body),
        MSG.ordersInvoiceIssuedDone,
      ),
  );
  done();
};
