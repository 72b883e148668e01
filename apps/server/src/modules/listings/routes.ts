// The public site's routes: the HTML pages at real paths (the portal keeps its hash routes under /), the sitemap,
// the Atom feed and the page script, none of which needs a session; the open data served from its contracts
// (packages/domain/src/contracts/public-site.ts) with an ETag and a short max-age; the bulk export; and the
// signed-in user's watches and saved searches.
//
//   GET /listings, /listings/{code}, /deals, /notices      HTML, readable without JavaScript
//   GET /sitemap.xml, /feed.xml, /site/public.js
//   GET /api/public/listings, /listings/{code}, /deals, /notices   open data (JSON envelope)
//   GET /api/public/export?dataset=listings|deals&format=csv|json  every row the site shows now
//   POST|DELETE /api/public/watch/{code}, GET /api/public/watch/list
//   POST /api/public/search, GET /api/public/search/list, DELETE /api/public/search/{id}
import { formatFen, MSG, PUBLIC_EXPORT_MAX, PUBLIC_PAGE_SIZE, ZDealQuery, ZListingQuery } from '@cqjy/domain';
import {
  deleteSavedSearchCall,
  listSavedSearchesCall,
  listWatchesCall,
  publicDealsCall,
  publicListingCall,
  publicListingsCall,
  publicNoticesCall,
  saveSearchCall,
  unwatchListingCall,
  watchListingCall,
  ZPublicExportQuery,
  type PublicExportQuery,
} from '@cqjy/domain/contracts/public-site';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import { toCsv } from '../../platform/csv.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { serve } from '../../platform/serve.ts';
import {
  atomFeed,
  dealsPage,
  listingPage,
  listingsPage,
  noticesPage,
  notFoundPage,
  sitemapXml,
  SERVER_TIME_MARK,
  SITE_SCRIPT_PATH,
  type PageContext,
} from './pages.ts';
import type { Cached, ListingsService } from './service.ts';
import { SITE_SCRIPT } from './site-script.ts';

/** How long a browser or a proxy may keep a public answer before asking again (with its ETag). */
const PUBLIC_MAX_AGE_S = 10;
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';

const firstError = (error: z.ZodError) => error.issues[0]?.message ?? MSG.badRequest;

