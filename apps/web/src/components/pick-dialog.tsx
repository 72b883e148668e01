// 从…中选择: a dialog that finds rows by a keyword and hands the one picked to its caller (the investor form's
// earlier investors and customers, the prospective buyers' form's customers). The rows come from `search`, keyed
// by `queryKey` and the keyword; 选择 on a row picks it.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { AppDialog } from './app-dialog.tsx';

export type PickDialogProps<T> = {
  title: string;
  placeholder: string;
  emptyText: string;
  queryKey: readonly unknown[];
  search: (keyword: string) => Promise<T[]>;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  onPick: (row: T) => void;
  onClose: () => void;
};

export function PickDialog<T extends object>({
  title,
  placeholder,
  emptyText,
  queryKey,
  search,
  columns,
  rowKey,
  onPick,
  onClose,
}: PickDialogProps<T>) {
  const [keyword, setKeyword] = useState('');
  const rows = useQuery({
    queryKey: [...queryKey, keyword] as const,
    queryFn: () => search(keyword),
    staleTime: 0,
  });
  return (
    <AppDialog size="lg" minWidth={760} open title={title} footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder={placeholder}
        enterButton="查询"
        onSearch={(value) => setKeyword(value.trim())}
        style={{ marginBottom: 12 }}
      />
      <Table<T>
        rowKey={rowKey}
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={{ pageSize: 8 }}
        locale={{ emptyText }}
        columns={[
          ...columns,
          {
            key: 'actions',
            title: '操作',
            width: 70,
            render: (_: unknown, row: T) => (
              <Button type="link" size="small" onClick={() => onPick(row)}>
                选择
              </Button>
            ),
          },
        ]}
      />
    </AppDialog>
  );
}
