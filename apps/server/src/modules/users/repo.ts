// Queries on companies, users, operators and roles.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
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

export type UserPatch = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;
export type CompanyPatch = Partial<
  Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'version'>
>;
export type OperatorPatch = Partial<
  Pick<OperatorRow, 'prompt' | 'secondaryCodes' | 'mainOperatorAuth' | 'manager' | 'roleId'>
>;

export async function updateOperator(db: Db, operatorId: number, values: OperatorPatch): Promise<void> {
  await db.update(operators).set(values).where(eq(operators.id, operatorId));
}

export async function updateUser(db: Db, userId: number, values: UserPatch): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/**
 * Changes a company and counts its version up. With `expectedVersion`, only when the row still has it: answers
 * false when someone else changed it first.
 */
export async function updateCompany(
  db: Db,
  companyId: number,
  values: CompanyPatch,
  expectedVersion?: number,
): Promise<boolean> {
  const match =
    expectedVersion === undefined
      ? eq(companies.id, companyId)
      : and(eq(companies.id, companyId), eq(companies.version, expectedVersion));
  const rows = await db
    .update(companies)
    .set({ ...values, version: sql`${companies.version} + 1` })
    .where(match)
    .returning({ id: companies.id });
  return rows.length > 0;
}

export async function findUserById(db: Db, userId: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return rows[0];
}

export async function findCompanyById(db: Db, companyId: number): Promise<CompanyRow | undefined> {
  const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return rows[0];
}

/** A company of an identity by its registered name (several with one name: the oldest). */
export async function findCompanyByName(
  db: Db,
  name: string,
  identityType: number,
): Promise<CompanyRow | undefined> {
  const rows = await db
    .select()
    .from(companies)
    .where(and(eq(companies.name, name), eq(companies.identityType, identityType)))
    .orderBy(asc(companies.id))
    .limit(1);
  return rows[0];
}

export async function findCompanyByCreditCode(db: Db, creditCode: string): Promise<CompanyRow | undefined> {
  const rows = await db.select().from(companies).where(eq(companies.creditCode, creditCode)).limit(1);
  return rows[0];
}

/** The oldest company whose account opening named `creditCode` as its 国家出资企业's code, with the enterprise's name. */
export async function findCompanyNamingStateEnterprise(
  db: Db,
  creditCode: string,
): Promise<CompanyRow | undefined> {
  const rows = await db
    .select()
    .from(companies)
    .where(
      and(
        eq(companies.stateCreditCode, creditCode),
        sql`coalesce(trim(${companies.stateFundedEnter}), '') <> ''`,
      ),
    )
    .orderBy(asc(companies.id))
    .limit(1);
  return rows[0];
}

export async function listUsersByMobile(db: Db, mobile: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.mobile, mobile)).orderBy(asc(users.id));
}

export async function insertCompany(db: Db, values: typeof companies.$inferInsert): Promise<CompanyRow> {
  const rows = await db.insert(companies).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert companies returned no row');
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const rows = await db.insert(users).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert users returned no row');
  return row;
}

export async function insertOperator(db: Db, values: typeof operators.$inferInsert): Promise<OperatorRow> {
  const rows = await db.insert(operators).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert operators returned no row');
  return row;
}

/** The built-in role of a kind (the roles seeded without a company), by name. */
export async function findBuiltInRole(db: Db, name: string): Promise<RoleRow | undefined> {
  const rows = await db
    .select()
    .from(roles)
    .where(and(sql`${roles.companyId} is null`, eq(roles.name, name)))
    .limit(1);
  return rows[0];
}

export type CompanyFilter = {
  /** part of the name or the credit code */
  keyword?: string;
  identityType?: number;
  examineStatus?: number;
  companyAuthStatus?: number;
  page: number;
  size: number;
};

export async function listCompanies(
  db: Db,
  filter: CompanyFilter,
): Promise<{ list: CompanyRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.keyword !== undefined && filter.keyword !== '') {
    const pattern = containsPattern(filter.keyword);
    const match = or(ilike(companies.name, pattern), ilike(companies.creditCode, pattern));
    if (match !== undefined) conditions.push(match);
  }
  if (filter.identityType !== undefined) conditions.push(eq(companies.identityType, filter.identityType));
  if (filter.examineStatus !== undefined) conditions.push(eq(companies.examineStatus, filter.examineStatus));
  if (filter.companyAuthStatus !== undefined) {
    conditions.push(eq(companies.companyAuthStatus, filter.companyAuthStatus));
  }
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const [list, counted] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(desc(companies.updatedAt), desc(companies.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  return { list, total: counted[0]?.n ?? 0 };
}

/** The operators of a company with their login accounts. */
export async function listCompanyOperators(
  db: Db,
  companyId: number,
): Promise<{ operator: OperatorRow; user: UserRow }[]> {
  return db
    .select({ operator: operators, user: users })
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .where(eq(operators.companyId, companyId))
    .orderBy(asc(operators.id));
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return rows[0]?.n ?? 0;
}

/**
 * The operator a user signs in as: the default one, else the oldest; an identity its company stopped (账号管理)
 * only when the user has no other, so that sign-in can say it is stopped.
 */
export async function findDefaultOperator(db: Db, userId: number): Promise<OperatorRow | undefined> {
  const rows = await db
    .select()
    .from(operators)
    .where(eq(operators.userId, userId))
    .orderBy(asc(operators.disabled), sql`${operators.isDefault} desc`, asc(operators.id))
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

export async function listOperatorIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return rows.map((row) => row.id);
}
