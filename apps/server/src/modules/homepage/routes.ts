// The home page's calls, served from their contracts (packages/domain/src/contracts/homepage.ts).
import {
  calendarReminderCall,
  closingWeekCall,
  HOME_CODES,
  homepageCountCall,
} from '@cqjy/domain/contracts/homepage';
import type { FastifyPluginCallback } from 'fastify';
import { requireSession } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { HomepageService } from './service.ts';

export const homepageRoutes: FastifyPluginCallback<{ homepage: HomepageService }> = (
  app,
  { homepage },
  done,
) => {
  const homeGuard = [app.authenticate, requireAnyPermission([...HOME_CODES])];

  serve(app, homepageCountCall, homeGuard, async (_, request) =>
    ok(await homepage.count(requireSession(request))),
  );

  serve(app, calendarReminderCall, homeGuard, async ({ body }, request) =>
    ok(await homepage.calendar(requireSession(request), body.month)),
  );

  serve(app, closingWeekCall, homeGuard, async (_, request) =>
    ok(await homepage.closingThisWeek(requireSession(request))),
  );
  done();
};
