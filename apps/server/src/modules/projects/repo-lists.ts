// The lists and counts of projects: the page scoped to the caller (prepared per shape), the reminders' and the
// calendar's dates, the appraisal firms' engagements, the status tabs and the public announcements.
import {
  LIST_COUNT_CAP,
  LIST_EXACT_BEFORE_ESTIMATE,
  type ProjectListSort,
  type ProjectStatus,
} from '@cqjy/domain';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  like,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lowerContainsPattern } from '../../db/like.ts';
import { companies } from '../users/tables.ts';
import { keywordSearch } from './keyword.ts';
import type { ProjectRow } from './repo.ts';
import { projects } from './tables.ts';

/** Who the list is for: one owner company, a member's (those it acts for and its own), or every company's. */
export type ProjectScope =
  { kind: 'all' } | { kind: 'company'; companyId: number } | { kind: 'agent'; companyId: number };

export type ProjectFilter = {
  scope: ProjectScope;
  keyword?: string | undefined;
  status?: ProjectStatus | undefined;
  family?: string | undefined;
  /** any of these statuses (a screen's link to the projects its action can start on); empty or absent: any */
  statuses?: readonly ProjectStatus[] | undefined;
  /** any of these families; empty or absent: any */
  families?: readonly string[] | undefined;
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
      // the projects it acts for, and its own (an agent's small-lot batches started from its ledger)
      return or(eq(projects.agentCompanyId, scope.companyId), eq(projects.companyId, scope.companyId));
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
  hasStatuses: boolean;
  hasFamilies: boolean;
  hasBusinessType: boolean;
  /** the LIKE on search_text alone, or after the keyword's bigrams in search_grams (GIN) */
  keyword: 'none' | 'like' | 'grams';
  sort: ProjectListSort;
};

/** A list row's columns (ProjectListItem). */
const LIST_COLUMNS = {
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
};

/** The list rows, to be filtered and ordered: a new builder each time (a builder changes as it is used). */
function selectListRows(db: Db) {
  return db
    .select(LIST_COLUMNS)
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .$dynamic();
}

function prepareList(db: Db, shape: ListShape) {
  const conditions: SQL[] = [];
  if (shape.scope === 'company') conditions.push(eq(projects.companyId, sql.placeholder('scopeId')));
  if (shape.scope === 'agent') {
    conditions.push(
      or(
        eq(projects.agentCompanyId, sql.placeholder('scopeId')),
        eq(projects.companyId, sql.placeholder('scopeId')),
      ) as SQL,
    );
  }
  if (shape.hasStatus) conditions.push(eq(projects.status, sql.placeholder('status')));
  if (shape.hasFamily) conditions.push(eq(projects.family, sql.placeholder('family')));
  if (shape.hasStatuses) {
    conditions.push(sql`${projects.status} = any(${sql.placeholder('statuses')}::text[])`);
  }
  if (shape.hasFamilies) {
    conditions.push(sql`${projects.family} = any(${sql.placeholder('families')}::text[])`);
  }
  if (shape.hasBusinessType) conditions.push(eq(projects.businessType, sql.placeholder('businessType')));
  if (shape.keyword !== 'none') conditions.push(like(projects.searchText, sql.placeholder('pattern')));
  // After the LIKE: where PostgreSQL reads rows instead of the index (a common keyword), the LIKE turns most of
  // them away before their array of bigrams is unpacked (7 ms instead of 12-15 for the count of 设备).
  if (shape.keyword === 'grams') {
    conditions.push(arrayContains(projects.searchGrams, sql.placeholder('grams')));
  }
  const where = conditions.length === 0 ? undefined : and(...conditions);
  // PostgreSQL cuts a statement's name at 63 bytes: flags as 0/1 keep every shape's page and count names apart
  const name = `project_list_${Object.values(shape)
    .map((value) => (typeof value === 'boolean' ? Number(value) : value))
    .join('_')}`;
  // The cap is written into the count, not bound: with a bound LIMIT, PostgreSQL's generic plan of the exchange's
  // keyword count (the bigram index, whatever the keyword) was estimated cheaper than the plans it makes for each
  // keyword and replaced them after five calls, 45-70 ms for a common word instead of 5-10 ms.
  const cap = sql.raw(String(LIST_COUNT_CAP + 1));
  const counted = sql`(select 1 from ${projects} where ${where ?? sql`true`} limit ${cap}) counted`;
  const order = orderOf(shape.sort);
  const rows = selectListRows(db);
  const size = sql.placeholder('size');
  const offset = sql.placeholder('offset');
  // With a keyword the page's ids are found first, then their rows read. PostgreSQL cannot know at preparing how
  // many rows a LIKE keeps, and the plan it prepared for any keyword (estimated to keep one row: every row of the
  // company and status read from the table, then sorted, 5 ms) replaced the plans made for each keyword (the
  // scope's index in the page's order, stopping at the tenth match, 0.3 ms) after five calls. Asked for ids alone,
  // the scope's index, which holds search_text, answers them without the table under either plan.
  const pageIds = db
    .select({ id: projects.id })
    .from(projects)
    .where(where)
    .orderBy(...order)
    .limit(size)
    .offset(offset);
  const page = (
    shape.keyword === 'none'
      ? rows
          .where(where)
          .orderBy(...order)
          .limit(size)
          .offset(offset)
      : rows.where(inArray(projects.id, pageIds)).orderBy(...order)
  ).prepare(`${name}_page`);
  const total = db.select({ n: count() }).from(counted).prepare(`${name}_count`);
  return {
    page,
    total,
    ...(shape.keyword === 'grams' ? { matches: prepareMatches(db, shape, where, name) } : {}),
    ...(shape.keyword === 'like' && shape.scope === 'all'
      ? { estimate: prepareEstimate(db, where, name) }
      : {}),
  };
}

