// The buyers' table of 意向登记 (project-intentions-card.tsx): each buyer once, a registration past signing or a
// transferee an engine application recorded, with its member, offer, deposit, status and opinions, and the steps
// the viewer may take on it (the card runs them: its dialogs and confirmations).
import { useNavigate } from 'react-router';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatFen } from '@cqjy/domain/format';
import { canDepositStep, INTENTION_STATUS_LABELS, intentionShowPath } from '@cqjy/domain/intentions';
import type { IntentionFamily, IntentionView } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import type { IntendedTransferee } from '@cqjy/domain/projects/views';
import type { ReviewResult } from '../bidding/index.ts';
import { DepositStateTag } from '../intentions/index.ts';
import { TransfereeFiles } from './sections/intended-transferees.tsx';

export type Reviewing = { row: IntentionView; result: ReviewResult };

/** A buyer of the project: a registration, or a transferee an engine application recorded. */
export type BuyerRow =
  | { key: string; name: string; registration: IntentionView; transferee?: never }
  | { key: string; name: string; registration?: never; transferee: IntendedTransferee };

const STATUS_COLORS: Partial<Record<IntentionView['status'], string>> = {
  submitted: 'processing',
  ownerApproved: 'cyan',
  qualified: 'green',
  returned: 'red',
  disqualified: 'red',
  won: 'gold',
};

function opinionText(row: BuyerRow): string {
  if (row.transferee !== undefined) {
    return row.transferee.opinion === null ? '—' : `资格审核意见：${row.transferee.opinion}`;
  }
  const { registration } = row;
  const lines: string[] = [];
  if (registration.ownerOpinion !== '') lines.push(`转让方意见：${registration.ownerOpinion}`);
  if (registration.reviewReason !== '') {
    lines.push(
      `${registration.status === 'returned' ? '退回原因' : '交易所意见'}：${registration.reviewReason}`,
    );
  }
  return lines.length === 0 ? '—' : lines.join('\n');
}

/** Each buyer once: the registrations, then the recorded transferees no registration names. */
export function listBuyers(
  registrations: readonly IntentionView[],
  transferees: readonly IntendedTransferee[],
) {
  const named = new Set(registrations.map((row) => row.name));
  return [
    ...registrations.map((registration): BuyerRow => ({
      key: `registration-${registration.id}`,
      name: registration.name,
      registration,
    })),
    ...transferees
      .filter((transferee) => !named.has(transferee.name))
      .map((transferee): BuyerRow => ({
        key: `transferee-${transferee.name}`,
        name: transferee.name,
        transferee,
      })),
  ];
}

function DepositCell({ row }: { row: IntentionView }) {
  return (
    <Space size={4} wrap>
      {row.depositAmount === null ? null : <span>{formatFen(row.depositAmount)}</span>}
      <DepositStateTag intention={row} />
      {row.depositArrivedOn === null ? null : (
        <Typography.Text type="secondary">{row.depositArrivedOn}到账</Typography.Text>
      )}
    </Space>
  );
}

export type BuyersTableProps = {
  rows: BuyerRow[];
  family: IntentionFamily;
  /** the member representing the project: an engine application's applicant */
  agentCompanyName: string | null;
  isExchange: boolean;
  isOwner: boolean;
  isLoading: boolean;
  /** the step under way (its button spins) */
  busy: string | null;
  onDeposit: (row: IntentionView) => void;
  onRefund: (row: IntentionView) => void;
  onForfeit: (row: IntentionView) => void;
  onConfirmQualified: (row: IntentionView) => void;
  onReview: (reviewing: Reviewing) => void;
  onUpload: (name: string) => void;
};

