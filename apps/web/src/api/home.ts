// The figures of the 首页 dashboard (GET /api/homepage/count), its calendar and its chart of projects by status.
// The first page after sign-in names its calls by route, typed by their contracts (lib/call.ts): it bundles none of
// their schemas.
import { queryOptions } from '@tanstack/react-query';
import type { HomepageCounts } from '@cqjy/domain/api';
import type { calendarReminderCall, homepageCountCall } from '@cqjy/domain/contracts/homepage';
import type { countProjectStatusesCall } from '@cqjy/domain/contracts/projects';
import { fetchRoute, type CallRoute } from '../lib/call.ts';

const homepageCount: CallRoute<typeof homepageCountCall> = { method: 'GET', path: '/api/homepage/count' };
const calendarReminder: CallRoute<typeof calendarReminderCall> = {
  method: 'POST',
  path: '/api/homepage/calendar/reminder',
};
const countProjectStatuses: CallRoute<typeof countProjectStatusesCall> = {
  method: 'POST',
  path: '/api/project/searchs/statusCategory',
};

export type HomeCounts = HomepageCounts;

/** The shell empties the query cache on an identity switch, so the figures are always the current company's. */
export function homeCountsQuery() {
  return queryOptions({
    queryKey: ['homepage', 'count'],
    queryFn: ({ signal }) => fetchRoute(homepageCount, {}, { signal }),
  });
}

/** A month of the home page's calendar ('YYYY-MM'): each day, working or not, with its events. */
export const homeCalendarQuery = (month: string) =>
  queryOptions({
    queryKey: ['homepage', 'calendar', month],
    queryFn: ({ signal }) => fetchRoute(calendarReminder, { body: { month } }, { signal }),
  });

/** The caller's projects by status, for the home page's chart. */
export const projectStatusCountsQuery = () =>
  queryOptions({
    queryKey: ['projects', 'statusCounts'],
    queryFn: ({ signal }) => fetchRoute(countProjectStatuses, { body: {} }, { signal }),
  });
