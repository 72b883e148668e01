// Health: answers whether the process and its database are up. No session needed (load balancers call it).
import { MSG } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Db, type DbDriver } from '../../db/client.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';

export const healthRoutes: FastifyPluginCallbackZod<{ db: Db; driver: DbDriver }> = (app, opts, done) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: '健康检查',
        response: { 200: zEnvelope(z.object({ db: z.literal('ok'), driver: z.enum(['pglite', 'pg']) })) },
      },
    },
    async () => {
      await pingDatabase(opts.db);
      return ok({ db: 'ok' as const, driver: opts.driver }, MSG.healthOk);
    },
  );
  done();
};
