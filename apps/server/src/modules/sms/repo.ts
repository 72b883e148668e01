// Queries on sms_outbox.
import { and, count, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsOutbox } from './tables.ts';

export type SmsRow = typeof smsOutbox.$inferSelect;

export async function insertMessage(tx: Db, row: typeof smsOutbox.$inferInsert): Promise<SmsRow> {
  const rows = await tx.insert(smsOutbox).values(row).returning();
  const inserted = rows[0];
  if (inserted === undefined) throw new Error('sms_outbox insert returned no row');
  return inserted;
}

export async function findMessage(db: Db, id: number): Promise<SmsRow | undefined> {
  const rows = await db.select().from(smsOutbox).where(eq(smsOutbox.id, id)).limit(1);
  return rows[0];
}

/** Records the outcome of a delivery; only a queued message changes, so a retry cannot undo a success. */
export async function markDelivered(
  db: Db,
  id: number,
  outcome: { status: 'sent'; sentAt: Date } | { status: 'failed'; error: string },
): Promise<void> {
  const values =
    outcome.status === 'sent'
      ? { status: outcome.status, sentAt: outcome.sentAt, error: null }
      : { status: outcome.status, error: outcome.error };
  await db
    .update(smsOutbox)
    .set(values)
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'queued')));
}

/** Newest first; `mobileDigits` (digits only, checked by the caller) matches anywhere in the number. */
export async function listPage(
  db: Db,
  query: { offset: number; limit: number; mobileDigits?: string | undefined },
): Promise<{ rows: SmsRow[]; total: number }> {
  const where =
    query.mobileDigits === undefined ? undefined : like(smsOutbox.mobile, `%${query.mobileDigits}%`);
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(where)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ n: count() }).from(smsOutbox).where(where);
  return { rows, total: totals[0]?.n ?? 0 };
}
