// Helpers the auth use cases share: whether a session is live, the caller's live anonymous session, and opening
// a signed-in session with its audit row.
import type { LoginResult } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import type { AuditEntry } from '../../platform/audit.ts';
import { generateToken, hashToken, type RequestOrigin } from '../../platform/auth.ts';
import type { OperatorContext } from '../users/service.ts';
import type { AuthDeps } from './deps.ts';
import * as repo from './repo.ts';

export function isLive(
  session: Pick<repo.SessionRow, 'revokedAt' | 'createdAt' | 'expiresIn'>,
  now: Date,
): boolean {
  return session.revokedAt === null && session.createdAt.getTime() + session.expiresIn * 1000 > now.getTime();
}

export async function findLiveAnonymousSession(
  { db, clock }: AuthDeps,
  token: string | undefined,
): Promise<repo.SessionRow | undefined> {
  if (token === undefined) return undefined;
  const session = await repo.findSessionByTokenHash(db, hashToken(token));
  if (session === undefined || session.operatorId !== null || !isLive(session, clock.now())) return undefined;
  return session;
}

/**
 * Opens a signed-in session for `operator` in `tx`, revoking the session it replaces (the anonymous pre-login
 * one, or the session of the identity being left), and writes the audit row of the change.
 */
export async function startSession(
  { config, clock, audit }: AuthDeps,
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

/** The audit row of a refused sign-in. */
export async function recordFailure(
  { db, audit }: AuthDeps,
  entry: Omit<AuditEntry, 'action' | 'result'>,
  reason: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await audit.append(db, { ...entry, action: 'login', result: 'fail', detail: { ...detail, reason } });
}
