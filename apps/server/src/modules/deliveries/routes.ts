// 交付 calls (spec 001 section 7, /api/project/delivery/...), served from their contracts
// (packages/domain/src/contracts/deliveries.ts). Any signed-in caller may ask: the service answers the seller's
// side, the winning member and the exchange, anyone else 404; a stale version 409.
//
//   GET  /api/project/delivery/{id}       -> Delivery: the delivery of project `id`
//   POST /api/project/delivery/pickup     {projectId, version, pickupDate, place, pickedUpBy, remark} -> {id, version}
//   POST /api/project/delivery/receipt    {projectId, version, remark} -> {id, version}
import { MSG } from '@cqjy/domain';
import { confirmReceiptCall, recordPickupCall, showDeliveryCall } from '@cqjy/domain/contracts/deliveries';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { serve } from '../../platform/serve.ts';
import type { DeliveriesService } from './service.ts';

export const deliveriesRoutes: FastifyPluginCallbackZod<{ deliveries: DeliveriesService }> = (
  app,
  { deliveries },
  done,
) => {
  const signedIn = [app.authenticate];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, showDeliveryCall, signedIn, async ({ params }, request) =>
    ok(await deliveries.show(requireSession(request), params.id)),
  );
  serve(app, recordPickupCall, signedIn, async ({ body }, request) =>
    ok(await deliveries.recordPickup(actorOf(request), body), MSG.deliveryPickupSaved),
  );
  serve(app, confirmReceiptCall, signedIn, async ({ body }, request) =>
    ok(await deliveries.confirmReceipt(actorOf(request), body), MSG.deliveryReceived),
  );
  done();
};
