// Queries on the workflow engine's tables. Every state change is a guarded UPDATE (id and version, or a task's
// open status) answering the changed row, or undefined when another transaction changed it first.
import type { TaskListKind } from '@cqjy/domain';
import { and, arrayContains, asc, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lowerBigrams, lowerContainsPattern } from '../../db/like.ts';
import { projects } from '../projects/tables.ts';
import { actionInstances, actionRevisions, processLogs, tasks } from './tables.ts';

export type InstanceRow = typeof actionInstances.$inferSelect;
export type NewInstance = typeof actionInstances.$inferInsert;
export type InstancePatch = Partial<
  Pick<
    InstanceRow,
    'status' | 'form' | 'revisionNo' | 'letterId' | 'letterSha256' | 'letterLayout' | 'signedLetterId'
  >
>;
export type RevisionRow = typeof actionRevisions.$inferSelect;
export type TaskRowDb = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;
export type LogRow = typeof processLogs.$inferSelect;

/** Who asks: the company and identity a task can be assigned to. */
export type Assignee = { companyId: number; identityType: number };

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

export async function insertTask(tx: Db, values: NewTask): Promise<TaskRowDb> {
  const rows = await tx.insert(tasks).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert into tasks returned no row');
  return row;
}

export async function findTask(db: Db, id: number): Promise<TaskRowDb | undefined> {
  const rows = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  return rows[0];
}

export async function listTasksByIds(db: Db, ids: readonly number[]): Promise<TaskRowDb[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tasks)
    .where(inArray(tasks.id, [...ids]));
}

/** Closes an open task; undefined when it is no longer open (handled by someone else first). */
export async function closeTaskGuarded(
  tx: Db,
  id: number,
  done: { result: string; doneBy: number | null; doneCompanyId: number | null; at: Date },
): Promise<TaskRowDb | undefined> {
  const rows = await tx
    .update(tasks)
    .set({
      status: 'done',
      result: done.result,
      doneBy: done.doneBy,
      doneCompanyId: done.doneCompanyId,
      doneAt: done.at,
      version: sql`${tasks.version} + 1`,
    })
    .where(and(eq(tasks.id, id), eq(tasks.status, 'open')))
    .returning();
  return rows[0];
}

/** Closes every open task of an instance (a withdrawal, a resubmission); answers how many. */
export async function closeOpenTasks(
  tx: Db,
  instanceId: number,
  done: {
    status: 'done' | 'cancelled';
    result: string;
    doneBy: number | null;
    doneCompanyId: number | null;
    at: Date;
  },
): Promise<number> {
  const rows = await tx
    .update(tasks)
    .set({
      status: done.status,
      result: done.result,
      doneBy: done.doneBy,
      doneCompanyId: done.doneCompanyId,
      doneAt: done.at,
      version: sql`${tasks.version} + 1`,
    })
    .where(and(eq(tasks.instanceId, instanceId), eq(tasks.status, 'open')))
    .returning({ id: tasks.id });
  return rows.length;
}

function isAssignedTo(who: Assignee): SQL {
  return or(eq(tasks.assigneeCompanyId, who.companyId), eq(tasks.assigneeIdentity, who.identityType)) as SQL;
}

export async function listOpenTasksOfInstance(
  db: Db,
  instanceId: number,
  who: Assignee,
): Promise<TaskRowDb[]> {
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.instanceId, instanceId), eq(tasks.status, 'open'), isAssignedTo(who)))
    .orderBy(desc(tasks.id));
}

export type TaskFilter = {
  kind: TaskListKind;
  who: Assignee;
  keyword?: string | undefined;
  family?: string | undefined;
  action?: string | undefined;
  page: number;
  size: number;
};

/** The rows a list kind shows the caller. */
function scopeOf(kind: TaskListKind, who: Assignee): SQL {
  const category = kind === 'todoEstimate' || kind === 'doneEstimate' ? 'estimate' : 'project';
  const ofCategory = eq(tasks.category, category);
  switch (kind) {
    case 'todo':
    case 'todoEstimate':
      return and(ofCategory, eq(tasks.status, 'open'), isAssignedTo(who)) as SQL;
    case 'done':
    case 'doneEstimate':
      return and(ofCategory, eq(tasks.status, 'done'), eq(tasks.doneCompanyId, who.companyId)) as SQL;
    case 'launch':
      // one row per application the caller's company started: its latest task
      return and(
        ofCategory,
        eq(tasks.companyId, who.companyId),
        sql`${tasks.id} = (select max(t2.id) from tasks t2 where t2.instance_id = ${tasks.instanceId})`,
      ) as SQL;
  }
}

export type TaskListRow = {
  task: TaskRowDb;
  family: string;
  action: string;
  projectName: string;
  projectCode: string;
};

export async function listTasks(db: Db, filter: TaskFilter): Promise<{ list: TaskListRow[]; total: number }> {
  const conditions: SQL[] = [scopeOf(filter.kind, filter.who)];
  if (filter.family !== undefined) conditions.push(eq(actionInstances.family, filter.family));
  if (filter.action !== undefined) conditions.push(eq(actionInstances.action, filter.action));
  const keyword = filter.keyword?.trim();
  if (keyword !== undefined && keyword !== '') {
    // Planned with the keyword's own bigrams at each call: PostgreSQL reads the bigram index (GIN) for a rare
    // keyword and follows the caller's tasks for a common one, where the LIKE first spares unpacking the arrays.
    conditions.push(like(projects.searchText, lowerContainsPattern(keyword)));
    const grams = lowerBigrams(keyword);
    if (grams.length > 0) conditions.push(arrayContains(projects.searchGrams, grams));
  }
  const where = and(...conditions);
  const [list, totals] = await Promise.all([
    db
      .select({
        task: tasks,
        family: actionInstances.family,
        action: actionInstances.action,
        projectName: projects.name,
        projectCode: projects.code,
      })
      .from(tasks)
      .innerJoin(actionInstances, eq(actionInstances.id, tasks.instanceId))
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(where)
      .orderBy(desc(tasks.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ n: count() })
      .from(tasks)
      .innerJoin(actionInstances, eq(actionInstances.id, tasks.instanceId))
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}

export async function countTasks(db: Db, kind: TaskListKind, who: Assignee): Promise<number> {
  const rows = await db.select({ n: count() }).from(tasks).where(scopeOf(kind, who));
  return rows[0]?.n ?? 0;
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
      and(eq(tasks.instanceId, actionInstances.id), eq(tasks.type, 'EicSre'), eq(tasks.result, 'signed')),
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
