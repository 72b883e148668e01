// 资格审核 of a submitted investor (the exchange's): 通过 with an optional opinion, or 不通过 with the reason the
// registrant is told. The reason's rule is the domain's (required to refuse, 500 characters either way), so the
// dialog refuses what the server refuses with the same words and sends nothing then; a refusal of the server (a
// version gone stale, the investor audited meanwhile) is shown and the dialog stays open.
import { useState } from 'react';
import { Descriptions, Form, Input, Radio } from 'antd';
import {
  checkInvestorAuditReason,
  INVESTOR_AUDIT_REASON_MAX,
  INVESTOR_FIELD_LABELS as L,
} from '@cqjy/domain/projects/investors';
import type { InvestorView } from '@cqjy/domain/projects/investors';
import { countChars } from '@cqjy/domain/validation/return-reason';
import { AppDialog } from '../../components/index.ts';
import { auditInvestor } from './api.ts';
import type { AuditResult } from './api.ts';
import { showAmount, showShare } from './shared.tsx';

type AuditValues = { result: AuditResult; reason?: string };

const RESULT_OPTIONS = [
  { value: 'pass', label: '通过' },
  { value: 'refuse', label: '不通过' },
];

export type InvestorAuditDialogProps = {
  investor: InvestorView;
  onClose: () => void;
  onAudited: () => void;
};

export function InvestorAuditDialog({ investor, onClose, onAudited }: InvestorAuditDialogProps) {
  const [form] = Form.useForm<AuditValues>();
  const [isSending, setIsSending] = useState(false);
  const result = Form.useWatch('result', form);

  const onOk = async (): Promise<void> => {
    let values: AuditValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the reason shows its message
    }
    setIsSending(true);
    try {
      await auditInvestor(investor, values.result, (values.reason ?? '').trim());
      onAudited();
    } catch {
      // the HTTP client has shown the server's message; the dialog stays for another try
    } finally {
      setIsSending(false);
    }
  };

  return (
    <AppDialog
      size="lg"
      open
      title="投资方资格审核"
      okText="确定"
      cancelText="取消"
      confirmLoading={isSending}
      onOk={() => void onOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={L.name}>{investor.name}</Descriptions.Item>
        <Descriptions.Item label={L.investorType}>{investor.investorTypeLabel}</Descriptions.Item>
        <Descriptions.Item label={L.amount}>{showAmount(investor.amount)}</Descriptions.Item>
        <Descriptions.Item label={L.share}>{showShare(investor.share)}</Descriptions.Item>
      </Descriptions>
      <Form<AuditValues> form={form} layout="vertical" initialValues={{ result: 'pass' }}>
        <Form.Item name="result" label="审核结果" required>
          <Radio.Group options={RESULT_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={result === 'refuse' ? '不通过原因' : '审核意见'}
          required={result === 'refuse'}
          dependencies={['result']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) => {
                const message = checkInvestorAuditReason(getFieldValue('result') === 'pass', value ?? '');
                return message === null ? Promise.resolve() : Promise.reject(new Error(message));
              },
            }),
          ]}
        >
          <Input.TextArea
            rows={4}
            placeholder={result === 'refuse' ? '请填写不通过的原因，将告知登记方' : '选填'}
            count={{ show: true, max: INVESTOR_AUDIT_REASON_MAX, strategy: countChars }}
          />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
