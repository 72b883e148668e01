// The home page's calendar (POST /api/homepage/calendar/reminder): its kinds of events and their labels, and the
// bounds of a month. Kept apart from statistics.ts (the calls' zod schemas): the home page reads these at its first
// paint, which must not carry zod.

export const CALENDAR_EVENT_KINDS = ['disclosureStart', 'disclosureEnd'] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

export const CALENDAR_EVENT_LABELS: Record<CalendarEventKind, string> = {
  disclosureStart: '披露开始',
  disclosureEnd: '披露截止',
};

/** The first and the day after the last day of `month` ('YYYY-MM'), as +08:00 instants. */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+08:00`), to: new Date(`${next}-01T00:00:00+08:00`) };
}
