// 退款批次: the batches sent to the bank, newest first: each one's file again (下载文件), and while the bank has not
// answered, 确认回单: the exchange enters the bank's return slip, every line refunded but those it marks 退款失败
// (owed back again, to go out in a later batch). A confirmed batch stays as it was closed.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { RefundBatchSummary, RefundLine } from '@cqjy/domain/contracts/deposits';
import { REFUND_BATCH_STATUS_LABELS, REFUND_BATCH_STATUSES } from '@cqjy/domain/deposits';
import type { RefundBatchStatus } from '@cqjy/domain/deposits';
import { formatDateTime, formatFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { AppDialog, moneyColumn } from '../../components/index.ts';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { batchesQuery, batchQuery, confirmRefundBatch, DEPOSITS_KEY, downloadRefundFile } from './api.ts';
import type { BatchQuery } from './api.ts';
import { BATCH_COLORS, LINE_COLORS } from './outcome-colors.ts';

const STATUS_OPTIONS = REFUND_BATCH_STATUSES.map((value) => ({
  value,
  label: REFUND_BATCH_STATUS_LABELS[value],
}));

export function RefundBatchesTab() {
  const { search, list } = useListQuery((query: BatchQuery) => batchesQuery(query));
  const [confirming, setConfirming] = useState<RefundBatchSummary | null>(null);

  const columns: ListColumn<RefundBatchSummary>[] = [
    { title: '批次号', dataIndex: 'batchNo', key: 'batchNo', width: 170, fixed: 'left' },
    { title: '笔数', dataIndex: 'lineCount', key: 'lineCount', width: 70, align: 'right' },
    moneyColumn({ key: 'total', title: '合计金额', fen: (row) => row.total }),
    {
      title: '状态',
      key: 'status',
      width: 110,
      render: (_, row) => <Tag color={BATCH_COLORS[row.status]}>{row.statusLabel}</Tag>,
      search: { kind: 'select', options: STATUS_OPTIONS, width: 140 },
    },
    {
      title: '生成',
      key: 'created',
      ellipsis: true,
      render: (_, row) => `${row.createdByName} ${formatDateTime(row.createdAt)}`,
    },
    {
      title: '确认结果',
      key: 'confirmed',
      ellipsis: true,
      render: (_, row) =>
        row.confirmedAt === null ? (
          <Typography.Text type="secondary">待银行回单</Typography.Text>
        ) : (
          `已退还${row.refunded}笔${row.failed > 0 ? `，失败${row.failed}笔` : ''}（${formatDateTime(row.confirmedAt)}）`
        ),
    },
  ];

  return (
    <ListPage<RefundBatchSummary, { status?: RefundBatchStatus }>
      isBare
      columns={columns}
      list={list}
      onSearch={(values) => search({ status: values.status })}
      actions={{
        width: 160,
        render: (row) => (
          <>
            <RowAction onClick={() => void downloadRefundFile(row)}>下载文件</RowAction>
            {row.status === 'issued' && <RowAction onClick={() => setConfirming(row)}>确认回单</RowAction>}
          </>
        ),
      }}
    >
      {confirming !== null && <ConfirmDialog batch={confirming} onClose={() => setConfirming(null)} />}
    </ListPage>
  );
}

/** 确认回单: the batch's lines, each refunded unless marked as the bank's return slip says it failed. */
function ConfirmDialog({ batch, onClose }: { batch: RefundBatchSummary; onClose: () => void }) {
  const queryClient = useQueryClient();
  const shown = useQuery(batchQuery(batch.id));
  const [failed, setFailed] = useState<number[]>([]);
  const [isSaving, setIsSaving] = useState(false);

  const onOk = async (): Promise<void> => {
    setIsSaving(true);
    try {
      await confirmRefundBatch(batch.id, failed);
      void queryClient.invalidateQueries({ queryKey: DEPOSITS_KEY });
      onClose();
    } catch {
      // told by the HTTP client; the marks stay
    } finally {
      setIsSaving(false);
    }
  };

  const columns: TableColumnsType<RefundLine> = [
    { key: 'line', title: '序号', dataIndex: 'line', width: 60 },
    { key: 'name', title: '意向受让方', dataIndex: 'name', ellipsis: true },
    { key: 'payee', title: '收款人', dataIndex: 'payeeName', width: 160, ellipsis: true },
    { key: 'account', title: '收款账号', dataIndex: 'payeeAccount', width: 170 },
    moneyColumn({ key: 'amount', title: '金额', fen: (line) => line.amount }),
    {
      key: 'failed',
      title: '退款失败',
      width: 90,
      render: (_, line) =>
        line.outcome === 'issued' ? (
          <Checkbox
            aria-label={`${line.name}退款失败`}
            checked={failed.includes(line.registrationId)}
            onChange={(event) =>
              setFailed((current) =>
                event.target.checked
                  ? [...current, line.registrationId]
                  : current.filter((id) => id !== line.registrationId),
              )
            }
          />
        ) : (
          <Tag color={LINE_COLORS[line.outcome]}>{line.outcomeLabel}</Tag>
        ),
    },
  ];

  return (
    <AppDialog
      open
      size="lg"
      minWidth={860}
      title={`确认退款回单 · ${batch.batchNo}`}
      okText="确认"
      cancelText={MSG.cancel}
      confirmLoading={isSaving}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={`本批次共${batch.lineCount}笔、${formatFen(batch.total)}元。按银行回单确认：未勾选的记为已退还，勾选的记为退款失败并回到待退还。`}
        />
        <Table<RefundLine>
          rowKey="id"
          size="small"
          loading={shown.isFetching}
          columns={columns}
          dataSource={shown.data?.lines ?? []}
          pagination={false}
          scroll={{ y: 360 }}
        />
      </Space>
    </AppDialog>
  );
}
