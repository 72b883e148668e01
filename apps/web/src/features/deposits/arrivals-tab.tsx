// 到账记录: every transfer the bank told of (its signed notice, or a line of an imported statement), newest first,
// with the reconciliation's figures above: what matched a registration, and what waits for the exchange (未匹配,
// 金额不足, 金额超出, 逾期到账). A figure filters the list by its outcome; 导入对账单 takes the bank's statement when the
// notices' link was down, previewed before anything is stored.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, Typography } from 'antd';
import type { DepositArrivalRow } from '@cqjy/domain/contracts/deposits';
import { DEPOSIT_ARRIVAL_OUTCOME_LABELS, DEPOSIT_ARRIVAL_OUTCOMES } from '@cqjy/domain/deposits';
import type { DepositArrivalOutcome } from '@cqjy/domain/deposits';
import { formatDateTime } from '@cqjy/domain/format';
import { moneyColumn } from '../../components/index.ts';
import { ListPage, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { arrivalsQuery, DEPOSITS_KEY } from './api.ts';
import type { ArrivalQuery } from './api.ts';
import { OUTCOME_COLORS } from './outcome-colors.ts';
import { StackedCell } from './stacked-cell.tsx';
import { StatementImportDialog } from './statement-import-dialog.tsx';

type Filters = { keyword?: string; outcome?: DepositArrivalOutcome };

const OUTCOME_OPTIONS = DEPOSIT_ARRIVAL_OUTCOMES.map((value) => ({
  value,
  label: DEPOSIT_ARRIVAL_OUTCOME_LABELS[value],
}));

export function ArrivalsTab() {
  const queryClient = useQueryClient();
  const [isImporting, setIsImporting] = useState(false);
  const { query, search, list, result } = useListQuery((q: ArrivalQuery) => arrivalsQuery(q));
  const counts = result.data?.counts;

  const columns: ListColumn<DepositArrivalRow>[] = [
    {
      title: '关键字',
      key: 'keyword',
      hideInTable: true,
      search: { kind: 'input', placeholder: '流水号、账号、付款人、受让方或项目', width: 280 },
    },
    { title: '交易流水号', dataIndex: 'serial', key: 'serial', width: 160, fixed: 'left' },
    {
      title: '来源',
      key: 'source',
      width: 76,
      render: (_, row) => (row.source === 'notice' ? '银行通知' : '对账单'),
    },
    { title: '收款账号', dataIndex: 'account', key: 'account', width: 160 },
    moneyColumn({ key: 'amount', title: '金额', fen: (row) => row.amount }),
    { title: '到账时间', key: 'arrivedAt', width: 160, render: (_, row) => formatDateTime(row.arrivedAt) },
    {
      title: '付款人 / 账号',
      key: 'payer',
      width: 190,
      ellipsis: true,
      render: (_, row) => <StackedCell main={row.payerName} sub={row.payerAccount} />,
    },
    {
      title: '对账结果',
      key: 'outcome',
      width: 100,
      render: (_, row) => <Tag color={OUTCOME_COLORS[row.outcome]}>{row.outcomeLabel}</Tag>,
      search: { kind: 'select', options: OUTCOME_OPTIONS, width: 140 },
    },
    {
      title: '意向受让方 / 项目',
      key: 'registration',
      ellipsis: true,
      render: (_, row) =>
        row.registrationName === '' ? (
          <Typography.Text type="secondary">未找到对应登记</Typography.Text>
        ) : (
          <StackedCell main={row.registrationName} sub={row.projectName} />
        ),
    },
  ];

  return (
    <ListPage<DepositArrivalRow, Filters>
      isBare
      banner={
        <Space wrap style={{ marginBottom: 12 }} data-testid="reconciliation">
          {DEPOSIT_ARRIVAL_OUTCOMES.map((outcome) => (
            <Tag.CheckableTag
              key={outcome}
              checked={query.outcome === outcome}
              onChange={(checked) =>
                search({ keyword: query.keyword, outcome: checked ? outcome : undefined })
              }
            >
              {DEPOSIT_ARRIVAL_OUTCOME_LABELS[outcome]} {counts?.[outcome] ?? 0}
            </Tag.CheckableTag>
          ))}
        </Space>
      }
      toolbar={
        <Button type="primary" onClick={() => setIsImporting(true)}>
          导入对账单
        </Button>
      }
      columns={columns}
      list={list}
      onSearch={(values) => search({ keyword: values.keyword?.trim() || undefined, outcome: values.outcome })}
    >
      {isImporting && (
        <StatementImportDialog
          onClose={() => setIsImporting(false)}
          onImported={() => {
            setIsImporting(false);
            void queryClient.invalidateQueries({ queryKey: DEPOSITS_KEY });
          }}
        />
      )}
    </ListPage>
  );
}
