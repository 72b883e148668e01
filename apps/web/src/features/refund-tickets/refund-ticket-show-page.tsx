// 查看退票信息 (refundTicketShow?id=): the ticket, every application made on it (the account named, the remark,
// the state, the exchange's opinion, the letters) and the caller's next step on it.
import { useNavigate } from 'react-router';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { identityName } from '@cqjy/domain/identity';
import { isAdminIdentity } from '@cqjy/domain/menus';
import type { RepayoutApplication } from '@cqjy/domain/refund-tickets';
import { downloadAttachment } from '../../api/attachments.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';
import { CloseButton } from '../../components/index.ts';
import { nextStepOf } from './refund-ticket-list-page.tsx';
import { accountText, TicketFacts, useTicketOfPage } from './ticket-facts.tsx';

function LetterLink({ uuid, name }: { uuid: string | null; name: string }) {
  if (uuid === null) return null;
  return (
    <Typography.Link onClick={() => void downloadAttachment({ uuid, fileName: name }).catch(() => undefined)}>
      {name}
    </Typography.Link>
  );
}

export function RefundTicketShowPage() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const isExchange = useSession((session) => isAdminIdentity(identityName(session.identityType)));
  const { ticket, fallback } = useTicketOfPage();
  if (ticket === null) return fallback;
  const next = nextStepOf(ticket, isExchange);

  return (
    <Card
      title={title}
      extra={
        <Space>
          {next !== null && (
            <Button type="primary" onClick={() => void navigate(next.path)}>
              {next.label}
            </Button>
          )}
          <CloseButton />
        </Space>
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <TicketFacts ticket={ticket} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          重新出金申请
        </Typography.Title>
        <Table<RepayoutApplication>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={ticket.applications}
          locale={{ emptyText: '尚未申请重新出金' }}
          scroll={{ x: 1100 }}
          columns={[
            { key: 'revisionNo', title: '版本', width: 70, render: (_, row) => `第${row.revisionNo}版` },
            { key: 'account', title: '收款账户', render: (_, row) => accountText(row.account) },
            { key: 'remark', title: '说明', dataIndex: 'remark', width: 160, ellipsis: true },
            { key: 'state', title: '状态', width: 90, render: (_, row) => <Tag>{row.stateLabel}</Tag> },
            {
              key: 'review',
              title: '审核意见',
              width: 200,
              render: (_, row) =>
                row.reviewedAt === null
                  ? '—'
                  : `${row.reviewReason ?? '同意'}（${row.reviewerName ?? ''} ${formatDateTime(row.reviewedAt)}）`,
            },
            {
              key: 'letters',
              title: '申请书',
              width: 220,
              render: (_, row) => (
                <Space orientation="vertical" size={0}>
                  <LetterLink uuid={row.signedLetterId} name="重新出金申请书（已签章）.pdf" />
                  {row.signedLetterId === null && (
                    <LetterLink uuid={row.letterId} name="重新出金申请书.pdf" />
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
