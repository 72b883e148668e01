// The send-back dialog (SH-5.6, BF-2.6): a required reason of at most 500 characters, counted as the domain counts
// them (code points). The caller sends it; status -1 from that call is handed back to the caller with the response
// instead of being treated as a failure (SH-8.8), and any other failure keeps the dialog open for another try.
// With `isRequired` false the same dialog confirms an approval: an optional 审核意见 under the same limit.
import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { API_STATUS } from '@cqjy/domain/api';
import type { Envelope } from '@cqjy/domain/api';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { RETURN_REASON_MAX, countChars, validateReturnReason } from '@cqjy/domain/validation/return-reason';
import { ApiError } from '../lib/http.ts';
import { AppDialog } from './app-dialog.tsx';

export type ReturnReasonDialogProps = {
  open: boolean;
  /** sends the reason; may answer the envelope, or throw the ApiError that unwrap raised */
  onOk: (reason: string) => unknown;
  onCancel: () => void;
  /** status -1 (a warning the caller shows in its own dialog), with the response */
  onWarning?: (response: Envelope<unknown>) => void;
  /** at most this many characters (500 unless given) */
  maxLength?: number;
  title?: string;
  label?: string;
  /** false: the text may stay empty (the optional opinion of an approval) */
  isRequired?: boolean;
  /** a line above the text: what 确定 will do */
  prompt?: string;
};

type ReasonForm = { reason?: string };

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value && 'msg' in value;
}

/** The message of a reason under this dialog's limit: the domain's rule, with the limit the control was given. */
export function checkReason(value: string | undefined, maxLength: number, isRequired = true): string | null {
  const message = validateReturnReason(value);
  if (message === MSG.returnReasonRequired) return isRequired ? message : null;
  if (countChars(value ?? '') > maxLength) {
    // an approval's opinion is named as such (validateApprovalOpinion's message)
    return formatMessage(isRequired ? MSG.returnReasonTooLong : MSG.approvalOpinionTooLong, {
      max: maxLength,
    });
  }
  return null;
}

export function ReturnReasonDialog({
  open,
  onOk,
  onCancel,
  onWarning,
  maxLength = RETURN_REASON_MAX,
  title = '退回',
  label = '退回原因',
  isRequired = true,
  prompt,
}: ReturnReasonDialogProps) {
  const [form] = Form.useForm<ReasonForm>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (): Promise<void> => {
    let reason: string;
    try {
      reason = ((await form.validateFields()).reason ?? '').trim();
    } catch {
      return;
    }
    setIsSubmitting(true);
    try {
      const result = await onOk(reason);
      if (isEnvelope(result) && result.status === API_STATUS.warning) onWarning?.(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === API_STATUS.warning) {
        onWarning?.({ status: error.status, msg: error.msg, data: error.data });
      }
      // Other failures were reported where they happened; the reason stays for another try.
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AppDialog
      size="md"
      title={title}
      open={open}
      onOk={() => void submit()}
      onCancel={onCancel}
      okButtonProps={{ loading: isSubmitting }}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      {prompt === undefined ? null : <Typography.Paragraph>{prompt}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={label}
          required={isRequired}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const message = checkReason(value, maxLength, isRequired);
                return message === null ? Promise.resolve() : Promise.reject(new Error(message));
              },
            },
          ]}
        >
          <Input.TextArea rows={5} count={{ show: true, max: maxLength, strategy: countChars }} />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
