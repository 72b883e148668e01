// The queries of the public site. Every public read goes through `isListed` or `isDealNoticed`: a row is on the
// site while its stage is set and its period runs (a suspended one until its course goes on), a deal while its
// notice runs.
import type { DealQuery, ListingQuery } from '@cqjy/domain';
import { and, asc, count, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lowerContainsPattern } from '../../db/like.ts';
import { users } from '../users/tables.ts';
import { regionPrefix, WAN_YUAN_FEN } from './search.ts';
import { listingWatches, publicListings, publicNotices, savedSearches } from './tables.ts';

export type ListingRow = typeof publicListings.$inferSelect;
export type NewListingRow = typeof publicListings.$inferInsert;
export type NoticeRow = typeof publicNotices.$inferSelect;

/** On the site now: listed, and its period not yet past (a suspended project stays with its notice). */
export function isListed(now: Date): SQL {
  return and(
    sql`${publicListings.stage} is not null`,
    or(
      eq(publicListings.stage, 'suspended'),
      sql`${publicListings.disclosureEnd} is null`,
      gte(publicListings.disclosureEnd, now),
    ),
  ) as SQL;
}

/** A deal whose notice (成交公示) runs on `today` ('YYYY-MM-DD'). */
export function isDealNoticed(today: string): SQL {
  return and(sql`${publicListings.deal} is not null`, gte(publicListings.dealNoticeUntil, today)) as SQL;
}

/** The same rules for a row already read: whether the site shows it now (listed, or its deal noticed). */
export function isShown(row: ListingRow, now: Date, today: string): boolean {
  return isListedRow(row, now) || (row.deal !== null && (row.dealNoticeUntil ?? '') >= today);
}

/** isListed for a row already read. */
export function isListedRow(row: ListingRow, now: Date): boolean {
  return (
    row.stage !== null &&
    (row.stage === 'suspended' || row.disclosureEnd === null || row.disclosureEnd.getTime() >= now.getTime())
  );
}

function listingFilters(query: ListingQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.businessType !== undefined) filters.push(eq(publicListings.businessType, query.businessType));
  if (query.family !== undefined) filters.push(eq(publicListings.family, query.family));
  if (query.region !== undefined) {
    filters.push(like(publicListings.region, `${regionPrefix(query.region)}%`));
  }
  if (query.industry !== undefined) filters.push(eq(publicListings.industry, query.industry));
  if (query.stage !== undefined) filters.push(eq(publicListings.stage, query.stage));
  if (query.priceMin !== undefined) filters.push(gte(publicListings.price, query.priceMin * WAN_YUAN_FEN));
  if (query.priceMax !== undefined) filters.push(lte(publicListings.price, query.priceMax * WAN_YUAN_FEN));
  if (query.from !== undefined) {
    filters.push(gte(publicListings.disclosureStart, new Date(`${query.from}T00:00:00+08:00`)));
  }
  if (query.to !== undefined) {
    filters.push(
      sql`${publicListings.disclosureStart} < ${new Date(`${query.to}T00:00:00+08:00`)}::timestamptz + interval '1 day'`,
    );
  }
  if (query.keyword !== undefined && query.keyword !== '') {
    filters.push(like(publicListings.searchText, lowerContainsPattern(query.keyword)));
  }
  return filters;
}

function listingOrder(query: ListingQuery) {
  switch (query.sort) {
    case 'closing':
      return [sql`${publicListings.disclosureEnd} asc nulls last`, desc(publicListings.projectId)];
    case 'priceAsc':
      return [sql`${publicListings.price} asc nulls last`, desc(publicListings.projectId)];
    case 'priceDesc':
      return [sql`${publicListings.price} desc nulls last`, desc(publicListings.projectId)];
    default:
      return [desc(publicListings.listedAt), desc(publicListings.projectId)];
  }
}

