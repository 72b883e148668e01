// Queries on projects.
import {
  LIST_COUNT_CAP,
  type BulkAssetCategory,
  type ProjectListSort,
  type ProjectStatus,
} from '@cqjy/domain';
import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lowerContainsPattern } from '../../db/like.ts';
import { companies } from '../users/tables.ts';
import { projectAssets, projectParticipants, projects } from './tables.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectPatch = Partial<
  Pick<ProjectRow, 'status' | 'disclosureStart' | 'disclosureEnd' | 'pausedAt' | 'details'>
>;

export async function findById(db: Db, id: number): Promise<ProjectRow | undefined> {
  const rows = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return rows[0];
}

export async function insertProject(db: Db, values: NewProject): Promise<ProjectRow> {
  const rows = await db.insert(projects).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert into projects returned no row');
  return row;
}

/** Changes a project only while it still has `expectedVersion`; answers the new row, or undefined when stale. */
export async function updateGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: ProjectPatch,
): Promise<ProjectRow | undefined> {
  const rows = await tx
    .update(projects)
    .set({ ...patch, version: sql`${projects.version} + 1` })
    .where(and(eq(projects.id, id), eq(projects.version, expectedVersion)))
    .returning();
  return rows[0];
}

/** Changes a draft's name and details while it is still a draft at `expectedVersion`; undefined otherwise. */
export async function updateDraftGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: Pick<ProjectRow, 'name' | 'details'>,
): Promise<ProjectRow | undefined> {
  const rows = await tx
    .update(projects)
    .set({ ...patch, version: sql`${projects.version} + 1` })
    .where(and(eq(projects.id, id), eq(projects.version, expectedVersion), eq(projects.status, 'draft')))
    .returning();
  return rows[0];
}

/** Gives a new row its code (made from its id, so it is unique without a guess). */
export async function setCode(tx: Db, id: number, code: string): Promise<ProjectRow | undefined> {
  const rows = await tx.update(projects).set({ code }).where(eq(projects.id, id)).returning();
  return rows[0];
}

/** Deletes a project only while it is a draft; answers whether a row went. */
export async function deleteDraft(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.status, 'draft')))
    .returning({ id: projects.id });
  return rows.length === 1;
}

/** Who the list is for: one owner company, the projects an agent member acts for, or every company's. */
export type ProjectScope =
  { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'agent'; companyId: number };

export type ProjectFilter = {
  scope: ProjectScope;
  keyword?: string | undefined;
  status?: ProjectStatus | undefined;
  family?: string | undefined;
  businessType?: string | undefined;
  sort?: ProjectListSort | undefined;
  page: number;
  size: number;
};

function scopeCondition(scope: ProjectScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'company':
      return eq(projects.companyId, scope.companyId);
    case 'agent':
      return eq(projects.agentCompanyId, scope.companyId);
  }
}

function orderOf(sort: ProjectListSort | undefined): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(projects.id)];
    case 'disclosureEnd':
      return [sql`${projects.disclosureEnd} asc nulls last`, desc(projects.id)];
    default:
      return [desc(projects.id)];
  }
}

/**
 * What a list row needs of a project: the listing price alone of its form (details hold the whole form, the
 * largest part of the row, which a list does not show).
 */
export type ProjectListItem = Pick<
  ProjectRow,
  'id' | 'companyId' | 'family' | 'name' | 'code' | 'status' | 'disclosureEnd' | 'updatedAt'
> & { listingPrice: number | null; companyName: string };

/** Which filters a list query has: one prepared statement pair per shape, its values bound at each call. */
type ListShape = {
  scope: ProjectScope['kind'];
  hasStatus: boolean;
  hasFamily: boolean;
  hasBusinessType: boolean;
  hasKeyword: boolean;
  sort: ProjectListSort;
};

