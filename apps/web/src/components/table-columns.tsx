// The columns every list table shares the rules of. A column of numbers, dates, codes, tags or links states its
// width; a text column (a name, a company) states none and takes what the others leave, but never less than its
// min width. The table scrolls sideways only below the sum of the two, so a fixed column (操作 on the right, a code
// on the left) never sits over the columns beside it on a screen the table fits, and a narrower screen scrolls
// rather than squeezing a name to a character per line.
import { Typography } from 'antd';
import type { TableColumnsType, TableColumnType } from 'antd';
import { formatFen } from '@cqjy/domain/format';

/** The least a text column gets before the table scrolls sideways. */
export const TEXT_MIN_WIDTH = 160;

/**
 * The width a list's card gives its table on a 1,440 px screen with the menu open (1,440 less the 208 px menu, the
 * page's and the card's padding): a list whose columns need no more fits without scrolling there and on a 1,366 px
 * screen, whose menu is folded (1,220 px).
 */
export const LIST_TABLE_WIDTH = 1150;

type Column<T> = TableColumnsType<T>[number];

/** A column named by its key with a text title: a list page's column (components/list-page) as well. */
export type TitledColumn<T> = TableColumnType<T> & { key: string; title: string };

/** Whether a column shows on every screen (a `responsive` one appears on wide screens only, which have room). */
const isAlwaysShown = <T,>(column: Column<T>): boolean => column.responsive === undefined;

/** The width antd gives the selection box of a small table. */
export const SELECTION_WIDTH = 32;

/** How a table's columns are fitted: the least of its text columns, and what it has beside them (a selection box). */
export type FitOptions = { textMinWidth?: number; extra?: number };

/** The width a column needs: the one it states, or the text column's least. */
function widthOf<T>(column: Column<T>, textMinWidth: number): number {
  if (typeof column.width === 'number') return column.width;
  const min = (column as TableColumnType<T>).minWidth;
  return typeof min === 'number' ? min : textMinWidth;
}

/** The least width of a table of these columns: where it starts to scroll sideways. */
export function tableMinWidth<T>(columns: TableColumnsType<T>, options: FitOptions = {}): number {
  const textMinWidth = options.textMinWidth ?? TEXT_MIN_WIDTH;
  return columns
    .filter(isAlwaysShown)
    .reduce((sum, column) => sum + widthOf(column, textMinWidth), options.extra ?? 0);
}

/**
 * The columns (text columns given their min width) and the sideways scroll of a list table: spread on the Table
 * after its other props, `<Table {...pagedTableProps(...)} {...fitColumns(columns)} />`.
 */
export function fitColumns<T>(
  columns: TableColumnsType<T>,
  options: FitOptions = {},
): { columns: TableColumnsType<T>; scroll: { x: number } } {
  const textMinWidth = options.textMinWidth ?? TEXT_MIN_WIDTH;
  return {
    columns: columns.map((column) =>
      typeof column.width === 'number' || (column as TableColumnType<T>).minWidth !== undefined
        ? column
        : { ...column, minWidth: textMinWidth },
    ),
    scroll: { x: tableMinWidth(columns, options) },
  };
}

/** The widest amount a money column shows on one line: 999,999,999.99 and the cell's padding. */
export const MONEY_WIDTH = 130;

/**
 * A column of amounts in fen: the header says 元 once (挂牌价（元）), each cell the amount in yuan with thousands
 * separators and no unit, right-aligned so the digits line up; no amount is a dash.
 */
export function moneyColumn<T>(def: {
  key: string;
  title: string;
  fen: (row: T) => number | null | undefined;
  width?: number;
}): TitledColumn<T> {
  return {
    key: def.key,
    title: `${def.title}（元）`,
    width: def.width ?? MONEY_WIDTH,
    align: 'right',
    render: (_value: unknown, row: T) => {
      const fen = def.fen(row);
      return fen === null || fen === undefined ? '—' : formatFen(fen);
    },
  };
}

/**
 * The project of a row in one text column: its name on one line (cut, the whole name on hover) and its code under
 * it, so a list with a project, a company and amounts fits the card without a column of its own for the code.
 */
export function projectColumn<T extends { projectName: string; projectCode: string }>(): TitledColumn<T> {
  return {
    title: '项目',
    key: 'project',
    ellipsis: { showTitle: false },
    render: (_value: unknown, row: T) => (
      <>
        <div
          title={row.projectName}
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {row.projectName}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.projectCode}
        </Typography.Text>
      </>
    ),
  };
}
