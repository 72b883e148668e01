// The fan-out of the bidding halls across the server nodes. A change of a hall (opened, a bid accepted, closed,
// its result signed) is published after its commit as a small signal: the hall's id, its version and the end its
// countdown now has. Each node hands every signal to its bidding service, which sets its close timer for the hall
// and, when it has watchers of that hall, reads the hall once and pushes it to them.
//
// Two hubs, one per driver:
// - in-process (PGlite, one node): an EventEmitter;
// - PostgreSQL (DATABASE_URL, any number of nodes): a dedicated connection LISTENs on the channel `bidding`, and a
//   publish is `select pg_notify('bidding', payload)`. The publishing node hands the signal to its own service at
//   once (its watchers need not wait for the round trip) and skips its own notification when it comes back. A
//   listener that loses its connection reconnects (1 s, doubling to 10 s) and then asks the service to resync:
//   signals sent while it was away are lost, so the service reads its watched and open halls again.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db, DbDriver } from '../../db/client.ts';

export const BIDDING_CHANNEL = 'bidding';

export type BiddingSignal = {
  hallId: number;
  version: number;
  /** the countdown's end, epoch ms */
  endsAt: number;
  isClosed: boolean;
};

export type BiddingHubListener = {
  onSignal(signal: BiddingSignal): void;
  /** signals may have been missed (the listener reconnected): read the halls again */
  onResync(): void;
};

export type BiddingHub = {
  readonly kind: 'local' | 'pg';
  /** after the change's commit; never throws (the change is made, a lost signal is caught up by the timers) */
  publish(signal: BiddingSignal): Promise<void>;
  /** the node's one listener: its bidding service */
  setListener(listener: BiddingHubListener): void;
  start(): Promise<void>;
  close(): Promise<void>;
};

const EVENT = 'signal';

export function createLocalHub(): BiddingHub {
  const emitter = new EventEmitter();
  return {
    kind: 'local',
    publish: (signal) => {
      emitter.emit(EVENT, signal);
      return Promise.resolve();
    },
    setListener: (listener) => {
      emitter.removeAllListeners(EVENT);
      emitter.on(EVENT, (signal: BiddingSignal) => listener.onSignal(signal));
    },
    start: () => Promise.resolve(),
    close: () => {
      emitter.removeAllListeners(EVENT);
      return Promise.resolve();
    },
  };
}

type Payload = { h: number; v: number; e: number; c: 0 | 1; o: string };

function parsePayload(text: string | undefined): (BiddingSignal & { origin: string }) | undefined {
  try {
    const value = JSON.parse(text ?? '') as Partial<Payload>;
    if (
      typeof value.h !== 'number' ||
      typeof value.v !== 'number' ||
      typeof value.e !== 'number' ||
      typeof value.o !== 'string'
    ) {
      return undefined;
    }
    return { hallId: value.h, version: value.v, endsAt: value.e, isClosed: value.c === 1, origin: value.o };
  } catch {
    return undefined;
  }
}

const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 10_000;

export function createPgHub(deps: {
  /** notifications are sent on the app's own pool */
  db: Db;
  /** the listener's own connection */
  connectionString: string;
  log: FastifyBaseLogger;
}): BiddingHub {
  const { db, log } = deps;
  // who published: a node skips its own notifications, already handed over at publish
  const origin = randomBytes(6).toString('hex');
  let listener: BiddingHubListener | undefined;
  let client: pg.Client | undefined;
  let isClosing = false;
  let hasConnected = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  function scheduleReconnect(): void {
    if (isClosing || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  async function connect(): Promise<void> {
    if (isClosing) return;
    const next = new pg.Client({ connectionString: deps.connectionString });
    let isLost = false;
    const lose = (error?: unknown): void => {
      if (isLost) return;
      isLost = true;
      if (client === next) client = undefined;
      if (isClosing) return;
      log.warn({ err: error }, '网络竞价的通知连接已断开，正在重连');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', lose);
    next.on('end', () => lose());
    next.on('notification', (message) => {
      if (message.channel !== BIDDING_CHANNEL) return;
      const signal = parsePayload(message.payload);
      if (signal === undefined || signal.origin === origin) return;
      listener?.onSignal(signal);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${BIDDING_CHANNEL}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (isClosing) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RECONNECT_MIN_MS;
    if (hasConnected) {
      log.info('网络竞价的通知连接已恢复');
      listener?.onResync();
    }
    hasConnected = true;
  }

  return {
    kind: 'pg',
    publish: async (signal) => {
      listener?.onSignal(signal);
      const payload: Payload = {
        h: signal.hallId,
        v: signal.version,
        e: signal.endsAt,
        c: signal.isClosed ? 1 : 0,
        o: origin,
      };
      try {
        await db.execute(sql`select pg_notify(${BIDDING_CHANNEL}, ${JSON.stringify(payload)})`);
      } catch (error) {
        log.warn({ err: error, hallId: signal.hallId }, '网络竞价的通知发送失败');
      }
    },
    setListener: (next) => {
      listener = next;
    },
    start: () => connect(),
    close: async () => {
      isClosing = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

/** The pool's connection string, for the listener's own connection (the same server and database). */
function connectionStringOf(db: Db): string | undefined {
  const pool = (db as unknown as { $client?: { options?: { connectionString?: string } } }).$client;
  return pool?.options?.connectionString;
}

/**
 * The hub of the app's database: PostgreSQL's LISTEN/NOTIFY on a pool of node-postgres, else in process. The
 * database itself is asked rather than the configured driver: a second node built on the same pool (the tests')
 * is told no driver.
 */
export function createBiddingHub(deps: { db: Db; driver?: DbDriver; log: FastifyBaseLogger }): BiddingHub {
  const connectionString = deps.driver === 'pglite' ? undefined : connectionStringOf(deps.db);
  if (connectionString === undefined) return createLocalHub();
  return createPgHub({ db: deps.db, connectionString, log: deps.log });
}
