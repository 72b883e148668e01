// Queries on attachments. Rows are never removed: deletion sets deleted_at, and every read skips such rows.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments } from './tables.ts';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Only well-formed ids reach the database: PostgreSQL refuses a malformed uuid with an error, not an empty answer. */
export function isAttachmentId(id: string): boolean {
  return UUID.test(id);
}

export async function insertAttachment(tx: Db, row: NewAttachment): Promise<AttachmentRow> {
  const rows = await tx.insert(attachments).values(row).returning();
  const inserted = rows[0];
  if (inserted === undefined) throw new Error('attachment insert returned no row');
  return inserted;
}

export async function findLive(db: Db, id: string): Promise<AttachmentRow | undefined> {
  if (!isAttachmentId(id)) return undefined;
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), isNull(attachments.deletedAt)))
    .limit(1);
  return rows[0];
}

export async function listLiveByIds(db: Db, ids: readonly string[]): Promise<AttachmentRow[]> {
  const wellFormed = ids.filter(isAttachmentId);
  if (wellFormed.length === 0) return [];
  return db
    .select()
    .from(attachments)
    .where(and(inArray(attachments.id, wellFormed), isNull(attachments.deletedAt)));
}

export async function listLiveByRecord(
  db: Db,
  record: { dataClass: string; dataId: string },
): Promise<AttachmentRow[]> {
  return db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.dataClass, record.dataClass),
        eq(attachments.dataId, record.dataId),
        isNull(attachments.deletedAt),
      ),
    )
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}

/** The company's live files under one tag of one record, row-locked until the transaction ends. */
export async function listLiveByTagForUpdate(
  tx: Db,
  scope: { companyId: number; dataClass: string; dataId: string; tag: string },
): Promise<AttachmentRow[]> {
  return tx
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.companyId, scope.companyId),
        eq(attachments.dataClass, scope.dataClass),
        eq(attachments.dataId, scope.dataId),
        eq(attachments.tag, scope.tag),
        isNull(attachments.deletedAt),
      ),
    )
    .for('update');
}

/** Marks live rows deleted; answers how many it marked (a row deleted meanwhile is not counted). */
export async function markDeleted(tx: Db, ids: readonly string[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(attachments)
    .set({ deletedAt: at })
    .where(
      and(inArray(attachments.id, [...ids]), isNull(attachments.deletedAt), eq(attachments.isLocked, false)),
    )
    .returning({ id: attachments.id });
  return rows.length;
}

/** Soft-deletes every live, unlocked file of a record (a draft that is discarded). */
export async function markRecordDeleted(
  tx: Db,
  record: { dataClass: string; dataId: string },
  at: Date,
): Promise<number> {
  const rows = await tx
    .update(attachments)
    .set({ deletedAt: at })
    .where(
      and(
        eq(attachments.dataClass, record.dataClass),
        eq(attachments.dataId, record.dataId),
        isNull(attachments.deletedAt),
        eq(attachments.isLocked, false),
      ),
    )
    .returning({ id: attachments.id });
  return rows.length;
}

/** Locks every live file of a record (the record was submitted). */
/** Locks the files of `ids` (a submission's evidence, among other files of its record). */
export async function lockFiles(tx: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .update(attachments)
    .set({ isLocked: true })
    .where(and(inArray(attachments.id, [...ids]), isNull(attachments.deletedAt)))
    .returning({ id: attachments.id });
  return rows.length;
}

export async function lockRecord(tx: Db, record: { dataClass: string; dataId: string }): Promise<number> {
  const rows = await tx
    .update(attachments)
    .set({ isLocked: true })
    .where(
      and(
        eq(attachments.dataClass, record.dataClass),
        eq(attachments.dataId, record.dataId),
        isNull(attachments.deletedAt),
      ),
    )
    .returning({ id: attachments.id });
  return rows.length;
}

/** Re-points a company's files of a draft id (createId) to the record's real id once it is saved. */
export async function rebindRecord(
  tx: Db,
  input: { companyId: number; dataClass: string; fromId: string; toId: string },
): Promise<number> {
  const rows = await tx
    .update(attachments)
    .set({ dataId: input.toId })
    .where(
      and(
        eq(attachments.companyId, input.companyId),
        eq(attachments.dataClass, input.dataClass),
        eq(attachments.dataId, input.fromId),
        isNull(attachments.deletedAt),
      ),
    )
    .returning({ id: attachments.id });
  return rows.length;
}

/** Which of `keys` a row refers to, a deleted row too (deletion is soft: the row still names its bytes). */
export async function listReferencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ key: attachments.storageKey })
    .from(attachments)
    .where(inArray(attachments.storageKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}
