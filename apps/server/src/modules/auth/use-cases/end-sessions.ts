// Ending sessions: signing out, and what other modules end in their own transaction (an identity its company
// stopped, a user's other sessions once the password or the phone changed).
import type { Db } from '../../../db/client.ts';
import type { RequestOrigin, SessionContext } from '../../../platform/auth.ts';
import type { AuthDeps } from '../deps.ts';
import * as repo from '../repo.ts';

export async function logout(
  { db, clock, audit }: AuthDeps,
  session: SessionContext,
  origin: RequestOrigin,
): Promise<void> {
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

/** Ends every live session of one identity (its company stopped it), in the caller's transaction. */
export async function revokeOperatorSessions(
  { clock }: AuthDeps,
  tx: Db,
  operatorId: number,
): Promise<number> {
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
export async function revokeUserSessions(
  { clock, users }: AuthDeps,
  tx: Db,
  input: { userId: number; exceptSessionId: number | undefined },
): Promise<number> {
  const operatorIds = await users.listOperatorIds(tx, input.userId);
  return repo.revokeOperatorSessions(tx, { ...input, operatorIds, at: clock.now() });
}
