// Queries on sessions and captcha_challenges. The signed-in lookup also reads the operator, its user, company
// and role (tables of the users module), read only, in the one statement every request runs.
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, operators, roles, users } from '../users/tables.ts';
import { captchaChallenges, sessions } from './tables.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

/** A session with what every signed-in request needs of its operator; the operator fields are null for an
 * anonymous session or one whose operator is gone. */
export type SignedInRow = {
  sessionId: number;
  operatorId: number | null;
  createdAt: Date;
  expiresIn: number;
  revokedAt: Date | null;
  userId: number | null;
  isDisabled: boolean | null;
  secondaryCodes: string[] | null;
  companyId: number | null;
  identityType: number | null;
  isAgent: boolean | null;
  roleCodes: string[] | null;
};

function prepareSignedIn(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      operatorId: operators.id,
      createdAt: sessions.createdAt,
      expiresIn: sessions.expiresIn,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      // the account, or the identity its company stopped (账号管理): either ends the session's use
      isDisabled: sql<boolean | null>`(${users.disabled} or ${operators.disabled})`,
      secondaryCodes: operators.secondaryCodes,
      companyId: companies.id,
      identityType: companies.identityType,
      isAgent: companies.isAgent,
      roleCodes: roles.codes,
    })
    .from(sessions)
    .leftJoin(operators, eq(operators.id, sessions.operatorId))
    .leftJoin(users, eq(users.id, operators.userId))
    .leftJoin(companies, eq(companies.id, operators.companyId))
    .leftJoin(roles, eq(roles.id, operators.roleId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_signed_in');
}

// Every signed-in request runs this: one statement, prepared once per database.
const signedInQueries = new WeakMap<Db, ReturnType<typeof prepareSignedIn>>();

export async function findSignedIn(db: Db, tokenHash: string): Promise<SignedInRow | undefined> {
  let query = signedInQueries.get(db);
  if (query === undefined) {
    query = prepareSignedIn(db);
    signedInQueries.set(db, query);
  }
  const rows = await query.execute({ tokenHash });
  return rows[0];
}

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<SessionRow> {
  const rows = await db.insert(sessions).values(row).returning();
  const inserted = rows[0];
  if (inserted === undefined) throw new Error('session insert returned no row');
  return inserted;
}

/** Revokes a live session; false when it was already revoked. */
export async function revokeSession(db: Db, sessionId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of the operators except `exceptSessionId`; answers how many. */
export async function revokeOperatorSessions(
  db: Db,
  input: { operatorIds: number[]; exceptSessionId: number | undefined; at: Date },
): Promise<number> {
  if (input.operatorIds.length === 0) return 0;
  const rows = await db
    .update(sessions)
    .set({ revokedAt: input.at })
    .where(
      and(
        isNull(sessions.revokedAt),
        inArray(sessions.operatorId, input.operatorIds),
        input.exceptSessionId === undefined ? undefined : ne(sessions.id, input.exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** A new captcha replaces the previous one of the session. */
export async function putCaptcha(
  db: Db,
  row: { sessionId: number; answerHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insert(captchaChallenges)
    .values({ ...row, usedAt: null })
    .onConflictDoUpdate({
      target: captchaChallenges.sessionId,
      set: {
        answerHash: row.answerHash,
        expiresAt: row.expiresAt,
        createdAt: row.createdAt,
        usedAt: null,
        failedChecks: 0,
      },
    });
}

/** The session's captcha while it can still be answered (unused, unexpired): its answer's hash. */
export async function findLiveCaptchaHash(db: Db, sessionId: number, now: Date): Promise<string | undefined> {
  const rows = await db
    .select({ answerHash: captchaChallenges.answerHash })
    .from(captchaChallenges)
    .where(
      and(
        eq(captchaChallenges.sessionId, sessionId),
        isNull(captchaChallenges.usedAt),
        gt(captchaChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0]?.answerHash;
}

/**
 * Counts a wrong check of the session's live captcha and, at the `maxChecks`-th, marks it used, in one statement
 * (two checks at once both count). Answers whether this check spent it; false too when it was no longer live.
 */
export async function countFailedCheck(
  db: Db,
  input: { sessionId: number; now: Date; maxChecks: number },
): Promise<boolean> {
  const { sessionId, now, maxChecks } = input;
  const isLast = sql`${captchaChallenges.failedChecks} + 1 >= ${maxChecks}`;
  const rows = await db
    .update(captchaChallenges)
    .set({
      failedChecks: sql`${captchaChallenges.failedChecks} + 1`,
      usedAt: sql`case when ${isLast} then ${now.toISOString()}::timestamptz end`,
    })
    .where(
      and(
        eq(captchaChallenges.sessionId, sessionId),
        isNull(captchaChallenges.usedAt),
        gt(captchaChallenges.expiresAt, now),
      ),
    )
    .returning({ usedAt: captchaChallenges.usedAt });
  return rows[0] !== undefined && rows[0].usedAt !== null;
}

/**
 * Marks the session's captcha used and answers its hash, in one statement, when it is unused and unexpired.
 * Whatever the answer turns out to be, the challenge cannot be tried again.
 */
export async function consumeCaptcha(db: Db, sessionId: number, now: Date): Promise<string | undefined> {
  const rows = await db
    .update(captchaChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(captchaChallenges.sessionId, sessionId),
        isNull(captchaChallenges.usedAt),
        gt(captchaChallenges.expiresAt, now),
      ),
    )
    .returning({ answerHash: captchaChallenges.answerHash });
  return rows[0]?.answerHash;
}

/** Rows deleted per statement by the purges below: short statements, short row locks, bounded answers. */
const PURGE_BATCH = 1000;

/**
 * Deletes the sessions of one kind (anonymous or signed in) that ended, by expiry or revocation, before
 * `endedBefore`; their captchas go with them. Answers how many.
 */
export async function deleteEndedSessions(
  db: Db,
  input: { isAnonymous: boolean; endedBefore: Date },
): Promise<number> {
  const before = input.endedBefore.toISOString();
  const isEnded = and(
    input.isAnonymous ? isNull(sessions.operatorId) : isNotNull(sessions.operatorId),
    or(
      lte(sessions.revokedAt, input.endedBefore),
      sql`${sessions.createdAt} + ${sessions.expiresIn} * interval '1 second' <= ${before}::timestamptz`,
    ),
  );
  let total = 0;
  for (;;) {
    const batch = db.select({ id: sessions.id }).from(sessions).where(isEnded).limit(PURGE_BATCH);
    const rows = await db.delete(sessions).where(inArray(sessions.id, batch)).returning({ id: sessions.id });
    total += rows.length;
    if (rows.length < PURGE_BATCH) return total;
  }
}

/** Deletes the captchas that can no longer be answered: expired by `now`, or used. Answers how many. */
export async function deleteSpentCaptchas(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ sessionId: captchaChallenges.sessionId })
      .from(captchaChallenges)
      .where(or(lte(captchaChallenges.expiresAt, now), isNotNull(captchaChallenges.usedAt)))
      .limit(PURGE_BATCH);
    const rows = await db
      .delete(captchaChallenges)
      .where(inArray(captchaChallenges.sessionId, batch))
      .returning({ sessionId: captchaChallenges.sessionId });
    total += rows.length;
    if (rows.length < PURGE_BATCH) return total;
  }
}