export async function listListings(
  db: Db,
  query: ListingQuery,
  now: Date,
  page: { offset: number; limit: number },
): Promise<{ rows: ListingRow[]; total: number }> {
  const where = and(isListed(now), ...listingFilters(query));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(publicListings)
      .where(where)
      .orderBy(...listingOrder(query))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(publicListings).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function listDeals(
  db: Db,
  query: DealQuery,
  today: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ListingRow[]; total: number }> {
  const filters: SQL[] = [isDealNoticed(today)];
  if (query.businessType !== undefined) filters.push(eq(publicListings.businessType, query.businessType));
  if (query.keyword !== undefined && query.keyword !== '') {
    filters.push(like(publicListings.searchText, lowerContainsPattern(query.keyword)));
  }
  const where = and(...filters);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(publicListings)
      .where(where)
      .orderBy(desc(publicListings.dealNoticeUntil), desc(publicListings.projectId))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(publicListings).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A listing by its code, while it is on the site or its deal notice runs. */
export async function findPublic(
  db: Db,
  code: string,
  now: Date,
  today: string,
): Promise<ListingRow | undefined> {
  const rows = await db
    .select()
    .from(publicListings)
    .where(and(eq(publicListings.code, code), or(isListed(now), isDealNoticed(today))))
    .limit(1);
  return rows[0];
}

export async function findListing(tx: Db, projectId: number): Promise<ListingRow | undefined> {
  const rows = await tx.select().from(publicListings).where(eq(publicListings.projectId, projectId)).limit(1);
  return rows[0];
}

export async function upsertListing(tx: Db, values: NewListingRow): Promise<ListingRow> {
  const { projectId: _id, visits: _visits, watches: _watches, ...changed } = values;
  const rows = await tx
    .insert(publicListings)
    .values(values)
    .onConflictDoUpdate({ target: publicListings.projectId, set: changed })
    .returning();
  const row = rows[0];
  if (row === undefined) throw new Error('the listing was not written');
  return row;
}

export async function insertNotice(tx: Db, values: typeof publicNotices.$inferInsert): Promise<void> {
  await tx.insert(publicNotices).values(values);
}

export async function listProjectNotices(db: Db, projectId: number): Promise<NoticeRow[]> {
  return db
    .select()
    .from(publicNotices)
    .where(eq(publicNotices.projectId, projectId))
    .orderBy(asc(publicNotices.at), asc(publicNotices.id));
}

/** The notices of a course's change (中止, 恢复, 终止, 终结, 变更), newest first, with their project's name. */
export async function listCourseNotices(
  db: Db,
  kinds: readonly string[],
  page: { offset: number; limit: number },
): Promise<{ rows: (NoticeRow & { code: string; name: string })[]; total: number }> {
  const where = inArray(publicNotices.kind, [...kinds] as NoticeRow['kind'][]);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: publicNotices.id,
        projectId: publicNotices.projectId,
        kind: publicNotices.kind,
        text: publicNotices.text,
        at: publicNotices.at,
        code: publicListings.code,
        name: publicListings.name,
      })
      .from(publicNotices)
      .innerJoin(publicListings, eq(publicListings.projectId, publicNotices.projectId))
      .where(where)
      .orderBy(desc(publicNotices.at), desc(publicNotices.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(publicNotices).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Every row the site shows now, for the sitemap, the feed and the bulk export (newest first, at most `limit`). */
export async function listAllPublic(db: Db, now: Date, today: string, limit: number): Promise<ListingRow[]> {
  return db
    .select()
    .from(publicListings)
    .where(or(isListed(now), isDealNoticed(today)))
    .orderBy(desc(publicListings.updatedAt), desc(publicListings.projectId))
    .limit(limit);
}

export async function listWatchers(
  tx: Db,
  projectId: number,
): Promise<{ userId: number; companyId: number; sms: boolean; mobile: string | null }[]> {
  return tx
    .select({
      userId: listingWatches.userId,
      companyId: listingWatches.companyId,
      sms: listingWatches.sms,
      mobile: users.mobile,
    })
    .from(listingWatches)
    .innerJoin(users, eq(users.id, listingWatches.userId))
    .where(eq(listingWatches.projectId, projectId));
}

export async function listAllSearches(tx: Db) {
  return tx
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      companyId: savedSearches.companyId,
      name: savedSearches.name,
      query: savedSearches.query,
      sms: savedSearches.sms,
      mobile: users.mobile,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId));
}

/** Watches a listing (once per user); answers the listing's watch count. */
export async function watch(
  tx: Db,
  values: { userId: number; companyId: number; projectId: number; sms: boolean },
): Promise<number> {
  const inserted = await tx
    .insert(listingWatches)
    .values(values)
    .onConflictDoUpdate({
      target: [listingWatches.userId, listingWatches.projectId],
      set: { sms: values.sms, companyId: values.companyId },
    })
    .returning({ isNew: sql<boolean>`xmax = 0` });
  const isNew = inserted[0]?.isNew === true;
  return bumpWatches(tx, values.projectId, isNew ? 1 : 0);
}

export async function unwatch(tx: Db, userId: number, projectId: number): Promise<number> {
  const removed = await tx
    .delete(listingWatches)
    .where(and(eq(listingWatches.userId, userId), eq(listingWatches.projectId, projectId)))
    .returning({ userId: listingWatches.userId });
  return bumpWatches(tx, projectId, removed.length === 0 ? 0 : -1);
}

async function bumpWatches(tx: Db, projectId: number, delta: number): Promise<number> {
  const rows = await tx
    .update(publicListings)
    .set({ watches: sql`greatest(0, ${publicListings.watches} + ${delta})` })
    .where(eq(publicListings.projectId, projectId))
    .returning({ watches: publicListings.watches });
  return rows[0]?.watches ?? 0;
}

export async function listUserWatches(db: Db, userId: number) {
  return db
    .select({ watch: listingWatches, listing: publicListings })
    .from(listingWatches)
    .innerJoin(publicListings, eq(publicListings.projectId, listingWatches.projectId))
    .where(eq(listingWatches.userId, userId))
    .orderBy(desc(listingWatches.createdAt));
}

export async function countSearches(tx: Db, userId: number): Promise<number> {
  const rows = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return rows[0]?.n ?? 0;
}

export async function insertSearch(tx: Db, values: typeof savedSearches.$inferInsert) {
  const rows = await tx.insert(savedSearches).values(values).returning({ id: savedSearches.id });
  const row = rows[0];
  if (row === undefined) throw new Error('the search was not saved');
  return row;
}

export async function listUserSearches(db: Db, userId: number) {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
}

export async function deleteSearch(tx: Db, userId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** Adds the visits counted since the last flush, one statement for them all. */
export async function addVisits(db: Db, visits: ReadonlyMap<string, number>): Promise<void> {
  if (visits.size === 0) return;
  const values = sql.join(
    [...visits].map(([code, n]) => sql`(${code}::text, ${n}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update public_listings set visits = visits + v.n from (values ${values}) as v(code, n) where public_listings.code = v.code`,
  );
}

/** The projects to publish when the site's table is new (an upgrade): every project in a public status. */
export async function countListings(db: Db): Promise<number> {
  const rows = await db.select({ n: count() }).from(publicListings);
  return rows[0]?.n ?? 0;
}
