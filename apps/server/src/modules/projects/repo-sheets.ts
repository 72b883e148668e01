// A project's list sheets (asset lists, shareholder structure, financial data): their rows added, paged, exported,
// deleted, cleared by an import and copied with the project.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectAssets } from './tables.ts';

export type ProjectSheetRowDb = typeof projectAssets.$inferSelect;
export type NewProjectSheetRow = typeof projectAssets.$inferInsert;

export async function insertSheetRows(tx: Db, rows: readonly NewProjectSheetRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  // PostgreSQL takes at most 65,535 parameters a statement: 500 rows of 6 values stay far below.
  let inserted = 0;
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    inserted += (await tx.insert(projectAssets).values(chunk).returning({ id: projectAssets.id })).length;
  }
  return inserted;
}

/**
 * A page of a project's sheet rows of the given sheets (one, or every category of a group), as they were added,
 * and how many rows the project has of each sheet of `counted` (the whole call group, so a list with a tab per
 * category learns which categories have rows from the page it loads anyway). The counts replace a plain count: the
 * total is theirs over `categories`, still two statements.
 */
export async function listSheetRows(
  db: Db,
  filter: {
    projectId: number;
    categories: readonly string[];
    counted: readonly string[];
    page: number;
    size: number;
  },
): Promise<{ list: ProjectSheetRowDb[]; total: number; counts: Map<string, number> }> {
  const ofProject = eq(projectAssets.projectId, filter.projectId);
  const [list, perSheet] = await Promise.all([
    db
      .select()
      .from(projectAssets)
      .where(and(ofProject, inArray(projectAssets.category, [...filter.categories])))
      .orderBy(asc(projectAssets.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ category: projectAssets.category, n: count() })
      .from(projectAssets)
      .where(and(ofProject, inArray(projectAssets.category, [...filter.counted, ...filter.categories])))
      .groupBy(projectAssets.category),
  ]);
  const counts = new Map(perSheet.map((row) => [row.category, row.n]));
  const total = filter.categories.reduce((sum, category) => sum + (counts.get(category) ?? 0), 0);
  return { list, total, counts };
}

/** Every row of a project and sheet, for the export and the announcement (bounded by what imports can add). */
export async function listAllSheetRows(
  db: Db,
  projectId: number,
  category: string,
): Promise<ProjectSheetRowDb[]> {
  return db
    .select()
    .from(projectAssets)
    .where(and(eq(projectAssets.projectId, projectId), eq(projectAssets.category, category)))
    .orderBy(asc(projectAssets.id));
}

/** Deletes the given rows of one project and of the given sheets; answers the ids that went (others ignored). */
export async function deleteSheetRows(
  tx: Db,
  input: { projectId: number; categories: readonly string[]; ids: readonly number[] },
): Promise<number[]> {
  if (input.ids.length === 0) return [];
  const rows = await tx
    .delete(projectAssets)
    .where(
      and(
        eq(projectAssets.projectId, input.projectId),
        inArray(projectAssets.category, [...input.categories]),
        inArray(projectAssets.id, [...input.ids]),
      ),
    )
    .returning({ id: projectAssets.id });
  return rows.map((row) => row.id);
}

/** Deletes every row of a project's sheet (an import that replaces the sheet). */
export async function clearSheet(tx: Db, projectId: number, category: string): Promise<void> {
  await tx
    .delete(projectAssets)
    .where(and(eq(projectAssets.projectId, projectId), eq(projectAssets.category, category)));
}

/** Copies a project's list sheets onto another project of the same company, in one statement. */
export async function copySheetRows(
  tx: Db,
  input: { fromProjectId: number; toProjectId: number; createdBy: number },
): Promise<void> {
  await tx.execute(sql`
    insert into project_assets (project_id, company_id, category, values, created_by)
    select ${input.toProjectId}, company_id, category, values, ${input.createdBy}
    from project_assets where project_id = ${input.fromProjectId} order by id`);
}
