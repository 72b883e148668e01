import type { LoginResult } from '@cqjy/domain';
import type { RequestOrigin, SessionContext } from '../../../platform/auth.ts';
import { notFound, unauthorized } from '../../../platform/errors.ts';
import type { AuthDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { startSession } from '../sessions.ts';

/**
 * Moves the caller to another identity (operator) of the same person: the current session is revoked and a
 * new one opened. An id that is not one of the caller's identities answers 404 and changes nothing.
 */
export async function switchOperator(
  deps: AuthDeps,
  session: SessionContext,
  operatorId: number,
  origin: RequestOrigin,
): Promise<LoginResult> {
  const { db, clock, users } = deps;
  const operator = await users.findOperatorContext(operatorId);
  if (operator?.userId !== session.userId || operator.isDisabled) throw notFound();
  return db.transaction(async (tx) => {
    // A session switches once: a second switch racing with this one finds it revoked and gets nothing.
    if (!(await repo.revokeSession(tx, session.sessionId, clock.now()))) throw unauthorized();
    return startSession(deps, tx, {
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
