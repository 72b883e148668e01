// The auth module owns sessions and captchas: the anonymous pre-login session with its captcha, sign-in with
// lockout, sign-out, and resolving a bearer token to the signed-in operator.
import { MSG, type LoginResult } from '@cqjy/domain';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuditEntry } from '../../platform/audit.ts';
import { generateToken, hashToken, type SessionContext } from '../../platform/auth.ts';
import {
  CAPTCHA_TTL_MS,
  createCaptchaImage,
  hashCaptchaAnswer,
  isCaptchaAnswer,
} from '../../platform/captcha.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, refused } from '../../platform/errors.ts';
import { prepareDummyHash, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.ts';
import type { AuditService } from '../audit/service.ts';
import type { UsersService } from '../users/service.ts';
import * as repo from './repo.ts';

/** Long enough to read a captcha and type a password; short enough that abandoned ones disappear. */
export const ANONYMOUS_SESSION_TTL_S = 30 * 60;

/** Where a call came from, for the session row and the audit log. */
export type RequestOrigin = { ip: string | null; userAgent: string | null };

export type LoginInput = RequestOrigin & {
  username: string;
  password: string;
  captcha: string;
  /** the anonymous session token the captcha was issued to */
  token: string | undefined;
};

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  users: UsersService;
  audit: AuditService;
}) {
  const { db, config, clock, users, audit } = deps;
  prepareDummyHash().catch(() => undefined);

  function isLive(session: repo.SessionRow, now: Date): boolean {
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
   * A captcha for the caller's live anonymous session, or for a new anonymous session when the caller has
   * none (a signed-in token is left alone); answers the token of the session the captcha belongs to.
   */
  async function issueCaptcha(
    input: RequestOrigin & { token: string | undefined },
  ): Promise<{ token: string; svg: string }> {
    const now = clock.now();
    let token = input.token;
    let session = await findLiveAnonymousSession(token);
    if (session === undefined || token === undefined) {
      token = generateToken();
      session = await repo.insertSession(db, {
        tokenHash: hashToken(token),
        operatorId: null,
        createdAt: now,
        expiresIn: ANONYMOUS_SESSION_TTL_S,
        ip: input.ip,
        userAgent: input.userAgent,
      });
    }
    const { answer, svg } = createCaptchaImage(config.captchaFixed);
    await repo.putCaptcha(db, {
      sessionId: session.id,
      answerHash: hashCaptchaAnswer(answer),
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
      createdAt: now,
    });
    return { token, svg };
  }

  async function recordFailure(entry: Omit<AuditEntry, 'action' | 'result'>, reason: string): Promise<void> {
    await audit.append(db, { ...entry, action: 'login', result: 'fail', detail: { reason } });
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
    if (account === undefined) {
      await verifyAgainstDummy(input.password);
      await recordFailure(origin, 'credentials');
      throw new AppError(401, MSG.loginFailed, 401);
    }
    const who = { ...origin, userId: account.id };
    if (account.lockedUntil !== null && account.lockedUntil.getTime() > clock.now().getTime()) {
      await recordFailure(who, 'locked');
      throw refused(MSG.accountLocked);
    }

    if (!(await verifyPassword(account.passwordHash, input.password))) {
      const lockUntil = new Date(clock.now().getTime() + config.loginLockMinutes * 60_000);
      const { isNowLocked } = await db.transaction(async (tx) => {
        const outcome = await users.recordLoginFailure(tx, account.id, {
          maxFailures: config.loginMaxFailures,
          lockUntil,
        });
        await audit.append(tx, {
          ...who,
          action: 'login',
          result: 'fail',
          detail: { reason: 'credentials', isNowLocked: outcome.isNowLocked },
        });
        return outcome;
      });
      if (isNowLocked) throw refused(MSG.accountLocked);
      throw new AppError(401, MSG.loginFailed, 401);
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

    const token = generateToken();
    const createdAt = clock.now();
    await db.transaction(async (tx) => {
      await users.clearLoginFailures(tx, account.id);
      await repo.revokeSession(tx, anonymous.id, createdAt);
      await repo.insertSession(tx, {
        tokenHash: hashToken(token),
        operatorId: operator.operatorId,
        createdAt,
        expiresIn: config.sessionTtlS,
        ip: input.ip,
        userAgent: input.userAgent,
      });
      await audit.append(tx, {
        ...who,
        operatorId: operator.operatorId,
        companyId: operator.companyId,
        identityType: operator.identityType,
        action: 'login',
        result: 'ok',
      });
    });
    return {
      access_token: token,
      expires_in: config.sessionTtlS,
      created_at: Math.floor(createdAt.getTime() / 1000),
      identityType: operator.identityType,
    };
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
    const session = await repo.findSessionByTokenHash(db, tokenHash);
    if (session === undefined || session.operatorId === null || !isLive(session, clock.now())) return null;
    const operator = await users.findOperatorContext(session.operatorId);
    if (operator === undefined || operator.isDisabled) return null;
    return {
      sessionId: session.id,
      userId: operator.userId,
      operatorId: operator.operatorId,
      companyId: operator.companyId,
      identityType: operator.identityType,
      codes: operator.codes,
    };
  }

  return { issueCaptcha, login, logout, resolveSession };
}
