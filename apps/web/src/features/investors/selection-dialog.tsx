// 确定遴选结果 (the owner's): the qualified investors with a box each, the ones chosen before ticked, the plan's limits
// (how many investors it seeks, the share it offers) and what the ticks add up to. 确定 runs the domain's
// checkSelection first (every submission audited, among the qualified, within the plan) and sends nothing while it
// answers a message; then it sends each chosen investor with the version it was read at. A refusal of the server
// is shown and the dialog stays open.
import { useState } from 'react';
import { Alert, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import {
  checkSelection,
  INVESTOR_FIELD_LABELS as L,
  INVESTOR_SELECTABLE_STATUSES,
} from '@cqjy/domain/projects/investors';
import type { InvestorView } from '@cqjy/domain/projects/investors';
import { formatShare, sumShares } from '@cqjy/domain/projects/shares';
import { AppDialog } from '../../components/index.ts';
import { selectInvestors } from './api.ts';
import { cutText, InvestorStatusTag, showAmount, showShare } from './shared.tsx';

/** The plan's figures the selection is held to; undefined where the plan does not say. */
export type SelectionPlan = { investorCount?: number | undefined; offeredShare?: number | undefined };

export type SelectionDialogProps = {
  family: string;
  projectId: number;
  /** the project's investors as the owner sees them */
  investors: readonly InvestorView[];
  plan: SelectionPlan;
  onClose: () => void;
  onSelected: () => void;
};

export function SelectionDialog({
  family,
  projectId,
  investors,
  plan,
  onClose,
  onSelected,
}: SelectionDialogProps) {
  const candidates = investors.filter((investor) => INVESTOR_SELECTABLE_STATUSES.includes(investor.status));
  const [chosenIds, setChosenIds] = useState<number[]>(() =>
    candidates.filter((investor) => investor.status === 'selected').map((investor) => investor.id),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const isAuditPending = investors.some((investor) => investor.status === 'submitted');
  const chosen = candidates.filter((investor) => chosenIds.includes(investor.id));

  const onOk = async (): Promise<void> => {
    const message = checkSelection({
      investors: investors.filter((investor) => investor.status !== 'draft'),
      chosenIds,
      investorCount: plan.investorCount,
      offeredShare: plan.offeredShare,
    });
    setProblem(message);
    if (message !== null) return;
    setIsSending(true);
    try {
      await selectInvestors(family, projectId, chosen);
      onSelected();
    } catch {
      // the HTTP client has shown the server's message; the ticks stay for another try
    } finally {
      setIsSending(false);
    }
  };

  const columns: TableColumnsType<InvestorView> = [
    { key: 'name', title: L.name, ellipsis: { showTitle: false }, render: (_, row) => cutText(row.name) },
    { key: 'investorType', title: L.investorType, width: 100, render: (_, row) => row.investorTypeLabel },
    {
      key: 'amount',
      title: L.amount,
      width: 130,
      align: 'right',
      render: (_, row) => showAmount(row.amount),
    },
    { key: 'share', title: L.share, width: 100, align: 'right', render: (_, row) => showShare(row.share) },
    { key: 'status', title: '状态', width: 120, render: (_, row) => <InvestorStatusTag investor={row} /> },
  ];

  return (
    <AppDialog
      size="lg"
      minWidth={760}
      open
      title="确定遴选结果"
      okText="确定"
      cancelText="取消"
      confirmLoading={isSending}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{MSG.investorsSelectionHint}</Typography.Text>
        <Typography.Text>
          {formatMessage(MSG.investorsSelectionPlan, {
            count: plan.investorCount === undefined ? '不限' : `${plan.investorCount}名`,
            share: plan.offeredShare === undefined ? '—' : `${formatShare(plan.offeredShare)}%`,
          })}
        </Typography.Text>
        {isAuditPending ? <Alert type="warning" showIcon title={MSG.investorsAuditPending} /> : null}
        <Table<InvestorView>
          rowKey="id"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={candidates}
          locale={{ emptyText: MSG.investorsEmpty }}
          rowSelection={{
            selectedRowKeys: chosenIds,
            onChange: (keys) => {
              setChosenIds(keys.map(Number));
              setProblem(null);
            },
          }}
        />
        <Typography.Text strong>
          {formatMessage(MSG.investorsSelectionChosen, {
            count: chosen.length,
            sum: formatShare(sumShares(chosen.map((investor) => investor.share))),
          })}
        </Typography.Text>
        {problem === null ? null : <Alert type="error" showIcon title={problem} />}
      </Space>
    </AppDialog>
  );
}
