// Working days (SH-9.1) on the official PRC calendar: statutory holidays and the weekend days made into working
// days, as chinese-days publishes them, counted in +08:00. Disclosure periods are counted in working days
// (BLUEPRINT section 7), so a deadline computed here is a legal date.
//
// The calendar file of chinese-days is read directly instead of its functions: it is plain data, the set of
// published years can be read off it, and each day is looked up by its +08:00 date key with no dependence on the
// machine's zone.
import calendarData from 'chinese-days/dist/chinese-days.json' with { type: 'json' };
import { DAY_MS, TIMEZONE_OFFSET_HOURS, formatDate, toDate } from './format.ts';
import type { DateInput } from './format.ts';

type HolidayCalendar = {
  /** days off, statutory holidays and the weekdays given as part of them */
  holidays: Record<string, string>;
  /** weekend days that are working days (调休上班) */
  workdays: Record<string, string>;
};

const calendar: HolidayCalendar = calendarData;

let publishedYears: ReadonlySet<number> | undefined;

/** The years the State Council schedule is published for in the installed calendar. */
export function listPublishedYears(): ReadonlySet<number> {
  publishedYears ??= new Set(
    [...Object.keys(calendar.holidays), ...Object.keys(calendar.workdays)].map((day) =>
      Number(day.slice(0, 4)),
    ),
  );
  return publishedYears;
}

function readValidDate(value: DateInput): Date {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`日期无效：${String(value)}`);
  return date;
}

/**
 * True for a date in a year the installed calendar has no schedule for (the schedule for a year is published
 * late in the year before). Such a year is counted as Monday to Friday only, so a result may move once the
 * schedule is out: callers show it as provisional.
 */
export function isProvisional(value: DateInput): boolean {
  return !listPublishedYears().has(Number(formatDate(readValidDate(value)).slice(0, 4)));
}

/** Whether the +08:00 calendar day of a date is a working day. */
export function isWorkday(value: DateInput): boolean {
  const date = readValidDate(value);
  const key = formatDate(date);
  if (Object.hasOwn(calendar.workdays, key)) return true;
  if (Object.hasOwn(calendar.holidays, key)) return false;
  const weekday = new Date(date.getTime() + TIMEZONE_OFFSET_HOURS * 3_600_000).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** `n` calendar days later (earlier when negative), at the same +08:00 time of day (China has no DST). */
export function addCalendarDays(value: DateInput, n: number): Date {
  if (!Number.isInteger(n)) throw new RangeError(`天数必须是整数：${n}`);
  return new Date(readValidDate(value).getTime() + n * DAY_MS);
}

export type WorkdayResult = {
  /** the working day reached, at the same +08:00 time of day as the start */
  date: Date;
  /** some day counted lies in a year without a published schedule */
  isProvisional: boolean;
};

/**
 * The n-th working day after a date (before it when n is negative), the start day itself not counted. With
 * n = 0 the date itself when it is a working day, else the next working day, so the answer is always a working
 * day and never decreases as n grows.
 */
export function addWorkdays(value: DateInput, n: number): WorkdayResult {
  if (!Number.isInteger(n)) throw new RangeError(`工作日数必须是整数：${n}`);
  let cursor = readValidDate(value);
  let isAnyProvisional = false;
  const visit = (date: Date): void => {
    isAnyProvisional ||= isProvisional(date);
  };
  if (n === 0) {
    visit(cursor);
    while (!isWorkday(cursor)) {
      cursor = addCalendarDays(cursor, 1);
      visit(cursor);
    }
    return { date: cursor, isProvisional: isAnyProvisional };
  }
  const step = n > 0 ? 1 : -1;
  for (let remaining = Math.abs(n); remaining > 0;) {
    cursor = addCalendarDays(cursor, step);
    visit(cursor);
    if (isWorkday(cursor)) remaining -= 1;
  }
  return { date: cursor, isProvisional: isAnyProvisional };
}

/**
 * The day ('YYYY-MM-DD', +08:00) a period of `days` working days from the day `start` closes, the first day not
 * counted (as a disclosure is counted from its approval), and whether a day counted has no published schedule.
 */
export function closingDayOf(start: string, days: number): { day: string; isProvisional: boolean } {
  const closing = addWorkdays(`${start}T00:00:00+08:00`, days);
  return { day: formatDate(closing.date), isProvisional: closing.isProvisional };
}
