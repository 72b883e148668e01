// The statistics module's reads. 综合查询 and 收入统计 are reports over what other modules own (projects, workflow
// tasks and instances, attachments, service-fee orders): they read those tables and never write them, so a report
// is one query per kind instead of a call into every module and a merge in memory (docs/decisions.md).
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TaskStep } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { containsPattern, lowerContainsPattern } from '../../db/like.ts';
import { attachments } from '../attachments/tables.ts';
import { serviceFeeOrders } from '../orders/tables.ts';
import { projects } from '../projects/tables.ts';
import { companies } from '../users/tables.ts';
import { tasks } from '../tasks/tables.ts';
import { actionInstances } from '../workflow/tables.ts';

/** Whose rows a report reads: one company's (and, for projects, those it acts for as agent), or every one. */
export type ReportScope = { kind: 'all' } | { kind: 'company'; companyId: number };

export type QueryFilter = {
  keyword?: string | undefined;
  family?: string | undefined;
  status?: string | undefined;
  /** +08:00 instants: from included, to excluded */
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  offset: number;
};

function within(column: PgColumn, filter: QueryFilter): SQL | undefined {
  return and(
    filter.from === undefined ? undefined : gte(column, filter.from),
    filter.to === undefined ? undefined : lt(column, filter.to),
  );
}

async function paged<T>(
  rows: Promise<T[]>,
  total: Promise<{ n: number }[]>,
): Promise<{ list: T[]; total: number }> {
  const [list, totals] = await Promise.all([rows, total]);
  return { list, total: totals[0]?.n ?? 0 };
}

export type ProjectHit = {
  id: number;
  code: string;
  name: string;
  family: string;
  status: string;
  companyName: string;
  updatedAt: Date;
};

