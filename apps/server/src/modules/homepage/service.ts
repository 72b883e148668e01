// The homepage module answers the home page's counters and its calendar. Each counter and each source of calendar
// events belongs to the module that owns its data (tasks, projects, messages) and is registered here by that
// module; a counter nobody provides yet is 0, because there is nothing of that kind to count.
import {
  addCalendarDays,
  formatDate,
  isWorkday,
  monthBounds,
  type CalendarEvent,
  type CalendarMonth,
  type HomepageCounts,
} from '@cqjy/domain';
import type { SessionContext } from '../../platform/auth.ts';

export type HomepageCounterKey = keyof HomepageCounts;

/** Counts one kind of item visible to the signed-in operator. */
export type HomepageCounter = (session: SessionContext) => Promise<number>;

/** The events of the days from `from` (included) to `to` (excluded) the signed-in operator may see. */
export type CalendarSource = (session: SessionContext, from: Date, to: Date) => Promise<CalendarEvent[]>;

export type HomepageService = ReturnType<typeof createHomepageService>;

const COUNTER_KEYS: readonly HomepageCounterKey[] = ['todo', 'done', 'launch', 'projects', 'messages'];

export function createHomepageService() {
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

  /** The month's days, each marked working day or not (the official calendar), with its events. */
  async function calendar(session: SessionContext, month: string): Promise<CalendarMonth> {
    const { from, to } = monthBounds(month);
    const events = (await Promise.all(calendarSources.map((source) => source(session, from, to)))).flat();
    const days: CalendarMonth['days'] = [];
    for (let day = from; day < to; day = addCalendarDays(day, 1)) {
      const date = formatDate(day);
      days.push({ date, isWorkday: isWorkday(day), events: events.filter((event) => event.date === date) });
    }
    return { month, days };
  }

  return { registerCounter, count, registerCalendarSource, calendar };
}
