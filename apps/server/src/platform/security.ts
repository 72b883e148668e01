// Security headers on every answer, and no caching of any /api answer (they are per-user and often secret).
// helmet computes its headers once, here; the Fastify plugin built helmet again for every request, which was a few
// per cent of the server's time under load.
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './api-path.ts';

export function registerSecurity(app: FastifyInstance): void {
  const applyHeaders = helmet({
    // the same answer as frame-ancestors 'none', for browsers that only know the older header
    frameguard: { action: 'deny' },
    contentSecurityPolicy: {
      // Listed in full: helmet's defaults add upgrade-insecure-requests, which breaks a plain-HTTP intranet install.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // antd injects its styles at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
