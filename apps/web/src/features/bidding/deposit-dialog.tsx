// 登记保证金 (the exchange's, on a registration whose deposit is owed): what the bank statement says arrived — the
// amount in yuan, the day it arrived, the bank's reference (流水号) — next to the deposit owed. The domain's
// checkDepositReceipt judges it before anything is sent (the amount must be the one owed, the day not after today,
// the reference given), with its words on the field at fault; the server judges it again the same way.
import { useState } from 'react';
import { Descriptions, Form, Input } from 'antd';
import { formatDate, formatFen, parseYuanToFen } from '@cqjy/domain/format';
import { checkDepositReceipt, DEPOSIT_REFERENCE_MAX } from '@cqjy/domain/intentions';
import type { IntentionView } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import { AppDialog, clearErrorsOnChange, DayPicker, NumberInput } from '../../components/index.ts';
import { recordDeposit } from './api.ts';

export type DepositDialogProps = {
  row: Pick<IntentionView, 'id' | 'version' | 'name' | 'memberName' | 'depositAmount' | 'depositDeadline'>;
  onClose: () => void;
  /** the record was taken */
  onRecorded: () => void;
};

type DepositValues = { amount?: string; arrivedOn?: string; reference?: string };

export function DepositDialog({ row, onClose, onRecorded }: DepositDialogProps) {
  const [form] = Form.useForm<DepositValues>();
  const [isSending, setIsSending] = useState(false);
  const owed = row.depositAmount ?? 0;
  const [initialValues] = useState<DepositValues>(() => ({
    amount: '',
    arrivedOn: formatDate(Date.now()),
    reference: '',
  }));

  const submit = async (): Promise<void> => {
    const values = form.getFieldsValue();
    const checked = checkDepositReceipt(
      {
        amount: values.amount === undefined ? undefined : (parseYuanToFen(values.amount) ?? undefined),
        arrivedOn: values.arrivedOn,
        reference: values.reference,
      },
      owed,
      formatDate(Date.now()),
    );
    if (checked.message !== null) {
      form.setFields([{ name: checked.field, errors: [checked.message] }]);
      return;
    }
    setIsSending(true);
    try {
      await recordDeposit(row, checked.value);
      onRecorded();
    } catch {
      // the HTTP client has shown the server's message; the dialog stays for another try
    } finally {
      setIsSending(false);
    }
  };

  return (
    <AppDialog
      size="md"
      open
      title="登记保证金"
      okText="登记"
      cancelText={MSG.cancel}
      confirmLoading={isSending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="意向受让方">{row.name}</Descriptions.Item>
        <Descriptions.Item label="代理会员">{row.memberName}</Descriptions.Item>
        <Descriptions.Item label="应交保证金">
          <span data-testid="deposit-owed">{formatFen(owed)}元</span>
          {row.depositDeadline === null ? null : `（${row.depositDeadline}前交纳）`}
        </Descriptions.Item>
      </Descriptions>
      <Form<DepositValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item name="amount" label="到账金额（元）" required>
          <NumberInput />
        </Form.Item>
        <Form.Item name="arrivedOn" label="到账日期" required>
          <DayPicker aria-label="到账日期" />
        </Form.Item>
        <Form.Item name="reference" label="银行流水号" required>
          <Input maxLength={DEPOSIT_REFERENCE_MAX} autoComplete="off" />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
