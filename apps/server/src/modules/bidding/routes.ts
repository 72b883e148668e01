// 网络竞价 calls. Any signed-in caller may ask; the service answers a hall only to the exchange, the project's owner
// and the members with a bidder in it (anyone else 404), opens one for the exchange only, and takes a bid only from
// the member owning the bidder. The envelope calls are served from their contracts
// (packages/domain/src/contracts/bidding.ts); the stream and the result file answer no envelope.
//
//   POST /api/bidding/open             ZBiddingOpenForm -> {id, version}
//   GET  /api/bidding/project/{id}     -> {id} | null: the project's hall
//   GET  /api/bidding/{id}             -> BiddingHall
//   POST /api/bidding/bid/{id}         {registrationId, amount} -> BiddingHall
//   POST /api/bidding/proxy/{id}       {registrationId, ceiling} -> BiddingHall (委托代理出价)
//   POST /api/bidding/default/{id}     {version, reason, isBarred} -> BiddingHall (竞得人违约, the exchange's)
//   POST /api/bidding/offer/{id}       {registrationId, isAccepted} -> BiddingHall (递补的答复)
//   GET  /api/bidding/{id}/events      text/event-stream: `hall` first, then `bid` per accepted bid and `close`
//                                      (each the hall without myBidderNos), a comment every 15 s
//   GET  /api/bidding/result/{id}      application/pdf: the signed result, once closed
//
// The stream is authenticated like every other call, with the bearer header: the web reads it with fetch and a
// ReadableStream (EventSource cannot send the header).
import { MSG, ZIdPath } from '@cqjy/domain';
import {
  answerOfferCall,
  defaultWinnerCall,
  openBiddingCall,
  placeBidCall,
  projectHallCall,
  setProxyCall,
  saveAuctionRulesCall,
  showAuctionRulesCall,
  showHallCall,
} from '@cqjy/domain/contracts/bidding';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { serve } from '../../platform/serve.ts';
import type { BiddingService } from './service.ts';

/** Comment lines keep proxies and the browser from dropping a quiet stream. */
export const HEARTBEAT_MS = 15_000;

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

  serve(app, openBiddingCall, signedIn, async ({ body }, request) =>
    ok(await bidding.open(actorOf(request), body)),
  );

  // the seller's rules for its project's hall (竞价规则): what 开启网络竞价 starts from
  serve(app, saveAuctionRulesCall, signedIn, async ({ body }, request) =>
    ok(await bidding.saveRules(actorOf(request), body), MSG.auctionRulesSaved),
  );
  serve(app, showAuctionRulesCall, signedIn, async ({ params }, request) =>
    ok(await bidding.showRules(requireSession(request), params.id)),
  );

  serve(app, projectHallCall, signedIn, async ({ params }, request) =>
    ok(await bidding.findForProject(requireSession(request), params.id)),
  );

  // a file, not the envelope: left out of the contracts
  app.get(
    '/api/bidding/result/:id',
    {
      preValidation: signedIn,
      schema: { tags, summary: '网络竞价结果（已签章）', params: ZIdPath },
    },
    async (request, reply) => {
      const { item, stream } = await bidding.openResult(requireSession(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(item.size))
        .header('content-disposition', contentDisposition('attachment', item.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  serve(app, showHallCall, signedIn, async ({ params }, request) =>
    ok(await bidding.show(requireSession(request), params.id)),
  );

  serve(app, placeBidCall, signedIn, async ({ params, body }, request) =>
    ok(await bidding.bid(actorOf(request), params.id, body), MSG.biddingAccepted),
  );

  serve(app, setProxyCall, signedIn, async ({ params, body }, request) =>
    ok(await bidding.setProxy(actorOf(request), params.id, body), MSG.biddingProxySet),
  );

  serve(app, defaultWinnerCall, signedIn, async ({ params, body }, request) =>
    ok(await bidding.defaultWinner(actorOf(request), params.id, body), MSG.biddingDefaulted),
  );

  serve(app, answerOfferCall, signedIn, async ({ params, body }, request) =>
    ok(
      await bidding.answerOffer(actorOf(request), params.id, body),
      body.isAccepted ? MSG.biddingOfferAccepted : MSG.biddingOfferDeclined,
    ),
  );

  // a stream of events, not the envelope: left out of the contracts
  app.get(
    '/api/bidding/:id/events',
    {
      preValidation: signedIn,
      schema: { tags, summary: '竞价大厅实时推送（text/event-stream）', params: ZIdPath },
    },
    async (request, reply) => {
      // a refusal (404) is answered as usual, before the response becomes a stream
      const stream = await bidding.openStream(requireSession(request), request.params.id);
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
