// 重发 of a failed message, shared by the list and the detail drawer: it asks first (naming the masked number, and
// for a code message that a code past its validity is of no use), then resends; the server shows the outcome.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { OTP_TTL_S } from '@cqjy/domain/otp';
import type { SmsListItem } from '@cqjy/domain/sms';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { notify } from '../../lib/notify.ts';
import { resendSms, SMS_KEY } from './api.ts';

function confirmText(row: SmsListItem): string {
  const question = formatMessage(MSG.smsResendConfirm, { mobile: maskMobile(row.mobile) });
  return row.template === 'otp'
    ? `${question}${formatMessage(MSG.smsResendOtpHint, { minutes: OTP_TTL_S / 60 })}`
    : question;
}

export function useSmsResend() {
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<number | null>(null);

  /** Answers whether the message was resent and delivered. */
  const resend = async (row: SmsListItem): Promise<boolean> => {
    const isConfirmed = await notify.confirm({
      title: MSG.smsResendTitle,
      content: confirmText(row),
      okText: '重发',
      cancelText: '取消',
    });
    if (!isConfirmed) return false;
    setBusyId(row.id);
    try {
      await resendSms(row.id);
      return true;
    } catch {
      // the HTTP client has shown the server's reason
      return false;
    } finally {
      setBusyId(null);
      // a failed resend still wrote a row (failed): the list and the counts change either way
      void queryClient.invalidateQueries({ queryKey: SMS_KEY });
    }
  };

  return { resend, isBusy: (id: number): boolean => busyId === id };
}
