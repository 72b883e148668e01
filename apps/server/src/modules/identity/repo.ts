// Queries on face_auth_requests and company_auth_requests. Decisions are conditional updates (`where status =
// pending`), so two decisions racing each other cannot both win.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { FACE_AUTH_STATUS } from '@cqjy/domain';
import type { Db } from '../../db/client.ts';
import { companies } from '../users/tables.ts';
import { companyAuthRequests, faceAuthRequests } from './tables.ts';

export type FaceAuthRow = typeof faceAuthRequests.$inferSelect;
export type CompanyAuthRow = typeof companyAuthRequests.$inferSelect;

export async function insertFaceRequest(
  db: Db,
  values: typeof faceAuthRequests.$inferInsert,
): Promise<FaceAuthRow> {
  const rows = await db.insert(faceAuthRequests).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert face_auth_requests returned no row');
  return row;
}

/** Ends the user's pending requests (a new one replaces them): their QR codes can decide nothing any more. */
export async function expirePendingFaceRequests(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(faceAuthRequests)
    .set({ status: FACE_AUTH_STATUS.expired, decidedAt: at })
    .where(and(eq(faceAuthRequests.userId, userId), eq(faceAuthRequests.status, FACE_AUTH_STATUS.pending)));
}

export async function findFaceRequest(db: Db, id: string): Promise<FaceAuthRow | undefined> {
  const rows = await db.select().from(faceAuthRequests).where(eq(faceAuthRequests.id, id)).limit(1);
  return rows[0];
}

export async function findFaceRequestByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<FaceAuthRow | undefined> {
  const rows = await db
    .select()
    .from(faceAuthRequests)
    .where(eq(faceAuthRequests.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

/** The user's newest pending request, optionally for one ID number. */
export async function findPendingFaceRequest(
  db: Db,
  userId: number,
  idCard?: string,
): Promise<FaceAuthRow | undefined> {
  const conditions: SQL[] = [
    eq(faceAuthRequests.userId, userId),
    eq(faceAuthRequests.status, FACE_AUTH_STATUS.pending),
  ];
  if (idCard !== undefined) conditions.push(eq(faceAuthRequests.idCard, idCard));
  const rows = await db
    .select()
    .from(faceAuthRequests)
    .where(and(...conditions))
    .orderBy(desc(faceAuthRequests.createdAt))
    .limit(1);
  return rows[0];
}

/** A new secret for a pending request; false when it is no longer pending. */
export async function replaceFaceSecret(
  db: Db,
  id: string,
  values: { tokenHash: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(faceAuthRequests)
    .set(values)
    .where(and(eq(faceAuthRequests.id, id), eq(faceAuthRequests.status, FACE_AUTH_STATUS.pending)))
    .returning({ id: faceAuthRequests.id });
  return rows.length > 0;
}

/** Decides a pending request; undefined when someone decided it (or it ended) first. */
export async function decideFaceRequest(
  db: Db,
  id: string,
  values: { status: number; decidedAt: Date },
): Promise<FaceAuthRow | undefined> {
  const rows = await db
    .update(faceAuthRequests)
    .set(values)
    .where(and(eq(faceAuthRequests.id, id), eq(faceAuthRequests.status, FACE_AUTH_STATUS.pending)))
    .returning();
  return rows[0];
}

export async function insertCompanyAuth(
  db: Db,
  values: typeof companyAuthRequests.$inferInsert,
): Promise<CompanyAuthRow> {
  const rows = await db.insert(companyAuthRequests).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert company_auth_requests returned no row');
  return row;
}

export async function findCompanyAuth(db: Db, id: number): Promise<CompanyAuthRow | undefined> {
  const rows = await db.select().from(companyAuthRequests).where(eq(companyAuthRequests.id, id)).limit(1);
  return rows[0];
}

/** Decides an application under review; undefined when it was no longer under review. */
export async function decideCompanyAuth(
  db: Db,
  id: number,
  values: { status: number; reason: string | null; decidedAt: Date; decidedBy: number },
  pendingStatus: number,
): Promise<CompanyAuthRow | undefined> {
  const rows = await db
    .update(companyAuthRequests)
    .set(values)
    .where(and(eq(companyAuthRequests.id, id), eq(companyAuthRequests.status, pendingStatus)))
    .returning();
  return rows[0];
}

export type CompanyAuthListRow = { request: CompanyAuthRow; identityType: number };

export async function listCompanyAuth(
  db: Db,
  filter: { status?: number; page: number; size: number },
): Promise<{ list: CompanyAuthListRow[]; total: number }> {
  const where = filter.status === undefined ? undefined : eq(companyAuthRequests.status, filter.status);
  const [list, counted] = await Promise.all([
    db
      .select({ request: companyAuthRequests, identityType: companies.identityType })
      .from(companyAuthRequests)
      .innerJoin(companies, eq(companies.id, companyAuthRequests.companyId))
      .where(where)
      .orderBy(desc(companyAuthRequests.createdAt), desc(companyAuthRequests.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companyAuthRequests)
      .where(where),
  ]);
  return { list, total: counted[0]?.n ?? 0 };
}
