// The home page's shared calls.
//   GET /api/homepage/count -> {status: 0, data: {todo, done, launch, projects, messages}} (GJS_INDEX or
//   GJS_INDEX_ADMIN; HTTP 403 without either).
//   POST /api/homepage/calendar/reminder {month?: 'YYYY-MM'} -> {month, days: [{date, isWorkday, events: [{kind,
//   date, title, link}]}]}: every day of the month (+08:00), working days marked by the official calendar, with the
//   disclosure starts and deadlines of the projects the caller sees (same codes). No month (or no body at all, as
//   the spec names the call) is the current month by the server's clock.
//   GET /api/homepage/closing -> {from, to, events}: the disclosure deadlines of this week (Monday to Sunday,
//   +08:00) of the projects the caller sees; the exchange's home page lists them (same codes).
import {
  ZCalendarBody,
  ZCalendarEvent,
  ZCalendarMonth,
  type HomepageCounts,
  type PermissionCode,
} from '@cqjy/domain';
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

/** The calendar's body: the month may be left out, and so may the body. */
const ZReminderBody = z.preprocess((body) => body ?? {}, ZCalendarBody.partial());

const ZClosingWeek = z.object({ from: z.string(), to: z.string(), events: z.array(ZCalendarEvent) });

const HOME_CODES: readonly PermissionCode[] = ['GJS_INDEX', 'GJS_INDEX_ADMIN'];

export const homepageRoutes: FastifyPluginCallbackZod<{ homepage: HomepageService }> = (
  app,
  { homepage },
  done,
) => {
  app.get(
    '/api/homepage/count',
    {
      preHandler: [app.authenticate, requireAnyPermission(HOME_CODES)],
      schema: { tags: ['homepage'], summary: '首页统计数', response: { 200: zEnvelope(ZCounts) } },
    },
    async (request) => ok(await homepage.count(requireSession(request))),
  );

  app.post(
    '/api/homepage/calendar/reminder',
    {
      preValidation: [app.authenticate, requireAnyPermission(HOME_CODES)],
      schema: {
        tags: ['homepage'],
        summary: '首页日历提醒',
        description: '某月每日是否工作日及当日事项（所见项目的披露开始、披露截止）；不传月份为本月。',
        body: ZReminderBody,
        response: { 200: zEnvelope(ZCalendarMonth) },
      },
    },
    async (request) => ok(await homepage.calendar(requireSession(request), request.body.month)),
  );

  app.get(
    '/api/homepage/closing',
    {
      preHandler: [app.authenticate, requireAnyPermission(HOME_CODES)],
      schema: {
        tags: ['homepage'],
        summary: '本周披露截止',
        description: '本周（周一至周日）所见项目的披露截止。',
        response: { 200: zEnvelope(ZClosingWeek) },
      },
    },
    async (request) => ok(await homepage.closingThisWeek(requireSession(request))),
  );
  done();
};