/**
 * A common keyword over every company's projects: proving a thousand matches means reading six thousand names
 * for 设备 (1 ms of the database's time, twice the rest of the request), so the matches are counted to
 * LIST_EXACT_BEFORE_ESTIMATE newest first, and past it the total is estimated from how far back in the ids they
 * reached: the share of the id range read times the range.
 */
function prepareEstimate(db: Db, where: SQL | undefined, name: string) {
  const sample = sql.raw(String(LIST_EXACT_BEFORE_ESTIMATE + 1));
  return db
    .select({
      n: count(),
      deepest: sql<number | null>`min(id)`,
      lowest: sql<number | null>`(select min(${projects.id}) from ${projects})`,
      highest: sql<number | null>`(select max(${projects.id}) from ${projects})`,
    })
    .from(
      sql`(select ${projects.id} as id from ${projects} where ${where}
           order by ${projects.id} desc limit ${sample}) sampled`,
    )
    .prepare(`${name}_estimate`);
}

/** The estimate of prepareEstimate's figures, to two significant digits (an estimate says no more). */
export function estimateTotal(found: {
  n: number;
  deepest: number;
  lowest: number;
  highest: number;
}): number {
  const share = (found.highest - found.deepest + 1) / (found.highest - found.lowest + 1);
  const estimate = found.n / share;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(estimate)) - 1);
  return Math.max(found.n, Math.round(estimate / unit) * unit);
}

/** The order of orderOf on the columns of `matched` below. */
const MATCHED_ORDER: Record<ProjectListSort, SQL> = {
  newest: sql`id desc`,
  oldest: sql`id asc`,
  disclosureEnd: sql`disclosure_end asc nulls last, id desc`,
};

/**
 * A keyword looked up by its bigrams is mostly a rare one: its matches, up to the cap, are found once through the
 * index, and the count and the page's ids taken from them in one statement (page and count apart looked them up
 * twice, most of the request's time). When the cap is reached, the matches found are not the newest and the page
 * is read as for any keyword.
 */
