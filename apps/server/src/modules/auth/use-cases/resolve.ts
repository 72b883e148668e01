import { hashToken, type SessionContext } from '../../../platform/auth.ts';
import { effectiveCodes } from '../../users/service.ts';
import type { AuthDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { isLive } from '../sessions.ts';

/** The signed-in operator of a session row; null for expired, revoked and anonymous sessions. */
function contextOf(row: repo.SignedInRow, now: Date): SessionContext | null {
  if (!isLive(row, now)) return null;
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

/** The signed-in operator of a token hash; null for unknown, expired, revoked and anonymous sessions. */
export async function resolveSession(
  { db, clock }: AuthDeps,
  tokenHash: string,
): Promise<SessionContext | null> {
  const row = await repo.findSignedIn(db, tokenHash);
  return row === undefined ? null : contextOf(row, clock.now());
}

/** What POST /api/validate answers: a live sign-in and until when, or none. */
export type SessionCheck = { valid: boolean; expiresAt: string | null };

/**
 * Whether the token is a session the signed-in routes accept (the same rule as resolveSession), with its end. It
 * refuses nothing: the quiet check answers valid false where those routes answer 401.
 */
export async function checkSession(
  { db, clock }: AuthDeps,
  token: string | undefined,
): Promise<SessionCheck> {
  const row = token === undefined ? undefined : await repo.findSignedIn(db, hashToken(token));
  if (row === undefined || contextOf(row, clock.now()) === null) return { valid: false, expiresAt: null };
  return { valid: true, expiresAt: new Date(row.createdAt.getTime() + row.expiresIn * 1000).toISOString() };
}
