import type { SessionContext } from '../../../platform/auth.ts';
import { effectiveCodes } from '../../users/service.ts';
import type { AuthDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { isLive } from '../sessions.ts';

/** The signed-in operator of a token hash; null for unknown, expired, revoked and anonymous sessions. */
export async function resolveSession(
  { db, clock }: AuthDeps,
  tokenHash: string,
): Promise<SessionContext | null> {
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
