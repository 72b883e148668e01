// The figures of the 首页 dashboard (GET /api/homepage/count), its calendar and its chart of projects by status.
import { queryOptions } from '@tanstack/react-query';
import type { HomepageCounts } from '@cqjy/domain/api';
import { calendarReminderCall, homepageCountCall } from '@cqjy/domain/contracts/homepage';
import { countProjectStatusesCall } from '@cqjy/domain/contracts/projects';
import { fetchData } from '../lib/call.ts';

export type HomeCounts = HomepageCounts;

/** The shell empties the query cache on an identity switch, so the figures are always the current company's. */
export function homeCountsQuery() {
  return queryOptions({
    queryKey: ['homepage', 'count'],
    queryFn: ({ signal }) => fetchData(homepageCountCall, {}, { signal }),
  });
}

/** A month of the home page's calendar ('YYYY-MM'): each day, working or not, with its events. */
export const homeCalendarQuery = (month: string) =>
  queryOptions({
    queryKey: ['homepage', 'calendar', month],
    queryFn: ({ signal }) => fetchData(calendarReminderCall, { body: { month } }, { signal }),
  });

/** The caller's projects by status, for the home page's chart. */
export const projectStatusCountsQuery = () =>
  queryOptions({
    queryKey: ['projects', 'statusCounts'],
    queryFn: ({ signal }) => fetchData(countProjectStatusesCall, { body: {} }, { signal }),
  });
