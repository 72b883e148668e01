// The deposits module's queries: arrivals recorded once by their serial, the reconciliation list and its counts.
import { DEPOSIT_ARRIVAL_OUTCOMES, type DepositArrivalOutcome } from '@cqjy/domain';
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { intentionRegistrations as ir } from '../intentions/tables.ts';
import { projects } from '../projects/tables.ts';
import { depositArrivals as da, depositBankNotices } from './tables.ts';

export type ArrivalInsert = typeof da.$inferInsert;

/** Records an arrival unless its serial is recorded already; answers its id, or null: counted before. */
export async function insertArrival(tx: Db, row: ArrivalInsert): Promise<number | null> {
  const [inserted] = await tx
    .insert(da)
    .values(row)
    .onConflictDoNothing({ target: da.serial })
    .returning({ id: da.id });
  return inserted?.id ?? null;
}

/** Which of `serials` are recorded already. */
export async function findRecordedSerials(db: Db, serials: readonly string[]): Promise<Set<string>> {
  if (serials.length === 0) return new Set();
  const rows = await db
    .select({ serial: da.serial })
    .from(da)
    .where(inArray(da.serial, [...serials]));
  return new Set(rows.map((row) => row.serial));
}

/** Keeps a notice's signature; false: the same notice was received before (a replay). */
export async function keepNoticeSignature(
  tx: Db,
  row: { signature: string; serial: string; receivedAt: Date },
): Promise<boolean> {
  const [kept] = await tx
    .insert(depositBankNotices)
    .values(row)
    .onConflictDoNothing({ target: depositBankNotices.signature })
    .returning({ id: depositBankNotices.id });
  return kept !== undefined;
}

export type ArrivalListQuery = {
  page: number;
  size: number;
  outcome?: DepositArrivalOutcome | undefined;
  keyword?: string | undefined;
};

function filterOf(query: Pick<ArrivalListQuery, 'keyword'>): SQL | undefined {
  const keyword = query.keyword?.trim() ?? '';
  if (keyword === '') return undefined;
  const pattern = containsPattern(keyword);
  return or(
    ilike(da.serial, pattern),
    ilike(da.account, pattern),
    ilike(da.payerName, pattern),
    ilike(ir.name, pattern),
    ilike(projects.name, pattern),
  );
}

/** The arrivals, newest first, with the registration and project each paid for. */
export async function listArrivals(db: Db, query: ArrivalListQuery) {
  const where = and(query.outcome === undefined ? undefined : eq(da.outcome, query.outcome), filterOf(query));
  const from = () =>
    db
      .select({
        arrival: da,
        registrationName: sql<string>`coalesce(${ir.name}, '')`,
        projectName: sql<string>`coalesce(${projects.name}, '')`,
        depositAmount: ir.depositAmount,
      })
      .from(da)
      .leftJoin(ir, eq(ir.id, da.registrationId))
      .leftJoin(projects, eq(projects.id, ir.projectId));
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(desc(da.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ value: count() })
      .from(da)
      .leftJoin(ir, eq(ir.id, da.registrationId))
      .leftJoin(projects, eq(projects.id, ir.projectId))
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** How many arrivals of each outcome there are (the reconciliation's figures). */
export async function countOutcomes(db: Db): Promise<Record<DepositArrivalOutcome, number>> {
  const rows = await db.select({ outcome: da.outcome, value: count() }).from(da).groupBy(da.outcome);
  const counts = Object.fromEntries(DEPOSIT_ARRIVAL_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    DepositArrivalOutcome,
    number
  >;
  for (const row of rows) counts[row.outcome] = row.value;
  return counts;
}
