// What the otp module's use cases are given (service.ts wires them) and the inputs their calls carry.
import type { OtpPurpose } from '@cqjy/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SmsActor, SmsService } from '../sms/service.ts';

export type OtpDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'otpFixed' | 'otpResendS'>;
  sms: SmsService;
};

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
