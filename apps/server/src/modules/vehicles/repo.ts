// Queries on the vehicles module's tables. A change names the version it was read at and answers undefined when the
// row moved meanwhile; the caller turns that into 409.
import type { VehicleState } from '@cqjy/domain';
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  dismantlerLicences,
  dismantlingRecords,
  disposalApplyItems,
  disposalExpertOpinions,
  vehicleDisposals,
  vehicleReceivings,
} from './tables.ts';

export type ItemRow = typeof disposalApplyItems.$inferSelect;
export type NewItem = typeof disposalApplyItems.$inferInsert;
export type ItemPatch = Partial<Omit<NewItem, 'id' | 'projectId' | 'companyId' | 'version' | 'createdAt'>>;
export type DisposalRow = typeof vehicleDisposals.$inferSelect;
type DisposalPatch = Partial<
  Omit<typeof vehicleDisposals.$inferInsert, 'projectId' | 'version' | 'createdAt'>
>;
export type ExpertRow = typeof disposalExpertOpinions.$inferSelect;
export type ReceivingRow = typeof vehicleReceivings.$inferSelect;
export type LicenceRow = typeof dismantlerLicences.$inferSelect;
export type RecordRow = typeof dismantlingRecords.$inferSelect;
type RecordPatch = Partial<
  Omit<typeof dismantlingRecords.$inferInsert, 'id' | 'itemId' | 'version' | 'createdAt'>
>;

const bumped = <T extends { version: unknown }>(table: T) => sql`${table.version} + 1`;

// ---- vehicles

export async function listItems(db: Db, projectId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(disposalApplyItems)
    .where(eq(disposalApplyItems.projectId, projectId))
    .orderBy(asc(disposalApplyItems.no));
}

export async function findItem(db: Db, id: number): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(disposalApplyItems).where(eq(disposalApplyItems.id, id));
  return row;
}

export async function findItems(db: Db, ids: readonly number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(disposalApplyItems)
    .where(inArray(disposalApplyItems.id, [...ids]))
    .orderBy(asc(disposalApplyItems.no));
}

export async function countItems(db: Db, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(disposalApplyItems)
    .where(eq(disposalApplyItems.projectId, projectId));
  return row?.n ?? 0;
}

/** The next number (序号) of a disposal's vehicle, read in the inserting transaction. */
export async function nextItemNo(tx: Db, projectId: number): Promise<number> {
  const [row] = await tx
    .select({ last: max(disposalApplyItems.no) })
    .from(disposalApplyItems)
    .where(eq(disposalApplyItems.projectId, projectId));
  return (row?.last ?? 0) + 1;
}

/** Adds vehicles; undefined when one of them repeats a VIN or plate of the disposal (the unique indexes). */
export async function insertItems(tx: Db, rows: readonly NewItem[]): Promise<ItemRow[] | undefined> {
  if (rows.length === 0) return [];
  const inserted = await tx
    .insert(disposalApplyItems)
    .values([...rows])
    .onConflictDoNothing()
    .returning();
  return inserted.length === rows.length ? inserted : undefined;
}

export async function updateItem(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: ItemPatch,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .update(disposalApplyItems)
    .set({ ...patch, version: bumped(disposalApplyItems) })
    .where(and(eq(disposalApplyItems.id, id), eq(disposalApplyItems.version, expectedVersion)))
    .returning();
  return row;
}

/** Moves every vehicle of a disposal in `from` to `patch` (their versions counted up); answers them. */
export async function updateItemsInState(
  tx: Db,
  projectId: number,
  from: VehicleState,
  patch: ItemPatch,
): Promise<ItemRow[]> {
  return tx
    .update(disposalApplyItems)
    .set({ ...patch, version: bumped(disposalApplyItems) })
    .where(and(eq(disposalApplyItems.projectId, projectId), eq(disposalApplyItems.state, from)))
    .returning();
}

export async function deleteItem(tx: Db, id: number, expectedVersion: number): Promise<boolean> {
  const rows = await tx
    .delete(disposalApplyItems)
    .where(and(eq(disposalApplyItems.id, id), eq(disposalApplyItems.version, expectedVersion)))
    .returning({ id: disposalApplyItems.id });
  return rows.length > 0;
}

// ---- the disposal's own course

export async function findDisposal(db: Db, projectId: number): Promise<DisposalRow | undefined> {
  const [row] = await db.select().from(vehicleDisposals).where(eq(vehicleDisposals.projectId, projectId));
  return row;
}

export async function insertDisposal(tx: Db, projectId: number): Promise<DisposalRow | undefined> {
  const [row] = await tx.insert(vehicleDisposals).values({ projectId }).onConflictDoNothing().returning();
  return row;
}

