// The deposits module's queries: arrivals recorded once by their serial, the reconciliation list and its counts; the
// deposits owed back (registrations: read only), the refund batches and their lines.
import {
  OUT_OF_RACE,
  DEPOSIT_ARRIVAL_OUTCOMES,
  type DepositArrivalOutcome,
  type RefundBatchStatus,
  type RefundLineOutcome,
} from '@cqjy/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { selectRows, type Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { intentionRegistrations as ir } from '../intentions/tables.ts';
import { projects } from '../projects/tables.ts';
import { companies, operators, users } from '../users/tables.ts';
import {
  depositArrivals as da,
  depositBankNotices,
  depositRefundBatches as batches,
  depositRefundLines as lines,
} from './tables.ts';

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

// ---------------------------------------------------------------------------------------------------------------
// Refunds

/** Paid, out of the race, not sent back, paid back nor kept: the domain's `refunding`. */
const OWED_BACK = and(
  isNotNull(ir.depositPaidAt),
  isNotNull(ir.leftRaceAt),
  // left the race, and not back in it (offered the deal after a winner's default)
  inArray(ir.status, [...OUT_OF_RACE]),
  isNull(ir.depositRefundIssuedAt),
  isNull(ir.depositRefundedAt),
  isNull(ir.depositForfeitedAt),
);

/** The day (+08:00) a refund's term runs from: it left the race, or its money arrived if later. */
const SINCE_DAY = sql<string>`to_char((greatest(${ir.leftRaceAt}, ${ir.depositPaidAt}) at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

/** A deposit owed back with whom to pay it to: the matched arrival's payer, when the bank told of one. */
function owedRows(db: Db) {
  return db
    .select({
      registrationId: ir.id,
      name: ir.name,
      memberName: companies.name,
      projectId: ir.projectId,
      projectName: projects.name,
      amount: sql<number>`coalesce(${ir.depositReceivedAmount}, ${ir.depositAmount}, 0)`.mapWith(Number),
      payerName: da.payerName,
      payerAccount: da.payerAccount,
      reference: ir.depositReference,
      since: SINCE_DAY,
    })
    .from(ir)
    .innerJoin(projects, eq(projects.id, ir.projectId))
    .innerJoin(companies, eq(companies.id, ir.companyId))
    .leftJoin(da, and(eq(da.registrationId, ir.id), eq(da.outcome, 'matched')));
}

export type OwedRow = Awaited<ReturnType<ReturnType<typeof owedRows>['execute']>>[number];

/** A page of the deposits owed back, the longest owed first, with how many are owed since each day. */
export async function listOwed(db: Db, page: { page: number; size: number }) {
  const [rows, days] = await Promise.all([
    owedRows(db)
      .where(OWED_BACK)
      .orderBy(asc(SINCE_DAY), asc(ir.id))
      .limit(page.size)
      .offset((page.page - 1) * page.size),
    db.select({ since: SINCE_DAY, value: count() }).from(ir).where(OWED_BACK).groupBy(SINCE_DAY),
  ]);
  return { rows, days };
}

/** The deposits `ids` as a refund batch pays them, locked until the caller's transaction ends. */
export async function lockOwed(tx: Db, ids: readonly number[]): Promise<OwedRow[]> {
  return owedRows(tx)
    .where(inArray(ir.id, [...ids]))
    .orderBy(asc(ir.id))
    .for('update', { of: ir });
}

export type BatchInsert = typeof batches.$inferInsert;
export type LineInsert = typeof lines.$inferInsert;

export async function insertBatch(tx: Db, row: BatchInsert, batchLines: Omit<LineInsert, 'batchId'>[]) {
  const [batch] = await tx.insert(batches).values(row).returning();
  if (batch === undefined) throw new Error('refund batch insert returned nothing');
  await tx.insert(lines).values(batchLines.map((line) => ({ ...line, batchId: batch.id })));
  return batch;
}

/** The next batch's id, drawn from its sequence so its number (made of the id) is written with it. */
export async function nextBatchId(tx: Db): Promise<number> {
  const [row] = await selectRows<{ id: number }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('deposit_refund_batches', 'id'))::int as id`,
  );
  const id = row?.id;
  if (id === undefined) throw new Error('no refund batch id drawn');
  return id;
}

const createdBy = alias(users, 'created_by_user');
const createdOp = alias(operators, 'created_by_operator');
const confirmedBy = alias(users, 'confirmed_by_user');
const confirmedOp = alias(operators, 'confirmed_by_operator');

function batchRows(db: Db) {
  return db
    .select({
      batch: batches,
      createdByName: sql<string>`coalesce(${createdBy.nickname}, ${createdBy.username}, '')`,
      confirmedByName: sql<string>`coalesce(${confirmedBy.nickname}, ${confirmedBy.username}, '')`,
      refunded: sql<number>`(select count(*) from ${lines} where ${lines.batchId} = ${batches.id} and ${lines.outcome} = 'refunded')::int`,
      failed: sql<number>`(select count(*) from ${lines} where ${lines.batchId} = ${batches.id} and ${lines.outcome} = 'failed')::int`,
    })
    .from(batches)
    .leftJoin(createdOp, eq(createdOp.id, batches.createdBy))
    .leftJoin(createdBy, eq(createdBy.id, createdOp.userId))
    .leftJoin(confirmedOp, eq(confirmedOp.id, batches.confirmedBy))
    .leftJoin(confirmedBy, eq(confirmedBy.id, confirmedOp.userId));
}

export type BatchListRow = Awaited<ReturnType<ReturnType<typeof batchRows>['execute']>>[number];

export async function listBatches(
  db: Db,
  query: { page: number; size: number; status?: RefundBatchStatus | undefined },
) {
  const where = query.status === undefined ? undefined : eq(batches.status, query.status);
  const [rows, [total]] = await Promise.all([
    batchRows(db)
      .where(where)
      .orderBy(desc(batches.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ value: count() }).from(batches).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findBatch(db: Db, id: number): Promise<BatchListRow | undefined> {
  const [row] = await batchRows(db).where(eq(batches.id, id));
  return row;
}

/** A batch's lines in their order, with the registration and project each pays back for. */
export async function listLines(db: Db, batchId: number) {
  return db
    .select({ line: lines, name: ir.name, projectName: projects.name })
    .from(lines)
    .innerJoin(ir, eq(ir.id, lines.registrationId))
    .innerJoin(projects, eq(projects.id, ir.projectId))
    .where(eq(lines.batchId, batchId))
    .orderBy(asc(lines.id));
}

/** Closes a batch still issued; false: it was closed already (by someone else a moment ago). */
export async function closeBatch(
  tx: Db,
  id: number,
  closing: { confirmedBy: number | null; confirmedAt: Date },
): Promise<boolean> {
  const [row] = await tx
    .update(batches)
    .set({ status: 'confirmed', ...closing })
    .where(and(eq(batches.id, id), eq(batches.status, 'issued')))
    .returning({ id: batches.id });
  return row !== undefined;
}

export async function setLineOutcome(
  tx: Db,
  batchId: number,
  registrationIds: readonly number[],
  outcome: RefundLineOutcome,
): Promise<void> {
  if (registrationIds.length === 0) return;
  await tx
    .update(lines)
    .set({ outcome })
    .where(and(eq(lines.batchId, batchId), inArray(lines.registrationId, [...registrationIds])));
}
