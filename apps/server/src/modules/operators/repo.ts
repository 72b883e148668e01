// Queries of 账号管理 on the users module's tables (operators, their users and roles; the sessions of the auth
// module read only, for the last sign-in). This module keeps no table of its own: an operator is a row of the
// users module, and the company's management of it is this module's business. Every query is scoped by the
// company it is given.
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { sessions } from '../auth/tables.ts';
import { operators, roles, users } from '../users/tables.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** An operator of the company with its login account, role and version token. */
export type OperatorItem = {
  operator: OperatorRow;
  user: UserRow;
  role: RoleRow | null;
  /** operators.updated_at in microseconds since the epoch, as text: the row's version */
  version: string;
  lastSignInAt: Date | null;
};

export type OperatorFilter = {
  companyId: number;
  keyword?: string | undefined;
  isDisabled?: boolean | undefined;
  page: number;
  size: number;
};

// Microseconds: a JavaScript Date keeps milliseconds only, and two changes within one millisecond must differ.
const versionOf = sql<string>`(floor(extract(epoch from ${operators.updatedAt}) * 1000000))::bigint::text`;
const lastSignInOf = sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.operatorId} = ${operators.id})`;

const itemColumns = {
  operator: operators,
  user: users,
  role: roles,
  version: versionOf,
  lastSignInAt: lastSignInOf,
};

/**
 * The next version of an operator row: the transaction's clock, but always later than the current one, so that
 * every change of the row gives a new version even within one clock tick.
 */
const nextUpdatedAt = sql`greatest(clock_timestamp(), ${operators.updatedAt} + interval '1 microsecond')`;

function toItem(row: {
  operator: OperatorRow;
  user: UserRow;
  role: RoleRow | null;
  version: string;
  lastSignInAt: Date | string | null;
}): OperatorItem {
  // A subquery's timestamp comes back as text from some drivers: read it as a date either way.
  const at = row.lastSignInAt;
  return { ...row, lastSignInAt: at === null ? null : at instanceof Date ? at : new Date(at) };
}

/** A page of the company's operators: the main operator first, then by age. */
export async function listOperators(
  db: Db,
  filter: OperatorFilter,
): Promise<{ list: OperatorItem[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(operators.companyId, filter.companyId)];
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword !== '') {
    const pattern = containsPattern(keyword);
    conditions.push(
      or(ilike(users.username, pattern), ilike(users.nickname, pattern), ilike(users.mobile, pattern)),
    );
  }
  if (filter.isDisabled !== undefined) conditions.push(eq(operators.disabled, filter.isDisabled));
  const where = and(...conditions);
  const [rows, counted] = await Promise.all([
    db
      .select(itemColumns)
      .from(operators)
      .innerJoin(users, eq(users.id, operators.userId))
      .leftJoin(roles, eq(roles.id, operators.roleId))
      .where(where)
      .orderBy(desc(operators.manager), asc(operators.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(operators)
      .innerJoin(users, eq(users.id, operators.userId))
      .where(where),
  ]);
  return { list: rows.map(toItem), total: counted[0]?.n ?? 0 };
}

/** An operator of the company; another company's or an unknown id is undefined. */
export async function findOperator(
  db: Db,
  companyId: number,
  operatorId: number,
): Promise<OperatorItem | undefined> {
  const rows = await db
    .select(itemColumns)
    .from(operators)
    .innerJoin(users, eq(users.id, operators.userId))
    .leftJoin(roles, eq(roles.id, operators.roleId))
    .where(and(eq(operators.id, operatorId), eq(operators.companyId, companyId)))
    .limit(1);
  return rows[0] === undefined ? undefined : toItem(rows[0]);
}

/**
 * Locks the operator rows of the company (and answers them), so that changes of the main operator and of one
 * operator's state are taken one at a time within a company.
 */
export async function lockCompanyOperators(db: Db, companyId: number): Promise<OperatorRow[]> {
  return db
    .select()
    .from(operators)
    .where(eq(operators.companyId, companyId))
    .orderBy(asc(operators.id))
    .for('update');
}

/** The operator's version now (inside a transaction that holds its lock). */
export async function readVersion(db: Db, operatorId: number): Promise<string | undefined> {
  const rows = await db.select({ version: versionOf }).from(operators).where(eq(operators.id, operatorId));
  return rows[0]?.version;
}

export type OperatorChange = Partial<Pick<OperatorRow, 'disabled' | 'manager' | 'roleId' | 'secondaryCodes'>>;

/** Changes an operator of the company and gives it a new version; answers the version. */
export async function updateOperator(db: Db, operatorId: number, change: OperatorChange): Promise<string> {
  const rows = await db
    .update(operators)
    .set({ ...change, updatedAt: nextUpdatedAt })
    .where(eq(operators.id, operatorId))
    .returning({ version: versionOf });
  const version = rows[0]?.version;
  if (version === undefined) throw new Error(`operator ${operatorId} vanished inside its lock`);
  return version;
}

export type UserChange = Partial<
  Pick<UserRow, 'nickname' | 'passwordHash' | 'setupPassword' | 'failedLogins' | 'lockedUntil'>
>;

export async function updateUser(db: Db, userId: number, change: UserChange): Promise<void> {
  await db.update(users).set(change).where(eq(users.id, userId));
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

export async function insertRole(db: Db, values: typeof roles.$inferInsert): Promise<RoleRow> {
  const rows = await db.insert(roles).values(values).returning();
  const row = rows[0];
  if (row === undefined) throw new Error('insert roles returned no row');
  return row;
}

export async function updateRoleCodes(db: Db, roleId: number, codes: string[]): Promise<void> {
  await db.update(roles).set({ codes }).where(eq(roles.id, roleId));
}

/** How many operators use the role besides `exceptOperatorId`. */
export async function countOtherRoleUsers(db: Db, roleId: number, exceptOperatorId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(operators)
    .where(and(eq(operators.roleId, roleId), ne(operators.id, exceptOperatorId)));
  return rows[0]?.n ?? 0;
}

/** Deletes a company's own role that no operator uses any more; built-in roles are never touched. */
export async function deleteUnusedRole(db: Db, roleId: number, companyId: number): Promise<void> {
  await db
    .delete(roles)
    .where(
      and(
        eq(roles.id, roleId),
        eq(roles.companyId, companyId),
        sql`not exists (select 1 from ${operators} where ${operators.roleId} = ${roles.id})`,
      ),
    );
}

/** The built-in role (company_id null) of a name. */
export async function findBuiltInRole(db: Db, name: string): Promise<RoleRow | undefined> {
  const rows = await db
    .select()
    .from(roles)
    .where(and(sql`${roles.companyId} is null`, eq(roles.name, name)))
    .limit(1);
  return rows[0];
}

/** The companies the user is an operator of. */
export async function listUserCompanyIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ companyId: operators.companyId })
    .from(operators)
    .where(eq(operators.userId, userId));
  return rows.map((row) => row.companyId);
}

/** Whether an account has this mobile, or waits to confirm it as its new one. */
export async function isMobileTaken(db: Db, mobile: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.mobile, mobile), eq(users.pendingPhone, mobile)))
    .limit(1);
  return rows.length > 0;
}

/** Holds new accounts of one mobile back until this transaction ends: two at once cannot both take it. */
export async function lockMobile(db: Db, mobile: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`operator-mobile:${mobile}`}))`);
}
