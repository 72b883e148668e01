// Queries on company_examinations, the history of account-opening applications. Companies themselves belong to
// the users module and are reached through its service.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyExaminations } from './tables.ts';

export type ExaminationRow = typeof companyExaminations.$inferSelect;
export type NewExamination = Omit<typeof companyExaminations.$inferInsert, 'id'>;

export async function insertExamination(tx: Db, values: NewExamination): Promise<void> {
  await tx.insert(companyExaminations).values(values);
}

/** A company's history, oldest first, as the applicant and the reviewer read it. */
export async function listExaminations(db: Db, companyId: number): Promise<ExaminationRow[]> {
  return db
    .select()
    .from(companyExaminations)
    .where(eq(companyExaminations.companyId, companyId))
    .orderBy(asc(companyExaminations.createdAt), asc(companyExaminations.id));
}
