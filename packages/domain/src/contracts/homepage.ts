// The home page's calls (首页), for holders of GJS_INDEX or GJS_INDEX_ADMIN.
import { z } from 'zod';
import { defineCall } from '../contract.ts';
import { ZCalendarBody, ZCalendarEvent, ZCalendarMonth } from '../statistics.ts';

export const HOME_CODES = ['GJS_INDEX', 'GJS_INDEX_ADMIN'] as const;

export const ZHomepageCounts = z.object({
  todo: z.number().int(),
  done: z.number().int(),
  launch: z.number().int(),
  projects: z.number().int(),
  messages: z.number().int(),
});

/** GET /api/homepage/count: the figures of the home page, each counted by the module that owns its data. */
export const homepageCountCall = defineCall({
  method: 'GET',
  path: '/api/homepage/count',
  tag: 'homepage',
  summary: '首页统计数',
  answer: ZHomepageCounts,
});

/**
 * POST /api/homepage/calendar/reminder: every day of a month (+08:00), working days marked by the official
 * calendar, with the disclosure starts and deadlines of the projects the caller sees. No month, or no body at all
 * (the spec names the call without a payload), is the current month by the server's clock.
 */
export const calendarReminderCall = defineCall({
  method: 'POST',
  path: '/api/homepage/calendar/reminder',
  tag: 'homepage',
  summary: '首页日历提醒',
  description: '某月每日是否工作日及当日事项（所见项目的披露开始、披露截止）；不传月份为本月。',
  body: ZCalendarBody.partial()
    .nullish()
    .transform((body) => body ?? {}),
  answer: ZCalendarMonth,
});

export const ZClosingWeek = z.object({ from: z.string(), to: z.string(), events: z.array(ZCalendarEvent) });
export type ClosingWeek = z.infer<typeof ZClosingWeek>;

/** GET /api/homepage/closing: the disclosure deadlines of this week (Monday to Sunday, +08:00) the caller sees. */
export const closingWeekCall = defineCall({
  method: 'GET',
  path: '/api/homepage/closing',
  tag: 'homepage',
  summary: '本周披露截止',
  description: '本周（周一至周日）所见项目的披露截止。',
  answer: ZClosingWeek,
});
