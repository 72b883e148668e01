// The editable table of the sign-off panel (BF-2.8): rows the user adds and deletes, chosen with checkboxes. A row
// already submitted (`submited`, the spec's spelling of the record field) cannot be chosen, so it can be neither
// deleted nor submitted again.
import { useState } from 'react';
import { Button, Input, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { MSG } from '@cqjy/domain/messages';

export type EditableRow = { key: string; submited?: boolean; notRatio?: boolean };

export type EditableColumn<T extends EditableRow> = {
  title: string;
  dataIndex: Extract<keyof T, string>;
  width?: number;
  /** an input in the cell while the row is not submitted */
  isEditable?: boolean;
};

export type EditableTableProps<T extends EditableRow> = {
  rows: readonly T[];
  columns: readonly EditableColumn<T>[];
  onChange: (rows: T[]) => void;
  /** a blank row for 新增; without it rows cannot be added */
  createRow?: () => T;
  /** the chosen rows, for the caller's own actions on them */
  onSelectionChange?: (keys: string[]) => void;
  disabled?: boolean;
};

export function EditableTable<T extends EditableRow>({
  rows,
  columns,
  onChange,
  createRow,
  onSelectionChange,
  disabled = false,
}: EditableTableProps<T>) {
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);

  const select = (keys: string[]): void => {
    setSelectedKeys(keys);
    onSelectionChange?.(keys);
  };

  const updateCell = (key: string, field: Extract<keyof T, string>, value: string): void => {
    onChange(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  };

  const removeSelected = (): void => {
    const chosen = new Set(selectedKeys);
    onChange(rows.filter((row) => row.submited === true || !chosen.has(row.key)));
    select([]);
  };

  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    title: column.title,
    key: column.dataIndex,
    width: column.width,
    render: (_value: unknown, row: T) => {
      const text = row[column.dataIndex];
      const shown = text === undefined || text === null ? '' : String(text);
      if (column.isEditable !== true || row.submited === true || disabled) return shown;
      return (
        <Input
          aria-label={column.title}
          value={shown}
          onChange={(event) => updateCell(row.key, column.dataIndex, event.target.value)}
        />
      );
    },
  }));

  return (
    <div className="editable-table">
      <Space style={{ marginBottom: 8 }}>
        {createRow !== undefined ? (
          <Button disabled={disabled} onClick={() => onChange([...rows, createRow()])}>
            新增
          </Button>
        ) : null}
        <Button danger disabled={disabled || selectedKeys.length === 0} onClick={removeSelected}>
          删除
        </Button>
      </Space>
      <Table<T>
        size="small"
        rowKey="key"
        columns={tableColumns}
        dataSource={[...rows]}
        pagination={false}
        locale={{ emptyText: MSG.noDataYet }}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          onChange: (keys) => select(keys.map(String)),
          getCheckboxProps: (row) => ({ disabled: disabled || row.submited === true }),
        }}
      />
    </div>
  );
}
