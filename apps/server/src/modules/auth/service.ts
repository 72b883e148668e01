// The auth module owns sessions and captchas: the anonymous pre-login session with its captcha, sign-in with
// lockout, sign-in with an SMS code, identity switch, sign-out, and resolving a bearer token to the signed-in
// operator.
import { MSG, type LoginResult } from '@cqjy/domain';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuditEntry } from '../../platform/audit.ts';
import { generateToken, hashToken, type RequestOrigin, type SessionContext } from '../../platform/auth.ts';
import {
  CAPTCHA_TTL_MS,
  createCaptchaImage,
  hashCaptchaAnswer,
  isCaptchaAnswer,
} from '../../platform/captcha.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound, refused, unauthorized } from '../../platform/errors.ts';
import { prepareDummyHash, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.ts';
import type { AuditService } from '../audit/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { RateLimitsService } from '../rate-limits/service.ts';
import { effectiveCodes, type OperatorContext, type UsersService } from '../users/service.ts';
import * as repo from './repo.ts';

/** Long enough to read a captcha and type a password; short enough that abandoned ones disappear. */
export const ANONYMOUS_SESSION_TTL_S = 30 * 60;

/**
 * How long a signed-in session's row is kept once it ended (expired, signed out, replaced), with the address and
 * browser it was used from, for looking into an incident. An ended anonymous session is of no such use and goes
 * at the next purge.
 */
export const ENDED_SESSION_RETENTION_S = 7 * 24 * 60 * 60;

/** What a purge removed. */
export type AuthPurgeReport = { anonymousSessions: number; signedInSessions: number; captchas: number };

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

export type LoginInput = RequestOrigin & {
  username: string;
  password: string;
  captcha: string;
  /** the anonymous session token the captcha was issued to */
  token: string | undefined;
};

export type OtpLoginInput = RequestOrigin & {
  mobile: string;
  otp: string;
  /** the caller's anonymous session, revoked once signed in */
  token: string | undefined;
};

/**
 * Who is calling a route open to both: a signed-in operator, or an anonymous pre-login session (the caller's
 * own when it sent a live one, else a new one whose token the route hands back in the session-id header).
 */
export type Caller =
  { kind: 'signedIn'; session: SessionContext } | { kind: 'anonymous'; sessionId: number; token: string };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  users: UsersService;
  audit: AuditService;
  otp: OtpService;
  rateLimits: RateLimitsService;
}) {
  const { db, config, clock, users, audit, otp, rateLimits } = deps;
  prepareDummyHash().catch(() => undefined);

  function isLive(
    session: Pick<repo.SessionRow, 'revokedAt' | 'createdAt' | 'expiresIn'>,
    now: Date,
  ): boolean {
    return (
      session.revokedAt === null && session.createdAt.getTime() + session.expiresIn * 1000 > now.getTime()
    );
  }

  async function findLiveAnonymousSession(token: string | undefined): Promise<repo.SessionRow | undefined> {
    if (token === undefined) return undefined;
    const session = await repo.findSessionByTokenHash(db, hashToken(token));
    if (session === undefined || session.operatorId !== null || !isLive(session, clock.now()))
      return undefined;
    return session;
  }

  /**
   * The caller's live anonymous session, or a new one when the caller has none (a signed-in token is left
   * alone); answers the session and the token the client is to keep.
   */
  async function openAnonymousSession(
    input: RequestOrigin & { token: string | undefined },
  ): Promise<{ sessionId: number; token: string }> {
    const existing = await findLiveAnonymousSession(input.token);
    if (existing !== undefined && input.token !== undefined) {
      return { sessionId: existing.id, token: input.token };
    }
    const token = generateToken();
    const session = await repo.insertSession(db, {
      tokenHash: hashToken(token),
      operatorId: null,
      createdAt: clock.now(),
      expiresIn: ANONYMOUS_SESSION_TTL_S,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return { sessionId: session.id, token };
  }

  async function identifyCaller(input: RequestOrigin & { token: string | undefined }): Promise<Caller> {
    if (input.token !== undefined) {
      const session = await resolveSession(hashToken(input.token));
      if (session !== null) return { kind: 'signedIn', session };
    }
    return { kind: 'anonymous', ...(await openAnonymousSession(input)) };
  }

  /** A captcha for the caller's anonymous session (see openAnonymousSession); answers that session's token. */
  async function issueCaptcha(
    input: RequestOrigin & { token: string | undefined },
  ): Promise<{ token: string; svg: string }> {
    const now = clock.now();
    const { sessionId, token } = await openAnonymousSession(input);
    const { answer, svg } = createCaptchaImage(config.captchaFixed);
    await repo.putCaptcha(db, {
      sessionId,
      answerHash: hashCaptchaAnswer(answer),
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
      createdAt: now,
    });
    return { token, svg };
  }

  /**
   * Opens a signed-in session for `operator` in `tx`, revoking the session it replaces (the anonymous pre-login
   * one, or the session of the identity being left), and writes the audit row of the change.
   */
  async function startSession(
    tx: Db,
    input: RequestOrigin & {
      operator: OperatorContext;
      replacesSessionId: number | undefined;
      audit: Pick<AuditEntry, 'action' | 'target' | 'detail'>;
    },
  ): Promise<LoginResult> {
    const token = generateToken();
    const createdAt = clock.now();
    if (input.replacesSessionId !== undefined) {
      await repo.revokeSession(tx, input.replacesSessionId, createdAt);
    }
    await repo.insertSession(tx, {
      tokenHash: hashToken(token),
      operatorId: input.operator.operatorId,
      createdAt,
      expiresIn: config.sessionTtlS,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    await audit.append(tx, {
      ...input.audit,
      ip: input.ip,
      userAgent: input.userAgent,
      userId: input.operator.userId,
      operatorId: input.operator.operatorId,
      companyId: input.operator.companyId,
      identityType: input.operator.identityType,
      result: 'ok',
    });
    return {
      access_token: token,
      expires_in: config.sessionTtlS,
      created_at: Math.floor(createdAt.getTime() / 1000),
      identityType: input.operator.identityType,
    };
  }

  async function recordFailure(
    entry: Omit<AuditEntry, 'action' | 'result'>,
    reason: string,
    detail: Record<string, unknown> = {},
  ): Promise<void> {
    await audit.append(db, { ...entry, action: 'login', result: 'fail', detail: { ...detail, reason } });
  }

  /**
   * A username without an account fails as an account with a wrong password does: HTTP 401 for the first
   * failures, locked from the LOGIN_MAX_FAILURES-th for LOGIN_LOCK_MINUTES (counted where every node sees it),
   * after a password verification of the same cost. Neither the answers nor their timing tell which usernames
   * exist.
   */
  async function failUnknownName(
    input: LoginInput,
    origin: Omit<AuditEntry, 'action' | 'result'>,
  ): Promise<never> {
    const key = unknownNameKey(input.username);
    const rule = {
      maxFailures: config.loginMaxFailures,
      lockMs: config.loginLockMinutes * 60_000,
      forgetMs: UNKNOWN_NAME_FAILURES_KEPT_MS,
    };
    if (await rateLimits.isLocked(key, rule)) {
      await recordFailure(origin, 'locked');
      throw refused(MSG.accountLocked);
    }
    await verifyAgainstDummy(input.password);
    return failCredentials(origin, (tx) => rateLimits.recordFailure(key, rule, tx));
  }

  /**
   * A wrong password: the failure counted (by `count`, in the transaction of its audit row), then the answer, the
   * same for a real account and an unknown name: locked once this failure locks, else 用户名或密码错误.
   */
  async function failCredentials(
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

  async function login(input: LoginInput): Promise<LoginResult> {
    const origin = { ip: input.ip, userAgent: input.userAgent, target: input.username };
    const anonymous = await findLiveAnonymousSession(input.token);
    // Used up before anything else is checked: one captcha, one attempt.
    const answerHash =
      anonymous === undefined ? undefined : await repo.consumeCaptcha(db, anonymous.id, clock.now());
    if (anonymous === undefined || answerHash === undefined || !isCaptchaAnswer(answerHash, input.captcha)) {
      await recordFailure(origin, 'captcha');
      throw refused(MSG.captchaWrong);
    }

    const account = await users.findLoginAccount(input.username);
    if (account === undefined) return failUnknownName(input, origin);
    const who = { ...origin, userId: account.id };
    if (account.lockedUntil !== null && account.lockedUntil.getTime() > clock.now().getTime()) {
      await recordFailure(who, 'locked');
      throw refused(MSG.accountLocked);
    }

    if (!(await verifyPassword(account.passwordHash, input.password))) {
      const lockUntil = new Date(clock.now().getTime() + config.loginLockMinutes * 60_000);
      return failCredentials(who, (tx) =>
        users.recordLoginFailure(tx, account.id, { maxFailures: config.loginMaxFailures, lockUntil }),
      );
    }
    if (account.isDisabled) {
      await recordFailure(who, 'disabled');
      throw refused(MSG.accountDisabled);
    }
    const operator = await users.findDefaultOperatorContext(account.id);
    if (operator === undefined) {
      await recordFailure(who, 'no-operator');
      throw refused(MSG.accountWithoutCompany);
    }
    // The account itself is not disabled (checked above): its company stopped this identity, and it has no other.
    if (operator.isDisabled) {
      await recordFailure(who, 'operator-disabled');
      throw refused(MSG.operatorDisabled);
    }

    return db.transaction(async (tx) => {
      await users.clearLoginFailures(tx, account.id);
      return startSession(tx, {
        ip: input.ip,
        userAgent: input.userAgent,
        operator,
        replacesSessionId: anonymous.id,
        audit: { action: 'login', target: input.username },
      });
    });
  }

  /**
   * Sign-in with an SMS code of purpose 'login' (used up by the attempt when right). Every failure of the
   * code or the mobile answers the same HTTP 401; the password lockout does not apply, the code's own tries do.
   */
  async function loginWithOtp(input: OtpLoginInput): Promise<LoginResult> {
    const origin = { ip: input.ip, userAgent: input.userAgent, target: maskMobile(input.mobile) };
    const method = { method: 'otp' };
    const outcome = await otp.check({
      mobile: input.mobile,
      purpose: 'login',
      code: input.otp,
      isConsuming: true,
    });
    const account = await users.findLoginAccountByMobile(input.mobile);
    if (outcome !== 'ok' || account === undefined) {
      const reason = outcome === 'ok' ? 'no-account' : `otp-${outcome}`;
      await recordFailure({ ...origin, userId: account?.id ?? null }, reason, method);
      throw new AppError(401, MSG.mobileLoginFailed, 401);
    }
    const who = { ...origin, userId: account.id };
    if (account.isDisabled) {
      await recordFailure(who, 'disabled', method);
      throw refused(MSG.accountDisabled);
    }
    const operator = await users.findDefaultOperatorContext(account.id);
    if (operator === undefined) {
      await recordFailure(who, 'no-operator', method);
      throw refused(MSG.accountWithoutCompany);
    }
    if (operator.isDisabled) {
      await recordFailure(who, 'operator-disabled', method);
      throw refused(MSG.operatorDisabled);
    }
    const anonymous = await findLiveAnonymousSession(input.token);
    return db.transaction((tx) =>
      startSession(tx, {
        ip: input.ip,
        userAgent: input.userAgent,
        operator,
        replacesSessionId: anonymous?.id,
        audit: { action: 'login', target: origin.target, detail: method },
      }),
    );
  }

  /**
   * Moves the caller to another identity (operator) of the same person: the current session is revoked and a
   * new one opened. An id that is not one of the caller's identities answers 404 and changes nothing.
   */
  async function switchOperator(
    session: SessionContext,
    operatorId: number,
    origin: RequestOrigin,
  ): Promise<LoginResult> {
    const operator = await users.findOperatorContext(operatorId);
    if (operator?.userId !== session.userId || operator.isDisabled) throw notFound();
    return db.transaction(async (tx) => {
      // A session switches once: a second switch racing with this one finds it revoked and gets nothing.
      if (!(await repo.revokeSession(tx, session.sessionId, clock.now()))) throw unauthorized();
      return startSession(tx, {
        ip: origin.ip,
        userAgent: origin.userAgent,
        operator,
        replacesSessionId: undefined,
        audit: {
          action: 'switch',
          target: String(operator.operatorId),
          detail: { fromOperatorId: session.operatorId, toOperatorId: operator.operatorId },
        },
      });
    });
  }

  async function logout(session: SessionContext, origin: RequestOrigin): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.revokeSession(tx, session.sessionId, clock.now());
      await audit.append(tx, {
        ...origin,
        userId: session.userId,
        operatorId: session.operatorId,
        companyId: session.companyId,
        identityType: session.identityType,
        action: 'logout',
        result: 'ok',
      });
    });
  }

  /** The signed-in operator of a token hash; null for unknown, expired, revoked and anonymous sessions. */
  async function resolveSession(tokenHash: string): Promise<SessionContext | null> {
    const row = await repo.findSignedIn(db, tokenHash);
    if (row === undefined || !isLive(row, clock.now())) return null;
    const { operatorId, userId, companyId, identityType, isAgent } = row;
    // anonymous, or an operator, user or company removed since sign-in
    if (operatorId === null || userId === null || companyId === null || identityType === null) return null;
    if (row.isDisabled !== false) return null;
    return {
      sessionId: row.sessionId,
      userId,
      operatorId,
      companyId,
      identityType,
      codes: effectiveCodes(
        row.roleCodes ?? [],
        { identityType, isAgent: isAgent ?? false },
        row.secondaryCodes ?? [],
      ),
    };
  }

  /**
   * Signs in the default identity of a user who has just proven who they are some other way (a new account
   * opened with an SMS code), replacing the caller's anonymous session, in the caller's transaction.
   */
  async function startSessionForUser(
    tx: Db,
    input: RequestOrigin & {
      userId: number;
      replacesSessionId: number | undefined;
      audit: Pick<AuditEntry, 'action' | 'target' | 'detail'>;
    },
  ): Promise<LoginResult> {
    const operator = await users.findDefaultOperatorContext(input.userId, tx);
    if (operator === undefined) throw refused(MSG.accountWithoutCompany);
    if (operator.isDisabled) throw refused(MSG.operatorDisabled);
    return startSession(tx, { ...input, operator });
  }

  /** Ends every live session of one identity (its company stopped it), in the caller's transaction. */
  async function revokeOperatorSessions(tx: Db, operatorId: number): Promise<number> {
    return repo.revokeOperatorSessions(tx, {
      operatorIds: [operatorId],
      exceptSessionId: undefined,
      at: clock.now(),
    });
  }

  /**
   * Signs the user out everywhere except the session `exceptSessionId` (the one changing the password or the
   * phone), in the caller's transaction.
   */
  async function revokeUserSessions(
    tx: Db,
    input: { userId: number; exceptSessionId: number | undefined },
  ): Promise<number> {
    const operatorIds = await users.listOperatorIds(tx, input.userId);
    return repo.revokeOperatorSessions(tx, { ...input, operatorIds, at: clock.now() });
  }

  /** The caller's live anonymous session (pre-login flows bind their proof to it), or undefined. */
  async function findAnonymousSessionId(token: string | undefined): Promise<number | undefined> {
    return (await findLiveAnonymousSession(token))?.id;
  }

  /**
   * Deletes what can no longer be used: anonymous sessions that ended, signed-in sessions that ended more than
   * ENDED_SESSION_RETENTION_S ago, and captchas expired or used. A token of a deleted session is unknown, which
   * every check answers as it answered an ended one.
   */
  async function purgeEnded(): Promise<AuthPurgeReport> {
    const now = clock.now();
    // sessions first: their captchas go with them and are not counted twice
    const anonymousSessions = await repo.deleteEndedSessions(db, { isAnonymous: true, endedBefore: now });
    const signedInSessions = await repo.deleteEndedSessions(db, {
      isAnonymous: false,
      endedBefore: new Date(now.getTime() - ENDED_SESSION_RETENTION_S * 1000),
    });
    const captchas = await repo.deleteSpentCaptchas(db, now);
    return { anonymousSessions, signedInSessions, captchas };
  }

  return {
    purgeEnded,
    startSessionForUser,
    revokeUserSessions,
    revokeOperatorSessions,
    findAnonymousSessionId,
    openAnonymousSession,
    identifyCaller,
    issueCaptcha,
    login,
    loginWithOtp,
    switchOperator,
    logout,
    resolveSession,
  };
}