function prepareMatches(db: Db, shape: ListShape, where: SQL | undefined, name: string) {
  const cap = sql.raw(String(LIST_COUNT_CAP + 1));
  // the offset within the matches: at most past the last of them (array subscripts are 4-byte integers, an offset
  // may be larger)
  const from = sql.placeholder('matchesOffset');
  const size = sql.placeholder('size');
  // one row per project of the page, each with the count; one row without a project for a page past the end
  return db
    .select({ n: sql<number>`found.n`, ...LIST_COLUMNS })
    .from(
      sql`(select count(*)::int as n,
                  (array_agg(id order by ${MATCHED_ORDER[shape.sort]}))[${from}::int + 1 : ${from}::int + ${size}::int] as ids
           from (select ${projects.id} as id, ${projects.disclosureEnd} as disclosure_end from ${projects}
                 where ${where} limit ${cap}) matched) found`,
    )
    .leftJoin(projects, sql`${projects.id} = any(found.ids)`)
    .leftJoin(companies, eq(companies.id, projects.companyId))
    .orderBy(...orderOf(shape.sort))
    .prepare(`${name}_matches`);
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
 * name. The total is exact up to LIST_COUNT_CAP; beyond it the count stops there and says so. The exchange's search
 * for a common keyword (no bigrams chosen, keyword.ts) counts exactly up to LIST_EXACT_BEFORE_ESTIMATE and
 * estimates beyond it, and says so.
 */
export async function listProjects(
  db: Db,
  filter: ProjectFilter,
): Promise<{ list: ProjectListItem[]; total: number; isTotalCapped: boolean; isTotalEstimated?: boolean }> {
  const keyword = filter.keyword?.trim() ?? '';
  // Within a company's or an agent's projects the scope's index holds search_text, so the LIKE reads the index
  // alone; the bigram index would add the whole table's matches of a common word (one name in six holds 设备:
  // 45 ms of GIN where the scope's count takes under a millisecond), and PostgreSQL chose it all the same. Over
  // every company's projects there is no such bound: a rare keyword is found through its rarest bigrams, a common
  // one in the narrow index of search_text (keyword.ts).
  const grams = keyword !== '' && filter.scope.kind === 'all' ? (await keywordSearch(db, keyword)).grams : [];
  const shape: ListShape = {
    scope: filter.scope.kind,
    hasStatus: filter.status !== undefined,
    hasFamily: filter.family !== undefined,
    hasStatuses: (filter.statuses?.length ?? 0) > 0,
    hasFamilies: (filter.families?.length ?? 0) > 0,
    hasBusinessType: filter.businessType !== undefined,
    keyword: keyword === '' ? 'none' : grams.length > 0 ? 'grams' : 'like',
    sort: filter.sort ?? 'newest',
  };
  const values = {
    scopeId: filter.scope.kind === 'all' ? undefined : filter.scope.companyId,
    status: filter.status,
    family: filter.family,
    statuses: filter.statuses === undefined ? undefined : [...filter.statuses],
    families: filter.families === undefined ? undefined : [...filter.families],
    businessType: filter.businessType,
    pattern: lowerContainsPattern(keyword),
    grams,
    size: filter.size,
    offset: (filter.page - 1) * filter.size,
    matchesOffset: Math.min((filter.page - 1) * filter.size, LIST_COUNT_CAP + 1),
  };
  const { page, total, matches, estimate } = listQueriesOf(db, shape);
  if (matches !== undefined) {
    const found = await matches.execute(values);
    const n = found[0]?.n ?? 0;
    if (n <= LIST_COUNT_CAP) {
      const list = found.flatMap(({ n: _n, ...row }) => (row.id === null ? [] : [row as ProjectListItem]));
      return { list, total: n, isTotalCapped: false };
    }
    return { list: await page.execute(values), total: LIST_COUNT_CAP, isTotalCapped: true };
  }
  if (estimate !== undefined) {
    const [rows, estimated] = await Promise.all([page.execute(values), estimate.execute(values)]);
    const found = estimated[0];
    const n = found?.n ?? 0;
    if (
      n <= LIST_EXACT_BEFORE_ESTIMATE ||
      found?.deepest == null ||
      found.lowest == null ||
      found.highest == null
    ) {
      return { list: rows, total: n, isTotalCapped: false };
    }
    const { deepest, lowest, highest } = found;
    return {
      list: rows,
      total: estimateTotal({ n, deepest, lowest, highest }),
      isTotalCapped: false,
      isTotalEstimated: true,
    };
  }
  // Page and count side by side on two connections; carrying the count on the page's rows (one statement)
  // measured the same under load and needs a second path for a page past the end.
  const [rows, totals] = await Promise.all([page.execute(values), total.execute(values)]);
  const n = totals[0]?.n ?? 0;
  return {
    list: rows,
    total: Math.min(n, LIST_COUNT_CAP),
    isTotalCapped: n > LIST_COUNT_CAP,
  };
}

/** The projects in disclosure whose deadline falls in [from, to]: the reminders' candidates. */
export async function listDisclosuresEnding(db: Db, from: Date, to: Date): Promise<ProjectRow[]> {
  return db
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.status, 'disclosing'),
        gte(projects.disclosureEnd, from),
        sql`${projects.disclosureEnd} <= ${to}`,
      ),
    )
    .orderBy(asc(projects.disclosureEnd))
    .limit(1000);
}

