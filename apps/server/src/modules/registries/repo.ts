// The registries module's queries. A list is one registry of one company (or of every company, for the exchange),
// filtered in SQL by a keyword (search_text) and by choice fields (values ->> key), newest first.
import type { SheetValues } from '@cqjy/domain';
import { and, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lowerContainsPattern } from '../../db/like.ts';
import { companies } from '../users/tables.ts';
import { registryRows } from './tables.ts';

export type RegistryRowDb = typeof registryRows.$inferSelect;
export type RegistryListItem = RegistryRowDb & { companyName: string };

export type RegistryScope = { kind: 'all' } | { kind: 'company'; companyId: number };

export type RegistryListQuery = {
  registry: string;
  scope: RegistryScope;
  keyword?: string | undefined;
  /** choice fields and the value they must hold */
  filters: Readonly<Record<string, string>>;
  page: number;
  size: number;
};

function whereOf(query: Omit<RegistryListQuery, 'page' | 'size'>): SQL | undefined {
  const keyword = query.keyword?.trim() ?? '';
  return and(
    eq(registryRows.registry, query.registry),
    query.scope.kind === 'company' ? eq(registryRows.companyId, query.scope.companyId) : undefined,
    keyword === '' ? undefined : like(registryRows.searchText, lowerContainsPattern(keyword)),
    ...Object.entries(query.filters).map(([key, value]) => sql`${registryRows.values} ->> ${key} = ${value}`),
  );
}

export async function listRows(
  db: Db,
  query: RegistryListQuery,
): Promise<{ list: RegistryListItem[]; total: number }> {
  const where = whereOf(query);
  const [rows, totals] = await Promise.all([
    db
      .select({ row: registryRows, companyName: companies.name })
      .from(registryRows)
      .innerJoin(companies, eq(companies.id, registryRows.companyId))
      .where(where)
      .orderBy(desc(registryRows.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(registryRows).where(where),
  ]);
  return {
    list: rows.map((each) => ({ ...each.row, companyName: each.companyName })),
    total: totals[0]?.n ?? 0,
  };
}

export async function findRow(db: Db, registry: string, id: number): Promise<RegistryListItem | undefined> {
  const [row] = await db
    .select({ row: registryRows, companyName: companies.name })
    .from(registryRows)
    .innerJoin(companies, eq(companies.id, registryRows.companyId))
    .where(and(eq(registryRows.registry, registry), eq(registryRows.id, id)));
  return row === undefined ? undefined : { ...row.row, companyName: row.companyName };
}

export type RegistryWrite = { values: SheetValues; searchText: string; uniqueValue: string | null };

export async function insertRows(
  tx: Db,
  base: { registry: string; companyId: number; createdBy: number },
  rows: readonly RegistryWrite[],
): Promise<RegistryRowDb[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(registryRows)
    .values(rows.map((row) => ({ ...base, ...row })))
    .returning();
}

export async function updateRowGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  write: RegistryWrite,
): Promise<RegistryRowDb | undefined> {
  const [row] = await tx
    .update(registryRows)
    .set({ ...write, version: sql`${registryRows.version} + 1` })
    .where(and(eq(registryRows.id, id), eq(registryRows.version, expectedVersion)))
    .returning();
  return row;
}

export async function deleteRowGuarded(tx: Db, id: number, expectedVersion: number): Promise<boolean> {
  const rows = await tx
    .delete(registryRows)
    .where(and(eq(registryRows.id, id), eq(registryRows.version, expectedVersion)))
    .returning({ id: registryRows.id });
  return rows.length > 0;
}

/** The unique values a company already holds in a registry, among `values`. */
export async function findTakenValues(
  db: Db,
  registry: string,
  companyId: number,
  values: readonly string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await db
    .select({ value: registryRows.uniqueValue })
    .from(registryRows)
    .where(
      and(
        eq(registryRows.registry, registry),
        eq(registryRows.companyId, companyId),
        inArray(registryRows.uniqueValue, [...values]),
      ),
    );
  return new Set(rows.flatMap((row) => (row.value === null ? [] : [row.value])));
}

/** Every row of a company's registry, oldest first, a page at a time (the streamed export). */
export async function listPage(
  db: Db,
  registry: string,
  scope: RegistryScope,
  afterId: number,
  size: number,
): Promise<RegistryRowDb[]> {
  return db
    .select()
    .from(registryRows)
    .where(
      and(
        eq(registryRows.registry, registry),
        scope.kind === 'company' ? eq(registryRows.companyId, scope.companyId) : undefined,
        sql`${registryRows.id} > ${afterId}`,
      ),
    )
    .orderBy(registryRows.id)
    .limit(size);
}
