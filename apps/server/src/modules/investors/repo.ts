// The investors module's queries. Every write that may race another takes the row's version (a stale one changes
// nothing and answers undefined); the status a change needs is part of its WHERE, so a row that moved on is not
// changed either.
import type { InvestorStatus } from '@cqjy/domain';
import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { companies } from '../users/tables.ts';
import { investors } from './tables.ts';

export type InvestorRow = typeof investors.$inferSelect;
export type InvestorInsert = typeof investors.$inferInsert;
export type InvestorPatch = Partial<
  Omit<InvestorInsert, 'id' | 'projectId' | 'companyId' | 'version' | 'createdAt' | 'createdBy'>
>;

/** An investor with the names of the companies it refers to. */
export type InvestorListItem = InvestorRow & { registrantName: string; memberName: string | null };

const memberCompanies = alias(companies, 'member_company');

async function withNames(db: Db, where: SQL | undefined): Promise<InvestorListItem[]> {
  const rows = await db
    .select({ investor: investors, registrantName: companies.name, memberName: memberCompanies.name })
    .from(investors)
    .innerJoin(companies, eq(companies.id, investors.companyId))
    .leftJoin(memberCompanies, eq(memberCompanies.id, investors.memberCompanyId))
    .where(where)
    .orderBy(investors.id);
  return rows.map((row) => ({
    ...row.investor,
    registrantName: row.registrantName,
    memberName: row.memberName,
  }));
}

export async function insertInvestor(tx: Db, values: InvestorInsert): Promise<InvestorRow> {
  const [row] = await tx.insert(investors).values(values).returning();
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

export async function findInvestor(db: Db, id: number): Promise<InvestorListItem | undefined> {
  return (await withNames(db, eq(investors.id, id)))[0];
}

/** Changes the investor if it is still at `expectedVersion` (and in `fromStatus`, when given). */
export async function updateInvestorGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: InvestorPatch,
  fromStatus?: readonly InvestorStatus[],
): Promise<InvestorRow | undefined> {
  const [row] = await tx
    .update(investors)
    .set({ ...patch, version: sql`${investors.version} + 1` })
    .where(
      and(
        eq(investors.id, id),
        eq(investors.version, expectedVersion),
        fromStatus === undefined ? undefined : inArray(investors.status, [...fromStatus]),
      ),
    )
    .returning();
  return row;
}

/**
 * A project's investors as one viewer may see them: those `ownCompanyId` registered (drafts included), and with
 * `othersSubmitted` everyone else's once submitted (the owner's and the exchange's view).
 */
export function listOfProject(
  db: Db,
  projectId: number,
  view: { ownCompanyId: number; othersSubmitted: boolean },
): Promise<InvestorListItem[]> {
  const own = eq(investors.companyId, view.ownCompanyId);
  return withNames(
    db,
    and(
      eq(investors.projectId, projectId),
      view.othersSubmitted ? or(own, ne(investors.status, 'draft')) : own,
    ),
  );
}

/** Every investor of the project, locked against concurrent changes until the transaction ends. */
export async function lockAllOfProject(tx: Db, projectId: number): Promise<InvestorRow[]> {
  return tx
    .select()
    .from(investors)
    .where(eq(investors.projectId, projectId))
    .orderBy(investors.id)
    .for('update');
}

/** A company's registrations on every project, newest first. */
export function listOfCompany(db: Db, companyId: number): Promise<InvestorListItem[]> {
  return withNames(db, eq(investors.companyId, companyId)).then((rows) => rows.reverse());
}

/** Whether the project has a selection result (an investor selected). */
export async function hasSelection(db: Db, projectId: number): Promise<boolean> {
  const rows = await db
    .select({ id: investors.id })
    .from(investors)
    .where(and(eq(investors.projectId, projectId), eq(investors.status, 'selected')))
    .limit(1);
  return rows.length > 0;
}

export async function findByCertNo(
  db: Db,
  projectId: number,
  certNo: string,
): Promise<InvestorRow | undefined> {
  const [row] = await db
    .select()
    .from(investors)
    .where(and(eq(investors.projectId, projectId), eq(investors.certNo, certNo)));
  return row;
}

/** Deletes the company's drafts among `ids`; answers the ids deleted. */
export async function deleteDrafts(tx: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  const rows = await tx
    .delete(investors)
    .where(
      and(inArray(investors.id, [...ids]), eq(investors.companyId, companyId), eq(investors.status, 'draft')),
    )
    .returning({ id: investors.id });
  return rows.map((row) => row.id);
}

/**
 * The investors a company registered before, one per certificate number (the latest), whose name holds
 * `keyword`: the member's customers, to register again.
 */
export async function listCustomers(db: Db, companyId: number, keyword: string): Promise<InvestorRow[]> {
  const rows = await db
    .selectDistinctOn([investors.certNo])
    .from(investors)
    .where(
      and(
        eq(investors.companyId, companyId),
        keyword === '' ? undefined : ilike(investors.name, containsPattern(keyword)),
      ),
    )
    .orderBy(investors.certNo, desc(investors.id))
    .limit(100);
  return rows.sort((a, b) => b.id - a.id);
}
