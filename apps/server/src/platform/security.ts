// Security headers on every answer, and no caching of any /api answer (they are per-user and often secret).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-path.ts';

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
