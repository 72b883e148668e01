// The captcha's check before the sign-in form is sent (POST /api/captcha/{id}): the login form tells the person a
// mistyped captcha at once. A right answer leaves the captcha good for the one sign-in it is for (login.ts spends
// it); a wrong one counts, and the CAPTCHA_MAX_CHECKS-th spends it, so the check is no oracle to try every answer
// of one picture against.
import { CAPTCHA_MAX_CHECKS } from '@cqjy/domain/contracts/auth';
import { isCaptchaAnswer } from '../../../platform/captcha.ts';
import type { AuthDeps, TokenInput } from '../deps.ts';
import * as repo from '../repo.ts';
import { findLiveAnonymousSession } from '../sessions.ts';

/** The outcome, and the caller's live anonymous session token (handed back in the header, as the captcha does). */
export type CaptchaCheck = { isRight: boolean; token: string | undefined };

export async function checkCaptcha(
  deps: AuthDeps,
  input: TokenInput & { answer: string },
): Promise<CaptchaCheck> {
  const { db, clock, audit } = deps;
  const now = clock.now();
  const anonymous = await findLiveAnonymousSession(deps, input.token);
  if (anonymous === undefined) return { isRight: false, token: undefined };
  const token = input.token;
  const answerHash = await repo.findLiveCaptchaHash(db, anonymous.id, now);
  if (answerHash === undefined) return { isRight: false, token };
  if (isCaptchaAnswer(answerHash, input.answer)) return { isRight: true, token };
  const isSpent = await repo.countFailedCheck(db, {
    sessionId: anonymous.id,
    now,
    maxChecks: CAPTCHA_MAX_CHECKS,
  });
  // Only the check that spends a captcha is recorded: one row per picture guessed at, with where it came from.
  if (isSpent) {
    await audit.append(db, {
      action: 'captcha.check',
      result: 'fail',
      ip: input.ip,
      userAgent: input.userAgent,
      detail: { reason: 'too-many-checks', attempt: CAPTCHA_MAX_CHECKS },
    });
  }
  return { isRight: false, token };
}