export const listingsRoutes: FastifyPluginCallback<{ listings: ListingsService }> = (
  app,
  { listings },
  done,
) => {
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  async function context(request: FastifyRequest): Promise<PageContext> {
    return {
      origin: originOf(request),
      exchangeName: await listings.exchangeName(),
      serverTime: new Date().toISOString(),
    };
  }

  /** A public answer with its ETag: 304 when the visitor holds it already. */
  function sendCached(request: FastifyRequest, reply: FastifyReply, entry: Cached, type: string) {
    reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_S}`).header('etag', entry.etag);
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    return reply.type(type).send(entry.body);
  }

  // A page is asked again on every visit (its countdown, its visit count and a watcher's own change must show at
  // once); the server answers it from its memory of the drawn page, stamped with the time it is sent at, which the
  // countdowns run from.
  function sendPage(reply: FastifyReply, html: string, status = 200) {
    const stamped = html.replace(SERVER_TIME_MARK, new Date().toISOString());
    // A public page holds nothing of a session: it need not be isolated in a process of its own (which costs a
    // phone a good part of its first second), unlike the portal's pages.
    reply.removeHeader('cross-origin-opener-policy');
    reply.removeHeader('origin-agent-cluster');
    return reply.code(status).header('cache-control', 'no-cache').type(HTML).send(stamped);
  }

  /** A page drawn once per CACHE_TTL_MS for each address it is asked at (its canonical address names it). */
  async function drawn(request: FastifyRequest, key: string, draw: (ctx: PageContext) => Promise<string>) {
    const origin = originOf(request);
    return listings.remember(`page:${origin}:${key}`, async () => draw(await context(request)));
  }

  const hide = { schema: { hide: true } };

  app.get('/listings', hide, async (request, reply) => {
    const parsed = ZListingQuery.safeParse(request.query);
    const industries = await listings.industryOptions();
    if (!parsed.success) {
      const ctx = await context(request);
      return sendPage(
        reply,
        listingsPage(ctx, { query: {}, list: [], total: 0, industries, error: firstError(parsed.error) }),
        400,
      );
    }
    const html = await drawn(request, `listings:${JSON.stringify(parsed.data)}`, async (drawing) =>
      listingsPage(drawing, { query: parsed.data, ...(await listings.listings(parsed.data)), industries }),
    );
    return sendPage(reply, html);
  });

  /** A listing's answer, or the site's own 404 page (HTTP 404) for a code it does not list. */
  async function orNotFound(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: () => Promise<FastifyReply>,
  ) {
    try {
      return await answer();
    } catch (error) {
      if (error instanceof AppError && error.status === 404) {
        return sendPage(reply, notFoundPage(await context(request), error.message), 404);
      }
      throw error;
    }
  }

  app.get<{ Params: { code: string } }>('/listings/:code', hide, (request, reply) =>
    orNotFound(request, reply, async () => {
      const code = request.params.code;
      const html = await drawn(request, `listing:${code}`, async (drawing) =>
        listingPage(drawing, await listings.listing(code)),
      );
      listings.countVisit(code);
      return sendPage(reply, html);
    }),
  );

  app.get<{ Params: { code: string } }>('/listings/:code/announcement.pdf', hide, (request, reply) =>
    orNotFound(request, reply, async () => {
      const file = await listings.announcement(request.params.code);
      return reply
        .header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_S}`)
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .type(file.contentType)
        .send(Buffer.from(file.bytes));
    }),
  );

  app.get('/deals', hide, async (request, reply) => {
    const parsed = ZDealQuery.safeParse(request.query);
    const query = parsed.success ? parsed.data : {};
    const page = { page: query.page ?? 1, size: query.size ?? PUBLIC_PAGE_SIZE };
    const html = await drawn(request, `deals:${JSON.stringify(query)}`, async (drawing) =>
      dealsPage(drawing, { ...(await listings.deals(query)), ...page, query }),
    );
    return sendPage(reply, html, parsed.success ? 200 : 400);
  });

  app.get('/notices', hide, async (request, reply) => {
    const parsed = publicNoticesCall.query.safeParse(request.query);
    const query = parsed.success ? parsed.data : {};
    const page = { page: query.page ?? 1, size: query.size ?? PUBLIC_PAGE_SIZE };
    const html = await drawn(request, `notices:${JSON.stringify(query)}`, async (drawing) =>
      noticesPage(drawing, { ...(await listings.notices(query)), ...page }),
    );
    return sendPage(reply, html);
  });

  app.get('/sitemap.xml', hide, async (request, reply) => {
    const origin = originOf(request);
    const entry = await listings.rememberBody(`sitemap:${origin}`, async () => {
      const rows = await listings.everything();
      return sitemapXml(
        origin,
        rows.map(({ row }) => ({ code: row.code, updatedAt: row.updatedAt.toISOString() })),
      );
    });
    return sendCached(request, reply, entry, 'application/xml; charset=utf-8');
  });

  app.get('/feed.xml', hide, async (request, reply) => {
    const ctx = await context(request);
    const entry = await listings.rememberBody(`feed:${ctx.origin}`, async () => {
      const rows = await listings.everything(100);
      return atomFeed(
        ctx,
        rows.map(({ row, listing, deal }) => ({
          id: deal === null ? 'listing' : 'deal',
          title: deal === null ? `【${listing.stageLabel}】${row.name}` : `【成交公示】${row.name}`,
          summary:
            deal === null
              ? `${listing.priceLabel}${listing.price === null ? '—' : `${formatFen(listing.price)}元`}，披露截止${listing.disclosureEnd?.slice(0, 10) ?? '—'}`
              : `成交价${deal.price === null ? '—' : `${formatFen(deal.price)}元`}，${deal.method}，成交日期${deal.dealtOn}`,
          path: `/listings/${encodeURIComponent(row.code)}`,
          updated: row.updatedAt.toISOString(),
        })),
      );
    });
    return sendCached(request, reply, entry, 'application/atom+xml; charset=utf-8');
  });

  app.get(SITE_SCRIPT_PATH, hide, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(SITE_SCRIPT),
  );

  // the open data: the same answers as the pages, cached as JSON bodies with their ETags
  serve(app, publicListingsCall, 'public', async ({ query }, request, reply) => {
    const entry = await listings.rememberBody(`api:listings:${JSON.stringify(query)}`, async () =>
      JSON.stringify(ok(await listings.listings(query))),
    );
    return sendCached(request, reply, entry, JSON_TYPE);
  });

  serve(app, publicListingCall, 'public', async ({ params }, request, reply) => {
    const entry = await listings.rememberBody(`api:listing:${params.code}`, async () =>
      JSON.stringify(ok(await listings.listing(params.code))),
    );
    return sendCached(request, reply, entry, JSON_TYPE);
  });

  serve(app, publicDealsCall, 'public', async ({ query }, request, reply) => {
    const entry = await listings.rememberBody(`api:deals:${JSON.stringify(query)}`, async () =>
      JSON.stringify(ok(await listings.deals(query))),
    );
    return sendCached(request, reply, entry, JSON_TYPE);
  });

  serve(app, publicNoticesCall, 'public', async ({ query }, request, reply) => {
    const entry = await listings.rememberBody(`api:notices:${JSON.stringify(query)}`, async () =>
      JSON.stringify(ok(await listings.notices(query))),
    );
    return sendCached(request, reply, entry, JSON_TYPE);
  });

  app.get(
    '/api/public/export',
    {
      schema: {
        tags: ['public'],
        summary: '开放数据批量导出',
        description: `无需登录。dataset=listings（挂牌项目）或 deals（成交公示）；format=json 或 csv（UTF-8，带 BOM，Excel 可直接打开）；至多 ${PUBLIC_EXPORT_MAX} 行。`,
        querystring: ZPublicExportQuery,
      },
    },
    async (request, reply) => {
      const { dataset, format } = request.query as PublicExportQuery;
      const entry = await listings.rememberBody(`export:${dataset}:${format}`, async () => {
        const rows = await listings.everything();
        const records =
          dataset === 'listings'
            ? rows.filter((row) => row.isListed).map((row) => row.listing)
            : rows.flatMap((row) => (row.deal === null ? [] : [row.deal]));
        return format === 'json' ? JSON.stringify(records) : toCsv(records);
      });
      reply.header('content-disposition', `attachment; filename="${dataset}.${format}"`);
      return sendCached(request, reply, entry, format === 'json' ? JSON_TYPE : 'text/csv; charset=utf-8');
    },
  );

  // what a signed-in user keeps on the site
  const signedIn = [app.authenticate];
  const actorOf = (request: FastifyRequest) => ({ ...requireSession(request), ...readOrigin(request) });

  serve(app, watchListingCall, signedIn, async ({ params, body }, request) =>
    ok(await listings.watch(actorOf(request), params.code, body.sms), MSG.publicWatched),
  );
  serve(app, unwatchListingCall, signedIn, async ({ params }, request) =>
    ok(await listings.unwatch(actorOf(request), params.code), MSG.publicUnwatched),
  );
  serve(app, listWatchesCall, signedIn, async (_, request) =>
    ok(await listings.listWatches(actorOf(request))),
  );
  serve(app, saveSearchCall, signedIn, async ({ body }, request) =>
    ok(await listings.saveSearch(actorOf(request), body), MSG.publicSearchSaved),
  );
  serve(app, listSavedSearchesCall, signedIn, async (_, request) =>
    ok(await listings.listSearches(actorOf(request))),
  );
  serve(app, deleteSavedSearchCall, signedIn, async ({ params }, request) =>
    ok(await listings.deleteSearch(actorOf(request), params.id), MSG.publicSearchDeleted),
  );

  done();
};
