// The project rows: one read by id, the draft's insert and code, the guarded changes and the row's lock. The lists
// and counts are in repo-lists.ts, the list sheets in repo-sheets.ts, the participants in repo-participants.ts.
import type { ProjectStatus } from '@cqjy/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects } from './tables.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectPatch = Partial<
  Pick<ProjectRow, 'status' | 'disclosureStart' | 'disclosureEnd' | 'pausedAt' | 'details'>
>;

export async function findById(db: Db, id: number): Promise<ProjectRow | undefined> {
  const rows = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
  return rows[0];
}

export async function insertProject(db: Db, values: NewProject): Promise<ProjectRow> {
  const rows = await db.insert(projects).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert into projects returned no row');
  return row;
}

/** Changes a project only while it still has `expectedVersion`; answers the new row, or undefined when stale. */
export async function updateGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: ProjectPatch,
): Promise<ProjectRow | undefined> {
  const rows = await tx
    .update(projects)
    .set({ ...patch, version: sql`${projects.version} + 1` })
    .where(and(eq(projects.id, id), eq(projects.version, expectedVersion)))
    .returning();
  return rows[0];
}

/**
 * Sets one key of a project's details in place (a record another module keeps there, such as the deal's result),
 * whatever its version; counts the version up, so a change made from an earlier read is refused.
 */
export async function setDetail(tx: Db, id: number, key: string, value: unknown, now: Date): Promise<void> {
  await tx
    .update(projects)
    .set({
      details: sql`${projects.details} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)`,
      version: sql`${projects.version} + 1`,
      updatedAt: now,
    })
    .where(eq(projects.id, id));
}

/**
 * Changes a project's name and form while it is still at `expectedVersion` and in a status whose form may change
 * (a draft, or a pre-disclosed project); undefined otherwise.
 */
export async function updateFormGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: Pick<ProjectRow, 'name' | 'details' | 'agentCompanyId'>,
): Promise<ProjectRow | undefined> {
  const rows = await tx
    .update(projects)
    .set({ ...patch, version: sql`${projects.version} + 1` })
    .where(
      and(
        eq(projects.id, id),
        eq(projects.version, expectedVersion),
        inArray(projects.status, ['draft', 'preDisclosing']),
      ),
    )
    .returning();
  return rows[0];
}

/** Gives a new row its code (made from its id, so it is unique without a guess). */
export async function setCode(tx: Db, id: number, code: string): Promise<ProjectRow | undefined> {
  const rows = await tx.update(projects).set({ code }).where(eq(projects.id, id)).returning();
  return rows[0];
}

/** Deletes a project only while it is a draft; answers whether a row went. */
export async function deleteDraft(tx: Db, id: number): Promise<boolean> {
  const rows = await tx
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.status, 'draft')))
    .returning({ id: projects.id });
  return rows.length === 1;
}

/**
 * Locks the project's row for the transaction and answers its status: `share` lets other writers of its lists
 * in, `update` keeps them out (a decision over the whole list, such as a selection result). Under a share lock a
 * status change waits for the caller's transaction, so a participant is never written to a project that just
 * left the statuses that allow it.
 */
export async function lockProjectStatus(
  tx: Db,
  projectId: number,
  strength: 'share' | 'update' = 'share',
): Promise<ProjectStatus | undefined> {
  const rows = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for(strength);
  return rows[0]?.status;
}
