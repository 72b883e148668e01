import { randomUUID } from 'node:crypto';
import { OTP_TTL_S, otpResendWait, smsOtpText } from '@cqjy/domain';
import { refused } from '../../../platform/errors.ts';
import { drawCode, hashCode } from '../code.ts';
import type { IssueInput, OtpDeps } from '../deps.ts';
import * as repo from '../repo.ts';

const SMS_TEMPLATE = 'otp';

type IssueOutcome = { kind: 'wait'; waitS: number } | { kind: 'issued'; smsId: number | null };

/**
 * Issues a code and, when `isDelivered`, sends it. Refused (status 1, with the seconds left) while the last
 * send to the mobile is younger than config.otpResendS (OTP_RESEND_S by default). Answers whether the provider accepted the SMS.
 */
export async function issueCode(deps: OtpDeps, input: IssueInput): Promise<{ isSent: boolean }> {
  const { db, clock, config, sms } = deps;
  const code = config.otpFixed ?? drawCode();
  const id = randomUUID();
  const now = clock.now();
  const outcome = await db.transaction(async (tx): Promise<IssueOutcome> => {
    await repo.lockMobile(tx, input.mobile);
    const lastSentAt = await repo.findLastSentAt(tx, input.mobile);
    const waitMs =
      lastSentAt === undefined ? 0 : lastSentAt.getTime() + config.otpResendS * 1000 - now.getTime();
    if (waitMs > 0) return { kind: 'wait', waitS: Math.ceil(waitMs / 1000) };
    await repo.supersedeOpen(tx, { mobile: input.mobile, purpose: input.purpose, at: now });
    await repo.insertCode(tx, {
      id,
      mobile: input.mobile,
      purpose: input.purpose,
      codeHash: hashCode(id, code),
      attempts: 0,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_S * 1000),
      sessionId: input.sessionId,
      boundHash: input.binding ?? null,
    });
    if (!input.isDelivered) return { kind: 'issued', smsId: null };
    const smsId = await sms.enqueue(
      tx,
      {
        mobile: input.mobile,
        purpose: input.purpose,
        template: SMS_TEMPLATE,
        content: smsOtpText(code, OTP_TTL_S / 60),
      },
      input.actor,
    );
    return { kind: 'issued', smsId };
  });
  if (outcome.kind === 'wait') throw refused(otpResendWait(outcome.waitS));
  if (outcome.smsId === null) return { isSent: false };
  return { isSent: await sms.deliver(outcome.smsId) };
}
