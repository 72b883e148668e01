// The details of a row, drawn from the columns of its list: every column that shows in the details, in their
// order, as a bordered two-column Descriptions (a long text takes the whole line).
import { Descriptions } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { detailsItemsOf } from './columns.ts';
import type { ListColumn } from './columns.ts';

export type ListDetailsProps<T> = {
  columns: readonly ListColumn<T>[];
  row: T;
  /** the width of the labels */
  labelWidth?: number;
  column?: DescriptionsProps['column'];
  /** items of the page's own after the columns' */
  children?: ReactNode;
};

export function ListDetails<T>({
  columns,
  row,
  labelWidth = 160,
  column = 2,
  children,
}: ListDetailsProps<T>) {
  return (
    <Descriptions bordered size="small" column={column} styles={{ label: { width: labelWidth } }}>
      {detailsItemsOf(columns, row).map((item) => (
        <Descriptions.Item
          key={item.key}
          label={item.label}
          {...(item.span === undefined ? {} : { span: item.span })}
        >
          {item.content}
        </Descriptions.Item>
      ))}
      {children}
    </Descriptions>
  );
}
