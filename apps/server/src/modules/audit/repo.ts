// Queries on audit_log. There is deliberately no update or delete here: the log is append-only.
import { asc, desc, gt, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { auditLog } from './tables.ts';

export type AuditRow = typeof auditLog.$inferSelect;

// Any constant shared by every appender; the lock lives until the end of the appending transaction.
const AUDIT_CHAIN_LOCK = 0x6175_6469; // 'audi'

export async function lockChain(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
}

export async function findLastHash(tx: Db): Promise<string | undefined> {
  const rows = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return rows[0]?.hash;
}

export async function nextId(tx: Db): Promise<number> {
  const rows = await selectRows<{ id: string | number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('audit_log', 'id')) as id`,
  );
  return Number(rows[0]?.id);
}

export async function insertRow(tx: Db, row: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** One page of the chain in id order, starting after `afterId`. */
export async function listAfter(db: Db, afterId: number, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(limit);
}
