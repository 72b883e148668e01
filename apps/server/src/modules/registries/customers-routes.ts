// The company's customers for a form to pick from (customers.ts), served from its contract
// (packages/domain/src/contracts/registries.ts):
//
//   POST /api/customer/pick  {keyword?} -> RegistryCustomer[]: the caller's 企业客户 and 自然人客户 (up to 50 of
//                            each, newest first), the numbers whole (the company's own records)
//
// Needs either customer registry's code.
import { pickCustomersCall } from '@cqjy/domain/contracts/registries';
import type { FastifyPluginCallback } from 'fastify';
import { requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { RegistryCustomer } from './customers.ts';
import type { Viewer } from '../attachments/service.ts';

export const registryCustomersRoutes: FastifyPluginCallback<{
  customers: (viewer: Viewer, keyword: string) => Promise<RegistryCustomer[]>;
}> = (app, { customers }, done) => {
  const guard = [app.authenticate, requireAnyPermission(['GJS_CUSTOMER_LT', 'GJS_PERSON_LT'])];
  serve(app, pickCustomersCall, guard, async ({ body }, request) =>
    ok(await customers(requireSession(request), body.keyword.trim())),
  );
  done();
};
