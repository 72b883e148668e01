// The column definition of a list page, as ant-design-pro's table-list has it: one list of columns draws the
// table, its search form and the details of a row. A column says how its cell shows (antd's column props: title,
// dataIndex, render, width, fixed ...), whether it also filters the list (a search field: an input, a select or a
// date range) and whether it shows in the details. A field that only searches (关键字) is a column hidden in the
// table; a column of the details only (更新时间) likewise.
import type { SelectProps, TableColumnType } from 'antd';
import type { ReactNode } from 'react';

type SearchCommon = {
  /** the form field's name (the filter's): the column's key when not given */
  name?: string;
  /** the form field's label: the column's title when not given (时间范围 over the 时间 column) */
  label?: string;
  /** the control's width in px */
  width?: number;
  /** where the field sits in the form: lower first; fields of the same order keep their columns' */
  order?: number;
};

/** How a column filters the list: the form's control for it. */
export type SearchField = SearchCommon &
  (
    | {
        kind: 'input';
        placeholder?: string;
        maxLength?: number;
        /** what the typed text becomes before the form keeps it (digits only, say) */
        normalize?: (value: string) => string;
      }
    | {
        kind: 'select';
        options: NonNullable<SelectProps['options']>;
        /** 全部 when not given: no choice is every row */
        placeholder?: string;
        /** typing narrows the options by their labels */
        isSearchable?: boolean;
      }
    | {
        kind: 'dateRange';
        /** YYYY-MM-DD when not given */
        format?: string;
        /** either end may stay empty (from a day on, up to a day) */
        isOpenEnded?: boolean;
        placeholder?: [string, string];
      }
  );

/** How a column shows in the details of a row (a Descriptions item). */
export type DetailsField<T> = {
  /** the item's label: the column's title when not given */
  label?: string;
  /** 2: the item takes the whole line (a long text) */
  span?: number;
  /** where the item sits: lower first; items of the same order keep their columns' */
  order?: number;
  /** the item's content: the column's render (or its dataIndex's value) when not given */
  render?: (row: T) => ReactNode;
  /** whether the row has the item at all (a regulator only where one was named) */
  isShown?: (row: T) => boolean;
};

export type ListColumn<T> = TableColumnType<T> & {
  key: string;
  title: string;
  /** a column of the search form or of the details only */
  hideInTable?: boolean;
  search?: SearchField;
  /** whether (and how) the column shows in the details of a row */
  details?: boolean | DetailsField<T>;
};

/** The columns of the table, stripped of the kit's own props (antd passes unknown ones on to the cells). */
export function tableColumnsOf<T>(columns: readonly ListColumn<T>[]): TableColumnType<T>[] {
  return columns
    .filter((column) => column.hideInTable !== true)
    .map(({ hideInTable: _hidden, search: _search, details: _details, ...column }) => column);
}

export type SearchItem = { key: string; name: string; label: string; field: SearchField };

/** The fields of the search form, in their order. */
export function searchItemsOf<T>(columns: readonly ListColumn<T>[]): SearchItem[] {
  return columns
    .flatMap((column) =>
      column.search === undefined
        ? []
        : [
            {
              key: column.key,
              name: column.search.name ?? column.key,
              label: column.search.label ?? column.title,
              field: column.search,
            },
          ],
    )
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.field.order ?? 0) - (b.item.field.order ?? 0) || a.index - b.index)
    .map(({ item }) => item);
}

/** The value a column's dataIndex names in a row (a key or a path of keys). */
function valueAt<T>(row: T, dataIndex: TableColumnType<T>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>(
    (value, key) =>
      value === null || value === undefined ? undefined : (value as Record<string, unknown>)[String(key)],
    row,
  );
}

export type DetailsItem = { key: string; label: string; span?: number; content: ReactNode };

/** The items of a row's details, in their order: each shown column's label and content. */
export function detailsItemsOf<T>(columns: readonly ListColumn<T>[], row: T, rowIndex = 0): DetailsItem[] {
  return columns
    .flatMap((column, index) => {
      if (column.details === undefined || column.details === false) return [];
      const details: DetailsField<T> = column.details === true ? {} : column.details;
      if (details.isShown !== undefined && !details.isShown(row)) return [];
      const value = valueAt(row, column.dataIndex);
      const content: ReactNode =
        details.render !== undefined
          ? details.render(row)
          : column.render === undefined
            ? (value as ReactNode)
            : (column.render(value, row, rowIndex) as ReactNode);
      const item: DetailsItem = { key: column.key, label: details.label ?? column.title, content };
      if (details.span !== undefined) item.span = details.span;
      return [{ item, order: details.order ?? 0, index }];
    })
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map(({ item }) => item);
}
