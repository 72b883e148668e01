// The homepage module answers the home page's counters and its calendar. Each counter and each source of calendar
// events belongs to the module that owns its data (tasks, projects, messages) and is registered here by that
// module; a counter nobody provides yet is 0, because there is nothing of that kind to count.
import {
  addCalendarDays,
  formatDate,
  isWorkday,
  monthBounds,
  TIMEZONE_OFFSET_HOURS,
  toDate,
  type CalendarEvent,
  type CalendarMonth,
  type HomepageCounts,
} from '@cqjy/domain';
import type { SessionContext } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';

export type HomepageCounterKey = keyof HomepageCounts;

/** Counts one kind of item visible to the signed-in operator. */
export type HomepageCounter = (session: SessionContext) => Promise<number>;

/** The events of the days from `from` (included) to `to` (excluded) the signed-in operator may see. */
export type CalendarSource = (session: SessionContext, from: Date, to: Date) => Promise<CalendarEvent[]>;

export type HomepageService = ReturnType<typeof createHomepageService>;

const COUNTER_KEYS: readonly HomepageCounterKey[] = ['todo', 'done', 'launch', 'projects', 'messages'];

/** The disclosure deadlines of one week (Monday to Sunday, +08:00), days as 'YYYY-MM-DD'. */
export type ClosingWeek = { from: string; to: string; events: CalendarEvent[] };

/** 'YYYY-MM' of the +08:00 day `at` falls on. */
export function monthOf(at: Date): string {
  return formatDate(at).slice(0, 7);
}

/** The Monday (+08:00 midnight) of the week `at` falls in. */
export function weekStartOf(at: Date): Date {
  const day = toDate(formatDate(at));
  const weekday = new Date(day.getTime() + TIMEZONE_OFFSET_HOURS * 3_600_000).getUTCDay();
  return addCalendarDays(day, -((weekday + 6) % 7));
}

/** `deps.clock` says what "this month" and "this week" are: the server's clock, never the caller's. */
export function createHomepageService(deps: { clock: Clock }) {
  const { clock } = deps;
  const counters = new Map<HomepageCounterKey, HomepageCounter>();

  function registerCounter(key: HomepageCounterKey, counter: HomepageCounter): void {
    if (counters.has(key)) throw new Error(`首页计数 ${key} 已有提供者`);
    counters.set(key, counter);
  }

  async function count(session: SessionContext): Promise<HomepageCounts> {
    const values = await Promise.all(
      COUNTER_KEYS.map(async (key) => [key, (await counters.get(key)?.(session)) ?? 0] as const),
    );
    return Object.fromEntries(values) as HomepageCounts;
  }

  const calendarSources: CalendarSource[] = [];

  function registerCalendarSource(source: CalendarSource): void {
    calendarSources.push(source);
  }

  function listEvents(session: SessionContext, from: Date, to: Date): Promise<CalendarEvent[]> {
    return Promise.all(calendarSources.map((source) => source(session, from, to))).then((all) => all.flat());
  }

  /**
   * The month's days, each marked working day or not (the official calendar), with its events. No month is the
   * current one: the call is named without a payload (spec 000 section 7).
   */
  async function calendar(session: SessionContext, month?: string): Promise<CalendarMonth> {
    const shown = month ?? monthOf(clock.now());
    const { from, to } = monthBounds(shown);
    const events = await listEvents(session, from, to);
    const days: CalendarMonth['days'] = [];
    for (let day = from; day < to; day = addCalendarDays(day, 1)) {
      const date = formatDate(day);
      days.push({ date, isWorkday: isWorkday(day), events: events.filter((event) => event.date === date) });
    }
    return { month: shown, days };
  }

  /** What closes this week: the disclosure deadlines from Monday to Sunday of the projects the caller sees. */
  async function closingThisWeek(session: SessionContext): Promise<ClosingWeek> {
    const from = weekStartOf(clock.now());
    const to = addCalendarDays(from, 7);
    const events = (await listEvents(session, from, to))
      .filter((event) => event.kind === 'disclosureEnd')
      .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title));
    return { from: formatDate(from), to: formatDate(addCalendarDays(to, -1)), events };
  }

  return { registerCounter, count, registerCalendarSource, calendar, closingThisWeek };
}
