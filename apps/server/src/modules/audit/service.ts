// The audit module owns the operation log: every mutating call appends a row through `append`, inside the
// caller's transaction, and `verify` walks the chain.
import type { Db } from '../../db/client.ts';
import { computeAuditHash, GENESIS_HASH, type AuditEntry } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import * as repo from './repo.ts';

export type AuditVerification =
  { isValid: true; count: number } | { isValid: false; count: number; brokenId: number };

export type AuditService = ReturnType<typeof createAuditService>;

const VERIFY_PAGE = 1000;

/**
 * PostgreSQL text and jsonb cannot hold the NUL character, and a caller's input may (a file name, a refused
 * value): it is recorded as the visible symbol ␀ instead of failing the request that is being audited.
 */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '\u2400') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutNul(item)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        withoutNul(key),
        withoutNul(item),
      ]),
    ) as T;
  }
  return value;
}

export function createAuditService(deps: { clock: Clock }) {
  /**
   * Appends one row. `tx` should be the transaction of the change being recorded, so the row and the change
   * commit together; the advisory lock serialises appenders so the chain cannot fork.
   */
  async function append(tx: Db, entry: AuditEntry): Promise<void> {
    await tx.transaction(async (inner) => {
      await repo.lockChain(inner);
      const prevHash = (await repo.findLastHash(inner)) ?? GENESIS_HASH;
      const row = {
        id: await repo.nextId(inner),
        at: deps.clock.now(),
        userId: entry.userId ?? null,
        operatorId: entry.operatorId ?? null,
        companyId: entry.companyId ?? null,
        identityType: entry.identityType ?? null,
        action: entry.action,
        target: withoutNul(entry.target ?? null),
        result: entry.result,
        ip: entry.ip ?? null,
        userAgent: withoutNul(entry.userAgent ?? null),
        detail: withoutNul(entry.detail ?? null),
      };
      await repo.insertRow(inner, { ...row, prevHash, hash: computeAuditHash(prevHash, row) });
    });
  }

  return { append };
}

/** Walks the whole chain in id order; the first row whose links or hash do not match is reported. */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let count = 0;
  for (;;) {
    const rows = await repo.listAfter(db, lastId, VERIFY_PAGE);
    for (const row of rows) {
      if (row.prevHash !== prevHash || computeAuditHash(prevHash, row) !== row.hash) {
        return { isValid: false, count, brokenId: row.id };
      }
      prevHash = row.hash;
      lastId = row.id;
      count += 1;
    }
    if (rows.length < VERIFY_PAGE) return { isValid: true, count };
  }
}
