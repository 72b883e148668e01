// The auth module owns sessions and captchas: the anonymous pre-login session with its captcha and the captcha's
// check, sign-in with lockout, sign-in with an SMS code, identity switch, sign-out, and resolving a bearer token to
// the signed-in operator (and the quiet check of it).
//
// Each job is one use case (use-cases/: anonymous, captcha-check, login, login-with-code, switch-identity,
// end-sessions, start-for-user, resolve, purge); the helpers they share sit in sessions.ts; this file wires them to the deps.
import { prepareDummyHash } from '../../platform/passwords.ts';
import { bindDeps } from '../../platform/use-cases.ts';
import type { AuthDeps } from './deps.ts';
import {
  findAnonymousSessionId,
  identifyCaller,
  issueCaptcha,
  openAnonymousSession,
} from './use-cases/anonymous.ts';
import { checkCaptcha } from './use-cases/captcha-check.ts';
import { logout, revokeOperatorSessions, revokeUserSessions } from './use-cases/end-sessions.ts';
import { loginWithOtp } from './use-cases/login-with-code.ts';
import { login } from './use-cases/login.ts';
import { purgeEnded } from './use-cases/purge.ts';
import { checkSession, resolveSession } from './use-cases/resolve.ts';
import { startSessionForUser } from './use-cases/start-for-user.ts';
import { switchOperator } from './use-cases/switch-identity.ts';

export {
  ANONYMOUS_SESSION_TTL_S,
  ENDED_SESSION_RETENTION_S,
  type AuthDeps,
  type AuthPurgeReport,
  type Caller,
  type LoginInput,
  type OtpLoginInput,
  type SignInCodeCheck,
} from './deps.ts';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  // the dummy hash an unknown username is verified against, ready before the first sign-in
  prepareDummyHash().catch(() => undefined);

  /** A use case with the module's deps bound: what the routes, the other modules and the housekeeping call. */
  const bound = bindDeps(deps);

  return {
    purgeEnded: bound(purgeEnded),
    startSessionForUser: bound(startSessionForUser),
    revokeUserSessions: bound(revokeUserSessions),
    revokeOperatorSessions: bound(revokeOperatorSessions),
    findAnonymousSessionId: bound(findAnonymousSessionId),
    openAnonymousSession: bound(openAnonymousSession),
    identifyCaller: bound(identifyCaller),
    issueCaptcha: bound(issueCaptcha),
    checkCaptcha: bound(checkCaptcha),
    login: bound(login),
    loginWithOtp: bound(loginWithOtp),
    switchOperator: bound(switchOperator),
    logout: bound(logout),
    resolveSession: bound(resolveSession),
    checkSession: bound(checkSession),
  };
}
