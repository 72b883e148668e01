// 扣除保证金: the exchange keeps a deposit (a winner that defaulted, a bidder that broke the rules) with the reason,
// and may bar the party from the owner's projects for 规则参数 › 违约禁入期. The server judges whether the deposit may
// still be kept (arrived, not paid back nor out with the bank). The same form records a winner's default in the
// bidding hall (认定竞得人违约), which forfeits the deposit with its reason: ForfeitReasonDialog is both.
import { useState, type ReactNode } from 'react';
import { Checkbox, Form, Typography } from 'antd';
import { formatFen } from '@cqjy/domain/format';
import { DEPOSIT_FORFEIT_REASON_MAX } from '@cqjy/domain/intentions';
import type { IntentionView } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import { AppDialog, CountedTextArea } from '../../components/index.ts';
import { forfeitDeposit } from './api.ts';

export type ForfeitValues = { reason: string; isBarred: boolean };

type Values = { reason?: string; isBarred?: boolean };

/** A reason (required, counted) and whether to bar the party, sent by `submit`; closed by `onDone` once it took. */
export function ForfeitReasonDialog({
  title,
  okText,
  intro,
  reasonLabel,
  reasonRequired,
  placeholder,
  isBarredFirst,
  submit,
  onClose,
  onDone,
}: {
  title: string;
  okText: string;
  intro: ReactNode;
  reasonLabel: string;
  reasonRequired: string;
  placeholder: string;
  isBarredFirst: boolean;
  submit: (values: ForfeitValues) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [isSaving, setIsSaving] = useState(false);

  const onFinish = async (values: Values): Promise<void> => {
    setIsSaving(true);
    try {
      await submit({ reason: values.reason?.trim() ?? '', isBarred: values.isBarred === true });
      onDone();
    } catch {
      // told by the HTTP client; what was typed stays
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <AppDialog
      open
      size="lg"
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText={MSG.cancel}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ isBarred: isBarredFirst }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="reason"
          label={reasonLabel}
          rules={[{ required: true, whitespace: true, message: reasonRequired }]}
        >
          <CountedTextArea max={DEPOSIT_FORFEIT_REASON_MAX} rows={3} placeholder={placeholder} />
        </Form.Item>
        <Form.Item name="isBarred" valuePropName="checked">
          <Checkbox>在违约禁入期内禁止该受让方登记同一转让方的项目</Checkbox>
        </Form.Item>
      </Form>
    </AppDialog>
  );
}

export function ForfeitDialog({
  row,
  onClose,
  onDone,
}: {
  row: Pick<IntentionView, 'id' | 'version' | 'name' | 'depositAmount' | 'status'>;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <ForfeitReasonDialog
      title="扣除保证金"
      okText="扣除"
      intro={`扣除“${row.name}”已交纳的保证金${
        row.depositAmount === null ? '' : `${formatFen(row.depositAmount)}元`
      }，扣除后不再退还。`}
      reasonLabel="扣除原因"
      reasonRequired={MSG.depositForfeitReasonRequired}
      placeholder="如：竞得人逾期未签订交易合同"
      isBarredFirst={row.status === 'won'}
      submit={(values) => forfeitDeposit(row.id, { version: row.version, ...values })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
