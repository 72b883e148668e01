import { render, screen, within } from '@testing-library/react';
import { Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { fitColumns, moneyColumn, tableMinWidth, TEXT_MIN_WIDTH } from './table-columns.tsx';

type Row = { id: number; name: string; price: number | null };

const COLUMNS: TableColumnsType<Row> = [
  { title: '编号', key: 'id', dataIndex: 'id', width: 150, fixed: 'left' },
  { title: '名称', key: 'name', dataIndex: 'name' },
  moneyColumn<Row>({ key: 'price', title: '挂牌价', fen: (row) => row.price }),
  { title: '更新时间', key: 'at', width: 170, responsive: ['xxl'] },
  { title: '操作', key: 'actions', width: 120, fixed: 'right' },
];

describe('the list table columns', () => {
  it('need the stated widths and the least of each text column; a wide-screen column is left out', () => {
    expect(tableMinWidth(COLUMNS)).toBe(150 + TEXT_MIN_WIDTH + 130 + 120);
    expect(tableMinWidth(COLUMNS, { textMinWidth: 100, extra: 32 })).toBe(150 + 100 + 130 + 120 + 32);
  });

  it('give a text column its min width and the table its sideways scroll', () => {
    const fitted = fitColumns(COLUMNS);
    expect(fitted.scroll).toEqual({ x: tableMinWidth(COLUMNS) });
    expect(fitted.columns.find((column) => column.key === 'name')).toMatchObject({
      minWidth: TEXT_MIN_WIDTH,
    });
    // a column with a width keeps it, untouched
    expect(fitted.columns[0]).toBe(COLUMNS[0]);
  });

  it('a money column says 元 once, in its header; its cells are amounts with separators, a dash for none', () => {
    render(
      <Table<Row>
        rowKey="id"
        pagination={false}
        dataSource={[
          { id: 1, name: '废旧设备一批', price: 123_456_789 },
          { id: 2, name: '闲置厂房', price: null },
        ]}
        {...fitColumns(COLUMNS)}
      />,
    );
    expect(screen.getByRole('columnheader', { name: '挂牌价（元）' })).toBeTruthy();
    const first = screen.getByText('废旧设备一批').closest('tr') as HTMLElement;
    const second = screen.getByText('闲置厂房').closest('tr') as HTMLElement;
    expect(within(first).getByText('1,234,567.89')).toBeTruthy();
    expect(within(second).getByText('—')).toBeTruthy();
    for (const row of [first, second]) expect(row.textContent).not.toContain('元');
  });
});