function prepareList(db: Db, shape: ListShape) {
  const conditions: SQL[] = [];
  if (shape.scope === 'company') conditions.push(eq(projects.companyId, sql.placeholder('scopeId')));
  if (shape.scope === 'agent') conditions.push(eq(projects.agentCompanyId, sql.placeholder('scopeId')));
  if (shape.hasStatus) conditions.push(eq(projects.status, sql.placeholder('status')));
  if (shape.hasFamily) conditions.push(eq(projects.family, sql.placeholder('family')));
  if (shape.hasBusinessType) conditions.push(eq(projects.businessType, sql.placeholder('businessType')));
  if (shape.hasKeyword) conditions.push(like(projects.searchText, sql.placeholder('pattern')));
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const name = `project_list_${Object.values(shape).join('_')}`;
  const counted = db
    .select({ one: sql`1` })
    .from(projects)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('counted');
  const page = db
    .select({
      id: projects.id,
      companyId: projects.companyId,
      family: projects.family,
      name: projects.name,
      code: projects.code,
      status: projects.status,
      disclosureEnd: projects.disclosureEnd,
      updatedAt: projects.updatedAt,
      listingPrice: sql<number | null>`(${projects.details} #>> '{form,listingPrice}')::bigint`.mapWith(
        (value: string | number | null) => (value === null ? null : Number(value)),
      ),
      companyName: companies.name,
    })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(where)
    .orderBy(...orderOf(shape.sort))
    .limit(sql.placeholder('size'))
    .offset(sql.placeholder('offset'))
    .prepare(`${name}_page`);
  const total = db.select({ n: count() }).from(counted).prepare(`${name}_count`);
  return { page, total };
}

// The lists are the busiest calls: their statements are prepared once per database and shape, so PostgreSQL
// plans them once instead of at every request.
const listQueries = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

function listQueriesOf(db: Db, shape: ListShape): ReturnType<typeof prepareList> {
  let byShape = listQueries.get(db);
  if (byShape === undefined) {
    byShape = new Map();
    listQueries.set(db, byShape);
  }
  const key = JSON.stringify(shape);
  let prepared = byShape.get(key);
  if (prepared === undefined) {
    prepared = prepareList(db, shape);
    byShape.set(key, prepared);
  }
  return prepared;
}

/**
 * A page of projects in the scope, filtered in SQL, newest first unless sorted otherwise, each with its owner's
 * name. The total is exact up to LIST_COUNT_CAP; beyond it the count stops there and says so.
 */
export async function listProjects(
  db: Db,
  filter: ProjectFilter,
): Promise<{ list: ProjectListItem[]; total: number; isTotalCapped: boolean }> {
  const keyword = filter.keyword?.trim() ?? '';
  const shape: ListShape = {
    scope: filter.scope.kind,
    hasStatus: filter.status !== undefined,
    hasFamily: filter.family !== undefined,
    hasBusinessType: filter.businessType !== undefined,
    hasKeyword: keyword !== '',
    sort: filter.sort ?? 'newest',
  };
  const values = {
    scopeId: filter.scope.kind === 'all' ? undefined : filter.scope.companyId,
    status: filter.status,
    family: filter.family,
    businessType: filter.businessType,
    pattern: lowerContainsPattern(keyword),
    size: filter.size,
    offset: (filter.page - 1) * filter.size,
  };
  // Page and count side by side on two connections; carrying the count on the page's rows (one statement)
  // measured the same under load and needs a second path for a page past the end.
  const { page, total } = listQueriesOf(db, shape);
  const [rows, totals] = await Promise.all([page.execute(values), total.execute(values)]);
  const n = totals[0]?.n ?? 0;
  return {
    list: rows,
    total: Math.min(n, LIST_COUNT_CAP),
    isTotalCapped: n > LIST_COUNT_CAP,
  };
}

/** Copies a project's asset list onto another project of the same company, in one statement. */
export async function copyAssets(
  tx: Db,
  input: { fromProjectId: number; toProjectId: number; createdBy: number },
): Promise<void> {
  await tx.execute(sql`
    insert into project_assets (project_id, company_id, category, values, created_by)
    select ${input.toProjectId}, company_id, category, values, ${input.createdBy}
    from project_assets where project_id = ${input.fromProjectId} order by id`);
}

/** How many projects of the scope (and business type) are in each status. */
export async function countByStatus(
  db: Db,
  filter: { scope: ProjectScope; businessType?: string | undefined },
): Promise<Map<ProjectStatus, number>> {
  const scope = scopeCondition(filter.scope);
  const where = and(
    scope,
    filter.businessType === undefined ? undefined : eq(projects.businessType, filter.businessType),
  );
  const rows = await db
    .select({ status: projects.status, n: count() })
    .from(projects)
    .where(where)
    .groupBy(projects.status);
  return new Map(rows.map((row) => [row.status, row.n]));
}

// --- asset lists ---------------------------------------------------------------------------------------------

export type ProjectAssetRowDb = typeof projectAssets.$inferSelect;
export type NewProjectAsset = typeof projectAssets.$inferInsert;

