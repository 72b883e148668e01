// Queries on the refund tickets and their re-payout applications. A ticket as listed joins its company's name and
// its project's name and code (companies, projects: read only).
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { RefundTicketState } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { projects } from '../projects/tables.ts';
import { companies, operators, users } from '../users/tables.ts';
import { refundTickets, repayoutApplications } from './tables.ts';

export type TicketRow = typeof refundTickets.$inferSelect;
export type NewTicket = typeof refundTickets.$inferInsert;
export type ApplicationRow = typeof repayoutApplications.$inferSelect;
export type NewApplication = typeof repayoutApplications.$inferInsert;
export type TicketItem = TicketRow & { companyName: string; projectName: string; projectCode: string };
export type ApplicationItem = ApplicationRow & { reviewerName: string | null };

export type TicketFilter = {
  /** one company's tickets, or every company's (the exchange) */
  companyId?: number | undefined;
  keyword?: string | undefined;
  state?: RefundTicketState | undefined;
  page: number;
  size: number;
};

const itemColumns = {
  ticket: refundTickets,
  companyName: companies.name,
  projectName: projects.name,
  projectCode: projects.code,
};

const toItem = (row: {
  ticket: TicketRow;
  companyName: string;
  projectName: string;
  projectCode: string;
}) => ({
  ...row.ticket,
  companyName: row.companyName,
  projectName: row.projectName,
  projectCode: row.projectCode,
});

export async function findItem(db: Db, id: number): Promise<TicketItem | undefined> {
  const [row] = await db
    .select(itemColumns)
    .from(refundTickets)
    .innerJoin(companies, eq(companies.id, refundTickets.companyId))
    .innerJoin(projects, eq(projects.id, refundTickets.projectId))
    .where(eq(refundTickets.id, id));
  return row === undefined ? undefined : toItem(row);
}

/** A page of tickets, newest first, with the total. */
export async function listTickets(
  db: Db,
  filter: TicketFilter,
): Promise<{ list: TicketItem[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.companyId !== undefined) conditions.push(eq(refundTickets.companyId, filter.companyId));
  if (filter.state !== undefined) conditions.push(eq(refundTickets.state, filter.state));
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword !== '') {
    const pattern = containsPattern(keyword);
    conditions.push(
      or(
        ilike(refundTickets.code, pattern),
        ilike(projects.name, pattern),
        ilike(projects.code, pattern),
        ilike(companies.name, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(refundTickets)
      .innerJoin(companies, eq(companies.id, refundTickets.companyId))
      .innerJoin(projects, eq(projects.id, refundTickets.projectId))
      .where(where)
      .orderBy(desc(refundTickets.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ value: count() })
      .from(refundTickets)
      .innerJoin(companies, eq(companies.id, refundTickets.companyId))
      .innerJoin(projects, eq(projects.id, refundTickets.projectId))
      .where(where),
  ]);
  return { list: rows.map(toItem), total: total?.value ?? 0 };
}

/** The applications of tickets, the latest first, with their reviewer's name. */
export async function listApplications(db: Db, ticketIds: number[]): Promise<ApplicationItem[]> {
  if (ticketIds.length === 0) return [];
  return db
    .select({
      application: repayoutApplications,
      reviewerName: sql<string | null>`coalesce(${users.realName}, ${users.nickname}, ${users.username})`,
    })
    .from(repayoutApplications)
    .leftJoin(operators, eq(operators.id, repayoutApplications.reviewedBy))
    .leftJoin(users, eq(users.id, operators.userId))
    .where(sql`${repayoutApplications.ticketId} in ${ticketIds}`)
    .orderBy(desc(repayoutApplications.id))
    .then((rows) => rows.map((row) => ({ ...row.application, reviewerName: row.reviewerName })));
}

export async function findApplication(db: Db, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(repayoutApplications).where(eq(repayoutApplications.id, id));
  return row;
}

/** The ticket recorded for a payout instance, if any (a payout comes back once). */
export async function findBySource(db: Db, sourceInstanceId: number): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(refundTickets)
    .where(eq(refundTickets.sourceInstanceId, sourceInstanceId));
  return row;
}

export async function insertTicket(db: Db, values: NewTicket): Promise<TicketRow> {
  const [row] = await db.insert(refundTickets).values(values).returning();
  if (row === undefined) throw new Error('refund ticket insert returned nothing');
  return row;
}

export async function setTicketCode(db: Db, id: number, code: string): Promise<TicketRow | undefined> {
  const [row] = await db.update(refundTickets).set({ code }).where(eq(refundTickets.id, id)).returning();
  return row;
}

/** Moves a ticket to `state` if it is still at `version`; undefined when it changed meanwhile. */
export async function setTicketState(
  db: Db,
  id: number,
  version: number,
  state: RefundTicketState,
  now: Date,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(refundTickets)
    .set({ state, version: sql`${refundTickets.version} + 1`, updatedAt: now })
    .where(and(eq(refundTickets.id, id), eq(refundTickets.version, version)))
    .returning();
  return row;
}

export async function insertApplication(db: Db, values: NewApplication): Promise<ApplicationRow> {
  const [row] = await db.insert(repayoutApplications).values(values).returning();
  if (row === undefined) throw new Error('repayout application insert returned nothing');
  return row;
}

/** Changes an application if it is still at `version`; undefined when it changed meanwhile. */
export async function updateApplicationGuarded(
  db: Db,
  id: number,
  version: number,
  patch: Partial<Omit<NewApplication, 'id' | 'ticketId' | 'version'>>,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(repayoutApplications)
    .set({ ...patch, version: sql`${repayoutApplications.version} + 1` })
    .where(and(eq(repayoutApplications.id, id), eq(repayoutApplications.version, version)))
    .returning();
  return row;
}
