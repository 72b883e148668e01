// What registry rows start (starts.ts), for every registry R whose definition has `start`, under R's base:
//
//   POST {base}/project  {family, rows: [{id, version}]} -> {id, family, code}: a draft project of the family
//                        (several rows only where R's rows start one project together: 我的资产)
//   POST {base}/plan     {rows: [{id, version}]} -> {id, code}: a plan (only where R's rows may become one: 我的商机)
//
// Each needs R's permission code; another company's row answers 404, a stale version 409.
import { formatMessage, MSG, PROJECT_FAMILIES, REGISTRIES, REGISTRY_START_MAX } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import type { RegistryStartsService } from './starts.ts';

const zRows = z
  .array(
    z.object({
      id: z.number({ error: MSG.badRequest }).int().min(1).max(2_147_483_647),
      version: z.number({ error: MSG.conflict }).int().min(1).max(2_147_483_647),
    }),
    { error: MSG.badRequest },
  )
  .max(REGISTRY_START_MAX, MSG.badRequest);

export const registryStartsRoutes: FastifyPluginCallbackZod<{ starts: RegistryStartsService }> = (
  app,
  { starts },
  done,
) => {
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  for (const def of REGISTRIES) {
    if (def.start === undefined) continue;
    const tags = ['registry'];
    // the company's own rows: the exchange's view (_ADMIN) starts nothing
    const guard = [app.authenticate, requirePermission(def.permission)];

    app.post(
      `${def.apiBase}/project`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `${def.itemName}发起项目`,
          body: z.object({
            family: z.enum(PROJECT_FAMILIES as [string, ...string[]], { error: MSG.badRequest }),
            rows: zRows,
          }),
          response: { 200: zEnvelope(z.object({ id: z.number(), family: z.string(), code: z.string() })) },
        },
      },
      async (request) => {
        const started = await starts.startProject(actorOf(request), def, {
          family: request.body.family as (typeof PROJECT_FAMILIES)[number],
          rows: request.body.rows,
        });
        return ok(started, formatMessage(MSG.registriesStarted, { code: started.code }));
      },
    );

    if (def.start.hasPlan === undefined) continue;
    app.post(
      `${def.apiBase}/plan`,
      {
        preValidation: guard,
        schema: {
          tags,
          summary: `${def.itemName}转为计划`,
          body: z.object({ rows: zRows }),
          response: { 200: zEnvelope(z.object({ id: z.number(), code: z.string() })) },
        },
      },
      async (request) => {
        const plan = await starts.startPlan(actorOf(request), def, request.body);
        return ok(plan, formatMessage(MSG.registriesPlanned, { code: plan.code }));
      },
    );
  }
  done();
};
