// The query and paging state of a list page: the query (page, size and the filters), the list it fetches, what
// 查询 does to it and the table's rows and pagination. Pages start at 1 with 10 rows.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import type { PageResult } from '@cqjy/domain/api';
import { applySearch, pagedTableProps } from '../search-form.tsx';

export const LIST_PAGE_SIZE = 10;

/** What the table of a list page draws: the rows of the page and its paging. */
export type ListState<T> = {
  rows: readonly T[];
  paging: ReturnType<typeof pagedTableProps>;
};

type Paged = { page: number; size: number };

/** The filters of a query: the query without its page. */
export type FiltersOf<Q extends Paged> = Omit<Q, 'page' | 'size'>;

/** The table state of a paged list fetched by other means (several lists at once, one per tab). */
export function listStateOf<T, Q extends Paged>(
  query: Q,
  setQuery: Dispatch<SetStateAction<Q>>,
  result: { data?: PageResult<T> | undefined; isFetching: boolean },
): ListState<T> {
  return { rows: result.data?.list ?? [], paging: pagedTableProps(query, setQuery, result) };
}

export type ListQueryOptions<Q extends Paged> = {
  /** the query's filters at first (a tab chosen, say) */
  initial?: FiltersOf<Q>;
  /**
   * The queries 查询 refreshes beside moving to the new query (the page's other lists and counts), where the page
   * did so; without it, 查询 asks the same query again and a new one under its new key alone (applySearch).
   */
  invalidates?: QueryKey;
};

/** A list's page and whatever the call answers beside it (the counts of a reconciliation, say). */
export function useListQuery<Q extends Paged, R extends PageResult<unknown>, K extends QueryKey>(
  options: (query: Q) => UseQueryOptions<R, Error, R, K>,
  { initial, invalidates }: ListQueryOptions<Q> = {},
) {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<Q>(() => ({ page: 1, size: LIST_PAGE_SIZE, ...initial }) as Q);
  const result = useQuery(options(query));

  /** 查询: the first page of the filters, at the page size chosen. */
  const search = (filters: FiltersOf<Q>): void => {
    if (invalidates === undefined) {
      applySearch(query, { page: 1, size: query.size, ...filters } as Q, setQuery, () => result.refetch());
      return;
    }
    setQuery((current) => ({ page: 1, size: current.size, ...filters }) as Q);
    void queryClient.invalidateQueries({ queryKey: invalidates });
  };

  const list: ListState<R['list'][number]> = listStateOf(query, setQuery, result);
  return { query, setQuery, result, search, list };
}
