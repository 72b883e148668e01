// 导入车辆: the filled-in template (车辆清单) added to a draft disposal. The file is uploaded as a file of the project
// (the upload control checks it and shows its own progress bar), the server reads and checks every row
// (previewVehicleImport: the plate, the VIN's check digit, a vehicle already listed or twice in the file) and the
// rows are shown with what is wrong with each; 确认导入 stores the good rows and skips the others. Nothing is stored
// before the user confirms. The stage line (上传 → 校验 → 导入) says which call is under way: the import of a large
// file may take up to a minute (BF-7.2), and the user should see that it is still working.
import { useState } from 'react';
import { Alert, Button, Modal, Space, Spin, Steps, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import type { AttachmentItem } from '@cqjy/domain/api';
import { xlsxName } from '@cqjy/domain/format';
import {
  SHEET_IMPORT_TAG,
  type SheetColumn,
  type SheetImportPreview,
  type SheetPreviewRow,
} from '@cqjy/domain/projects/sheets';
import { DISPOSAL_VEHICLES_MAX, VEHICLE_SHEET, VEHICLE_SHEET_COLUMNS } from '@cqjy/domain/vehicle-disposal';
import { PROJECT_DATA_CLASS } from '@cqjy/domain/workflow/actions';
import { saveBlob } from '../../api/attachments.ts';
import { http } from '../../lib/http.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { FileUpload, tableMinWidth } from '../../components/index.ts';
import { inputVehicleData, previewVehicleImport, VEHICLE_TEMPLATE_PATH } from './api.ts';

/** GET the import template (a file, not the envelope) and save it under the sheet's name. */
export async function downloadVehicleTemplate(): Promise<void> {
  saveBlob(await http.download(VEHICLE_TEMPLATE_PATH), xlsxName(`${VEHICLE_SHEET.title}模板`));
}

/** antd's error background (colorErrorBg): a row with errors stands out as the warning above the table does. */
const INVALID_BACKGROUND = '#fff2f0';

/** What each template column usually needs (a longer value is cut, whole in its tooltip). */
const COLUMN_WIDTHS: Record<string, number> = {
  carNumber: 100,
  vin: 180,
  engineNo: 120,
  brandModel: 140,
  vehicleType: 100,
  registrationDate: 110,
  mileage: 130,
  condition: 120,
  remark: 120,
};

const invalidCell = (row: SheetPreviewRow) =>
  row.errors.length > 0 ? { style: { background: INVALID_BACKGROUND } } : {};

const cellOf = (column: SheetColumn) => ({
  key: column.key,
  title: column.label,
  width: COLUMN_WIDTHS[column.key] ?? 120,
  ellipsis: { showTitle: false },
  render: (_: unknown, row: SheetPreviewRow) => {
    const text = row.cells[column.key] ?? '';
    return text === '' ? (
      <Typography.Text type="secondary">—</Typography.Text>
    ) : (
      <Tooltip title={text} placement="topLeft">
        {text}
      </Tooltip>
    );
  },
});

/** 行号, the template's columns as typed in the file, and 校验结果 (the line and the result stay while it scrolls). */
const PREVIEW_COLUMNS: TableColumnsType<SheetPreviewRow> = [
  { key: 'line', title: '行号', dataIndex: 'line', width: 64, fixed: 'left', onCell: invalidCell },
  ...VEHICLE_SHEET_COLUMNS.map(cellOf),
  {
    key: 'errors',
    title: '校验结果',
    width: 260,
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

const PREVIEW_WIDTH = tableMinWidth(PREVIEW_COLUMNS);

function previewSummary(preview: SheetImportPreview): string {
  if (preview.total === 0) return '表格中没有车辆数据，请按模板填写后重新上传';
  if (preview.valid === 0) return `共${preview.total}行，全部有误，没有可导入的车辆；请修改表格后重新上传`;
  return preview.invalid === 0
    ? `共${preview.total}行，全部校验通过`
    : `共${preview.total}行，其中${preview.invalid}行有误，导入时将跳过；可修改表格后重新上传`;
}

export type VehicleImportDialogProps = {
  projectId: number;
  isOpen: boolean;
  onClose: () => void;
  /** after vehicles were imported */
  onImported: () => void;
};

type Stage = 'upload' | 'check' | 'import';
const STAGE_INDEX: Record<Stage, number> = { upload: 0, check: 1, import: 2 };

export function VehicleImportDialog({ projectId, isOpen, onClose, onImported }: VehicleImportDialogProps) {
  const [files, setFiles] = useState<AttachmentItem[]>([]);
  const [preview, setPreview] = useState<SheetImportPreview | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const { busy, run } = useBusy<'preview' | 'import'>();
  const file = files[0];
  const canImport = preview !== null && preview.valid > 0 && preview.problems.length === 0;
  const stage: Stage = busy === 'import' ? 'import' : file === undefined ? 'upload' : 'check';

  const reset = (): void => {
    setFiles([]);
    setPreview(null);
  };

  const close = (): void => {
    // an import under way finishes on the server whatever the dialog does; the user waits for its answer
    if (busy === 'import') return;
    reset();
    onClose();
  };

  const onUploaded = async (items: AttachmentItem[]): Promise<void> => {
    setFiles(items);
    setPreview(null);
    const uploaded = items[0];
    if (uploaded === undefined) return;
    // a file the server cannot read is told by the client; the user picks another
    await run('preview', async () => {
      setPreview(await previewVehicleImport({ projectId, uuid: uploaded.uuid }));
    });
  };

  const onImport = async (): Promise<void> => {
    if (file === undefined) return;
    await run('import', async () => {
      await inputVehicleData({ projectId, uuid: file.uuid });
      reset();
      onImported();
      onClose();
    });
  };

  const onDownload = async (): Promise<void> => {
    setIsDownloading(true);
    try {
      await downloadVehicleTemplate();
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsDownloading(false);
    }
  };

  const stepStatus = (step: Stage): 'wait' | 'process' | 'finish' => {
    if (STAGE_INDEX[step] < STAGE_INDEX[stage]) return 'finish';
    if (step !== stage) return 'wait';
    if (step === 'check' && preview !== null) return 'finish';
    return 'process';
  };
  const isWorking = (step: Stage): boolean =>
    (step === 'check' && busy === 'preview') || (step === 'import' && busy === 'import');
  const stepItems = (
    [
      { key: 'upload', title: '上传', content: '上传填好的模板' },
      { key: 'check', title: '校验', content: '逐行校验车辆信息' },
      { key: 'import', title: '导入', content: '导入校验通过的车辆' },
    ] as const
  ).map((item) => ({
    title: item.title,
    content: item.content,
    status: stepStatus(item.key),
    ...(isWorking(item.key) ? { icon: <LoadingOutlined /> } : {}),
  }));

  return (
    <Modal
      open={isOpen}
      title="导入车辆"
      width={`min(${PREVIEW_WIDTH + 48}px, calc(100vw - 64px))`}
      destroyOnHidden
      mask={{ closable: false }}
      closable={busy !== 'import'}
      onCancel={close}
      footer={
        <Space>
          <Button disabled={busy === 'import'} onClick={close}>
            取消
          </Button>
          <Button
            type="primary"
            disabled={!canImport || busy !== null}
            loading={busy === 'import'}
            onClick={() => void onImport()}
          >
            {preview === null || !canImport ? '确认导入' : `确认导入（${preview.valid}辆）`}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Steps size="small" items={stepItems} />
        <Alert
          type="info"
          showIcon
          title={`请下载车辆清单模板，按“填写说明”填写后上传（.xlsx，一个项目最多${DISPOSAL_VEHICLES_MAX}辆车）。上传后先校验每一行，确认后才会导入；已登记的车辆不受影响。`}
          action={
            <Button size="small" loading={isDownloading} onClick={() => void onDownload()}>
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
          // once a file is in, the drop zone gives its room to the preview; the button picks another file
          isDrag={file === undefined}
          disabled={busy !== null}
          value={files}
          onChange={(items) => void onUploaded(items)}
          buttonText="重新选择文件"
        />
        {busy === 'preview' ? (
          <Space>
            <Spin size="small" />
            <Typography.Text type="secondary">正在读取并校验表格……</Typography.Text>
          </Space>
        ) : null}
        {busy === 'import' && preview !== null ? (
          <Alert
            type="info"
            showIcon
            icon={<Spin size="small" />}
            title={`正在导入${preview.valid}辆车辆，请稍候（车辆较多时最长约需1分钟），请勿关闭本窗口`}
          />
        ) : null}
        {preview !== null ? (
          <>
            {preview.problems.map((problem) => (
              <Alert key={problem} type="error" showIcon title={problem} />
            ))}
            <Alert
              type={preview.invalid === 0 && preview.total > 0 ? 'success' : 'warning'}
              showIcon
              title={previewSummary(preview)}
            />
            <Table<SheetPreviewRow>
              rowKey="line"
              size="small"
              columns={PREVIEW_COLUMNS}
              dataSource={preview.rows}
              onRow={(row) => (row.errors.length > 0 ? { style: { background: INVALID_BACKGROUND } } : {})}
              scroll={{ x: PREVIEW_WIDTH, y: 320 }}
              pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            />
          </>
        ) : null}
      </Space>
    </Modal>
  );
}