export async function updateDisposal(
  tx: Db,
  projectId: number,
  expectedVersion: number,
  patch: DisposalPatch,
): Promise<DisposalRow | undefined> {
  const [row] = await tx
    .update(vehicleDisposals)
    .set({ ...patch, version: bumped(vehicleDisposals) })
    .where(and(eq(vehicleDisposals.projectId, projectId), eq(vehicleDisposals.version, expectedVersion)))
    .returning();
  return row;
}

/** Counts the disposal's version up whatever it was read at (a change of its vehicles that every view must see). */
export async function touchDisposal(tx: Db, projectId: number): Promise<DisposalRow | undefined> {
  const [row] = await tx
    .update(vehicleDisposals)
    .set({ version: bumped(vehicleDisposals) })
    .where(eq(vehicleDisposals.projectId, projectId))
    .returning();
  return row;
}

// ---- experts

export async function listExperts(db: Db, projectId: number): Promise<ExpertRow[]> {
  return db
    .select()
    .from(disposalExpertOpinions)
    .where(eq(disposalExpertOpinions.projectId, projectId))
    .orderBy(asc(disposalExpertOpinions.id));
}

export async function findExpert(db: Db, id: number): Promise<ExpertRow | undefined> {
  const [row] = await db.select().from(disposalExpertOpinions).where(eq(disposalExpertOpinions.id, id));
  return row;
}

export async function insertExpert(
  tx: Db,
  values: typeof disposalExpertOpinions.$inferInsert,
): Promise<ExpertRow> {
  const [row] = await tx.insert(disposalExpertOpinions).values(values).returning();
  if (row === undefined) throw new Error('insert into disposal_expert_opinions returned no row');
  return row;
}

export async function deleteExpert(tx: Db, id: number): Promise<void> {
  await tx.delete(disposalExpertOpinions).where(eq(disposalExpertOpinions.id, id));
}

// ---- receivings

export async function listReceivings(db: Db, projectId: number): Promise<ReceivingRow[]> {
  return db
    .select()
    .from(vehicleReceivings)
    .where(eq(vehicleReceivings.projectId, projectId))
    .orderBy(asc(vehicleReceivings.id));
}

export async function findReceiving(db: Db, id: number): Promise<ReceivingRow | undefined> {
  const [row] = await db.select().from(vehicleReceivings).where(eq(vehicleReceivings.id, id));
  return row;
}

export async function insertReceiving(
  tx: Db,
  values: typeof vehicleReceivings.$inferInsert,
): Promise<ReceivingRow> {
  const [row] = await tx.insert(vehicleReceivings).values(values).returning();
  if (row === undefined) throw new Error('insert into vehicle_receivings returned no row');
  return row;
}

// ---- licences

export async function findLicence(db: Db, companyId: number): Promise<LicenceRow | undefined> {
  const [row] = await db.select().from(dismantlerLicences).where(eq(dismantlerLicences.companyId, companyId));
  return row;
}

export async function listLicences(db: Db): Promise<LicenceRow[]> {
  return db.select().from(dismantlerLicences);
}

/** The licence written (version 0: the first) if still at `expectedVersion`; undefined otherwise. */
export async function saveLicence(
  tx: Db,
  expectedVersion: number,
  values: Omit<typeof dismantlerLicences.$inferInsert, 'version'>,
): Promise<LicenceRow | undefined> {
  if (expectedVersion === 0) {
    const [row] = await tx.insert(dismantlerLicences).values(values).onConflictDoNothing().returning();
    return row;
  }
  const [row] = await tx
    .update(dismantlerLicences)
    .set({ ...values, version: bumped(dismantlerLicences) })
    .where(
      and(
        eq(dismantlerLicences.companyId, values.companyId),
        eq(dismantlerLicences.version, expectedVersion),
      ),
    )
    .returning();
  return row;
}

// ---- dismantling records

export async function findRecord(db: Db, id: number): Promise<RecordRow | undefined> {
  const [row] = await db.select().from(dismantlingRecords).where(eq(dismantlingRecords.id, id));
  return row;
}

export async function listRecords(db: Db, projectId: number): Promise<RecordRow[]> {
  return db
    .select()
    .from(dismantlingRecords)
    .where(eq(dismantlingRecords.projectId, projectId))
    .orderBy(asc(dismantlingRecords.id));
}

export async function insertRecords(
  tx: Db,
  rows: readonly (typeof dismantlingRecords.$inferInsert)[],
): Promise<RecordRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(dismantlingRecords)
    .values([...rows])
    .returning();
}

export async function updateRecord(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: RecordPatch,
): Promise<RecordRow | undefined> {
  const [row] = await tx
    .update(dismantlingRecords)
    .set({ ...patch, version: bumped(dismantlingRecords) })
    .where(and(eq(dismantlingRecords.id, id), eq(dismantlingRecords.version, expectedVersion)))
    .returning();
  return row;
}
