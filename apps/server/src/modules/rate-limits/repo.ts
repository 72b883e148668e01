// Queries on rate_limits. Each count is one statement (an upsert), so nodes counting the same key at once
// never lose a hit; times come from the caller (the app clock), never from the database's now().
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { rateLimits } from './tables.ts';

export type Counter = { count: number; resetAt: Date };

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one hit of `key`: the first hit opens a window of `windowMs`, later ones add to it, and the first hit
 * after the window has ended opens a new one. Answers the count and the end of the window.
 */
export async function hit(db: Db, input: { key: string; now: Date; windowMs: number }): Promise<Counter> {
  const isExpired = sql`${rateLimits.resetAt} <= ${at(input.now)}`;
  const rows = await db
    .insert(rateLimits)
    .values({ key: input.key, count: 1, resetAt: new Date(input.now.getTime() + input.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${isExpired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${isExpired} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const row = rows[0];
  if (row === undefined) throw new Error('rate limit upsert returned no row');
  return row;
}

/** The live window of `key` without counting; undefined when it has none. */
export async function read(db: Db, key: string, now: Date): Promise<Counter | undefined> {
  const rows = await db
    .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)))
    .limit(1);
  return rows[0];
}

/**
 * Counts one failure of `key`, the way recordLoginFailure counts those of an account: the `maxFailures`-th
 * locks the key until `lockUntil`; before that, the failures are kept until `forgetAt` (each failure moves it).
 * A key already locked keeps its lock (two nodes failing at once do not extend it). Answers the new state.
 */
export async function countFailure(
  db: Db,
  input: { key: string; now: Date; maxFailures: number; lockUntil: Date; forgetAt: Date },
): Promise<Counter> {
  const isExpired = sql`${rateLimits.resetAt} <= ${at(input.now)}`;
  const next = sql`case when ${isExpired} then 1 else ${rateLimits.count} + 1 end`;
  const rows = await db
    .insert(rateLimits)
    .values({ key: input.key, count: 1, resetAt: input.maxFailures <= 1 ? input.lockUntil : input.forgetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: next,
        resetAt: sql`case
          when not ${isExpired} and ${rateLimits.count} >= ${input.maxFailures} then ${rateLimits.resetAt}
          when ${next} >= ${input.maxFailures} then ${at(input.lockUntil)}
          else ${at(input.forgetAt)} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  const row = rows[0];
  if (row === undefined) throw new Error('failure count upsert returned no row');
  return row;
}

/** Whether `key` has reached `maxFailures` in a window that has not ended: locked. */
export async function isLocked(
  db: Db,
  key: string,
  input: { now: Date; maxFailures: number },
): Promise<boolean> {
  const rows = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        gte(rateLimits.count, input.maxFailures),
        gt(rateLimits.resetAt, input.now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Deletes every row whose window has ended (they would count afresh anyway); answers how many. */
export async function purgeExpired(db: Db, now: Date): Promise<number> {
  const rows = await selectRows<{ purged: number }>(
    db,
    sql`with gone as (delete from ${rateLimits} where ${rateLimits.resetAt} <= ${at(now)} returning 1)
        select count(*)::int as purged from gone`,
  );
  return rows[0]?.purged ?? 0;
}
