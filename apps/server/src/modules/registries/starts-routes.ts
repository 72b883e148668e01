// What registry rows start (starts.ts), for every registry R whose definition has `start`, under R's base, served
// from their contracts (packages/domain/src/contracts/registries.ts: registryCalls(R)):
//
//   POST {base}/project  {family, rows: [{id, version}]} -> {id, family, code}: a draft project of the family
//                        (several rows only where R's rows start one project together: 我的资产)
//   POST {base}/plan     {rows: [{id, version}]} -> {id, code}: a plan (only where R's rows may become one: 我的商机)
//
// Each needs R's permission code (a ledger's, the small-lot project permission too); another company's row answers 404, a stale version 409.
import { formatMessage, MSG, REGISTRIES } from '@cqjy/domain';
import { registryCalls } from '@cqjy/domain/contracts/registries';
import type { FastifyPluginCallback } from 'fastify';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requirePermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { LedgerService } from './ledger.ts';
import type { RegistryStartsService } from './starts.ts';

export const registryStartsRoutes: FastifyPluginCallback<{
  starts: RegistryStartsService;
  ledger: LedgerService;
}> = (app, { starts, ledger }, done) => {
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  for (const def of REGISTRIES) {
    if (def.start === undefined) continue;
    const calls = registryCalls(def);
    // the company's own rows: the exchange's view (_ADMIN) starts nothing
    const guard = [
      app.authenticate,
      requirePermission(def.permission),
      ...(def.isLedger === true ? [ledger.requireLedger] : []),
    ];

    serve(app, calls.startProject, guard, async ({ body }, request) => {
      const started = await starts.startProject(actorOf(request), def, body);
      return ok(started, formatMessage(MSG.registriesStarted, { code: started.code }));
    });

    if (def.start.hasPlan === undefined) continue;
    serve(app, calls.startPlan, guard, async ({ body }, request) => {
      const plan = await starts.startPlan(actorOf(request), def, body);
      return ok(plan, formatMessage(MSG.registriesPlanned, { code: plan.code }));
    });
  }
  done();
};
