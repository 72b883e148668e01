// A project's participants (意向受让方 of the physical-asset projects), each changed at its version.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectParticipants } from './tables.ts';

export type ProjectParticipantRow = typeof projectParticipants.$inferSelect;
export type NewProjectParticipant = typeof projectParticipants.$inferInsert;
export type ParticipantPatch = Pick<
  ProjectParticipantRow,
  | 'kind'
  | 'name'
  | 'certType'
  | 'certNo'
  | 'contactName'
  | 'contactMobile'
  | 'deposit'
  | 'isQualified'
  | 'note'
>;

export async function findParticipant(db: Db, id: number): Promise<ProjectParticipantRow | undefined> {
  const rows = await db.select().from(projectParticipants).where(eq(projectParticipants.id, id)).limit(1);
  return rows[0];
}

/** A project's participants in the order they were registered. */
export async function listParticipants(db: Db, projectId: number): Promise<ProjectParticipantRow[]> {
  return db
    .select()
    .from(projectParticipants)
    .where(eq(projectParticipants.projectId, projectId))
    .orderBy(asc(projectParticipants.id));
}

/** The participant of the project holding this certificate number, if any (for the duplicate's message). */
export async function findParticipantByCertNo(
  db: Db,
  projectId: number,
  certNo: string,
): Promise<ProjectParticipantRow | undefined> {
  const rows = await db
    .select()
    .from(projectParticipants)
    .where(and(eq(projectParticipants.projectId, projectId), eq(projectParticipants.certNo, certNo)))
    .limit(1);
  return rows[0];
}

export async function insertParticipant(
  tx: Db,
  values: NewProjectParticipant,
): Promise<ProjectParticipantRow> {
  const rows = await tx.insert(projectParticipants).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert into project_participants returned no row');
  return row;
}

/** Changes a participant only while it still has `expectedVersion`; undefined when stale (or gone). */
export async function updateParticipantGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: ParticipantPatch,
): Promise<ProjectParticipantRow | undefined> {
  const rows = await tx
    .update(projectParticipants)
    .set({ ...patch, version: sql`${projectParticipants.version} + 1` })
    .where(and(eq(projectParticipants.id, id), eq(projectParticipants.version, expectedVersion)))
    .returning();
  return rows[0];
}

/** Deletes a participant only while it still has `expectedVersion`; answers whether a row went. */
export async function deleteParticipantGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
): Promise<boolean> {
  const rows = await tx
    .delete(projectParticipants)
    .where(and(eq(projectParticipants.id, id), eq(projectParticipants.version, expectedVersion)))
    .returning({ id: projectParticipants.id });
  return rows.length === 1;
}
