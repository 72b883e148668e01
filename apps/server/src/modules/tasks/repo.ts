// Queries on the task centre's table. A task's close is a guarded UPDATE (its open status) answering the closed
// row, or undefined when another transaction closed it first.
import type { TaskListKind, TaskSubject } from '@cqjy/domain';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  like,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keywordSearch, type KeywordSearch } from '../projects/keyword.ts';
import { projects } from '../projects/tables.ts';
import { tasks } from './tables.ts';

export type TaskRowDb = typeof tasks.$inferSelect;
export type NewTask = typeof tasks.$inferInsert;

/** Who asks: the company and identity a task can be assigned to. */
export type Assignee = { companyId: number; identityType: number };

/** A task's subject: the record kind and its id. */
export type SubjectRef = { subject: TaskSubject; subjectId: number };

/** How a task was closed: by whom, when, with what result. */
export type TaskDone = {
  status: 'done' | 'cancelled';
  result: string;
  doneBy: number | null;
  doneCompanyId: number | null;
  at: Date;
};

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

function closing(done: TaskDone) {
  return {
    status: done.status,
    result: done.result,
    doneBy: done.doneBy,
    doneCompanyId: done.doneCompanyId,
    doneAt: done.at,
    updatedAt: done.at,
    version: sql`${tasks.version} + 1`,
  };
}

/** Closes an open task; undefined when it is no longer open (handled by someone else first). */
export async function closeTaskGuarded(tx: Db, id: number, done: TaskDone): Promise<TaskRowDb | undefined> {
  const rows = await tx
    .update(tasks)
    .set(closing(done))
    .where(and(eq(tasks.id, id), eq(tasks.status, 'open')))
    .returning();
  return rows[0];
}

const ofSubject = (ref: SubjectRef): SQL =>
  and(eq(tasks.subject, ref.subject), eq(tasks.subjectId, ref.subjectId)) as SQL;

/** Closes every open task of a subject; answers the closed rows. */
export async function closeOpenTasks(tx: Db, ref: SubjectRef, done: TaskDone): Promise<TaskRowDb[]> {
  return tx
    .update(tasks)
    .set(closing(done))
    .where(and(ofSubject(ref), eq(tasks.status, 'open')))
    .returning();
}

/** Removes every task of a subject (a draft discarded leaves nothing behind). */
export async function deleteTasksOf(tx: Db, ref: SubjectRef): Promise<void> {
  await tx.delete(tasks).where(ofSubject(ref));
}

function isAssignedTo(who: Assignee): SQL {
  return or(eq(tasks.assigneeCompanyId, who.companyId), eq(tasks.assigneeIdentity, who.identityType)) as SQL;
}

/** The open tasks of a subject, all of them or those assigned to `who`; newest first. */
export async function listOpenTasksOf(db: Db, ref: SubjectRef, who?: Assignee): Promise<TaskRowDb[]> {
  return db
    .select()
    .from(tasks)
    .where(and(ofSubject(ref), eq(tasks.status, 'open'), who === undefined ? undefined : isAssignedTo(who)))
    .orderBy(desc(tasks.id));
}

/** The open tasks of many subjects of one kind assigned to `who`, oldest first (a list's rows each with its task). */
export async function listOpenTasksOfMany(
  db: Db,
  subject: TaskSubject,
  subjectIds: readonly number[],
  who: Assignee,
): Promise<TaskRowDb[]> {
  if (subjectIds.length === 0) return [];
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.subject, subject),
        inArray(tasks.subjectId, [...subjectIds]),
        eq(tasks.status, 'open'),
        isAssignedTo(who),
      ),
    )
    .orderBy(asc(tasks.id));
}

export type TaskFilter = {
  kind: TaskListKind;
  who: Assignee;
  keyword?: string | undefined;
  family?: string | undefined;
  subject?: TaskSubject | undefined;
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
      // one row per subject the caller's company started: its latest task
      return and(
        ofCategory,
        eq(tasks.companyId, who.companyId),
        sql`${tasks.id} = (select max(t2.id) from tasks t2 where t2.subject = ${tasks.subject} and t2.subject_id = ${tasks.subjectId})`,
      ) as SQL;
  }
}

export type TaskListRow = {
  task: TaskRowDb;
  family: string | null;
  projectName: string | null;
  projectCode: string | null;
};

function keywordCondition(search: KeywordSearch): SQL {
  // On a project's tasks, planned with the keyword's rarest bigrams at each call: PostgreSQL reads the bigram index
  // (GIN) for a rare keyword and follows the caller's tasks for a common one (no bigrams), where the LIKE first
  // spares unpacking the arrays. A task about no project is searched by what it is about.
  const onProject = and(
    like(projects.searchText, search.pattern),
    search.grams.length > 0 ? arrayContains(projects.searchGrams, search.grams) : undefined,
  );
  const onSubject = and(isNull(tasks.projectId), like(sql`lower(${tasks.subjectName})`, search.pattern));
  return or(onProject, onSubject) as SQL;
}

export async function listTasks(db: Db, filter: TaskFilter): Promise<{ list: TaskListRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [scopeOf(filter.kind, filter.who)];
  if (filter.family !== undefined) conditions.push(eq(projects.family, filter.family));
  if (filter.subject !== undefined) conditions.push(eq(tasks.subject, filter.subject));
  if (filter.action !== undefined) conditions.push(eq(tasks.action, filter.action));
  const keyword = filter.keyword?.trim();
  if (keyword !== undefined && keyword !== '') {
    conditions.push(keywordCondition(await keywordSearch(db, keyword)));
  }
  const where = and(...conditions);
  const [list, totals] = await Promise.all([
    db
      .select({
        task: tasks,
        family: projects.family,
        projectName: projects.name,
        projectCode: projects.code,
      })
      .from(tasks)
      .leftJoin(projects, eq(projects.id, tasks.projectId))
      .where(where)
      .orderBy(desc(tasks.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db.select({ n: count() }).from(tasks).leftJoin(projects, eq(projects.id, tasks.projectId)).where(where),
  ]);
  return { list, total: totals[0]?.n ?? 0 };
}

export async function countTasks(db: Db, kind: TaskListKind, who: Assignee): Promise<number> {
  const rows = await db.select({ n: count() }).from(tasks).where(scopeOf(kind, who));
  return rows[0]?.n ?? 0;
}
