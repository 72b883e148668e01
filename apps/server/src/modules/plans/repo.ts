// Queries on plans. The list joins the owner's name (companies, read only) and the code of the project a plan
// became (projects, read only) into its page, as the project list joins the owner's name.
import { LIST_COUNT_CAP, type PlanForm } from '@cqjy/domain';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { projects } from '../projects/tables.ts';
import { companies } from '../users/tables.ts';
import { plans } from './tables.ts';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type PlanItem = PlanRow & { companyName: string; projectCode: string | null };

export type PlanFilter = {
  /** one company's plans, or every company's (the exchange) */
  companyId?: number | undefined;
  keyword?: string | undefined;
  isConverted?: boolean | undefined;
  page: number;
  size: number;
};

const itemColumns = { plan: plans, companyName: companies.name, projectCode: projects.code };

function toItem(row: { plan: PlanRow; companyName: string; projectCode: string | null }): PlanItem {
  return { ...row.plan, companyName: row.companyName, projectCode: row.projectCode };
}

/** The plan with its owner's name and its project's code. */
export async function findItem(db: Db, id: number): Promise<PlanItem | undefined> {
  const rows = await db
    .select(itemColumns)
    .from(plans)
    .innerJoin(companies, eq(companies.id, plans.companyId))
    .leftJoin(projects, eq(projects.id, plans.projectId))
    .where(eq(plans.id, id))
    .limit(1);
  return rows[0] === undefined ? undefined : toItem(rows[0]);
}

/** A page of plans, newest first; the total is exact up to LIST_COUNT_CAP, as the project list counts. */
export async function listPlans(
  db: Db,
  filter: PlanFilter,
): Promise<{ list: PlanItem[]; total: number; isTotalCapped: boolean }> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.companyId !== undefined) conditions.push(eq(plans.companyId, filter.companyId));
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword !== '') {
    const pattern = containsPattern(keyword);
    conditions.push(or(ilike(plans.name, pattern), ilike(plans.code, pattern)));
  }
  if (filter.isConverted !== undefined) {
    conditions.push(filter.isConverted ? isNotNull(plans.projectId) : isNull(plans.projectId));
  }
  const where = and(...conditions);
  const counted = db
    .select({ one: sql`1` })
    .from(plans)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as('counted');
  const [rows, totals] = await Promise.all([
    db
      .select(itemColumns)
      .from(plans)
      .innerJoin(companies, eq(companies.id, plans.companyId))
      .leftJoin(projects, eq(projects.id, plans.projectId))
      .where(where)
      .orderBy(desc(plans.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ n: count() }).from(counted),
  ]);
  const n = totals[0]?.n ?? 0;
  return {
    list: rows.map(toItem),
    total: Math.min(n, LIST_COUNT_CAP),
    isTotalCapped: n > LIST_COUNT_CAP,
  };
}

export async function insertPlan(tx: Db, values: NewPlan): Promise<PlanRow> {
  const rows = await tx.insert(plans).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert into plans returned no row');
  return row;
}

/** Gives a new plan its code (made from its id, so it is unique without a guess). */
export async function setCode(tx: Db, id: number, code: string): Promise<PlanRow | undefined> {
  const rows = await tx.update(plans).set({ code }).where(eq(plans.id, id)).returning();
  return rows[0];
}

/** The guard of every change: the plan is still at `expectedVersion` and not yet a project. */
function isOpenAt(id: number, expectedVersion: number): SQL | undefined {
  return and(eq(plans.id, id), eq(plans.version, expectedVersion), isNull(plans.projectId));
}

/** Changes a plan not yet turned into a project at `expectedVersion`; undefined when stale or converted. */
export async function updateGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: { name: string; family: PlanRow['family']; form: PlanForm } | { projectId: number },
): Promise<PlanRow | undefined> {
  const rows = await tx
    .update(plans)
    .set({ ...patch, version: sql`${plans.version} + 1` })
    .where(isOpenAt(id, expectedVersion))
    .returning();
  return rows[0];
}

/** Deletes a plan not yet turned into a project at `expectedVersion`; answers whether a row went. */
export async function deleteGuarded(tx: Db, id: number, expectedVersion: number): Promise<boolean> {
  const rows = await tx.delete(plans).where(isOpenAt(id, expectedVersion)).returning({ id: plans.id });
  return rows.length === 1;
}
