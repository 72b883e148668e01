// The periodic purge of what nothing uses any more: ended sessions and spent captchas (the auth module), file
// bytes no attachment refers to and temp files of uploads that stopped (the attachments module), rate-limit
// windows that have ended (the rate-limits module); and the reminders that come due with time (a disclosure ending
// within three working days, the projects module; a deposit due within as many, the intentions module), raised
// once each; the registrations whose deposit is still unpaid after its deadline disqualified (the intentions
// module); and the bidding halls whose countdown ran out with no node's timer to close them (the bidding module),
// logged on a line of their own. It runs every PURGE_INTERVAL_S once the app is ready, on a timer that never keeps
// the process alive, and stops when the app closes. Nodes sharing one database take turns: a run holds a PostgreSQL advisory lock, and a node that finds it
// taken skips its turn.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DbDriver } from './db/client.ts';
import type { AttachmentsService, FilesPurgeReport } from './modules/attachments/service.ts';
import type { AuthPurgeReport, AuthService } from './modules/auth/service.ts';
import type { DepositDeadlinesReport, IntentionsService } from './modules/intentions/service.ts';
import type { BiddingService } from './modules/bidding/service.ts';
import type { ProjectsService } from './modules/projects/service.ts';
import type { RateLimitsService } from './modules/rate-limits/service.ts';

/** The advisory lock's name; hashtext() makes it the lock's key. */
export const HOUSEKEEPING_LOCK = 'cqjy:housekeeping';

/** Counts only: what was removed (or who was reminded) says nothing about whom it belonged to. */
export type HousekeepingReport = AuthPurgeReport &
  FilesPurgeReport & {
    rateLimits: number;
    deadlineReminders: number;
    depositDeadlines: DepositDeadlinesReport;
  };

export type HousekeepingDeps = {
  db: Db;
  driver: DbDriver;
  log: FastifyBaseLogger;
  /** seconds between runs; 0: none but those asked for (runOnce) */
  intervalS: number;
  auth: Pick<AuthService, 'purgeEnded'>;
  attachments: Pick<AttachmentsService, 'purgeUnreferenced'>;
  rateLimits: Pick<RateLimitsService, 'purgeExpired'>;
  projects: Pick<ProjectsService, 'remindDeadlines'>;
  /** depositDeadlines: registrations whose deposit is unpaid after its deadline, and deposits coming due */
  intentions: Pick<IntentionsService, 'remindDepositDeadlines'>;
  /** closeBiddings: halls past their end closed (normally each node's timer did it already) */
  bidding?: Pick<BiddingService, 'closeDue' | 'expireOffers'>;
};

export type Housekeeping = {
  /** purges now, or answers the run under way; null when another node holds the lock */
  runOnce(): Promise<HousekeepingReport | null>;
  start(): void;
  /** no further runs; waits for the one under way */
  stop(): Promise<void>;
};

declare module 'fastify' {
  // Declaration merging needs interfaces.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /** the periodic purge of this app */
    housekeeping: Housekeeping;
  }
}

async function tryLock(db: Db, scope: 'transaction' | 'session'): Promise<boolean> {
  const query =
    scope === 'transaction'
      ? sql`select pg_try_advisory_xact_lock(hashtext(${HOUSEKEEPING_LOCK})) as locked`
      : sql`select pg_try_advisory_lock(hashtext(${HOUSEKEEPING_LOCK})) as locked`;
  const result: unknown = await db.execute(query);
  return (result as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
}

export function createHousekeeping(deps: HousekeepingDeps): Housekeeping {
  const { db, driver, log } = deps;
  let running: Promise<HousekeepingReport | null> | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** `work` under the lock; null without running it when another node holds the lock. */
  async function withLock<T>(work: () => Promise<T>): Promise<T | null> {
    if (driver === 'pg') {
      // The lock lasts as long as this transaction, on a pooled connection of its own. The work runs on the other
      // connections in short statements of its own, so nothing it deletes stays locked for the whole run.
      return db.transaction(async (tx) => ((await tryLock(tx, 'transaction')) ? work() : null));
    }
    // PGlite is a single connection: a transaction would hold it, and with it every request, for the whole run.
    // A session lock is taken and given back on that one connection instead.
    if (!(await tryLock(db, 'session'))) return null;
    try {
      return await work();
    } finally {
      await db.execute(sql`select pg_advisory_unlock(hashtext(${HOUSEKEEPING_LOCK}))`);
    }
  }

  /**
   * The step closing the bidding halls past their end, and passing on the offers after a default whose term ran
   * out. Its counts are logged on their own line when there are some, so the purge's report (counts of what was
   * removed) keeps its shape.
   */
  async function closeBiddings(): Promise<Record<string, never>> {
    const closed = (await deps.bidding?.closeDue()) ?? 0;
    const expired = (await deps.bidding?.expireOffers()) ?? 0;
    if (closed > 0 || expired > 0) {
      log.info({ biddingsClosed: closed, offersExpired: expired }, '已关闭到期的网络竞价、递补逾期');
    }
    return {};
  }

  async function purge(): Promise<HousekeepingReport | null> {
    const started = performance.now();
    const report = await withLock(async () => ({
      ...(await deps.auth.purgeEnded()),
      ...(await deps.attachments.purgeUnreferenced()),
      rateLimits: await deps.rateLimits.purgeExpired(),
      deadlineReminders: await deps.projects.remindDeadlines(),
      depositDeadlines: await deps.intentions.remindDepositDeadlines(),
      ...(await closeBiddings()),
    }));
    if (report === null) {
      log.debug('另一节点正在清理，本次跳过');
      return null;
    }
    log.info(
      { ...report, ms: Math.round(performance.now() - started) },
      '已清理过期会话、验证码、限流计数与无引用的文件',
    );
    return report;
  }

  function runOnce(): Promise<HousekeepingReport | null> {
    running ??= purge().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    start: () => {
      if (deps.intervalS === 0 || timer !== undefined) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => {
          log.error({ err: error }, '清理过期数据失败');
        });
      }, deps.intervalS * 1000);
      // a purge is never a reason for the process to stay up
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

/** Starts the purge when the app is ready and stops it before the app closes its storage and database. */
export function registerHousekeeping(app: FastifyInstance, deps: HousekeepingDeps): void {
  const housekeeping = createHousekeeping(deps);
  app.decorate('housekeeping', housekeeping);
  app.addHook('onReady', (done) => {
    housekeeping.start();
    done();
  });
  app.addHook('preClose', (done) => {
    housekeeping.stop().then(() => done(), done);
  });
}
