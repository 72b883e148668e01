// What every page of a ticket shows first: the returned payout (project, kind, amount, the account it went to,
// why and when the bank returned it) and the ticket's state; and a hook reading the ticket of the page's ?id=.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Descriptions, Spin, Tag } from 'antd';
import { formatFen } from '@cqjy/domain/format';
import type { PayeeAccount, RefundTicketDetail } from '@cqjy/domain/refund-tickets';
import { readQueryId } from '../../lib/query-id.ts';
import { PageNotFound } from '../../components/index.ts';
import { ticketQuery } from './api.ts';
import { STATE_COLORS } from './refund-ticket-list-page.tsx';

export function accountText(account: PayeeAccount): string {
  const bank = [account.bankName, account.branchName].filter((part) => part !== '').join(' ');
  return `${account.accountName}　${account.accountNo}${bank === '' ? '' : `（${bank}）`}`;
}

export function TicketFacts({ ticket }: { ticket: RefundTicketDetail }) {
  return (
    <Descriptions bordered size="small" column={2} styles={{ label: { width: 130 } }}>
      <Descriptions.Item label="退票编号">{ticket.code}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={STATE_COLORS[ticket.state]}>{ticket.stateLabel}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="项目名称">{ticket.projectName}</Descriptions.Item>
      <Descriptions.Item label="项目编号">{ticket.projectCode}</Descriptions.Item>
      <Descriptions.Item label="收款单位">{ticket.companyName}</Descriptions.Item>
      <Descriptions.Item label="出金类型">{ticket.payoutKindLabel}</Descriptions.Item>
      <Descriptions.Item label="退票金额">{`${formatFen(ticket.amount)}元`}</Descriptions.Item>
      <Descriptions.Item label="退票日期">{ticket.returnedOn}</Descriptions.Item>
      <Descriptions.Item label="原收款账户" span={2}>
        {accountText(ticket.original)}
      </Descriptions.Item>
      <Descriptions.Item label="退票原因" span={2}>
        {ticket.returnReason}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The ticket of the page's ?id=, or what to show while it loads or when there is none. */
export function useTicketOfPage():
  { ticket: RefundTicketDetail; fallback: null } | { ticket: null; fallback: React.ReactElement } {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const query = useQuery({ ...ticketQuery(id ?? 0), enabled: id !== null });
  if (query.data !== undefined) return { ticket: query.data, fallback: null };
  if (id === null || query.isError) {
    return {
      ticket: null,
      fallback: <PageNotFound />,
    };
  }
  return {
    ticket: null,
    fallback: (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    ),
  };
}
