// 重新出金申请 (refundTicketApply?id=) and 重新出金修改 (refundTicketModify?id=): the company names the corrected
// account from its 银行账户 (the default preselected; the account that returned the money is refused) and a
// remark; saving makes the application letter, which the next page shows for the e-signature. A correction shows
// the exchange's reason for returning it and starts from what was applied for.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Form, Select, Space, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import type { RefundTicketDetail } from '@cqjy/domain/refund-tickets';
import type { RegistryRow } from '@cqjy/domain/registries/kit';
import { usePageTitle, useRouteDef } from '../../lib/route-handle.ts';
import { CloseButton, CountedTextArea } from '../../components/index.ts';
import { bankAccountsQuery, saveApplication } from './api.ts';
import { TicketFacts, useTicketOfPage } from './ticket-facts.tsx';

type Values = { remark?: string };

function accountLabel(row: RegistryRow): string {
  const v = row.values;
  return `${String(v.accountName)}　${String(v.accountNo)}（${String(v.bankName)} ${String(v.branchName)}）${v.isDefault === '是' ? '，默认' : ''}`;
}

export function RefundTicketApplyPage() {
  const { ticket, fallback } = useTicketOfPage();
  if (ticket === null) return fallback;
  return <ApplyForm key={ticket.id} ticket={ticket} />;
}

function ApplyForm({ ticket }: { ticket: RefundTicketDetail }) {
  const title = usePageTitle();
  const isModify = useRouteDef()?.name === 'refundTicketModify';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accounts = useQuery(bankAccountsQuery());
  const [form] = Form.useForm<Values>();
  const [isBusy, setIsBusy] = useState(false);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [bankError, setBankError] = useState<string | null>(null);
  const application = ticket.application;
  // the list shows account numbers masked: the server refuses the account that returned the money
  const choices = accounts.data ?? [];
  const isOpen = isModify ? ticket.state === 'returned' : ticket.state === 'pending';

  const bankId = chosen ?? choices[0]?.id;

  const onSubmit = async (values: Values): Promise<void> => {
    if (bankId === undefined) {
      setBankError(MSG.refundTicketBankMissing);
      return;
    }
    setIsBusy(true);
    try {
      const body = { bankId, remark: values.remark?.trim() ?? '' };
      if (isModify && application !== null) {
        await saveApplication(
          { kind: 'modify', applicationId: application.id },
          { ...body, version: application.version },
        );
      } else {
        await saveApplication({ kind: 'apply', ticketId: ticket.id }, { ...body, version: ticket.version });
      }
      // the lists read again in the background: the page moved to does not wait for them
      void queryClient.invalidateQueries({ queryKey: ['refundTickets'] });
      void navigate(`/index/refundTicketApplyShow?id=${ticket.id}`);
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Card title={title} extra={<CloseButton />}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <TicketFacts ticket={ticket} />
        {isModify && application?.reviewReason != null && (
          <Alert type="warning" showIcon title={`交易所退回意见：${application.reviewReason}`} />
        )}
        {!isOpen ? (
          <Alert
            type="info"
            showIcon
            title={isModify ? MSG.refundTicketNotReturned : MSG.refundTicketNotPending}
          />
        ) : (
          <Form<Values>
            form={form}
            layout="vertical"
            style={{ maxWidth: 720 }}
            initialValues={{ remark: isModify ? application?.remark : '' }}
            onFinish={(values) => void onSubmit(values)}
          >
            <Form.Item
              label="收款银行账户"
              required
              validateStatus={bankError === null ? undefined : 'error'}
              help={bankError ?? '款项将重新划转至所选账户；账户在“系统管理-银行账户”中维护。'}
            >
              <Select
                aria-label="收款银行账户"
                loading={accounts.isFetching}
                placeholder="请选择收款银行账户"
                value={bankId}
                onChange={(value: number) => {
                  setChosen(value);
                  setBankError(null);
                }}
                options={choices.map((row) => ({ value: row.id, label: accountLabel(row) }))}
              />
            </Form.Item>
            {accounts.data !== undefined && choices.length === 0 && (
              <Typography.Link onClick={() => void navigate('/index/bankAdd')}>
                还没有银行账户，去新增
              </Typography.Link>
            )}
            <Form.Item name="remark" label="说明">
              <CountedTextArea max={200} rows={3} placeholder="如：原账户已销户，现更正为新开立的基本户" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={isBusy}>
              {isModify ? '保存修改并生成申请书' : '生成申请书'}
            </Button>
          </Form>
        )}
      </Space>
    </Card>
  );
}
