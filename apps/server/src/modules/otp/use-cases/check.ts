import { MSG, OTP_MAX_TRIES } from '@cqjy/domain';
import { refused } from '../../../platform/errors.ts';
import { isCodeOf } from '../code.ts';
import type { CheckInput, OtpCheck, OtpDeps } from '../deps.ts';
import * as repo from '../repo.ts';

const CHECK_MESSAGES: Record<Exclude<OtpCheck, 'ok'>, string> = {
  wrong: MSG.otpWrong,
  invalid: MSG.otpInvalid,
  tooManyTries: MSG.otpTooManyTries,
  otherDocument: MSG.workflowOtpOtherLetter,
};

export function describeOtpCheck(check: Exclude<OtpCheck, 'ok'>): string {
  return CHECK_MESSAGES[check];
}

/**
 * Checks a code against the current one of the mobile and purpose. A wrong code counts a try; the right one
 * is used up when `isConsuming`. Tries are counted even though the caller then refuses the request.
 */
export async function checkCode(deps: OtpDeps, input: CheckInput): Promise<OtpCheck> {
  const { db, clock } = deps;
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

/** `checkCode`, refusing (status 1) with the reason unless the code is right. */
export async function assertCode(deps: OtpDeps, input: CheckInput): Promise<void> {
  const outcome = await checkCode(deps, input);
  if (outcome !== 'ok') throw refused(describeOtpCheck(outcome));
}
