// The otp module owns one-time SMS codes: six random digits, valid OTP_TTL_S, used once, only for the purpose
// they were sent for, dead after OTP_MAX_TRIES wrong tries, at most one send per mobile per OTP_RESEND_S, and a
// new send replaces the open code of the same mobile and purpose. Codes are stored hashed and travel only in
// the SMS text (outbox).
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  MSG,
  OTP_LENGTH,
  OTP_MAX_TRIES,
  OTP_TTL_S,
  otpResendWait,
  smsOtpText,
  type OtpPurpose,
} from '@cqjy/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { refused } from '../../platform/errors.ts';
import type { SmsActor, SmsService } from '../sms/service.ts';
import * as repo from './repo.ts';

/** The outcome of checking a code. */
export type OtpCheck = 'ok' | 'wrong' | 'invalid' | 'tooManyTries' | 'otherDocument';

export type IssueInput = {
  mobile: string;
  purpose: OtpPurpose;
  /** the session that asked: anonymous before sign-in */
  sessionId: number | null;
  actor: SmsActor;
  /**
   * false issues a code that is never sent. A sign-in code for a mobile without an account is issued this way,
   * so every rule (resend wait, tries, answers) behaves the same whether or not the mobile has an account.
   */
  isDelivered: boolean;
  /** the sha256 of the one document (a letter to sign) the code may be used for */
  binding?: string | undefined;
};

export type CheckInput = {
  mobile: string;
  purpose: OtpPurpose;
  code: string;
  isConsuming: boolean;
  /**
   * the sha256 of the document the code is used for: a bound code passes only with its own document, an
   * unbound one only without any, so a code sent for one letter never signs another
   */
  binding?: string | undefined;
};

export type OtpService = ReturnType<typeof createOtpService>;

const SMS_TEMPLATE = 'otp';

type IssueOutcome = { kind: 'wait'; waitS: number } | { kind: 'issued'; smsId: number | null };

const CHECK_MESSAGES: Record<Exclude<OtpCheck, 'ok'>, string> = {
  wrong: MSG.otpWrong,
  invalid: MSG.otpInvalid,
  tooManyTries: MSG.otpTooManyTries,
  otherDocument: MSG.workflowOtpOtherLetter,
};

export function describeOtpCheck(check: Exclude<OtpCheck, 'ok'>): string {
  return CHECK_MESSAGES[check];
}

function drawCode(): string {
  return String(randomInt(10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

function hashCode(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

function isCodeOf(row: repo.OtpRow, code: string): boolean {
  const given = Buffer.from(hashCode(row.id, code), 'hex');
  const stored = Buffer.from(row.codeHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function createOtpService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'otpFixed' | 'otpResendS'>;
  sms: SmsService;
}) {
  const { db, clock, config, sms } = deps;

  /**
   * Issues a code and, when `isDelivered`, sends it. Refused (status 1, with the seconds left) while the last
   * send to the mobile is younger than config.otpResendS (OTP_RESEND_S by default). Answers whether the provider accepted the SMS.
   */
  async function issue(input: IssueInput): Promise<{ isSent: boolean }> {
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

  /**
   * Checks a code against the current one of the mobile and purpose. A wrong code counts a try; the right one
   * is used up when `isConsuming`. Tries are counted even though the caller then refuses the request.
   */
  async function check(input: CheckInput): Promise<OtpCheck> {
    const now = clock.now();
    return db.transaction(async (tx): Promise<OtpCheck> => {
      const row = await repo.findCurrentForUpdate(tx, input);
      if (row === undefined || row.consumedAt !== null || row.expiresAt.getTime() <= now.getTime()) {
        return 'invalid';
      }
      if (row.attempts >= OTP_MAX_TRIES) return 'tooManyTries';
      // Not a try: the code may be right, it is only not for this document.
      if ((row.boundHash ?? null) !== (input.binding ?? null)) return 'otherDocument';
      if (!isCodeOf(row, input.code)) {
        const attempts = await repo.countFailedTry(tx, row.id);
        return attempts >= OTP_MAX_TRIES ? 'tooManyTries' : 'wrong';
      }
      if (input.isConsuming) await repo.markConsumed(tx, row.id, now);
      return 'ok';
    });
  }

  /** `check`, refusing (status 1) with the reason unless the code is right. */
  async function assertCode(input: CheckInput): Promise<void> {
    const outcome = await check(input);
    if (outcome !== 'ok') throw refused(describeOtpCheck(outcome));
  }

  return { issue, check, assertCode };
}
