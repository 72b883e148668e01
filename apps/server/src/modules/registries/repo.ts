// The registries module's queries. A list is one registry of one company (or of every company, for the exchange),
// filtered in SQL by a keyword (search_text) and by choice fields (values containing {key: value}), newest first.
import { LIST_COUNT_CAP, type SheetValues } from '@cqjy/domain';
import { and, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
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
    // containment, which the values' GIN index answers: a rare state among 100,000 lots is not scanned for
    ...Object.entries(query.filters).map(
      ([key, value]) => sql`${registryRows.values} @> ${JSON.stringify({ [key]: value })}::jsonb`,
    ),
  );
}

export async function listRows(
  db: Db,
  query: RegistryListQuery,
): Promise<{ list: RegistryListItem[]; total: number; isTotalCapped: boolean }> {
  const where = whereOf(query);
  // counted up to the cap, as the other lists are: a ledger of 100,000 lots is not counted whole on every page
  const counted = db
    .select({ one: sql`1` })
    .from(registryRows)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('counted');
  const [rows, totals] = await Promise.all([
    db
      .select({ row: registryRows, companyName: companies.name })
      .from(registryRows)
      .innerJoin(companies, eq(companies.id, registryRows.companyId))
      .where(where)
      .orderBy(desc(registryRows.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(counted),
  ]);
  const n = totals[0]?.n ?? 0;
  return {
    list: rows.map((each) => ({ ...each.row, companyName: each.companyName })),
    total: Math.min(n, LIST_COUNT_CAP),
    isTotalCapped: n > LIST_COUNT_CAP,
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

/**
 * Rows a statement inserts, and values a statement looks up (a statement takes at most 65,535 parameters, by
 * PostgreSQL's wire protocol).
 */
export const INSERT_CHUNK = 1000;
export const LOOKUP_CHUNK = 5000;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Stores rows in their order, INSERT_CHUNK a statement; answers their ids and versions. A statement carries its
 * rows as one JSON parameter unpacked by jsonb_to_recordset: an import's thousands of rows cost no parameter each,
 * and no SQL built a row at a time (Drizzle's insert builder took about 20 µs a row, most of a 10,000-row import's
 * own time).
 */
export async function insertRows(
  tx: Db,
  base: { registry: string; companyId: number; createdBy: number },
  rows: readonly RegistryWrite[],
): Promise<{ id: number; version: number }[]> {
  const stored: { id: number; version: number }[] = [];
  for (const chunk of chunksOf(rows, INSERT_CHUNK)) {
    const records = JSON.stringify(
      chunk.map((row) => ({ v: row.values, s: row.searchText, u: row.uniqueValue })),
    );
    const inserted = await selectRows<{ id: number; version: number }>(
      tx,
      sql`insert into ${registryRows} (registry, company_id, created_by, "values", search_text, unique_value)
          select ${base.registry}, ${base.companyId}, ${base.createdBy}, r.v, r.s, r.u
          from rows from (jsonb_to_recordset(${records}::jsonb) as (v jsonb, s text, u text))
            with ordinality as r(v, s, u, n)
          order by r.n
          returning id, version`,
    );
    stored.push(...inserted);
  }
  return stored;
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

/** The company's other rows of a registry marked default (field 是) become 否, each a version newer. */
export async function clearOtherDefaults(
  tx: Db,
  target: { registry: string; companyId: number; exceptId: number; field: string },
): Promise<void> {
  await tx
    .update(registryRows)
    .set({
      values: sql`jsonb_set(${registryRows.values}, ${`{${target.field}}`}::text[], '"否"'::jsonb)`,
      version: sql`${registryRows.version} + 1`,
    })
    .where(
      and(
        eq(registryRows.registry, target.registry),
        eq(registryRows.companyId, target.companyId),
        sql`${registryRows.id} <> ${target.exceptId}`,
        sql`${registryRows.values} ->> ${target.field} = '是'`,
      ),
    );
}

export async function deleteRowGuarded(tx: Db, id: number, expectedVersion: number): Promise<boolean> {
  const rows = await tx
    .delete(registryRows)
    .where(and(eq(registryRows.id, id), eq(registryRows.version, expectedVersion)))
    .returning({ id: registryRows.id });
  return rows.length > 0;
}

/** How many of a company's rows of a registry a project started (values.projectId). */
export async function countProjectRows(
  db: Db,
  registry: string,
  companyId: number,
  projectId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(registryRows)
    .where(
      and(
        eq(registryRows.registry, registry),
        eq(registryRows.companyId, companyId),
        sql`${registryRows.values} ->> 'projectId' = ${String(projectId)}`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Sets one field of the rows of a registry a project started (a ledger's lots following their project), each a
 * version newer; answers their ids.
 */
export async function setProjectRowsField(
  tx: Db,
  target: { registry: string; companyId: number; projectId: number; field: string; value: string },
): Promise<number[]> {
  const rows = await tx
    .update(registryRows)
    .set({
      values: sql`${registryRows.values} || jsonb_build_object(${target.field}::text, ${target.value}::text)`,
      version: sql`${registryRows.version} + 1`,
    })
    .where(
      and(
        eq(registryRows.registry, target.registry),
        eq(registryRows.companyId, target.companyId),
        sql`${registryRows.values} ->> 'projectId' = ${String(target.projectId)}`,
      ),
    )
    .returning({ id: registryRows.id });
  return rows.map((row) => row.id);
}

/** The unique values a company already holds in a registry, among `values` (LOOKUP_CHUNK a statement). */
export async function findTakenValues(
  db: Db,
  registry: string,
  companyId: number,
  values: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunksOf([...new Set(values)], LOOKUP_CHUNK)) {
    const rows = await db
      .select({ value: registryRows.uniqueValue })
      .from(registryRows)
      .where(
        and(
          eq(registryRows.registry, registry),
          eq(registryRows.companyId, companyId),
          inArray(registryRows.uniqueValue, chunk),
        ),
      );
    for (const row of rows) if (row.value !== null) taken.add(row.value);
  }
  return taken;
}

/** Every row of a company's registry, oldest first, a page at a time (the streamed export): what a file shows. */
export async function listPage(
  db: Db,
  registry: string,
  scope: RegistryScope,
  afterId: number,
  size: number,
): Promise<Pick<RegistryRowDb, 'id' | 'companyId' | 'values'>[]> {
  return db
    .select({ id: registryRows.id, companyId: registryRows.companyId, values: registryRows.values })
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
