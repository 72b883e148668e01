// Queries on the workflow engine's tables. Every state change is a guarded UPDATE (id and version, or a task's
// open status) answering the changed row, or undefined when another transaction changed it first.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects } from '../projects/tables.ts';
import { tasks } from '../tasks/tables.ts';
import { actionInstances, actionRevisions, processLogs } from './tables.ts';

export type InstanceRow = typeof actionInstances.$inferSelect;
export type NewInstance = typeof actionInstances.$inferInsert;
export type InstancePatch = Partial<
  Pick<
    InstanceRow,
    'status' | 'form' | 'revisionNo' | 'letterId' | 'letterSha256' | 'letterLayout' | 'signedLetterId'
  >
>;
export type RevisionRow = typeof actionRevisions.$inferSelect;
export type LogRow = typeof processLogs.$inferSelect;

export async function insertInstance(tx: Db, values: NewInstance): Promise<InstanceRow> {
  const rows = await tx.insert(actionInstances).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert into action_instances returned no row');
  return row;
}

export async function findInstance(db: Db, id: number): Promise<InstanceRow | undefined> {
  const rows = await db.select().from(actionInstances).where(eq(actionInstances.id, id)).limit(1);
  return rows[0];
}

export async function findOpenInstance(
  db: Db,
  key: { projectId: number; family: string; action: string },
): Promise<InstanceRow | undefined> {
  const rows = await db
    .select()
    .from(actionInstances)
    .where(
      and(
        eq(actionInstances.projectId, key.projectId),
        eq(actionInstances.family, key.family),
        eq(actionInstances.action, key.action),
        inArray(actionInstances.status, ['draft', 'letterGenerated', 'underReview', 'returned']),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Every application of a project, newest first. */
export async function listInstancesOfProject(db: Db, projectId: number): Promise<InstanceRow[]> {
  return db
    .select()
    .from(actionInstances)
    .where(eq(actionInstances.projectId, projectId))
    .orderBy(desc(actionInstances.id));
}

export async function updateInstanceGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
  patch: InstancePatch,
): Promise<InstanceRow | undefined> {
  const rows = await tx
    .update(actionInstances)
    .set({ ...patch, version: sql`${actionInstances.version} + 1` })
    .where(and(eq(actionInstances.id, id), eq(actionInstances.version, expectedVersion)))
    .returning();
  return rows[0];
}

/** Deletes a draft never submitted, at the version its owner saw; the row deleted, or undefined. */
export async function deleteDraftGuarded(
  tx: Db,
  id: number,
  expectedVersion: number,
): Promise<InstanceRow | undefined> {
  const rows = await tx
    .delete(actionInstances)
    .where(
      and(
        eq(actionInstances.id, id),
        eq(actionInstances.version, expectedVersion),
        eq(actionInstances.status, 'draft'),
        eq(actionInstances.revisionNo, 0),
      ),
    )
    .returning();
  return rows[0];
}

export async function insertRevision(tx: Db, values: typeof actionRevisions.$inferInsert): Promise<void> {
  await tx.insert(actionRevisions).values(values);
}

export async function listRevisions(db: Db, instanceId: number): Promise<RevisionRow[]> {
  return db
    .select()
    .from(actionRevisions)
    .where(eq(actionRevisions.instanceId, instanceId))
    .orderBy(asc(actionRevisions.no));
}

export async function insertLog(tx: Db, values: typeof processLogs.$inferInsert): Promise<void> {
  await tx.insert(processLogs).values(values);
}

export async function listLogsOfProject(db: Db, projectId: number): Promise<LogRow[]> {
  return db
    .select()
    .from(processLogs)
    .where(eq(processLogs.projectId, projectId))
    .orderBy(asc(processLogs.at), asc(processLogs.id));
}

export async function listLogsOfInstance(db: Db, instanceId: number): Promise<LogRow[]> {
  return db
    .select()
    .from(processLogs)
    .where(eq(processLogs.instanceId, instanceId))
    .orderBy(asc(processLogs.at), asc(processLogs.id));
}

/** A signed application with no letter file: a demo course as the seed wrote it (see seeded-letters.ts). */
export type UnsealedSignedRow = {
  instance: InstanceRow;
  revision: RevisionRow;
  project: { name: string; code: string };
  signedBy: number;
  signedAt: Date;
};

/**
 * Applications whose applicant's e-signature task is done (result signed) while the application holds neither a
 * letter nor a signed letter, with their latest revision; the engine never leaves such a row (it stores both).
 */
export async function listUnsealedSigned(db: Db): Promise<UnsealedSignedRow[]> {
  const rows = await db
    .select({
      instance: actionInstances,
      revision: actionRevisions,
      project: { name: projects.name, code: projects.code },
      signedBy: tasks.doneBy,
      signedAt: tasks.doneAt,
    })
    .from(actionInstances)
    .innerJoin(
      tasks,
      and(
        eq(tasks.subject, 'action'),
        eq(tasks.subjectId, actionInstances.id),
        eq(tasks.type, 'EicSre'),
        eq(tasks.result, 'signed'),
      ),
    )
    .innerJoin(
      actionRevisions,
      and(
        eq(actionRevisions.instanceId, actionInstances.id),
        eq(actionRevisions.no, actionInstances.revisionNo),
      ),
    )
    .innerJoin(projects, eq(projects.id, actionInstances.projectId))
    .where(and(sql`${actionInstances.letterId} is null`, sql`${actionInstances.signedLetterId} is null`))
    .orderBy(asc(actionInstances.id));
  return rows.flatMap(({ signedBy, signedAt, ...row }) =>
    signedBy === null || signedAt === null ? [] : [{ ...row, signedBy, signedAt }],
  );
}

/** Gives a letterless application its letters, unless another node did first (answers whether this one did). */
export async function attachSeededLetters(
  tx: Db,
  input: {
    instanceId: number;
    revisionId: number;
    letterId: string;
    letterSha256: string;
    letterLayout: NonNullable<InstanceRow['letterLayout']>;
    signedLetterId: string;
  },
): Promise<boolean> {
  const rows = await tx
    .update(actionInstances)
    .set({
      letterId: input.letterId,
      letterSha256: input.letterSha256,
      letterLayout: input.letterLayout,
      signedLetterId: input.signedLetterId,
    })
    .where(and(eq(actionInstances.id, input.instanceId), sql`${actionInstances.letterId} is null`))
    .returning({ id: actionInstances.id });
  if (rows.length === 0) return false;
  await tx
    .update(actionRevisions)
    .set({ letterId: input.letterId })
    .where(eq(actionRevisions.id, input.revisionId));
  return true;
}
