// 导入对账单: the bank's statement (CSV in UTF-8 or GB18030, or Excel .xlsx; its columns found by their headers) read
// by the server and shown line by line with what each would be: 已匹配 records the registration's deposit, the others
// are kept for the reconciliation, 已计入 was told before (by the bank's notice) and counts once. Nothing is stored
// before 确认导入, which records every readable line in one go.
import { useState } from 'react';
import { Alert, Button, Space, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { STATEMENT_FILE_MAX_BYTES } from '@cqjy/domain/contracts/deposits';
import type { StatementLine } from '@cqjy/domain/contracts/deposits';
import { DEPOSIT_ARRIVAL_OUTCOME_LABELS, STATEMENT_COLUMNS } from '@cqjy/domain/deposits';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';
import { AppDialog } from '../../components/index.ts';
import { importStatement, previewStatement, statementFileOf } from './api.ts';
import { OUTCOME_COLORS } from './outcome-colors.ts';

type Preview = Awaited<ReturnType<typeof previewStatement>>;
type StatementFile = Awaited<ReturnType<typeof statementFileOf>>;

function ResultTag({ line }: { line: StatementLine }) {
  if (line.result === null) return <Tag color="red">无法读取</Tag>;
  if (line.result === 'duplicate') return <Tag>已计入</Tag>;
  return <Tag color={OUTCOME_COLORS[line.result]}>{DEPOSIT_ARRIVAL_OUTCOME_LABELS[line.result]}</Tag>;
}

const COLUMNS: TableColumnsType<StatementLine> = [
  { key: 'line', title: '行号', dataIndex: 'line', width: 64, fixed: 'left' },
  { key: 'serial', title: STATEMENT_COLUMNS.serial, dataIndex: 'serial', width: 170 },
  { key: 'account', title: STATEMENT_COLUMNS.account, dataIndex: 'account', width: 180 },
  {
    key: 'amount',
    title: STATEMENT_COLUMNS.amount,
    width: 120,
    align: 'right',
    render: (_, line) => (line.amount === null ? '—' : formatFen(line.amount)),
  },
  {
    key: 'arrivedAt',
    title: STATEMENT_COLUMNS.arrivedAt,
    width: 150,
    render: (_, line) => (line.arrivedAt === null ? '—' : formatDateTime(line.arrivedAt)),
  },
  {
    key: 'payerName',
    title: STATEMENT_COLUMNS.payerName,
    dataIndex: 'payerName',
    width: 160,
    ellipsis: true,
  },
  {
    key: 'result',
    title: '对账结果',
    width: 220,
    fixed: 'right',
    render: (_, line) => (
      <Space size={4} wrap>
        <ResultTag line={line} />
        {line.message === '' ? null : <Typography.Text type="danger">{line.message}</Typography.Text>}
        {line.registrationName === '' ? null : (
          <Typography.Text type="secondary">{line.registrationName}</Typography.Text>
        )}
      </Space>
    ),
  },
];

export function StatementImportDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: () => void;
}) {
  const [file, setFile] = useState<StatementFile | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const onPick = async (picked: File): Promise<void> => {
    if (picked.size === 0) {
      notify.error(MSG.uploadEmpty);
      return;
    }
    if (picked.size > STATEMENT_FILE_MAX_BYTES) {
      notify.error(MSG.depositStatementFileTooLarge);
      return;
    }
    setIsBusy(true);
    setPreview(null);
    try {
      const read = await statementFileOf(picked);
      setPreview(await previewStatement(read));
      setFile(read);
    } catch {
      // the HTTP client has told the user; another file may be picked
      setFile(null);
    } finally {
      setIsBusy(false);
    }
  };

  const onImport = async (): Promise<void> => {
    if (file === null) return;
    setIsBusy(true);
    try {
      await importStatement(file);
      onImported();
    } catch {
      // told by the HTTP client; the preview stays
    } finally {
      setIsBusy(false);
    }
  };

  const counts = preview?.counts;
  const readable = preview === null ? 0 : preview.lines.length - preview.invalid;

  return (
    <AppDialog
      open
      size="lg"
      minWidth={1100}
      title="导入银行对账单"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{MSG.cancel}</Button>
          <Button
            type="primary"
            disabled={preview === null || readable === 0}
            loading={isBusy}
            onClick={() => void onImport()}
          >
            确认导入
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          支持银行导出的 CSV（UTF-8 或 GBK 编码）和 Excel（.xlsx）文件，须含“
          {Object.values(STATEMENT_COLUMNS).join('”“')}
          ”列，不超过512KB。导入前先预览，已通过银行通知计入的流水不会重复计入。
        </Typography.Text>
        <Upload
          accept=".csv,.xlsx"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(picked) => {
            void onPick(picked);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={isBusy && preview === null}>
            选择对账单文件
          </Button>
        </Upload>
        {file === null ? null : <Typography.Text>已选择：{file.fileName}</Typography.Text>}
        {preview === null || counts === undefined ? null : (
          <>
            <Alert
              type={preview.invalid > 0 ? 'warning' : 'info'}
              showIcon
              title={`共${preview.lines.length}行：已匹配${counts.matched}，未匹配${counts.unmatched}，金额不足${counts.short}，金额超出${counts.over}，逾期到账${counts.late}，已计入${counts.duplicate}${preview.invalid > 0 ? `，无法读取${preview.invalid}（不导入）` : ''}`}
            />
            <Table<StatementLine>
              rowKey="line"
              size="small"
              columns={COLUMNS}
              dataSource={preview.lines}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: 1100 }}
            />
          </>
        )}
      </Space>
    </AppDialog>
  );
}
