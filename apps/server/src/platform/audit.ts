// The hash chain of the audit log: each row's hash covers the previous row's hash and the row's own fields in
// a canonical JSON form, so changing, removing or reordering any row breaks every hash after it.
import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

/** What a caller records; who and where come from the session and the request. */
export type AuditEntry = {
  action: string;
  result: 'ok' | 'fail' | (string & {});
  target?: string | null;
  userId?: number | null;
  operatorId?: number | null;
  companyId?: number | null;
  identityType?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  detail?: Record<string, unknown> | null;
};

/** Who did it and from where: the audit fields of a signed-in caller. */
export type AuditActor = {
  userId: number | null;
  operatorId: number | null;
  companyId: number | null;
  identityType: number | null;
  ip: string | null;
  userAgent: string | null;
};

/** What no person did: the server's own runs (timers, housekeeping) and an outside system's calls (the bank). */
export const SYSTEM_ACTOR: AuditActor = {
  userId: null,
  operatorId: null,
  companyId: null,
  identityType: null,
  ip: null,
  userAgent: null,
};

/** Picks the audit fields out of a caller's session and request origin (which carry more). */
export function toAuditActor(actor: AuditActor): AuditActor {
  return {
    userId: actor.userId,
    operatorId: actor.operatorId,
    companyId: actor.companyId,
    identityType: actor.identityType,
    ip: actor.ip,
    userAgent: actor.userAgent,
  };
}

/** The hashed fields of a stored row. */
export type AuditHashedFields = {
  id: number;
  at: Date;
  userId: number | null;
  operatorId: number | null;
  companyId: number | null;
  identityType: number | null;
  action: string;
  target: string | null;
  result: string;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown> | null;
};

/** JSON with object keys sorted at every depth: jsonb does not keep key order, the hash must not depend on it. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value ?? null);
  }
  if (value instanceof Date) {
    return JSON.stringify(value.toISOString());
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function computeAuditHash(prevHash: string, row: AuditHashedFields): string {
  const fields = {
    id: row.id,
    at: row.at.toISOString(),
    userId: row.userId,
    operatorId: row.operatorId,
    companyId: row.companyId,
    identityType: row.identityType,
    action: row.action,
    target: row.target,
    result: row.result,
    ip: row.ip,
    userAgent: row.userAgent,
    detail: row.detail,
  };
  return createHash('sha256')
    .update(prevHash + canonicalJson(fields))
    .digest('hex');
}
