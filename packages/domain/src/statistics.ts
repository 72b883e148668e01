// 综合查询 (comprehensiveQuery, GJS_STATISTICS), 收入统计 (income, GJS_INCOME_LT) and the home page's calendar
// (POST /api/homepage/calendar/reminder): their inputs, answers and labels, shared by the server's checks and the
// web's pages.
import { z } from 'zod';
import { CALENDAR_EVENT_KINDS } from './calendar.ts';
import { MSG } from './messages.ts';

// --- 综合查询 ----------------------------------------------------------------------------------------------------

/** What one search looks through: projects, workflow tasks and files, each a tab of its own. */
export const QUERY_KINDS = ['project', 'task', 'file'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export const QUERY_KIND_LABELS: Record<QueryKind, string> = {
  project: '项目',
  task: '任务',
  file: '文件',
};

/** A keyword is looked for in names, codes and file names; longer text finds nothing more. */
export const QUERY_KEYWORD_MAX = 50;
/** The export holds at most this many rows of each kind (the page says so when there are more). */
export const QUERY_EXPORT_MAX = 10_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const zDay = z
  .string()
  .regex(DAY, MSG.queryDateInvalid)
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00+08:00`)), MSG.queryDateInvalid);

/** The filters of one search (the kind and the page are the call's own). */
export const ZQueryFilters = z
  .object({
    keyword: z.string().trim().max(QUERY_KEYWORD_MAX, MSG.queryKeywordTooLong).optional(),
    family: z.string().max(40).optional(),
    status: z.string().max(40).optional(),
    /** +08:00 days, both included: a project's or task's last change, a file's upload */
    from: zDay.optional(),
    to: zDay.optional(),
  })
  .refine((value) => value.from === undefined || value.to === undefined || value.from <= value.to, {
    message: MSG.queryDateRange,
    path: ['to'],
  });
export type QueryFilters = z.infer<typeof ZQueryFilters>;

export const ZQueryRow = z.object({
  kind: z.enum(QUERY_KINDS),
  id: z.string(),
  /** a project's code, a task's project code, a file's extension */
  code: z.string(),
  title: z.string(),
  /** the project's family (with its label); '' for a file */
  family: z.string(),
  familyLabel: z.string(),
  /** the project's or task's status label; the file's kind for a file */
  statusLabel: z.string(),
  companyName: z.string(),
  /** ISO 8601: the last change, or the upload */
  at: z.string(),
  /** the in-app path that opens it; null when there is nothing to open (a file is downloaded) */
  link: z.string().nullable(),
});
export type QueryRow = z.infer<typeof ZQueryRow>;

// --- 收入统计 ----------------------------------------------------------------------------------------------------

/** The years a statistic can be asked for. */
export const INCOME_YEAR_MIN = 2000;
export const INCOME_YEAR_MAX = 2100;

/** Money in fen. */
export const ZIncomeFigures = z.object({
  /** deals (contracts approved) */
  deals: z.number().int(),
  dealAmount: z.number().int(),
  serviceFee: z.number().int(),
  /** price payouts approved */
  payout: z.number().int(),
});
export type IncomeFigures = z.infer<typeof ZIncomeFigures>;

export const ZIncomeStatistics = z.object({
  year: z.number().int(),
  /** the exchange's totals over every company, or the caller's own */
  isExchange: z.boolean(),
  /** twelve months, January first: '2026-01' */
  months: z.array(ZIncomeFigures.extend({ month: z.string() })),
  /** the families with any figure, in the registry's order */
  families: z.array(ZIncomeFigures.extend({ family: z.string(), familyLabel: z.string() })),
  totals: ZIncomeFigures,
});
export type IncomeStatistics = z.infer<typeof ZIncomeStatistics>;

export const EMPTY_INCOME_FIGURES: IncomeFigures = { deals: 0, dealAmount: 0, serviceFee: 0, payout: 0 };

/** The columns of the statistics' table and export: key and title, money columns marked. */
export const INCOME_COLUMNS: readonly { key: keyof IncomeFigures; title: string; isMoney: boolean }[] = [
  { key: 'deals', title: '成交宗数', isMoney: false },
  { key: 'dealAmount', title: '成交金额（元）', isMoney: true },
  { key: 'serviceFee', title: '服务费（元）', isMoney: true },
  { key: 'payout', title: '价款划转（元）', isMoney: true },
];

// --- 首页 calendar ----------------------------------------------------------------------------------------------

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const ZCalendarBody = z.object({
  /** the month shown: 'YYYY-MM' (+08:00) */
  month: z.string({ error: MSG.calendarMonthInvalid }).regex(MONTH, MSG.calendarMonthInvalid),
});

export const ZCalendarEvent = z.object({
  kind: z.enum(CALENDAR_EVENT_KINDS),
  /** 'YYYY-MM-DD' (+08:00) */
  date: z.string(),
  title: z.string(),
  link: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof ZCalendarEvent>;

export const ZCalendarDay = z.object({
  date: z.string(),
  isWorkday: z.boolean(),
  events: z.array(ZCalendarEvent),
});
export const ZCalendarMonth = z.object({ month: z.string(), days: z.array(ZCalendarDay) });
export type CalendarMonth = z.infer<typeof ZCalendarMonth>;
