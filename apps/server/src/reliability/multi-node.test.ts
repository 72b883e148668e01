// Two server processes behind HAProxy (deploy/haproxy.cfg) on one PostgreSQL database and one object store:
// a session signed in through the balancer holds on both nodes, calls go round robin, a sign-out ends the session
// on both at once, the login rate limit counts both nodes' attempts together, the nodes see the client's address
// and never a forged one. And a cluster's first start: every node at once on an empty database.
import type { LoginResult } from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDraft, signIn, signInToken, whoAmI } from './multi-node-client.ts';
import {
  findPostgres,
  requireAll,
  requireHaproxy,
  requirePostgres,
  startCluster,
  type Cluster,
  type ServerNode,
} from './multi-node.ts';

const postgres = findPostgres();
const balanced = requireAll(requirePostgres(), requireHaproxy());
const plain = requirePostgres();
const LOGIN_RATE_MAX = 6;

describe('two nodes behind HAProxy', () => {
  let cluster: Cluster;
  let lb: string;
  let nodes: readonly ServerNode[];

  beforeAll(async () => {
    if (!balanced.isMet || postgres === undefined) return;
    cluster = await startCluster({
      postgres,
      isBalanced: true,
      env: { LOGIN_RATE_MAX: String(LOGIN_RATE_MAX) },
    });
    lb = cluster.balancer?.url ?? '';
    nodes = cluster.nodes;
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it.skipIf(!balanced.isMet)(
    `a session signed in through the balancer holds on both nodes and ends on both at sign-out${balanced.note}`,
    async () => {
      const { captcha, login } = await signIn(lb, 'transferor');
      expect(login.body?.status, login.body?.msg).toBe(0);
      const token = (login.body?.data as LoginResult).access_token;
      // round robin: the captcha and the login it answers landed on different nodes (the challenge is in the DB)
      expect(cluster.nodeOf(captcha)).toBeDefined();
      expect(cluster.nodeOf(login)?.name).not.toBe(cluster.nodeOf(captcha)?.name);

      const served = new Map<string, number>();
      for (let i = 0; i < 10; i += 1) {
        const answer = await whoAmI(lb, token);
        expect(answer.body?.status).toBe(0);
        const name = cluster.nodeOf(answer)?.name ?? 'unknown';
        served.set(name, (served.get(name) ?? 0) + 1);
      }
      expect(Object.fromEntries(served)).toEqual({ node1: 5, node2: 5 });

      // the same token on each node directly
      for (const node of nodes) {
        const answer = await whoAmI(node.url, token);
        expect(answer.body?.data?.username, node.name).toBe('transferor');
      }
      // what one node writes the other reads
      const [first, second] = nodes as [ServerNode, ServerNode];
      const created = await createDraft(first.url, token, '跨节点草稿');
      expect(created.body?.status, created.body?.msg).toBe(0);
      const shown = await call<{ name: string }>(second.url, 'POST', '/api/project/bulk/show', {
        token,
        json: { id: created.body?.data.id },
      });
      expect(shown.body?.data.name).toBe('跨节点草稿');

      const out = await call(lb, 'POST', '/api/logout', { token });
      expect(out.body?.status, out.body?.msg).toBe(0);
      for (const node of nodes) {
        expect((await whoAmI(node.url, token)).statusCode, node.name).toBe(401);
      }
      const throughBalancer = [await whoAmI(lb, token), await whoAmI(lb, token)];
      expect(throughBalancer.map((answer) => answer.statusCode)).toEqual([401, 401]);
      expect(new Set(throughBalancer.map((answer) => cluster.nodeOf(answer)?.name)).size).toBe(2);
    },
  );

  it.skipIf(!balanced.isMet)(
    `the login rate limit counts the attempts on every node together (LOGIN_RATE_MAX=${LOGIN_RATE_MAX})${balanced.note}`,
    async () => {
      // one client address (the nodes trust the balancer's X-Forwarded-For), its attempts alternating nodes
      const client = { 'x-forwarded-for': '198.51.100.23' };
      const attempts: { node: string; statusCode: number }[] = [];
      for (let i = 0; i < LOGIN_RATE_MAX + 2; i += 1) {
        const node = nodes[i % nodes.length] as ServerNode;
        const { login } = await signIn(node.url, 'transferor', { headers: client });
        attempts.push({ node: node.name, statusCode: login.statusCode });
      }
      console.log(
        `[multi-node] login attempts of one address alternating nodes: ${attempts
          .map((a) => `${a.node}:${a.statusCode}`)
          .join(' ')}`,
      );
      expect(attempts.map((a) => a.statusCode)).toEqual([
        ...Array<number>(LOGIN_RATE_MAX).fill(200),
        429,
        429,
      ]);
    },
  );

  it.skipIf(!balanced.isMet)(
    `behind the balancer a node records the client's address, never one the client forged${balanced.note}`,
    async () => {
      await signInToken(lb, 'transferor2', { headers: { 'x-forwarded-for': '203.0.113.66' } });
      const [first] = nodes as [ServerNode];
      // a node trusts the header (TRUST_PROXY): on a direct call it takes what the balancer would have set
      await signInToken(first.url, 'transferor2', { headers: { 'x-forwarded-for': '192.0.2.44' } });
      const rows = await cluster.pool.query<{ ip: string }>(
        "select ip from audit_log where action = 'login' and target = 'transferor2' and result = 'ok' order by id",
      );
      expect(rows.rows.map((row) => row.ip)).toEqual(['127.0.0.1', '192.0.2.44']);
    },
  );
});

describe('a new cluster', () => {
  let cluster: Cluster | undefined;
  let startError: unknown;
  let startMs = 0;

  beforeAll(async () => {
    if (!plain.isMet || postgres === undefined) return;
    const started = Date.now();
    try {
      cluster = await startCluster({ postgres, isDatabaseEmpty: true, isStartedTogether: true });
    } catch (error) {
      startError = error;
    }
    startMs = Date.now() - started;
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it.skipIf(!plain.isMet)(
    `two nodes started at the same moment on an empty database both come up, migrated and seeded once${plain.note}`,
    async () => {
      expect(startError).toBeUndefined();
      console.log(
        `[multi-node] two nodes started together on an empty database: healthy after ${startMs} ms`,
      );
      const live = cluster as Cluster;
      for (const node of live.nodes) {
        expect((await call(node.url, 'GET', '/api/health')).statusCode, node.name).toBe(200);
      }
      const users = await live.pool.query<{ n: number; distinct: number }>(
        'select count(*)::int as n, count(distinct username)::int as distinct from users',
      );
      expect(users.rows[0]?.n).toBe(users.rows[0]?.distinct);
      expect(users.rows[0]?.n).toBeGreaterThan(0);
      const token = await signInToken((live.nodes[1] as ServerNode).url, 'transferor');
      expect((await whoAmI((live.nodes[0] as ServerNode).url, token)).statusCode).toBe(200);
    },
  );
});
