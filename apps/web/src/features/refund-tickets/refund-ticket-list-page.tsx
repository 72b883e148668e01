// 退票信息: the payouts the bank returned, the company's own (every company's for the exchange), searched by keyword
// and state, paged. Each row opens its ticket (查看); the company applies again (重新出金申请) while a ticket is
// pending, corrects a returned application (修改) and signs one waiting for its signature (签章); the exchange
// reviews a signed one (审核) and records a returned payout (登记退票).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Form, InputNumber, Select, Tag } from 'antd';
import { identityName } from '@cqjy/domain/identity';
import { isAdminIdentity } from '@cqjy/domain/menus';
import { MSG } from '@cqjy/domain/messages';
import { REFUND_RETURN_REASONS, REFUND_TICKET_STATE_LABELS } from '@cqjy/domain/refund-tickets';
import type { RefundTicket, RefundTicketState } from '@cqjy/domain/refund-tickets';
import type { RefundTicketSaveBody } from '@cqjy/domain/contracts/refund-tickets';
import { maskBankAccount } from '@cqjy/domain/registries/kit';
import { usePageTitle } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';
import { AppDialog, DayPicker, moneyColumn, projectColumn } from '../../components/index.ts';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { recordTicket, ticketsQuery } from './api.ts';
import type { TicketQuery } from './api.ts';

const STATE_OPTIONS = Object.entries(REFUND_TICKET_STATE_LABELS).map(([value, label]) => ({ value, label }));
export const STATE_COLORS: Record<RefundTicketState, string> = {
  pending: 'orange',
  signing: 'gold',
  reviewing: 'blue',
  returned: 'red',
  closed: 'green',
};

type Filters = { keyword?: string; state?: RefundTicketState };

/** The page of a ticket's next step, for whoever takes it; null when there is none for the caller. */
export function nextStepOf(
  ticket: RefundTicket,
  isExchange: boolean,
): { label: string; path: string } | null {
  const at = (name: string) => `/index/${name}?id=${ticket.id}`;
  if (isExchange)
    return ticket.state === 'reviewing' ? { label: '审核', path: at('refundTicketApplyShow') } : null;
  switch (ticket.state) {
    case 'pending':
      return { label: '重新出金申请', path: at('refundTicketApply') };
    case 'returned':
      return { label: '修改', path: at('refundTicketModify') };
    case 'signing':
      return { label: '签章', path: at('refundTicketApplyShow') };
    default:
      return null;
  }
}

export function RefundTicketListPage() {
  const title = usePageTitle();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isExchange = useSession((session) => isAdminIdentity(identityName(session.identityType)));
  const [isRecording, setIsRecording] = useState(false);
  const { search, list } = useListQuery((query: TicketQuery) => ticketsQuery(query));

  const onSearch = (values: Filters): void => {
    search({ keyword: values.keyword?.trim() || undefined, state: values.state });
  };

  // The project (its name, its code under it) and the paying-out company take what the other columns leave: a
  // company's tickets fit the card of a 1,366 and a 1,440 px screen.
  const columns: ListColumn<RefundTicket>[] = [
    {
      title: '关键字',
      key: 'keyword',
      hideInTable: true,
      search: { kind: 'input', placeholder: '退票编号、项目名称或项目编号', width: 260 },
    },
    { title: '退票编号', dataIndex: 'code', key: 'code', width: 150, fixed: 'left' },
    projectColumn<RefundTicket>(),
    ...(isExchange
      ? [{ title: '收款单位', dataIndex: 'companyName', key: 'companyName', ellipsis: true }]
      : []),
    { title: '出金类型', dataIndex: 'payoutKindLabel', key: 'payoutKind', width: 90 },
    moneyColumn({ key: 'amount', title: '退票金额', fen: (row) => row.amount }),
    {
      title: '原收款账号',
      key: 'original',
      width: 130,
      render: (_, row) => maskBankAccount(row.original.accountNo),
    },
    { title: '退票原因', dataIndex: 'returnReason', key: 'returnReason', width: 110 },
    { title: '退票日期', dataIndex: 'returnedOn', key: 'returnedOn', width: 104 },
    {
      title: '状态',
      key: 'state',
      width: 100,
      render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{row.stateLabel}</Tag>,
      search: { kind: 'select', options: STATE_OPTIONS, width: 160 },
    },
  ];

  return (
    <ListPage<RefundTicket, Filters>
      title={title}
      extra={
        isExchange && (
          <Button type="primary" onClick={() => setIsRecording(true)}>
            登记退票
          </Button>
        )
      }
      columns={columns}
      list={list}
      onSearch={onSearch}
      actions={{
        // 查看 重新出金申请 side by side
        width: 170,
        render: (row) => {
          const next = nextStepOf(row, isExchange);
          return (
            <>
              <RowAction onClick={() => void navigate(`/index/refundTicketShow?id=${row.id}`)}>
                查看
              </RowAction>
              {next !== null && <RowAction onClick={() => void navigate(next.path)}>{next.label}</RowAction>}
            </>
          );
        },
      }}
    >
      {isRecording && (
        <RecordDialog
          onClose={() => setIsRecording(false)}
          onDone={() => {
            setIsRecording(false);
            void queryClient.invalidateQueries({ queryKey: ['refundTickets'] });
          }}
        />
      )}
    </ListPage>
  );
}

type RecordValues = {
  instanceId?: number;
  returnReason?: RefundTicketSaveBody['returnReason'];
  returnedOn?: string;
};

/** 登记退票: the exchange names the approved payout (its application number) that came back, why and when. */
function RecordDialog({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<RecordValues>();
  const [isBusy, setIsBusy] = useState(false);

  const onOk = async (): Promise<void> => {
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    setIsBusy(true);
    try {
      await recordTicket({
        instanceId: values.instanceId ?? 0,
        // the form asks for a reason; none would be sent empty, as before, for the server to refuse
        returnReason: values.returnReason ?? ('' as RefundTicketSaveBody['returnReason']),
        returnedOn: values.returnedOn ?? '',
      });
      onDone();
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AppDialog
      size="md"
      open
      title="登记退票"
      okText="登记"
      cancelText="取消"
      confirmLoading={isBusy}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<RecordValues> form={form} layout="vertical">
        <Form.Item
          name="instanceId"
          label="出金申请编号"
          extra="已审核通过的价款划转或退款出金申请的编号"
          rules={[{ required: true, message: MSG.refundTicketPayoutMissing }]}
        >
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="returnReason"
          label="退票原因"
          rules={[{ required: true, message: MSG.refundTicketReturnReasonInvalid }]}
        >
          <Select options={REFUND_RETURN_REASONS.map((reason) => ({ value: reason, label: reason }))} />
        </Form.Item>
        <Form.Item
          name="returnedOn"
          label="退票日期"
          rules={[{ required: true, message: MSG.refundTicketReturnedOnInvalid }]}
        >
          <DayPicker aria-label="退票日期" />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
