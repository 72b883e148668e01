// Row 11 of the reliability plan: PostgreSQL restarted under load. A node on a private PostgreSQL server takes a
// steady stream of writes (project drafts) while the database is stopped (fast, then immediate: a crash) and
// started again. The node must answer again within 5 s of the database being back, without a restart of its
// own, and every write it acknowledged must be in the database afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDraft, signInToken } from './multi-node-client.ts';
import { createPrivatePostgres, requirePostgresBinaries, type PrivatePostgres } from './multi-node-pg.ts';
import {
  requireAll,
  requirePostgres,
  sleep,
  startCluster,
  type Cluster,
  type ServerNode,
} from './multi-node.ts';

const requirement = requireAll(requirePostgres(), requirePostgresBinaries());
const WRITERS = 4;
const RECOVERY_LIMIT_MS = 5_000;

type Write = {
  name: string;
  startedAt: number;
  endedAt: number;
  outcome: 'ack' | 'refused' | 'error';
  id?: number;
};

/** WRITERS clients creating drafts one after the other, each write recorded with its outcome. */
function startLoad(base: string, token: string, label: string) {
  const writes: Write[] = [];
  let isStopping = false;
  let seq = 0;
  const writer = async (n: number): Promise<void> => {
    while (!isStopping) {
      seq += 1;
      const name = `重启演练-${label}-${n}-${seq}`;
      const startedAt = Date.now();
      try {
        const answer = await createDraft(base, token, name, 10_000);
        const isAck = answer.body?.status === 0;
        writes.push({
          name,
          startedAt,
          endedAt: Date.now(),
          outcome: isAck ? 'ack' : 'refused',
          ...(isAck ? { id: answer.body?.data.id } : {}),
        });
        if (!isAck) await sleep(20);
      } catch {
        writes.push({ name, startedAt, endedAt: Date.now(), outcome: 'error' });
        await sleep(20);
      }
    }
  };
  const running = Array.from({ length: WRITERS }, (_, n) => writer(n + 1));
  return {
    writes,
    async stop(): Promise<Write[]> {
      isStopping = true;
      await Promise.all(running);
      return writes;
    },
  };
}

describe('PostgreSQL restarted under load', () => {
  let database: PrivatePostgres;
  let cluster: Cluster;
  let node: ServerNode;
  let token: string;

  beforeAll(async () => {
    if (!requirement.isMet) return;
    database = await createPrivatePostgres();
    await database.start();
    cluster = await startCluster({
      databaseUrl: database.url,
      nodeCount: 1,
      env: { LOGIN_RATE_MAX: '1000' },
    });
    node = cluster.nodes[0] as ServerNode;
    token = await signInToken(node.url, 'transferor');
  });

  afterAll(async () => {
    await cluster?.close();
    await database?.destroy();
  });

  for (const mode of ['fast', 'immediate'] as const) {
    it.skipIf(!requirement.isMet)(
      `stop -m ${mode}: the node answers within 5 s of the database being back, no acknowledged write lost${requirement.note}`,
      async () => {
        const load = startLoad(node.url, token, mode);
        await sleep(1_500);
        const stoppingAt = Date.now();
        await database.stop(mode);
        const downAt = Date.now();
        await sleep(500);
        // while the database is down the node says so, quickly: a balancer's health check takes it out
        const healthStartedAt = Date.now();
        const health = await call(node.url, 'GET', '/api/health', { timeoutMs: 10_000 }).catch(
          (error: unknown) => ({ statusCode: `no answer (${String(error)})` }),
        );
        const healthMs = Date.now() - healthStartedAt;
        await sleep(1_500);
        await database.start();
        const backAt = Date.now();
        let recoveredAt: number | undefined;
        while (recoveredAt === undefined && Date.now() - backAt < 30_000) {
          recoveredAt = load.writes.find((w) => w.outcome === 'ack' && w.startedAt >= backAt)?.endedAt;
          if (recoveredAt === undefined) await sleep(10);
        }
        await sleep(1_000);
        const writes = await load.stop();

        const acknowledged = writes.filter((w) => w.outcome === 'ack');
        const found = await cluster.pool.query<{ id: number; name: string }>(
          'select id, name from projects where id = any($1::int[])',
          [acknowledged.map((w) => w.id)],
        );
        const byId = new Map(found.rows.map((row) => [row.id, row.name]));
        const lost = acknowledged.filter((w) => byId.get(w.id ?? 0) !== w.name);
        const during = writes.filter(
          (w) => w.endedAt >= stoppingAt && w.startedAt <= (recoveredAt ?? Date.now()),
        );
        const recoveryMs = recoveredAt === undefined ? undefined : recoveredAt - backAt;
        console.log(
          [
            `[pg-restart] stop -m ${mode}: database down ${backAt - downAt} ms (stop took ${downAt - stoppingAt} ms)`,
            `[pg-restart]   health while down: HTTP ${health.statusCode} in ${healthMs} ms`,
            `[pg-restart]   requests during the restart: ${during.length} (${during.filter((w) => w.outcome === 'ack').length} acknowledged, ${during.filter((w) => w.outcome !== 'ack').length} failed)`,
            `[pg-restart]   writes in all: ${writes.length}, acknowledged ${acknowledged.length}, found afterwards ${acknowledged.length - lost.length}, lost ${lost.length}`,
            `[pg-restart]   first acknowledged write ${recoveryMs ?? 'never'} ms after the database was back`,
          ].join('\n'),
        );
        expect(node.isRunning, `the node survived the restart\n${cluster.describeLogs()}`).toBe(true);
        expect(health.statusCode).toBe(503);
        expect(recoveryMs, 'a write succeeded after the restart').toBeDefined();
        expect(recoveryMs).toBeLessThan(RECOVERY_LIMIT_MS);
        expect(lost.map((w) => w.name)).toEqual([]);
        // and the node is whole afterwards: a read and a sign-in
        expect((await call(node.url, 'GET', '/api/health')).statusCode).toBe(200);
        await signInToken(node.url, 'transferor2');
      },
    );
  }
});
