// Queries on the dictionaries, the enterprise directory and the versioned rule parameters.
import { and, asc, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { users } from '../users/tables.ts';
import { dictData, dictTypes, enterpriseDirectory, ruleParameters } from './tables.ts';

const ACTIVE = 1;

export type EntryRow = { key: string; label: string; parentKey: string | null; sort: number };
export type DirectoryRow = { name: string; creditCode: string; searchCode: string };

/** The entries in use of a dictionary in use, in their order; none for an unknown or retired dictionary. */
export async function listActiveEntries(db: Db, typeCode: string): Promise<EntryRow[]> {
  return db
    .select({ key: dictData.key, label: dictData.label, parentKey: dictData.parentKey, sort: dictData.sort })
    .from(dictData)
    .innerJoin(dictTypes, eq(dictTypes.code, dictData.typeCode))
    .where(and(eq(dictData.typeCode, typeCode), eq(dictData.status, ACTIVE), eq(dictTypes.status, ACTIVE)))
    .orderBy(asc(dictData.sort), asc(dictData.id));
}

export async function listDirectory(
  db: Db,
  query: { searchCode: string; keyword?: string | undefined; limit: number },
): Promise<DirectoryRow[]> {
  const conditions: SQL[] = [eq(enterpriseDirectory.searchCode, query.searchCode)];
  if (query.keyword !== undefined) {
    const pattern = containsPattern(query.keyword);
    const matches = or(
      ilike(enterpriseDirectory.name, pattern),
      ilike(enterpriseDirectory.creditCode, pattern),
    );
    if (matches !== undefined) conditions.push(matches);
  }
  return db
    .select({
      name: enterpriseDirectory.name,
      creditCode: enterpriseDirectory.creditCode,
      searchCode: enterpriseDirectory.searchCode,
    })
    .from(enterpriseDirectory)
    .where(and(...conditions))
    .orderBy(asc(enterpriseDirectory.sort), asc(enterpriseDirectory.id))
    .limit(query.limit);
}

/** Adds what is missing and leaves every existing row as the exchange may have edited it. */
export async function insertTypesIfMissing(db: Db, rows: (typeof dictTypes.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(dictTypes).values(rows).onConflictDoNothing({ target: dictTypes.code });
}

export async function insertEntriesIfMissing(db: Db, rows: (typeof dictData.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(dictData)
    .values(rows)
    .onConflictDoNothing({ target: [dictData.typeCode, dictData.key] });
}

export async function insertDirectoryIfMissing(
  db: Db,
  rows: (typeof enterpriseDirectory.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(enterpriseDirectory)
    .values(rows)
    .onConflictDoNothing({ target: [enterpriseDirectory.searchCode, enterpriseDirectory.creditCode] });
}

// ---------------------------------------------------------------------------------------------------------------
// 数据字典 as the exchange maintains it: every dictionary and entry, retired ones included

export type TypeRow = typeof dictTypes.$inferSelect & { itemCount: number; activeCount: number };
export type DataRow = typeof dictData.$inferSelect;

export async function listTypesWithCounts(db: Db): Promise<TypeRow[]> {
  const rows = await db
    .select({
      type: dictTypes,
      itemCount: sql<number>`count(${dictData.id})::int`,
      activeCount: sql<number>`count(${dictData.id}) filter (where ${dictData.status} = ${ACTIVE})::int`,
    })
    .from(dictTypes)
    .leftJoin(dictData, eq(dictData.typeCode, dictTypes.code))
    .groupBy(dictTypes.id)
    .orderBy(asc(dictTypes.sort), asc(dictTypes.id));
  return rows.map((row) => ({ ...row.type, itemCount: row.itemCount, activeCount: row.activeCount }));
}

export async function findType(db: Db, code: string): Promise<typeof dictTypes.$inferSelect | undefined> {
  const [row] = await db.select().from(dictTypes).where(eq(dictTypes.code, code));
  return row;
}

/** Every entry of a dictionary in its order, retired ones included; a keyword narrows by key, name or remark. */
export async function listEntries(db: Db, typeCode: string, keyword?: string): Promise<DataRow[]> {
  const conditions: SQL[] = [eq(dictData.typeCode, typeCode)];
  if (keyword !== undefined) {
    const pattern = containsPattern(keyword);
    const matches = or(
      ilike(dictData.key, pattern),
      ilike(dictData.label, pattern),
      ilike(dictData.remark, pattern),
    );
    if (matches !== undefined) conditions.push(matches);
  }
  return db
    .select()
    .from(dictData)
    .where(and(...conditions))
    .orderBy(asc(dictData.sort), asc(dictData.id));
}

export async function findEntry(db: Db, id: number): Promise<DataRow | undefined> {
  const [row] = await db.select().from(dictData).where(eq(dictData.id, id));
  return row;
}

export async function findEntryByKey(db: Db, typeCode: string, key: string): Promise<DataRow | undefined> {
  const [row] = await db
    .select()
    .from(dictData)
    .where(and(eq(dictData.typeCode, typeCode), eq(dictData.key, key)));
  return row;
}

/** The new entry, or undefined when the key is taken (a concurrent save of the same key included). */
export async function insertEntry(db: Db, row: typeof dictData.$inferInsert): Promise<DataRow | undefined> {
  const [inserted] = await db
    .insert(dictData)
    .values(row)
    .onConflictDoNothing({ target: [dictData.typeCode, dictData.key] })
    .returning();
  return inserted;
}

export async function updateEntry(
  db: Db,
  id: number,
  patch: Pick<typeof dictData.$inferInsert, 'label' | 'sort' | 'status' | 'remark'>,
): Promise<DataRow | undefined> {
  const [row] = await db.update(dictData).set(patch).where(eq(dictData.id, id)).returning();
  return row;
}

export async function setEntryLabel(db: Db, id: number, label: string): Promise<void> {
  await db.update(dictData).set({ label }).where(eq(dictData.id, id));
}

// ---------------------------------------------------------------------------------------------------------------
// Rule parameters: versions by key and effective day

export type VersionRow = {
  id: number;
  key: string;
  value: unknown;
  effectiveFrom: string;
  note: string | null;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: Date;
};

/** The versions of some keys (every key without `keys`), the latest day first. */
export async function listVersions(db: Db, keys?: readonly string[]): Promise<VersionRow[]> {
  if (keys?.length === 0) return [];
  return db
    .select({
      id: ruleParameters.id,
      key: ruleParameters.key,
      value: ruleParameters.value,
      effectiveFrom: ruleParameters.effectiveFrom,
      note: ruleParameters.note,
      createdBy: ruleParameters.createdBy,
      createdByName: sql<string | null>`coalesce(${users.nickname}, ${users.username})`,
      createdAt: ruleParameters.createdAt,
    })
    .from(ruleParameters)
    .leftJoin(users, eq(users.id, ruleParameters.createdBy))
    .where(keys === undefined ? undefined : inArray(ruleParameters.key, [...keys]))
    .orderBy(asc(ruleParameters.key), desc(ruleParameters.effectiveFrom));
}

/** The version of a key taking effect on a day, locked for the caller's transaction. */
export async function findVersionForUpdate(
  db: Db,
  key: string,
  effectiveFrom: string,
): Promise<typeof ruleParameters.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(ruleParameters)
    .where(and(eq(ruleParameters.key, key), eq(ruleParameters.effectiveFrom, effectiveFrom)))
    .for('update');
  return row;
}

/**
 * Adds a version, or replaces the one of the same key and day while that day is still after `today` (a version in
 * force is never rewritten). Undefined when the day's version is already in force (a concurrent save included).
 */
export async function upsertVersion(
  db: Db,
  row: {
    key: string;
    value: unknown;
    effectiveFrom: string;
    note: string | null;
    createdBy: number;
    createdAt: Date;
  },
  today: string,
): Promise<typeof ruleParameters.$inferSelect | undefined> {
  const [saved] = await db
    .insert(ruleParameters)
    .values(row)
    .onConflictDoUpdate({
      target: [ruleParameters.key, ruleParameters.effectiveFrom],
      set: { value: row.value, note: row.note, createdBy: row.createdBy, createdAt: row.createdAt },
      setWhere: gt(ruleParameters.effectiveFrom, today),
    })
    .returning();
  return saved;
}

/** Removes a version still to take effect (its day after `today`); undefined when there is none. */
export async function deleteScheduledVersion(
  db: Db,
  key: string,
  effectiveFrom: string,
  today: string,
): Promise<typeof ruleParameters.$inferSelect | undefined> {
  const [row] = await db
    .delete(ruleParameters)
    .where(
      and(
        eq(ruleParameters.key, key),
        eq(ruleParameters.effectiveFrom, effectiveFrom),
        gt(ruleParameters.effectiveFrom, today),
      ),
    )
    .returning();
  return row;
}

export async function insertVersionIfMissing(db: Db, row: typeof ruleParameters.$inferInsert): Promise<void> {
  await db
    .insert(ruleParameters)
    .values(row)
    .onConflictDoNothing({ target: [ruleParameters.key, ruleParameters.effectiveFrom] });
}
