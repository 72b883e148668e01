// The otp module owns one-time SMS codes: six random digits, valid OTP_TTL_S, used once, only for the purpose
// they were sent for, dead after OTP_MAX_TRIES wrong tries, at most one send per mobile per OTP_RESEND_S, and a
// new send replaces the open code of the same mobile and purpose. Codes are stored hashed and travel only in
// the SMS text (outbox).
//
// Each job is one use case (use-cases/: issue, check); drawing and hashing a code sits in code.ts; this file
// wires them to the deps.
import { bindDeps } from '../../platform/use-cases.ts';
import type { OtpDeps } from './deps.ts';
import { assertCode, checkCode } from './use-cases/check.ts';
import { issueCode } from './use-cases/issue.ts';

export type { CheckInput, IssueInput, OtpCheck, OtpDeps } from './deps.ts';
export { describeOtpCheck } from './use-cases/check.ts';

export type OtpService = ReturnType<typeof createOtpService>;

export function createOtpService(deps: OtpDeps) {
  /** A use case with the module's deps bound: what the routes and the other modules call. */
  const bound = bindDeps(deps);

  return {
    issue: bound(issueCode),
    check: bound(checkCode),
    assertCode: bound(assertCode),
  };
}
