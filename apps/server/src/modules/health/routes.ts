// Health: answers whether the process and its database are up, served from its contract
// (packages/domain/src/contracts/health.ts). No session needed (load balancers call it).
//   GET /api/health   -> {db: 'ok', driver: pglite | pg}
import { MSG } from '@cqjy/domain';
import { healthCall } from '@cqjy/domain/contracts/health';
import type { FastifyPluginCallback } from 'fastify';
import { pingDatabase, type Db, type DbDriver } from '../../db/client.ts';
import { ok } from '../../platform/envelope.ts';
import { serve } from '../../platform/serve.ts';

export const healthRoutes: FastifyPluginCallback<{ db: Db; driver: DbDriver }> = (app, opts, done) => {
  serve(app, healthCall, 'public', async () => {
    await pingDatabase(opts.db);
    return ok({ db: 'ok' as const, driver: opts.driver }, MSG.healthOk);
  });
  done();
};
