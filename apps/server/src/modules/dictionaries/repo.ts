// Queries on the dictionaries and the enterprise directory.
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { dictData, dictTypes, enterpriseDirectory } from './tables.ts';

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
