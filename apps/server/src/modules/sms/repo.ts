// Queries on sms_outbox, and on the audit rows that link a resent message to its resend.
import { and, count, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SmsStatus } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../audit/tables.ts';
import { smsOutbox } from './tables.ts';

export type SmsRow = typeof smsOutbox.$inferSelect;

/** The audit action of a resend; its detail is a ResendLink. */
export const RESEND_ACTION = 'sms.resend';

/**
 * A resend as its audit row records it: `smsId` was resent as `resendId`, the `attempt`-th resend of the message
 * first sent as `originId`. The outbox has no column for the link (no migration for it); the audit row is
 * written in the transaction that writes the new message, so the two never disagree.
 */
export type ResendLink = { smsId: number; resendId: number; originId: number; attempt: number };

/**
 * An audit row is appended after the outbox row it links, by the same node; the margin covers clocks of other
 * nodes that resent an older message, so the search by time (indexed) still finds every link.
 */
const LINK_CLOCK_MARGIN_MS = 60 * 60 * 1000;

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

/** The row, locked until `tx` ends: two resends of one message take turns, the second sees the first's link. */
export async function findMessageForUpdate(tx: Db, id: number): Promise<SmsRow | undefined> {
  const rows = await tx.select().from(smsOutbox).where(eq(smsOutbox.id, id)).limit(1).for('update');
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

export type ListFilter = {
  /** digits only (checked by the caller), matched anywhere in the number */
  mobileDigits?: string | undefined;
  status?: SmsStatus | undefined;
  purpose?: string | undefined;
  template?: string | undefined;
  /** created at or after */
  from?: Date | undefined;
  /** created before */
  until?: Date | undefined;
};

function whereOf(filter: ListFilter): SQL | undefined {
  return and(
    filter.mobileDigits === undefined ? undefined : like(smsOutbox.mobile, `%${filter.mobileDigits}%`),
    filter.status === undefined ? undefined : eq(smsOutbox.status, filter.status),
    filter.purpose === undefined ? undefined : eq(smsOutbox.purpose, filter.purpose),
    filter.template === undefined ? undefined : eq(smsOutbox.template, filter.template),
    filter.from === undefined ? undefined : gte(smsOutbox.createdAt, filter.from),
    filter.until === undefined ? undefined : lt(smsOutbox.createdAt, filter.until),
  );
}

/** Newest first. */
export async function listPage(
  db: Db,
  query: ListFilter & { offset: number; limit: number },
): Promise<{ rows: SmsRow[]; total: number }> {
  const where = whereOf(query);
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

function toLink(detail: Record<string, unknown> | null): ResendLink | undefined {
  const { smsId, resendId, originId, attempt } = detail ?? {};
  return typeof smsId === 'number' &&
    typeof resendId === 'number' &&
    typeof originId === 'number' &&
    typeof attempt === 'number'
    ? { smsId, resendId, originId, attempt }
    : undefined;
}

/** The resends that repeated one of `rows` or that are one of them. */
export async function findResendLinks(db: Db, rows: readonly SmsRow[]): Promise<ResendLink[]> {
  if (rows.length === 0) return [];
  const oldest = Math.min(...rows.map((row) => row.createdAt.getTime()));
  const ids = rows.map((row) => String(row.id));
  const found = await db
    .select({ detail: auditLog.detail })
    .from(auditLog)
    .where(
      and(
        gte(auditLog.at, new Date(oldest - LINK_CLOCK_MARGIN_MS)),
        eq(auditLog.action, RESEND_ACTION),
        or(
          inArray(sql<string>`${auditLog.detail}->>'smsId'`, ids),
          inArray(sql<string>`${auditLog.detail}->>'resendId'`, ids),
        ),
      ),
    );
  return found.map((row) => toLink(row.detail)).filter((link) => link !== undefined);
}

/** Messages created since `since`, by status. */
export async function countByStatus(db: Db, since: Date): Promise<Record<SmsStatus, number>> {
  const rows = await db
    .select({ status: smsOutbox.status, n: count() })
    .from(smsOutbox)
    .where(gte(smsOutbox.createdAt, since))
    .groupBy(smsOutbox.status);
  const counts: Record<SmsStatus, number> = { queued: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** The newest failed message. */
export async function findLastFailure(db: Db): Promise<SmsRow | undefined> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.status, 'failed'))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(1);
  return rows[0];
}