export function searchProjects(db: Db, scope: ReportScope, filter: QueryFilter) {
  const where = and(
    scope.kind === 'all'
      ? undefined
      : or(eq(projects.companyId, scope.companyId), eq(projects.agentCompanyId, scope.companyId)),
    filter.keyword ? sql`${projects.searchText} like ${lowerContainsPattern(filter.keyword)}` : undefined,
    filter.family === undefined ? undefined : eq(projects.family, filter.family),
    filter.status === undefined ? undefined : eq(projects.status, filter.status as never),
    within(projects.updatedAt, filter),
  );
  return paged<ProjectHit>(
    db
      .select({
        id: projects.id,
        code: projects.code,
        name: projects.name,
        family: projects.family,
        status: projects.status,
        companyName: companies.name,
        updatedAt: projects.updatedAt,
      })
      .from(projects)
      .innerJoin(companies, eq(companies.id, projects.companyId))
      .where(where)
      .orderBy(desc(projects.updatedAt), desc(projects.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(projects).where(where),
  );
}

export type TaskHit = {
  id: number;
  type: string;
  status: string;
  family: string;
  /** the workflow application's action, or null for another subject's task (which names its step) */
  action: string | null;
  step: TaskStep | null;
  projectId: number;
  projectCode: string;
  projectName: string;
  companyName: string;
  createdAt: Date;
};

/** The tasks of the company's applications and those assigned to it (every task for the exchange). */
export function searchTasks(db: Db, scope: ReportScope, filter: QueryFilter) {
  const where = and(
    scope.kind === 'all'
      ? undefined
      : or(eq(tasks.companyId, scope.companyId), eq(tasks.assigneeCompanyId, scope.companyId)),
    filter.keyword ? sql`${projects.searchText} like ${lowerContainsPattern(filter.keyword)}` : undefined,
    filter.family === undefined ? undefined : eq(projects.family, filter.family),
    filter.status === undefined ? undefined : eq(tasks.status, filter.status as never),
    within(tasks.createdAt, filter),
  );
  return paged<TaskHit>(
    db
      .select({
        id: tasks.id,
        type: tasks.type,
        status: tasks.status,
        family: projects.family,
        action: tasks.action,
        step: tasks.step,
        projectId: projects.id,
        projectCode: projects.code,
        projectName: projects.name,
        companyName: companies.name,
        createdAt: tasks.createdAt,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(tasks).innerJoin(projects, eq(projects.id, tasks.projectId)).where(where),
  );
}

export type FileHit = {
  id: string;
  fileName: string;
  ext: string;
  tag: string;
  size: number;
  companyName: string;
  createdAt: Date;
};

/** The files bound to a record (uploads still unbound are nobody's yet), by name. */
export function searchFiles(db: Db, scope: ReportScope, filter: QueryFilter) {
  const where = and(
    scope.kind === 'all' ? undefined : eq(attachments.companyId, scope.companyId),
    isNull(attachments.deletedAt),
    isNotNull(attachments.dataClass),
    filter.keyword ? ilike(attachments.fileName, containsPattern(filter.keyword)) : undefined,
    within(attachments.createdAt, filter),
  );
  return paged<FileHit>(
    db
      .select({
        id: attachments.id,
        fileName: attachments.fileName,
        ext: attachments.ext,
        tag: attachments.tag,
        size: attachments.size,
        companyName: companies.name,
        createdAt: attachments.createdAt,
      })
      .from(attachments)
      .innerJoin(companies, eq(companies.id, attachments.companyId))
      .where(where)
      .orderBy(desc(attachments.createdAt))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(attachments).where(where),
  );
}

// --- 收入统计 ----------------------------------------------------------------------------------------------------

export type IncomeRow = {
  month: string;
  family: string;
  deals: number;
  dealAmount: number;
  serviceFee: number;
};
export type PayoutRow = { month: string; family: string; payout: number };

/** The service-fee orders (one per deal) of the year by month of the deal and family. */
export async function sumOrders(db: Db, scope: ReportScope, year: number): Promise<IncomeRow[]> {
  const month = sql<string>`substr(${serviceFeeOrders.dealDate}::text, 1, 7)`;
  const rows = await db
    .select({
      month,
      family: serviceFeeOrders.family,
      deals: count(),
      dealAmount: sql<string>`coalesce(sum(${serviceFeeOrders.dealAmount}), 0)`,
      serviceFee: sql<string>`coalesce(sum(${serviceFeeOrders.fee}), 0)`,
    })
    .from(serviceFeeOrders)
    .where(
      and(
        scope.kind === 'all' ? undefined : eq(serviceFeeOrders.companyId, scope.companyId),
        gte(serviceFeeOrders.dealDate, `${year}-01-01`),
        lt(serviceFeeOrders.dealDate, `${year + 1}-01-01`),
      ),
    )
    .groupBy(month, serviceFeeOrders.family);
  return rows.map((row) => ({
    ...row,
    dealAmount: Number(row.dealAmount),
    serviceFee: Number(row.serviceFee),
  }));
}

/** The approved price payouts (价款划转) of the year by month of the approval (+08:00) and family. */
export async function sumPayouts(db: Db, scope: ReportScope, year: number): Promise<PayoutRow[]> {
  const month = sql<string>`to_char(${actionInstances.updatedAt} at time zone 'Asia/Shanghai', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      family: actionInstances.family,
      payout: sql<string>`coalesce(sum((${actionInstances.form}->>'payoutAmount')::bigint), 0)`,
    })
    .from(actionInstances)
    .where(
      and(
        scope.kind === 'all' ? undefined : eq(actionInstances.companyId, scope.companyId),
        eq(actionInstances.action, 'price'),
        eq(actionInstances.status, 'approved'),
        gte(actionInstances.updatedAt, new Date(`${year}-01-01T00:00:00+08:00`)),
        lt(actionInstances.updatedAt, new Date(`${year + 1}-01-01T00:00:00+08:00`)),
      ),
    )
    .groupBy(month, actionInstances.family);
  return rows.map((row) => ({ ...row, payout: Number(row.payout) }));
}
