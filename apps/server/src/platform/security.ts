// Security headers on every answer, its request id, and no caching of any /api answer (they are per-user and often
// secret; a route that may be cached says so itself). helmet's headers are the same for every answer (no nonces),
// so they are read off helmet once, here, and each answer is given them in one go: helmet run for every request
// (the Fastify plugin built it anew each time) set them one by one, a few per cent of the server's time under load.
import type { IncomingMessage, ServerResponse } from 'node:http';
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
  const headers = headersOf(applyHeaders);
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : headers);
    reply.header('x-request-id', request.id);
    done();
  });
}

/** The headers a middleware of helmet's sets, read off one run against a response that records them. */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const set: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete set[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure !== undefined) throw failure as Error;
  return set;
}
