// Serves the built web app (WEB_DIST) when there is one. Vite's hashed files under /assets/ never change and
// are cached for a year; index.html must be revalidated so a new release is picked up at once. The build writes
// .br and .gz files next to each asset; they are sent as-is to clients that accept them.
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG } from '@cqjy/domain';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-path.ts';
import { failure } from './envelope.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    const assetsDir = join(webDist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      cacheControl: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD');
    if (hasWeb && isPage) {
      // The app routes by hash, so any other path is the app itself.
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    }
    return reply.code(404).send(failure(404, MSG.notFound));
  });
}
