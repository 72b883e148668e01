// The table columns of a list sheet, from the domain's column definitions: money in yuan with separators, shares
// as percentages, everything else as stored. The list and the import preview share them.
//
// Widths: a column is as wide as its header on one line and as its values usually are, and no wider, so that the
// widest sheet (机器设备, 11 columns and the selection box) fits the card of a 1,366 px screen with the menu; a
// wider screen shares the rest out, a narrower one scrolls. The table's scroll width is the columns' sum
// (the list tables' tableMinWidth), not max-content: max-content lays the table out by its content, so one long note would widen its
// column past the card. Long text is cut with an ellipsis and shown whole in a tooltip.
import { Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { showSheetValue } from '@cqjy/domain/projects/sheets';
import type { SheetColumn, SheetValues } from '@cqjy/domain/projects/sheets';

/** A header on one line: 14 px a character (the labels are Chinese, their brackets full-width) and the padding. */
const headerWidth = (label: string): number => [...label].length * 14 + 18;

/** What the values of a column usually need (a longer value is cut and shown in the tooltip). */
function contentWidth(column: SheetColumn): number {
  if (column.key === 'name') return 140;
  switch (column.kind) {
    case 'money':
      return 120; // 999,999,999.99
    case 'decimal':
      return 96;
    case 'integer':
      return 72;
    case 'share':
      return 88; // 100.0000%
    case 'date':
      return 96; // 2024-05-01
    case 'choice':
      return 88;
    case 'vin':
      return 164; // 17 characters
    case 'creditCode':
    case 'idCard':
      return 170; // 18 characters
    case 'bankAccount':
      return 150; // masked in lists: 6222 **** 0123
    case 'mobile':
      return 110;
    case 'email':
      return 160;
    case 'text':
      // a short field (计量单位, 车牌号码) needs little; the rest are cut with the tooltip
      return (column.max ?? 200) <= 20 ? 80 : 110;
  }
}

/** The width of a sheet's column in a table. */
export function sheetColumnWidth(column: SheetColumn): number {
  return Math.max(headerWidth(column.label), contentWidth(column));
}

export const isNumberColumn = (column: SheetColumn): boolean =>
  column.kind === 'money' ||
  column.kind === 'decimal' ||
  column.kind === 'integer' ||
  column.kind === 'share';

/** A cell's text, cut to the column with an ellipsis, whole in a tooltip. */
export function cutText(text: string) {
  return text === '' ? (
    ''
  ) : (
    <Tooltip title={text} placement="topLeft">
      <span>{text}</span>
    </Tooltip>
  );
}

/** Columns over rows that carry their values under `values`; the first (the name) stays when the table scrolls. */
export function sheetTableColumns<T extends { values: SheetValues }>(
  columns: readonly SheetColumn[],
): TableColumnsType<T> {
  return columns.map((column, index) => ({
    key: column.key,
    title: column.label,
    width: sheetColumnWidth(column),
    align: isNumberColumn(column) ? 'right' : 'left',
    fixed: index === 0 ? 'left' : undefined,
    ellipsis: { showTitle: false },
    render: (_: unknown, row: T) => cutText(showSheetValue(column, row.values[column.key])),
  }));
}
