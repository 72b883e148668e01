// Sign-in with username, password and captcha, with the lockout of spec 000 section 7.
import { MSG, type LoginResult } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import type { AuditEntry } from '../../../platform/audit.ts';
import { isCaptchaAnswer } from '../../../platform/captcha.ts';
import { AppError, refused } from '../../../platform/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../../platform/passwords.ts';
import type { AuthDeps, LoginInput } from '../deps.ts';
import * as repo from '../repo.ts';
import { findLiveAnonymousSession, recordFailure, startSession } from '../sessions.ts';

/**
 * How long the failures of a username without an account are kept after the last one, short of a lock. An
 * account keeps its failures until it signs in; nobody signs in as a name without an account, so its counter
 * must go some time.
 */
const UNKNOWN_NAME_FAILURES_KEPT_MS = 24 * 60 * 60 * 1000;

/** The shared failure counter of a username without an account (Unicode-normalised, any letter case). */
function unknownNameKey(username: string): string {
  return `login-fail:${username.normalize('NFKC').toLowerCase()}`;
}

/**
 * A username without an account fails as an account with a wrong password does: HTTP 401 for the first
 * failures, locked from the LOGIN_MAX_FAILURES-th for LOGIN_LOCK_MINUTES (counted where every node sees it),
 * after a password verification of the same cost. Neither the answers nor their timing tell which usernames
 * exist.
 */
async function failUnknownName(
  deps: AuthDeps,
  input: LoginInput,
  origin: Omit<AuditEntry, 'action' | 'result'>,
): Promise<never> {
  const { config, rateLimits } = deps;
  const key = unknownNameKey(input.username);
  const rule = {
    maxFailures: config.loginMaxFailures,
    lockMs: config.loginLockMinutes * 60_000,
    forgetMs: UNKNOWN_NAME_FAILURES_KEPT_MS,
  };
  if (await rateLimits.isLocked(key, rule)) {
    await recordFailure(deps, origin, 'locked');
    throw refused(MSG.accountLocked);
  }
  await verifyAgainstDummy(input.password);
  return failCredentials(deps, origin, (tx) => rateLimits.recordFailure(key, rule, tx));
}

/**
 * A wrong password: the failure counted (by `count`, in the transaction of its audit row), then the answer, the
 * same for a real account and an unknown name: locked once this failure locks, else 用户名或密码错误.
 */
async function failCredentials(
  { db, audit }: AuthDeps,
  origin: Omit<AuditEntry, 'action' | 'result'>,
  count: (tx: Db) => Promise<{ isNowLocked: boolean }>,
): Promise<never> {
  const { isNowLocked } = await db.transaction(async (tx) => {
    const outcome = await count(tx);
    await audit.append(tx, {
      ...origin,
      action: 'login',
      result: 'fail',
      detail: { reason: 'credentials', isNowLocked: outcome.isNowLocked },
    });
    return outcome;
  });
  if (isNowLocked) throw refused(MSG.accountLocked);
  throw new AppError(401, MSG.loginFailed, 401);
}

export async function login(deps: AuthDeps, input: LoginInput): Promise<LoginResult> {
  const { db, clock, config, users } = deps;
  const origin = { ip: input.ip, userAgent: input.userAgent, target: input.username };
  const anonymous = await findLiveAnonymousSession(deps, input.token);
  // Used up before anything else is checked: one captcha, one attempt.
  const answerHash =
    anonymous === undefined ? undefined : await repo.consumeCaptcha(db, anonymous.id, clock.now());
  if (anonymous === undefined || answerHash === undefined || !isCaptchaAnswer(answerHash, input.captcha)) {
    await recordFailure(deps, origin, 'captcha');
    throw refused(MSG.captchaWrong);
  }

  const account = await users.findLoginAccount(input.username);
  if (account === undefined) return failUnknownName(deps, input, origin);
  const who = { ...origin, userId: account.id };
  if (account.lockedUntil !== null && account.lockedUntil.getTime() > clock.now().getTime()) {
    await recordFailure(deps, who, 'locked');
    throw refused(MSG.accountLocked);
  }

  if (!(await verifyPassword(account.passwordHash, input.password))) {
    const lockUntil = new Date(clock.now().getTime() + config.loginLockMinutes * 60_000);
    return failCredentials(deps, who, (tx) =>
      users.recordLoginFailure(tx, account.id, { maxFailures: config.loginMaxFailures, lockUntil }),
    );
  }
  if (account.isDisabled) {
    await recordFailure(deps, who, 'disabled');
    throw refused(MSG.accountDisabled);
  }
  const operator = await users.findDefaultOperatorContext(account.id);
  if (operator === undefined) {
    await recordFailure(deps, who, 'no-operator');
    throw refused(MSG.accountWithoutCompany);
  }
  // The account itself is not disabled (checked above): its company stopped this identity, and it has no other.
  if (operator.isDisabled) {
    await recordFailure(deps, who, 'operator-disabled');
    throw refused(MSG.operatorDisabled);
  }

  return db.transaction(async (tx) => {
    await users.clearLoginFailures(tx, account.id);
    return startSession(deps, tx, {
      ip: input.ip,
      userAgent: input.userAgent,
      operator,
      replacesSessionId: anonymous.id,
      audit: { action: 'login', target: input.username },
    });
  });
}