/** The projects of the scope whose disclosure starts or ends in [from, to), for the home page's calendar. */
export async function listDisclosureDates(
  db: Db,
  input: { scope: ProjectScope; from: Date; to: Date },
): Promise<
  Pick<ProjectRow, 'id' | 'family' | 'name' | 'code' | 'status' | 'disclosureStart' | 'disclosureEnd'>[]
> {
  const within = (column: typeof projects.disclosureStart) =>
    and(gte(column, input.from), lt(column, input.to));
  return db
    .select({
      id: projects.id,
      family: projects.family,
      name: projects.name,
      code: projects.code,
      status: projects.status,
      disclosureStart: projects.disclosureStart,
      disclosureEnd: projects.disclosureEnd,
    })
    .from(projects)
    .where(
      and(scopeCondition(input.scope), or(within(projects.disclosureStart), within(projects.disclosureEnd))),
    )
    .orderBy(asc(projects.id))
    .limit(500);
}

/**
 * 评估项目: the projects whose form names `firm` as the appraisal firm, or, when `firm` is null (the exchange), the
 * projects past their draft that name any firm; newest first, with the owner's name.
 */
export async function listEngaged(
  db: Db,
  input: { firm: string | null; keyword?: string | undefined; page: number; size: number },
): Promise<{ list: (ProjectRow & { ownerName: string })[]; total: number }> {
  const firm = sql`(${projects.details} -> 'form' ->> 'appraisalFirm')`;
  const keyword = input.keyword?.trim() ?? '';
  const where = and(
    // a firm's work starts when it is named, a draft's too; the exchange sees no owner's draft
    input.firm === null
      ? sql`${projects.status} <> 'draft' and coalesce(${firm}, '') <> ''`
      : sql`${firm} = ${input.firm}`,
    keyword === '' ? undefined : like(projects.searchText, lowerContainsPattern(keyword)),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ project: projects, ownerName: companies.name })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(where)
      .orderBy(desc(projects.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return {
    list: rows.map((row) => ({ ...row.project, ownerName: row.ownerName })),
    total: totals[0]?.n ?? 0,
  };
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

/** The projects of some families in one status (the disclosing capital increases open to investors). */
export async function listByFamiliesInStatus(
  db: Db,
  families: readonly string[],
  status: ProjectStatus,
): Promise<(ProjectRow & { companyName: string })[]> {
  const rows = await db
    .select({ project: projects, companyName: companies.name })
    .from(projects)
    .innerJoin(companies, eq(companies.id, projects.companyId))
    .where(and(inArray(projects.family, [...families]), eq(projects.status, status)))
    .orderBy(desc(projects.disclosureStart), desc(projects.id))
    .limit(200);
  return rows.map((row) => ({ ...row.project, companyName: row.companyName }));
}

/** The ids of every company's projects in any of `statuses`, oldest first (the public site's first publication). */
export async function listIdsInStatuses(db: Db, statuses: readonly ProjectStatus[]): Promise<number[]> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(inArray(projects.status, [...statuses]))
    .orderBy(projects.id);
  return rows.map((row) => row.id);
}
