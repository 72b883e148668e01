// What the auth module's use cases are given (service.ts wires them), the inputs their calls carry and what they
// answer. The SMS code of a sign-in is checked by a function the composition root hands in (SignInCodeCheck), so
// this module names no other module that signs in through it.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditService } from '../audit/service.ts';
import type { RateLimitsService } from '../rate-limits/service.ts';
import type { UsersService } from '../users/service.ts';

/**
 * Checks a sign-in SMS code (purpose 'login') of a mobile and uses it up when right: answers 'ok', else the
 * reason it was refused (recorded in the failure's audit row as `otp-<reason>`).
 */
export type SignInCodeCheck = (input: { mobile: string; code: string }) => Promise<string>;

export type AuthDeps = {
  db: Db;
  config: Config;
  clock: Clock;
  users: UsersService;
  audit: AuditService;
  rateLimits: RateLimitsService;
  checkSignInCode: SignInCodeCheck;
};

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

/** A caller's origin and the bearer token it sent, if any. */
export type TokenInput = RequestOrigin & { token: string | undefined };

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
