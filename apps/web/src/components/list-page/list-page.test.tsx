import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { detailsItemsOf, searchItemsOf, tableColumnsOf } from './columns.ts';
import type { ListColumn } from './columns.ts';
import { ListDetails } from './list-details.tsx';
import { ListPage, RowAction } from './list-page.tsx';
import type { ListState } from './use-list-query.ts';

type Row = { id: number; name: string; status: string; at: string };

const COLUMNS: ListColumn<Row>[] = [
  {
    key: 'keyword',
    title: '关键字',
    hideInTable: true,
    search: { kind: 'input', placeholder: '名称或编号' },
  },
  { key: 'name', title: '名称', dataIndex: 'name', details: true },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (value: string) => `【${value}】`,
    search: { kind: 'select', options: [{ value: 'open', label: '进行中' }] },
    details: { order: -1 },
  },
  {
    key: 'at',
    title: '时间',
    dataIndex: 'at',
    width: 160,
    search: { kind: 'dateRange', name: 'range', label: '时间范围', order: 1 },
    details: { label: '更新时间', span: 2, isShown: (row) => row.at !== '' },
  },
];

const ROW: Row = { id: 7, name: '闲置厂房', status: '进行中', at: '2026-03-02' };

const listOf = (rows: Row[]): ListState<Row> => ({
  rows,
  paging: { size: 'middle', loading: false, pagination: { current: 1, pageSize: 10, total: rows.length } },
});

describe('the list-page columns', () => {
  it('draw the table from the columns it shows, without the kit’s own props', () => {
    const shown = tableColumnsOf(COLUMNS);
    expect(shown.map((column) => column.key)).toEqual(['name', 'status', 'at']);
    expect(shown[1]).not.toHaveProperty('search');
    expect(shown[0]).not.toHaveProperty('details');
  });

  it('draw the search form in the fields’ order, under their names and labels', () => {
    expect(searchItemsOf(COLUMNS).map(({ name, label }) => [name, label])).toEqual([
      ['keyword', '关键字'],
      ['status', '状态'],
      ['range', '时间范围'],
    ]);
  });

  it('draw the details in their order, by the column’s render unless the details have their own', () => {
    expect(detailsItemsOf(COLUMNS, ROW).map(({ label, content, span }) => [label, content, span])).toEqual([
      ['状态', '【进行中】', undefined],
      ['名称', '闲置厂房', undefined],
      ['更新时间', '2026-03-02', 2],
    ]);
    expect(detailsItemsOf(COLUMNS, { ...ROW, at: '' }).map(({ label }) => label)).toEqual(['状态', '名称']);
  });
});

describe('ListPage', () => {
  it('renders the search form, the table with 操作 fixed on the right and searches with the form’s values', async () => {
    const onSearch = vi.fn();
    render(
      <ListPage<Row>
        title="示例列表"
        columns={COLUMNS}
        list={listOf([ROW])}
        onSearch={onSearch}
        toolbar={<button type="button">新增</button>}
        actions={{ width: 120, render: () => <RowAction>查看</RowAction> }}
      />,
    );
    expect(screen.getByRole('heading', { name: '示例列表' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['名称', '状态', '时间', '操作']);
    expect(screen.getByRole('cell', { name: '【进行中】' })).toBeTruthy();
    expect(within(screen.getByRole('table')).getByRole('button', { name: /查\s*看/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: '厂房' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ keyword: '厂房' })));

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(onSearch).toHaveBeenLastCalledWith({});
    expect(screen.getByLabelText<HTMLInputElement>('关键字').value).toBe('');
  });

  it('shows a row’s details drawn from the same columns', () => {
    render(<ListDetails columns={COLUMNS} row={ROW} />);
    expect(screen.getByText('更新时间')).toBeTruthy();
    expect(screen.getByText('【进行中】')).toBeTruthy();
  });
});
