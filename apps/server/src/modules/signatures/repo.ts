// Queries on signing_credentials. "Live" means not revoked: the partial unique index signing_credentials_live_uq
// allows one live credential per company and kind (and operator), which is what keeps two enrolments at once
// from issuing the company two certificates.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signingCredentials } from './tables.ts';

export type CredentialRow = typeof signingCredentials.$inferSelect;
export type NewCredential = Omit<typeof signingCredentials.$inferInsert, 'id' | 'createdAt' | 'revokedAt'>;
export type CredentialKind = 'company' | 'operator';

/** The live credential of a company (operatorId null) or of one of its operators. */
export async function findLive(
  db: Db,
  key: { companyId: number; kind: CredentialKind; operatorId: number | null },
): Promise<CredentialRow | undefined> {
  const rows = await db
    .select()
    .from(signingCredentials)
    .where(
      and(
        eq(signingCredentials.companyId, key.companyId),
        eq(signingCredentials.kind, key.kind),
        key.operatorId === null
          ? isNull(signingCredentials.operatorId)
          : eq(signingCredentials.operatorId, key.operatorId),
        isNull(signingCredentials.revokedAt),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findById(db: Db, id: number): Promise<CredentialRow | undefined> {
  const rows = await db.select().from(signingCredentials).where(eq(signingCredentials.id, id)).limit(1);
  return rows[0];
}

/** Which credentials are live, as company / kind / operator keys (the seeded-operator pass reads them all). */
export async function listLiveKeys(
  db: Db,
): Promise<{ companyId: number; kind: string; operatorId: number | null }[]> {
  return db
    .select({
      companyId: signingCredentials.companyId,
      kind: signingCredentials.kind,
      operatorId: signingCredentials.operatorId,
    })
    .from(signingCredentials)
    .where(isNull(signingCredentials.revokedAt))
    .orderBy(asc(signingCredentials.id));
}

/**
 * Inserts a credential unless a live one of the same company, kind and operator exists (someone enrolled at the
 * same moment): then nothing is inserted and undefined is answered, without aborting the transaction.
 */
export async function insertUnlessLive(db: Db, values: NewCredential): Promise<CredentialRow | undefined> {
  const rows = await db.insert(signingCredentials).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** Revokes a credential that is still live; a no-op when someone else revoked it first. */
export async function revoke(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(signingCredentials)
    .set({ revokedAt: at })
    .where(and(eq(signingCredentials.id, id), sql`${signingCredentials.revokedAt} is null`));
}