export async function insertAssets(tx: Db, rows: readonly NewProjectAsset[]): Promise<number> {
  if (rows.length === 0) return 0;
  // PostgreSQL takes at most 65,535 parameters a statement: 500 rows of 6 values stay far below.
  let inserted = 0;
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    inserted += (await tx.insert(projectAssets).values(chunk).returning({ id: projectAssets.id })).length;
  }
  return inserted;
}

/** A page of a project's assets, of one category or all, in the order they were added. */
export async function listAssets(
  db: Db,
  filter: { projectId: number; category?: BulkAssetCategory | undefined; page: number; size: number },
): Promise<{ list: ProjectAssetRowDb[]; total: number }> {
  const where = and(
    eq(projectAssets.projectId, filter.projectId),
    filter.category === undefined ? undefined : eq(projectAssets.category, filter.category),
  );
  const [list, totals] = await Promise.all([
    db
      .select()
      .from(projectAssets)
      .where(where)
      .orderBy(asc(projectAssets.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ n: count() }).from(projectAssets).where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}

/** Every asset of a project and category, for the export (bounded by what imports can add). */
export async function listAllAssets(
  db: Db,
  projectId: number,
  category: BulkAssetCategory,
): Promise<ProjectAssetRowDb[]> {
  return db
    .select()
    .from(projectAssets)
    .where(and(eq(projectAssets.projectId, projectId), eq(projectAssets.category, category)))
    .orderBy(asc(projectAssets.id));
}

/** Deletes the given assets of one project; answers the ids that went (others' ids are ignored). */
export async function deleteAssets(tx: Db, projectId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .delete(projectAssets)
    .where(and(eq(projectAssets.projectId, projectId), inArray(projectAssets.id, [...ids])))
    .returning({ id: projectAssets.id });
  return rows.map((row) => row.id);
}

// --- participants ----------------------------------------------------------------------------------------------

export type ProjectParticipantRow = typeof projectParticipants.$inferSelect;
export type NewProjectParticipant = typeof projectParticipants.$inferInsert;
export type ParticipantPatch = Pick<
  ProjectParticipantRow,
  | 'kind'
  | 'name'
  | 'certType'
  | 'certNo'
  | 'contactName'
  | 'contactMobile'
  | 'deposit'
  | 'isQualified'
  | 'note'
>;

export async function findParticipant(db: Db, id: number): Promise<ProjectParticipantRow | undefined> {
  const rows = await db.select().from(projectParticipants).where(eq(projectParticipants.id, id)).limit(1);
  return rows[0];
}

/** A project's participants in the order they were registered. */
export async function listParticipants(db: Db, projectId: number): Promise<ProjectParticipantRow[]> {
  return db
    .select()
    .from(projectParticipants)
    .where(eq(projectParticipants.projectId, projectId))
    .orderBy(asc(projectParticipants.id));
}

/** The participant of the project holding this certificate number, if any (for the duplicate's message). */
export async function findParticipantByCertNo(
  db: Db,
  projectId: number,
  certNo: string,
): Promise<ProjectParticipantRow | undefined> {
  const rows = await db
    .select()
    .from(projectParticipants)
    .where(and(eq(projectParticipants.projectId, projectId), eq(projectParticipants.certNo, certNo)))
    .limit(1);
  return rows[0];
}

/**
 * The project's status read under a share lock: a status change waits for the caller's transaction, so a
 * participant is never written to a project that just left the statuses that allow it.
 */
export async function lockProjectStatus(tx: Db, projectId: number): Promise<ProjectStatus | undefined> {
  const rows = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('share');
  return rows[0]?.status;
}

export async function insertParticipant(
  tx: Db,
  values: NewProjectParticipant,
): Promise<ProjectParticipantRow> {
  const rows = await tx.insert(projectParticipants).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert into project_participants returned no row');
  return row;
}

/** Changes a participant only while it still has `expectedVersion`; undefined when stale (or gone). */
export async function updateParticipantGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: ParticipantPatch,
): Promise<ProjectParticipantRow | undefined> {
  const rows = await tx
    .update(projectParticipants)
    .set({ ...patch, version: sql`${projectParticipants.version} + 1` })
    .where(and(eq(projectParticipants.id, id), eq(projectParticipants.version, expectedVersion)))
    .returning();
  return rows[0];
}

/** Deletes a participant only while it still has `expectedVersion`; answers whether a row went. */
export async function deleteParticipantGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
): Promise<boolean> {
  const rows = await tx
    .delete(projectParticipants)
    .where(and(eq(projectParticipants.id, id), eq(projectParticipants.version, expectedVersion)))
    .returning({ id: projectParticipants.id });
  return rows.length === 1;
}
