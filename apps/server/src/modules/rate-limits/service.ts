// The rate-limits module owns the counters every server node shares (table rate_limits): the windows of the
// per-address request limits, which platform/rate-limit-store.ts hands to @fastify/rate-limit, and failure
// counts with a lock (the sign-in failures of usernames without an account). Times come from the app clock.
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { RateLimitCounter } from '../../platform/rate-limit-store.ts';
import * as repo from './repo.ts';

export type FailureRule = {
  /** the failure that locks */
  maxFailures: number;
  lockMs: number;
  /** how long failures short of the lock are kept after the last one */
  forgetMs: number;
};

export type RateLimitsService = ReturnType<typeof createRateLimitsService>;

export function createRateLimitsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  function msUntil(at: Date, now: Date): number {
    return Math.max(0, at.getTime() - now.getTime());
  }

  const counter: RateLimitCounter = {
    async hit(key, windowMs) {
      const now = clock.now();
      const { count, resetAt } = await repo.hit(db, { key, now, windowMs });
      return { count, ttlMs: msUntil(resetAt, now) };
    },
    async read(key) {
      const now = clock.now();
      const row = await repo.read(db, key, now);
      return row === undefined
        ? { count: 0, ttlMs: 0 }
        : { count: row.count, ttlMs: msUntil(row.resetAt, now) };
    },
  };

  /** Whether `key` is locked by its failures under `rule`. */
  async function isLocked(key: string, rule: Pick<FailureRule, 'maxFailures'>): Promise<boolean> {
    return repo.isLocked(db, key, { now: clock.now(), maxFailures: rule.maxFailures });
  }

  /** Counts a failure of `key` (in the caller's transaction `tx` if given); answers whether it now locks. */
  async function recordFailure(
    key: string,
    rule: FailureRule,
    tx: Db = db,
  ): Promise<{ isNowLocked: boolean }> {
    const now = clock.now();
    const row = await repo.countFailure(tx, {
      key,
      now,
      maxFailures: rule.maxFailures,
      lockUntil: new Date(now.getTime() + rule.lockMs),
      forgetAt: new Date(now.getTime() + rule.forgetMs),
    });
    return { isNowLocked: row.count >= rule.maxFailures };
  }

  /** Deletes the rows whose window has ended; for a periodic job. Answers how many. */
  async function purgeExpired(): Promise<number> {
    return repo.purgeExpired(db, clock.now());
  }

  return { counter, isLocked, recordFailure, purgeExpired };
}
