// The figures of the 首页 dashboard (GET /api/homepage/count).
import { queryOptions } from '@tanstack/react-query';
import type { Envelope, HomepageCounts } from '@cqjy/domain/api';
import { http, unwrap } from '../lib/http.ts';

export type HomeCounts = HomepageCounts;

export async function fetchHomeCounts(signal?: AbortSignal): Promise<HomeCounts> {
  return unwrap(await http.get<Envelope<HomeCounts>>('/api/homepage/count', undefined, { signal }));
}

/** The shell empties the query cache on an identity switch, so the figures are always the current company's. */
export function homeCountsQuery() {
  return queryOptions({
    queryKey: ['homepage', 'count'],
    queryFn: ({ signal }) => fetchHomeCounts(signal),
  });
}
