// Queries on the deliveries (one row per dealt project handed over). A change names the version it was read at.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectDeliveries } from './tables.ts';

export type DeliveryRow = typeof projectDeliveries.$inferSelect;
type NewDelivery = typeof projectDeliveries.$inferInsert;
type DeliveryPatch = Partial<Omit<NewDelivery, 'projectId' | 'version' | 'createdAt'>>;

export async function find(db: Db, projectId: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(projectDeliveries).where(eq(projectDeliveries.projectId, projectId));
  return row;
}

/** The row locked for the caller's transaction: two changes at once are judged one after the other. */
export async function lock(tx: Db, projectId: number): Promise<DeliveryRow | undefined> {
  const [row] = await tx
    .select()
    .from(projectDeliveries)
    .where(eq(projectDeliveries.projectId, projectId))
    .for('update');
  return row;
}

/** The first record; undefined when another one was written at the same moment (the primary key). */
export async function insert(tx: Db, values: NewDelivery): Promise<DeliveryRow | undefined> {
  const [row] = await tx.insert(projectDeliveries).values(values).onConflictDoNothing().returning();
  return row;
}

/** Changes the row if it is still at `expectedVersion`; undefined otherwise. */
export async function update(
  tx: Db,
  projectId: number,
  expectedVersion: number,
  patch: DeliveryPatch,
): Promise<DeliveryRow | undefined> {
  const [row] = await tx
    .update(projectDeliveries)
    .set({ ...patch, version: sql`${projectDeliveries.version} + 1` })
    .where(and(eq(projectDeliveries.projectId, projectId), eq(projectDeliveries.version, expectedVersion)))
    .returning();
  return row;
}
