import { MSG, type LoginResult } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import type { AuditEntry } from '../../../platform/audit.ts';
import type { RequestOrigin } from '../../../platform/auth.ts';
import { refused } from '../../../platform/errors.ts';
import type { AuthDeps } from '../deps.ts';
import { startSession } from '../sessions.ts';

/**
 * Signs in the default identity of a user who has just proven who they are some other way (a new account
 * opened with an SMS code), replacing the caller's anonymous session, in the caller's transaction.
 */
export async function startSessionForUser(
  deps: AuthDeps,
  tx: Db,
  input: RequestOrigin & {
    userId: number;
    replacesSessionId: number | undefined;
    audit: Pick<AuditEntry, 'action' | 'target' | 'detail'>;
  },
): Promise<LoginResult> {
  const operator = await deps.users.findDefaultOperatorContext(input.userId, tx);
  if (operator === undefined) throw refused(MSG.accountWithoutCompany);
  if (operator.isDisabled) throw refused(MSG.operatorDisabled);
  return startSession(deps, tx, { ...input, operator });
}
