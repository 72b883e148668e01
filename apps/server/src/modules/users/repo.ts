// Queries on companies, users, operators and roles.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, operators, roles, users } from './tables.ts';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type OperatorRow = typeof operators.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return rows[0];
}

/** The account of a mobile number; the oldest one when several accounts share it. */
export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.mobile, mobile)).orderBy(asc(users.id)).limit(1);
  return rows[0];
}

export async function updateOperator(
  db: Db,
  operatorId: number,
  values: Partial<Pick<OperatorRow, 'prompt' | 'secondaryCodes'>>,
): Promise<void> {
  await db.update(operators).set(values).where(eq(operators.id, operatorId));
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}

/** The operator a user signs in as: the default one, else the oldest. */
export async function findDefaultOperator(db: Db, userId: number): Promise<OperatorRow | undefined> {
  const rows = await db
    .select()
    .from(operators)
    .where(eq(operators.userId, userId))
    .orderBy(sql`${operators.isDefault} desc`, asc(operators.id))
    .limit(1);
  return rows[0];
}

export type OperatorContextRow = {
  operator: OperatorRow;
  user: UserRow;
  company: CompanyRow;
  role: RoleRow | null;
};

export async function findOperatorContext(
  db: Db,
  operatorId: number,
): Promise<OperatorContextRow | undefined> {
  const rows = await db
    .select({ operator: operators, user: users, company: companies, role: roles })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .innerJoin(companies, eq(companies.id, operators.companyId))
    .leftJoin(roles, eq(roles.id, operators.roleId))
    .where(eq(operators.id, operatorId))
    .limit(1);
  return rows[0];
}

export async function listIdentities(
  db: Db,
  userId: number,
): Promise<{ id: number; identityType: number; companyName: string | null }[]> {
  return db
    .select({ id: operators.id, identityType: companies.identityType, companyName: companies.name })
    .from(operators)
    .innerJoin(companies, eq(companies.id, operators.companyId))
    .where(eq(operators.userId, userId))
    .orderBy(asc(operators.id));
}

/**
 * Counts one failed sign-in in a single statement (safe under concurrent attempts). Reaching the limit locks
 * the account and restarts the count, so the first failure after the lock expires does not lock it again.
 */
export async function recordLoginFailure(
  db: Db,
  userId: number,
  input: { maxFailures: number; lockUntil: Date },
): Promise<{ isNowLocked: boolean; lockedUntil: Date | null }> {
  const reachesLimit = sql`${users.failedLogins} + 1 >= ${input.maxFailures}`;
  const rows = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${reachesLimit} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reachesLimit} then ${input.lockUntil.toISOString()}::timestamptz else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins, lockedUntil: users.lockedUntil });
  const row = rows[0];
  return { isNowLocked: row?.failedLogins === 0, lockedUntil: row?.lockedUntil ?? null };
}

export async function clearLoginFailures(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), sql`(${users.failedLogins} <> 0 or ${users.lockedUntil} is not null)`));
}
