// One list page: its heading (with what sits beside it), the search form and the table with paging, drawn from one
// list of columns; the toolbar (新增, 导出 ...) at the search row's end or above the table; the row actions in 操作,
// fixed on the right. The table's text columns share what the others leave and the table scrolls sideways below
// their sum (fitColumns), so 操作 never sits over the columns beside it.
import { Button, Card, Form, Space, Table } from 'antd';
import type { ButtonProps, FormInstance, TableColumnType, TableProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { fitColumns } from '../table-columns.tsx';
import type { FitOptions } from '../table-columns.tsx';
import { searchItemsOf, tableColumnsOf } from './columns.ts';
import type { ListColumn } from './columns.ts';
import { ListSearchForm } from './search-form.tsx';
import type { ListState } from './use-list-query.ts';

/** 操作: the width its buttons need side by side, and the buttons of a row. */
export type RowActions<T> = { width: number; render: (row: T) => ReactNode };

/** A row's action: a small link button (查看, 编辑, 删除 ...). */
export function RowAction(props: Omit<ButtonProps, 'type' | 'size'>) {
  return <Button type="link" size="small" {...props} />;
}

export type ListPageProps<T, V> = {
  columns: readonly ListColumn<T>[];
  list: ListState<T>;
  /** 查询 with the form's values (重置: with none); the form shows where any column searches */
  onSearch?: (values: V) => void;
  /** the page's form, where it reads or sets the values itself */
  form?: FormInstance<V>;
  /** the heading: the title of the page's tab and menu entry */
  title?: ReactNode;
  /** beside the heading, on the right (新增发文, 电签文件验证) */
  extra?: ReactNode;
  /** under the heading, above the form (the log chain's state, the tabs of a list) */
  banner?: ReactNode;
  toolbar?: ReactNode;
  /** where the toolbar sits: at the search row's end, or on a row of its own above the table */
  toolbarAt?: 'search' | 'table';
  /** between the form and the table (the tabs of several lists) */
  beforeTable?: ReactNode;
  actions?: RowActions<T>;
  fit?: FitOptions;
  /** the table's other props (a selection, a row's click, its empty text) */
  table?: Omit<TableProps<T>, 'columns' | 'dataSource'>;
  formStyle?: CSSProperties;
  /** a list within a page (a tab): no card of its own */
  isBare?: boolean;
  /** what belongs to the list but is not in it (its dialogs and drawers) */
  children?: ReactNode;
};

/** The table's columns: those of the definition it shows, then 操作 fixed on the right. */
export function listTableColumns<T>(columns: readonly ListColumn<T>[], actions?: RowActions<T>) {
  const shown: TableColumnType<T>[] = tableColumnsOf(columns);
  if (actions === undefined) return shown;
  return [
    ...shown,
    {
      title: '操作',
      key: 'actions',
      width: actions.width,
      fixed: 'right' as const,
      render: (_value: unknown, row: T) => <Space size={0}>{actions.render(row)}</Space>,
    },
  ];
}

export function ListPage<T extends object, V extends object = Record<string, unknown>>(
  props: ListPageProps<T, V>,
) {
  const { columns, list, onSearch, title, extra, banner, toolbar, toolbarAt = 'table', actions } = props;
  const [ownForm] = Form.useForm<V>();
  const form = props.form ?? ownForm;
  const searchItems = searchItemsOf(columns);
  const heading =
    title === undefined ? null : extra === undefined ? (
      <h3 style={{ marginTop: 0 }}>{title}</h3>
    ) : (
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <h3 style={{ marginTop: 0 }}>{title}</h3>
        {extra}
      </Space>
    );
  const body = (
    <>
      {heading}
      {banner}
      {onSearch !== undefined && searchItems.length > 0 && (
        <ListSearchForm<V>
          form={form}
          items={searchItems}
          onSearch={onSearch}
          toolbar={toolbarAt === 'search' ? toolbar : undefined}
          style={props.formStyle}
        />
      )}
      {toolbarAt === 'table' && toolbar !== undefined && (
        <Space wrap style={{ marginBottom: 16 }}>
          {toolbar}
        </Space>
      )}
      {props.beforeTable}
      <Table<T>
        rowKey="id"
        dataSource={[...list.rows]}
        {...list.paging}
        {...props.table}
        {...fitColumns(listTableColumns(columns, actions), props.fit)}
      />
      {props.children}
    </>
  );
  return props.isBare === true ? body : <Card>{body}</Card>;
}
