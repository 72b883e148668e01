// The list-page kit: one column definition draws a list's table, its search form and a row's details.
export { detailsItemsOf, searchItemsOf, tableColumnsOf } from './columns.ts';
export type { DetailsField, DetailsItem, ListColumn, SearchField, SearchItem } from './columns.ts';
export { ListDetails } from './list-details.tsx';
export type { ListDetailsProps } from './list-details.tsx';
export { listTableColumns, ListPage, RowAction } from './list-page.tsx';
export type { ListPageProps, RowActions } from './list-page.tsx';
export { ListSearchForm } from './search-form.tsx';
export type { ListSearchFormProps } from './search-form.tsx';
export { LIST_PAGE_SIZE, listStateOf, useListQuery } from './use-list-query.ts';
export type { FiltersOf, ListQueryOptions, ListState } from './use-list-query.ts';
