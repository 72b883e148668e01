// Health: answers whether the process and its database are up, served from its contract
// (packages/domain/src/contracts/health.ts). No session needed (load balancers call it).
//   GET /api/health   -> {db: 'ok', driver: pglite | pg}; HTTP 503 while the database does not answer (what load
//                        balancers and orchestrators take for "out of service"), 200 again as soon as it does
import { MSG } from '@cqjy/domain';
import { healthCall } from '@cqjy/domain/contracts/health';
import type { FastifyPluginCallback } from 'fastify';
import { pingDatabase, type Db, type DbDriver } from '../../db/client.ts';
import { failure, ok } from '../../platform/envelope.ts';
import { serve } from '../../platform/serve.ts';

export const healthRoutes: FastifyPluginCallback<{ db: Db; driver: DbDriver }> = (app, opts, done) => {
  serve(app, healthCall, 'public', async (_input, request, reply) => {
    try {
      await pingDatabase(opts.db);
    } catch (error) {
      request.log.warn({ err: error }, 'health: the database does not answer');
      return reply.code(503).send(failure(503, MSG.healthDatabaseDown));
    }
    return ok({ db: 'ok' as const, driver: opts.driver }, MSG.healthOk);
  });
  done();
};
