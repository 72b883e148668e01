// The home page's shared calls.
//   GET /api/homepage/count -> {status: 0, data: {todo, done, launch, projects, messages}} (GJS_INDEX or
//   GJS_INDEX_ADMIN; HTTP 403 without either).
import type { HomepageCounts } from '@cqjy/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../platform/auth.ts';
import { ok, zEnvelope } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import type { HomepageService } from './service.ts';

const ZCounts = z.object({
  todo: z.number().int(),
  done: z.number().int(),
  launch: z.number().int(),
  projects: z.number().int(),
  messages: z.number().int(),
}) satisfies z.ZodType<HomepageCounts>;

export const homepageRoutes: FastifyPluginCallbackZod<{ homepage: HomepageService }> = (
  app,
  { homepage },
  done,
) => {
  app.get(
    '/api/homepage/count',
    {
      preHandler: [app.authenticate, requireAnyPermission(['GJS_INDEX', 'GJS_INDEX_ADMIN'])],
      schema: { tags: ['homepage'], summary: '首页统计数', response: { 200: zEnvelope(ZCounts) } },
    },
    async (request) => ok(await homepage.count(requireSession(request))),
  );
  done();
};
