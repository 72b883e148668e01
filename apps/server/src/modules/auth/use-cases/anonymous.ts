// The anonymous pre-login session: opened for a captcha or an SMS code before sign-in, and the token the client
// keeps until it signs in.
import { generateToken, hashToken } from '../../../platform/auth.ts';
import { CAPTCHA_TTL_MS, createCaptchaImage, hashCaptchaAnswer } from '../../../platform/captcha.ts';
import { ANONYMOUS_SESSION_TTL_S, type AuthDeps, type Caller, type TokenInput } from '../deps.ts';
import * as repo from '../repo.ts';
import { findLiveAnonymousSession } from '../sessions.ts';
import { resolveSession } from './resolve.ts';

/**
 * The caller's live anonymous session, or a new one when the caller has none (a signed-in token is left
 * alone); answers the session and the token the client is to keep.
 */
export async function openAnonymousSession(
  deps: AuthDeps,
  input: TokenInput,
): Promise<{ sessionId: number; token: string }> {
  const { db, clock } = deps;
  const existing = await findLiveAnonymousSession(deps, input.token);
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

export async function identifyCaller(deps: AuthDeps, input: TokenInput): Promise<Caller> {
  if (input.token !== undefined) {
    const session = await resolveSession(deps, hashToken(input.token));
    if (session !== null) return { kind: 'signedIn', session };
  }
  return { kind: 'anonymous', ...(await openAnonymousSession(deps, input)) };
}

/** A captcha for the caller's anonymous session (see openAnonymousSession); answers that session's token. */
export async function issueCaptcha(
  deps: AuthDeps,
  input: TokenInput,
): Promise<{ token: string; svg: string }> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const { sessionId, token } = await openAnonymousSession(deps, input);
  const { answer, svg } = createCaptchaImage(config.captchaFixed);
  await repo.putCaptcha(db, {
    sessionId,
    answerHash: hashCaptchaAnswer(answer),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    createdAt: now,
  });
  return { token, svg };
}

/** The caller's live anonymous session (pre-login flows bind their proof to it), or undefined. */
export async function findAnonymousSessionId(
  deps: AuthDeps,
  token: string | undefined,
): Promise<number | undefined> {
  return (await findLiveAnonymousSession(deps, token))?.id;
}