export function BuyersTable({
  rows,
  family,
  agentCompanyName,
  isExchange,
  isOwner,
  isLoading,
  busy,
  onDeposit,
  onRefund,
  onForfeit,
  onConfirmQualified,
  onReview,
  onUpload,
}: BuyersTableProps) {
  const navigate = useNavigate();

  const actionsOf = (row: IntentionView) => (
    <Space size={0} wrap>
      <Button type="link" size="small" onClick={() => void navigate(intentionShowPath(family, row.id))}>
        查看
      </Button>
      {isExchange && row.depositState === 'unpaid' ? (
        <Button type="link" size="small" onClick={() => onDeposit(row)}>
          登记保证金
        </Button>
      ) : null}
      {isExchange && row.depositState === 'refunding' ? (
        <Button type="link" size="small" loading={busy === `deposit-${row.id}`} onClick={() => onRefund(row)}>
          退还保证金
        </Button>
      ) : null}
      {isExchange && canDepositStep('forfeit', row.depositState) ? (
        <Button type="link" size="small" danger onClick={() => onForfeit(row)}>
          扣除保证金
        </Button>
      ) : null}
      {isExchange && row.status === 'ownerApproved' ? (
        <>
          <Button
            type="link"
            size="small"
            disabled={row.depositState === 'unpaid'}
            title={row.depositState === 'unpaid' ? MSG.intentionDepositUnpaid : undefined}
            loading={busy === `review-${row.id}`}
            onClick={() => onConfirmQualified(row)}
          >
            资格确认
          </Button>
          <Button type="link" size="small" danger onClick={() => onReview({ row, result: 'back' })}>
            退回
          </Button>
        </>
      ) : null}
      {isOwner && row.status === 'submitted' ? (
        <>
          <Button type="link" size="small" onClick={() => onReview({ row, result: 'pass' })}>
            资格审核通过
          </Button>
          <Button type="link" size="small" danger onClick={() => onReview({ row, result: 'back' })}>
            退回
          </Button>
        </>
      ) : null}
    </Space>
  );

  const columns: TableColumnsType<BuyerRow> = [
    {
      key: 'name',
      title: '意向受让方',
      width: 200,
      fixed: 'left',
      render: (_, row) => (
        <Space size={4} wrap>
          <span>{row.name}</span>
          {row.transferee === undefined ? null : <Tag>业务申请登记</Tag>}
        </Space>
      ),
    },
    {
      key: 'member',
      title: '代理会员',
      width: 180,
      // an engine application's applicant is the member representing the project
      render: (_, row) => row.registration?.memberName ?? agentCompanyName ?? '—',
    },
    {
      key: 'amount',
      title: '拟受让价格（元）',
      width: 150,
      align: 'right',
      render: (_, row) => {
        const amount = row.registration?.amount ?? row.transferee?.amount ?? null;
        return amount === null ? '—' : formatFen(amount);
      },
    },
    {
      key: 'deposit',
      title: '保证金（元）',
      width: 210,
      render: (_, row) => (row.registration === undefined ? '—' : <DepositCell row={row.registration} />),
    },
    {
      key: 'status',
      title: '状态',
      width: 120,
      render: (_, row) =>
        row.registration === undefined ? (
          <Tag color={row.transferee.isQualified ? 'green' : 'processing'}>
            {row.transferee.isQualified ? '资格已确认' : '资格待确认'}
          </Tag>
        ) : (
          <Tag color={STATUS_COLORS[row.registration.status]}>
            {INTENTION_STATUS_LABELS[row.registration.status]}
          </Tag>
        ),
    },
    {
      key: 'opinion',
      title: '审核意见',
      width: 220,
      render: (_, row) => (
        <Typography.Text style={{ whiteSpace: 'pre-line' }}>{opinionText(row)}</Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 230,
      fixed: 'right',
      // a recorded transferee's steps are its documents: the owner's 上传资料
      render: (_, row) =>
        row.registration === undefined ? (
          <TransfereeFiles transferee={row.transferee} isOwner={isOwner} onUpload={onUpload} />
        ) : (
          actionsOf(row.registration)
        ),
    },
  ];

  return (
    <Table<BuyerRow>
      rowKey="key"
      size="small"
      loading={isLoading}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 1310 }}
      locale={{ emptyText: MSG.intentionsEmpty }}
    />
  );
}
