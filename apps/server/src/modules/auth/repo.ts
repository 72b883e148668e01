// Queries on sessions and captcha_challenges.
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchaChallenges, sessions } from './tables.ts';

export type SessionRow = typeof sessions.$inferSelect;

function prepareSessionByTokenHash(db: Db) {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token');
}

// Every signed-in request looks its session up: prepared once per database.
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionByTokenHash>>();

export async function findSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  let query = sessionQueries.get(db);
  if (query === undefined) {
    query = prepareSessionByTokenHash(db);
    sessionQueries.set(db, query);
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
      set: { answerHash: row.answerHash, expiresAt: row.expiresAt, createdAt: row.createdAt, usedAt: null },
    });
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
