// Queries on the service-fee orders. A list or an order joins its owner's name and its project's name and code
// (companies, projects: read only).
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { OrderPayState } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { projects } from '../projects/tables.ts';
import { companies } from '../users/tables.ts';
import { serviceFeeOrders } from './tables.ts';

export type OrderRow = typeof serviceFeeOrders.$inferSelect;
export type NewOrder = typeof serviceFeeOrders.$inferInsert;
export type OrderItem = OrderRow & {
  companyName: string;
  projectName: string;
  projectCode: string;
  agentCompanyId: number | null;
};

export type OrderFilter = {
  /** one company's orders, or every company's (the exchange) */
  companyId?: number | undefined;
  /** the orders of the projects this (agent member) company acts for */
  agentCompanyId?: number | undefined;
  keyword?: string | undefined;
  payState?: OrderPayState | undefined;
  page: number;
  size: number;
};

const itemColumns = {
  order: serviceFeeOrders,
  companyName: companies.name,
  projectName: projects.name,
  projectCode: projects.code,
  agentCompanyId: projects.agentCompanyId,
};

const toItem = (row: {
  order: OrderRow;
  companyName: string;
  projectName: string;
  projectCode: string;
  agentCompanyId: number | null;
}) => ({
  ...row.order,
  companyName: row.companyName,
  projectName: row.projectName,
  projectCode: row.projectCode,
  agentCompanyId: row.agentCompanyId,
});

export async function findItem(db: Db, id: number): Promise<OrderItem | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(serviceFeeOrders)
    .innerJoin(companies, eq(companies.id, serviceFeeOrders.companyId))
    .innerJoin(projects, eq(projects.id, serviceFeeOrders.projectId))
    .where(eq(serviceFeeOrders.id, id));
  return row === undefined ? undefined : toItem(row);
}

export async function findByProject(db: Db, projectId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(serviceFeeOrders).where(eq(serviceFeeOrders.projectId, projectId));
  return row;
}

/** A page of orders, newest first, with the total. */
export async function listOrders(db: Db, filter: OrderFilter): Promise<{ list: OrderItem[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.companyId !== undefined) conditions.push(eq(serviceFeeOrders.companyId, filter.companyId));
  if (filter.agentCompanyId !== undefined)
    conditions.push(eq(projects.agentCompanyId, filter.agentCompanyId));
  if (filter.payState !== undefined) conditions.push(eq(serviceFeeOrders.payState, filter.payState));
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword !== '') {
    const pattern = containsPattern(keyword);
    conditions.push(
      or(ilike(serviceFeeOrders.code, pattern), ilike(projects.name, pattern), ilike(projects.code, pattern)),
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(itemColumns)
      .from(serviceFeeOrders)
      .innerJoin(companies, eq(companies.id, serviceFeeOrders.companyId))
      .innerJoin(projects, eq(projects.id, serviceFeeOrders.projectId))
      .where(where)
      .orderBy(desc(serviceFeeOrders.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ n: count() })
      .from(serviceFeeOrders)
      .innerJoin(projects, eq(projects.id, serviceFeeOrders.projectId))
      .where(where),
  ]);
  return { list: rows.map(toItem), total: totals[0]?.n ?? 0 };
}

export async function insertOrder(tx: Db, values: NewOrder): Promise<OrderRow> {
  const [row] = await tx.insert(serviceFeeOrders).values(values).returning();
  if (row === undefined) throw new Error('insert returned no row');
  return row;
}

export async function setCode(tx: Db, id: number, code: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(serviceFeeOrders)
    .set({ code })
    .where(eq(serviceFeeOrders.id, id))
    .returning();
  return row;
}

/** Changes the order at `expectedVersion`; undefined when it changed since. */
export async function updateGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: Partial<Omit<NewOrder, 'id' | 'version'>>,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(serviceFeeOrders)
    .set({ ...patch, version: sql`${serviceFeeOrders.version} + 1`, updatedAt: new Date() })
    .where(and(eq(serviceFeeOrders.id, id), eq(serviceFeeOrders.version, expectedVersion)))
    .returning();
  return row;
}
