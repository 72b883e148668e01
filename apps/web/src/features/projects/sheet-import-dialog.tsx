// 导入 a list sheet (资产清单, 股权结构, 财务数据): the filled-in template is uploaded as a file of the project (with the
// upload control's checks and progress bar), then every row is shown as the server read it, the rows with errors
// marked with what is wrong, and what the rows break together (shares above 100%) above them; 确认导入 stores the
// valid rows (added to the list, or replacing it) and skips the others. Nothing is stored before the user confirms.
import { useState } from 'react';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { SHEET_IMPORT_MAX_ROWS, SHEET_IMPORT_TAG } from '@cqjy/domain/projects/sheets';
import type { SheetDef, SheetImportPreview } from '@cqjy/domain/projects/sheets';
import { PROJECT_DATA_CLASS } from '@cqjy/domain/workflow/actions';
import { FileUpload } from '../../components/index.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { previewTableWidth, SheetImportPreviewView } from './sheet-import-preview.tsx';
import { downloadSheet, importSheet, previewSheetImport } from './api.ts';

/**
 * As wide as the sheet's columns side by side with the line and the errors (and the dialog's padding), within the
 * window: a wide sheet scrolls between the line and the errors, which stay. The spec's 420/500/580 widths are for
 * its own dialogs.
 */
function previewWidth(sheet: SheetDef): string {
  return `min(${previewTableWidth(sheet.columns) + 48}px, calc(100vw - 64px))`;
}

export type SheetImportDialogProps = {
  family: ProjectFamily;
  projectId: number;
  sheet: SheetDef;
  isOpen: boolean;
  onClose: () => void;
  /** after rows were imported */
  onImported: () => void;
};

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
  const { busy, run } = useBusy<'preview' | 'import'>();
  const file = files[0];
  const canImport = preview !== null && preview.valid > 0 && preview.problems.length === 0;

  const reset = (): void => {
    setFiles([]);
    setPreview(null);
  };

  const onUploaded = async (items: AttachmentItem[]): Promise<void> => {
    setFiles(items);
    setPreview(null);
    const uploaded = items[0];
    if (uploaded === undefined) return;
    // the client shows why a file cannot be read
    await run('preview', async () => {
      setPreview(await previewSheetImport(family, sheet, { projectId, uuid: uploaded.uuid }));
    });
  };

  const onImport = async (): Promise<void> => {
    if (file === undefined) return;
    await run('import', async () => {
      await importSheet(family, sheet, { projectId, uuid: file.uuid });
      reset();
      onImported();
      onClose();
    });
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
        {preview !== null && <SheetImportPreviewView columns={sheet.columns} preview={preview} />}
        {busy === 'preview' && <Typography.Text type="secondary">正在读取表格……</Typography.Text>}
      </Space>
    </Modal>
  );
}
