// What an import shows before anything is stored, for the project sheets and the company's registries alike: what
// the rows break together (problems), the count of rows and of rows with errors, and every row as the server read
// it from the file, the rows with errors marked with what is wrong and highlighted.
import { Alert, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { SheetColumn, SheetImportPreview, SheetPreviewRow } from '@cqjy/domain/projects/sheets';
import { tableMinWidth } from '../../components/index.ts';
import { cutText, sheetColumnWidth } from './sheet-columns.tsx';

const LINE_WIDTH = 64;
const ERRORS_WIDTH = 240;

/** antd's error background (colorErrorBg), so a row with errors stands out as the alert above it does */
export const INVALID_ROW_BACKGROUND = '#fff2f0';

/** The fixed cells (行号, 校验结果) have a background of their own: a row with errors paints them too. */
const invalidCell = (row: SheetPreviewRow) =>
  row.errors.length > 0 ? { style: { background: INVALID_ROW_BACKGROUND } } : {};

/** 行号, the columns as read from the file (a wrong value is shown as typed), and 校验结果. */
export function previewColumns(columns: readonly SheetColumn[]): TableColumnsType<SheetPreviewRow> {
  return [
    { key: 'line', title: '行号', dataIndex: 'line', width: LINE_WIDTH, fixed: 'left', onCell: invalidCell },
    ...columns.map((column) => ({
      key: column.key,
      title: column.label,
      width: sheetColumnWidth(column),
      ellipsis: { showTitle: false },
      render: (_: unknown, row: SheetPreviewRow) => cutText(row.cells[column.key] ?? ''),
    })),
    {
      key: 'errors',
      title: '校验结果',
      width: ERRORS_WIDTH,
      fixed: 'right',
      onCell: invalidCell,
      render: (_: unknown, row: SheetPreviewRow) =>
        row.errors.length === 0 ? (
          <Tag color="success">可导入</Tag>
        ) : (
          <Typography.Text type="danger">{row.errors.join('；')}</Typography.Text>
        ),
    },
  ];
}

/** The width of the preview table's columns side by side (a wider preview scrolls between the line and the errors). */
export function previewTableWidth(columns: readonly SheetColumn[]): number {
  return tableMinWidth(previewColumns(columns));
}

/** The summary of a preview: 共N行，全部校验通过, or how many rows the import will skip. */
export function previewSummary(preview: Pick<SheetImportPreview, 'total' | 'invalid'>): string {
  return preview.invalid === 0
    ? `共${preview.total}行，全部校验通过`
    : `共${preview.total}行，其中${preview.invalid}行有误，导入时将跳过；可修改表格后重新上传`;
}

export type SheetImportPreviewViewProps = {
  columns: readonly SheetColumn[];
  preview: SheetImportPreview;
  /** the table's height before it scrolls */
  scrollY?: number;
};

export function SheetImportPreviewView({ columns, preview, scrollY = 360 }: SheetImportPreviewViewProps) {
  const tableColumns = previewColumns(columns);
  return (
    <>
      {preview.problems.map((problem) => (
        <Alert key={problem} type="error" showIcon title={problem} />
      ))}
      <Alert type={preview.invalid === 0 ? 'success' : 'warning'} showIcon title={previewSummary(preview)} />
      <Table<SheetPreviewRow>
        rowKey="line"
        size="small"
        columns={tableColumns}
        dataSource={preview.rows}
        onRow={(row) => (row.errors.length > 0 ? { style: { background: INVALID_ROW_BACKGROUND } } : {})}
        scroll={{ x: tableMinWidth(tableColumns), y: scrollY }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      />
    </>
  );
}
