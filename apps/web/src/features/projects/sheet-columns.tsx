// The table columns of a list sheet, from the domain's column definitions: money in yuan with separators, shares
// as percentages, everything else as stored. The list and the import preview share them.
import type { TableColumnsType } from 'antd';
import { showSheetValue } from '@cqjy/domain/projects/sheets';
import type { SheetColumn, SheetValues } from '@cqjy/domain/projects/sheets';

function widthOf(column: SheetColumn): number {
  if (column.key === 'name') return 180;
  if (column.key === 'note' || column.key === 'location') return 200;
  return column.kind === 'money' ? 140 : 120;
}

export const isNumberColumn = (column: SheetColumn): boolean =>
  column.kind === 'money' ||
  column.kind === 'decimal' ||
  column.kind === 'integer' ||
  column.kind === 'share';

/** Columns over rows that carry their values under `values`. */
export function sheetTableColumns<T extends { values: SheetValues }>(
  columns: readonly SheetColumn[],
): TableColumnsType<T> {
  return columns.map((column) => ({
    key: column.key,
    title: column.label,
    width: widthOf(column),
    align: isNumberColumn(column) ? 'right' : 'left',
    ellipsis: true,
    render: (_: unknown, row: T) => showSheetValue(column, row.values[column.key]),
  }));
}
