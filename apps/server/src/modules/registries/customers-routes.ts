// The company's customers for a form to pick from (customers.ts):
//
//   POST /api/customer/pick  {keyword?} -> RegistryCustomer[]: the caller's 企业客户 and 自然人客户 (up to 50 of
//                            each, newest first), the numbers whole (the company's own records)
//
// Needs either customer registry's code.
import { MSG, ZRegistryCustomer } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import type { RegistryCustomer } from './customers.ts';
import type { Viewer } from '../attachments/service.ts';

export const registryCustomersRoutes: FastifyPluginCallbackZod<{
  customers: (viewer: Viewer, keyword: string) => Promise<RegistryCustomer[]>;
}> = (app, { customers }, done) => {
  app.post(
    '/api/customer/pick',
    {
      preValidation: [app.authenticate, requireAnyPermission(['GJS_CUSTOMER_LT', 'GJS_PERSON_LT'])],
      schema: {
        tags: ['registry'],
        summary: '从客户中选择',
        body: z.object({ keyword: z.string().max(50, MSG.badRequest).default('') }),
        response: { 200: zEnvelope(z.array(ZRegistryCustomer)) },
      },
    },
    async (request) => ok(await customers(requireSession(request), request.body.keyword.trim())),
  );
  done();
};
