// 导入 a list sheet (资产清单, 股权结构, 财务数据): the filled-in template is uploaded as a file of the project (with the
// upload control's checks and progress bar), then every row is shown as the server read it, the rows with errors
// marked with what is wrong, and what the rows break together (shares above 100%) above them; 确认导入 stores the
// valid rows (added to the list, or replacing it) and skips the others. Nothing is stored before the user confirms.
import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { SHEET_IMPORT_MAX_ROWS, SHEET_IMPORT_TAG } from '@cqjy/domain/projects/sheets';
import type { SheetDef, SheetImportPreview, SheetPreviewRow } from '@cqjy/domain/projects/sheets';
import { PROJECT_DATA_CLASS } from '@cqjy/domain/workflow/actions';
import { FileUpload } from '../../components/index.ts';
import { cutText, sheetColumnWidth, tableWidth } from './sheet-columns.tsx';
import { downloadSheet, importSheet, previewSheetImport } from './api.ts';

const LINE_WIDTH = 64;
const ERRORS_WIDTH = 240;

/**
 * As wide as the sheet's columns side by side with the line and the errors (and the dialog's padding), within the
 * window: a wide sheet scrolls between the line and the errors, which stay. The spec's 420/500/580 widths are for
 * its own dialogs.
 */
function previewWidth(sheet: SheetDef): string {
  return `min(${tableWidth(previewColumns(sheet)) + 48}px, calc(100vw - 64px))`;
}

/** antd's error background (colorErrorBg), so a row with errors stands out as the alert above it does */
const INVALID_ROW_BACKGROUND = '#fff2f0';

export type SheetImportDialogProps = {
  family: ProjectFamily;
  projectId: number;
  sheet: SheetDef;
  isOpen: boolean;
  onClose: () => void;
  /** after rows were imported */
  onImported: () => void;
};

function previewColumns(sheet: SheetDef): TableColumnsType<SheetPreviewRow> {
  return [
    { key: 'line', title: '行号', dataIndex: 'line', width: LINE_WIDTH, fixed: 'left' },
    ...sheet.columns.map((column) => ({
      key: column.key,
      title: column.label,
      width: sheetColumnWidth(column),
      ellipsis: { showTitle: false },
      // as read from the file, so a wrong value is shown as typed
      render: (_: unknown, row: SheetPreviewRow) => cutText(row.cells[column.key] ?? ''),
    })),
    {
      key: 'errors',
      title: '校验结果',
      width: ERRORS_WIDTH,
      fixed: 'right',
      render: (_: unknown, row: SheetPreviewRow) =>
        row.errors.length === 0 ? (
          <Tag color="success">可导入</Tag>
        ) : (
          <Typography.Text type="danger">{row.errors.join('；')}</Typography.Text>
        ),
    },
  ];
}

export function SheetImportDialog({
  family,
  projectId,
  sheet,
  isOpen,
  onClose,
  onImported,
}: SheetImportDialogProps) {
  const [files, setFiles] = useState<AttachmentItem[]>([]);
  const [preview, setPreview] = useState<SheetImportPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const file = files[0];
  const canImport = preview !== null && preview.valid > 0 && preview.problems.length === 0;
  const columns = previewColumns(sheet);

  const reset = (): void => {
    setFiles([]);
    setPreview(null);
  };

  const onUploaded = async (items: AttachmentItem[]): Promise<void> => {
    setFiles(items);
    setPreview(null);
    const uploaded = items[0];
    if (uploaded === undefined) return;
    setBusy('preview');
    try {
      setPreview(await previewSheetImport(family, sheet, { projectId, uuid: uploaded.uuid }));
    } catch {
      // the client has shown why the file cannot be read
    } finally {
      setBusy(null);
    }
  };

  const onImport = async (): Promise<void> => {
    if (file === undefined) return;
    setBusy('import');
    try {
      await importSheet(family, sheet, { projectId, uuid: file.uuid });
      reset();
      onImported();
      onClose();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={`导入${sheet.title}`}
      width={previewWidth(sheet)}
      destroyOnHidden
      maskClosable={false}
      onCancel={() => {
        reset();
        onClose();
      }}
      footer={
        <Space>
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
          >
            取消
          </Button>
          <Button
            type="primary"
            disabled={!canImport || busy !== null}
            loading={busy === 'import'}
            onClick={() => void onImport()}
          >
            {preview === null ? '确认导入' : `确认导入（${preview.valid}条）`}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={`请下载${sheet.title}模板，按“填写说明”填写后上传（.xlsx，每次最多${SHEET_IMPORT_MAX_ROWS}行）。上传后先预览校验结果，确认后才会${sheet.importMode === 'replace' ? '导入并替换现有数据' : '导入'}。`}
          action={
            <Button size="small" onClick={() => void downloadSheet(family, sheet)}>
              下载模板
            </Button>
          }
        />
        <FileUpload
          tag={SHEET_IMPORT_TAG}
          dataClass={PROJECT_DATA_CLASS}
          dataId={String(projectId)}
          accept={['xlsx']}
          maxCount={1}
          isDrag
          value={files}
          onChange={(items) => void onUploaded(items)}
          buttonText="选择或拖入填好的模板"
        />
        {preview !== null && (
          <>
            {preview.problems.map((problem) => (
              <Alert key={problem} type="error" showIcon title={problem} />
            ))}
            <Alert
              type={preview.invalid === 0 ? 'success' : 'warning'}
              showIcon
              title={
                preview.invalid === 0
                  ? `共${preview.total}行，全部校验通过`
                  : `共${preview.total}行，其中${preview.invalid}行有误，导入时将跳过；可修改表格后重新上传`
              }
            />
            <Table<SheetPreviewRow>
              rowKey="line"
              size="small"
              columns={columns}
              dataSource={preview.rows}
              onRow={(row) =>
                row.errors.length > 0 ? { style: { background: INVALID_ROW_BACKGROUND } } : {}
              }
              scroll={{ x: tableWidth(columns), y: 360 }}
              pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            />
          </>
        )}
        {busy === 'preview' && <Typography.Text type="secondary">正在读取表格……</Typography.Text>}
      </Space>
    </Modal>
  );
}
