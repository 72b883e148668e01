// 网络竞价 calls. Any signed-in caller may ask; the service answers a hall only to the exchange, the project's
// owner and the members with a bidder in it (anyone else 404), opens one for the exchange only, and takes a bid
// only from the member owning the bidder. Every answer is the envelope, but the stream and the result file.
//
//   POST /api/bidding/open             ZBiddingOpenForm -> {id, version}
//   GET  /api/bidding/project/{id}     -> {id} | null: the project's hall
//   GET  /api/bidding/{id}             -> BiddingHall
//   POST /api/bidding/bid/{id}         {registrationId, amount} -> BiddingHall
//   GET  /api/bidding/{id}/events      text/event-stream: `hall` first, then `bid` per accepted bid and `close`
//                                      (each the hall without myBidderNos), a comment every 15 s
//   GET  /api/bidding/result/{id}      application/pdf: the signed result, once closed
//
// The stream is authenticated like every other call, with the bearer header: the web reads it with fetch and a
// ReadableStream (EventSource cannot send the header).
import { MSG, ZBiddingHall, ZBiddingOpenForm } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok, zEnvelope, ZIdParams, ZSaved } from '../../platform/envelope.ts';
import { parseId } from '../projects/route-helpers.ts';
import type { BiddingService } from './service.ts';

/** Comment lines keep proxies and the browser from dropping a quiet stream. */
export const HEARTBEAT_MS = 15_000;

const zId = z
  .number({ error: MSG.badRequest })
  .int(MSG.badRequest)
  .min(1, MSG.badRequest)
  .max(2_147_483_647, MSG.badRequest);

const ZBidForm = z.object({
  registrationId: zId,
  amount: z
    .number({ error: MSG.biddingAmountInvalid })
    .int(MSG.biddingAmountInvalid)
    .min(1, MSG.biddingAmountInvalid)
    .max(Number.MAX_SAFE_INTEGER, MSG.biddingAmountInvalid),
});

export const biddingRoutes: FastifyPluginCallbackZod<{ bidding: BiddingService }> = (
  app,
  { bidding },
  done,
) => {
  const tags = ['bidding'];
  const signedIn = [app.authenticate];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  app.post(
    '/api/bidding/open',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: '开启网络竞价',
        body: ZBiddingOpenForm,
        response: { 200: zEnvelope(ZSaved) },
      },
    },
    async (request) => ok(await bidding.open(actorOf(request), request.body)),
  );

  app.get(
    '/api/bidding/project/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: '项目的网络竞价',
        params: ZIdParams,
        response: { 200: zEnvelope(z.object({ id: z.number() }).nullable()) },
      },
    },
    async (request) => ok(await bidding.findForProject(requireSession(request), parseId(request.params.id))),
  );

  app.get(
    '/api/bidding/result/:id',
    {
      preValidation: signedIn,
      schema: { tags, summary: '网络竞价结果（已签章）', params: ZIdParams },
    },
    async (request, reply) => {
      const { item, stream } = await bidding.openResult(requireSession(request), parseId(request.params.id));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(item.size))
        .header('content-disposition', contentDisposition('attachment', item.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.get(
    '/api/bidding/:id',
    {
      preValidation: signedIn,
      schema: { tags, summary: '竞价大厅', params: ZIdParams, response: { 200: zEnvelope(ZBiddingHall) } },
    },
    async (request) => ok(await bidding.show(requireSession(request), parseId(request.params.id))),
  );

  app.post(
    '/api/bidding/bid/:id',
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: '报价',
        params: ZIdParams,
        body: ZBidForm,
        response: { 200: zEnvelope(ZBiddingHall) },
      },
    },
    async (request) =>
      ok(await bidding.bid(actorOf(request), parseId(request.params.id), request.body), MSG.biddingAccepted),
  );

  app.get(
    '/api/bidding/:id/events',
    {
      preValidation: signedIn,
      schema: { tags, summary: '竞价大厅实时推送（text/event-stream）', params: ZIdParams },
    },
    async (request, reply) => {
      // a refusal (404) is answered as usual, before the response becomes a stream
      const stream = await bidding.openStream(requireSession(request), parseId(request.params.id));
      reply.hijack();
      const raw = reply.raw;
      // the headers set so far (request id, security headers) go with the stream's own
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
      }
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies would otherwise hold the events back
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 3000\n\n${stream.first}`);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      let isEnded = false;
      const end = (): void => {
        if (isEnded) return;
        isEnded = true;
        clearInterval(heartbeat);
        stream.stop();
        if (!raw.writableEnded) raw.end();
      };
      raw.on('close', end);
      raw.on('error', end);
      stream.attach((chunk) => {
        if (!raw.writableEnded) raw.write(chunk);
      }, end);
    },
  );

  done();
};
