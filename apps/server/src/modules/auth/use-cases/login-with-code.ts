import { MSG, type LoginResult } from '@cqjy/domain';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import { AppError, refused } from '../../../platform/errors.ts';
import type { AuthDeps, OtpLoginInput } from '../deps.ts';
import { findLiveAnonymousSession, recordFailure, startSession } from '../sessions.ts';

/**
 * Sign-in with an SMS code of purpose 'login' (used up by the attempt when right). Every failure of the
 * code or the mobile answers the same HTTP 401; the password lockout does not apply, the code's own tries do.
 */
export async function loginWithOtp(deps: AuthDeps, input: OtpLoginInput): Promise<LoginResult> {
  const { db, users, checkSignInCode } = deps;
  const origin = { ip: input.ip, userAgent: input.userAgent, target: maskMobile(input.mobile) };
  const method = { method: 'otp' };
  const outcome = await checkSignInCode({ mobile: input.mobile, code: input.otp });
  const account = await users.findLoginAccountByMobile(input.mobile);
  if (outcome !== 'ok' || account === undefined) {
    const reason = outcome === 'ok' ? 'no-account' : `otp-${outcome}`;
    await recordFailure(deps, { ...origin, userId: account?.id ?? null }, reason, method);
    throw new AppError(401, MSG.mobileLoginFailed, 401);
  }
  const who = { ...origin, userId: account.id };
  if (account.isDisabled) {
    await recordFailure(deps, who, 'disabled', method);
    throw refused(MSG.accountDisabled);
  }
  const operator = await users.findDefaultOperatorContext(account.id);
  if (operator === undefined) {
    await recordFailure(deps, who, 'no-operator', method);
    throw refused(MSG.accountWithoutCompany);
  }
  if (operator.isDisabled) {
    await recordFailure(deps, who, 'operator-disabled', method);
    throw refused(MSG.operatorDisabled);
  }
  const anonymous = await findLiveAnonymousSession(deps, input.token);
  return db.transaction((tx) =>
    startSession(deps, tx, {
      ip: input.ip,
      userAgent: input.userAgent,
      operator,
      replacesSessionId: anonymous?.id,
      audit: { action: 'login', target: origin.target, detail: method },
    }),
  );
}
