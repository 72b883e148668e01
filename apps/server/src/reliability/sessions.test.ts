// Row 6 of the reliability plan: a bearer token stops working at once, on every node, when its session expires,
// when its user signs out, when the password is changed (the other sessions), and when the account is disabled.
// Sessions are rows checked on every request, so no node may keep answering for a session another node ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, signInToken, whoAmI } from './multi-node-client.ts';
import {
  findPostgres,
  requirePostgres,
  sleep,
  startCluster,
  type Cluster,
  type ServerNode,
} from './multi-node.ts';

const postgres = findPostgres();
const requirement = requirePostgres();
const OTP = '246810';
const NEW_PASSWORD = 'Cluster#2026';

/** The HTTP status of a signed-in call with `token` on each node, in node order. */
async function statusOnEveryNode(nodes: readonly ServerNode[], token: string): Promise<number[]> {
  const answers = await Promise.all(nodes.map((node) => whoAmI(node.url, token)));
  return answers.map((answer) => answer.statusCode);
}

describe('a session ended on one node is ended on every node', () => {
  let cluster: Cluster;
  let nodes: readonly ServerNode[];
  let first: ServerNode;
  let second: ServerNode;

  beforeAll(async () => {
    if (!requirement.isMet || postgres === undefined) return;
    cluster = await startCluster({
      postgres,
      env: { LOGIN_RATE_MAX: '1000', OTP_FIXED: OTP },
    });
    nodes = cluster.nodes;
    [first, second] = nodes as [ServerNode, ServerNode];
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it.skipIf(!requirement.isMet)(
    `sign-out: the token answers 401 on both nodes at once${requirement.note}`,
    async () => {
      const token = await signInToken(first.url, 'member');
      expect(await statusOnEveryNode(nodes, token)).toEqual([200, 200]);
      const out = await call(second.url, 'POST', '/api/logout', { token });
      expect(out.body?.status, out.body?.msg).toBe(0);
      expect(await statusOnEveryNode(nodes, token)).toEqual([401, 401]);
    },
  );

  it.skipIf(!requirement.isMet)(
    `password change: the user's other sessions answer 401 on both nodes at once${requirement.note}`,
    async () => {
      const changing = await signInToken(first.url, 'agent');
      const other = await signInToken(second.url, 'agent');
      expect(await statusOnEveryNode(nodes, other)).toEqual([200, 200]);
      // a code of purpose general to the own mobile (OTP_FIXED), then the change, both on the first node
      const sent = await call(first.url, 'POST', '/api/app/send/otp/general', { token: changing });
      expect(sent.body?.status, sent.body?.msg).toBe(0);
      const changed = await call(first.url, 'POST', '/api/app/user/edit/password', {
        token: changing,
        json: { phonecode: OTP, newpassword: NEW_PASSWORD, newpassword2: NEW_PASSWORD },
      });
      expect(changed.body?.status, changed.body?.msg).toBe(0);
      expect(await statusOnEveryNode(nodes, other)).toEqual([401, 401]);
      // the session that made the change stays signed in, on both nodes
      expect(await statusOnEveryNode(nodes, changing)).toEqual([200, 200]);
      // the old password is refused on the other node, the new one accepted
      expect((await signIn(second.url, 'agent')).login.body?.status).toBe(401);
      await signInToken(second.url, 'agent', { password: NEW_PASSWORD });
    },
  );

  it.skipIf(!requirement.isMet)(
    `account disabled: every session of it answers 401 on both nodes at once${requirement.note}`,
    async () => {
      const onFirst = await signInToken(first.url, 'assessment');
      const onSecond = await signInToken(second.url, 'assessment');
      expect(await statusOnEveryNode(nodes, onFirst)).toEqual([200, 200]);
      // No call disables an account yet: the flag is set in the database, as an operator would.
      await cluster.pool.query("update users set disabled = true where username = 'assessment'");
      expect(await statusOnEveryNode(nodes, onFirst)).toEqual([401, 401]);
      expect(await statusOnEveryNode(nodes, onSecond)).toEqual([401, 401]);
      const refused = await signIn(second.url, 'assessment');
      expect(refused.login.body?.status).not.toBe(0);
    },
  );
});

describe('an expired session', () => {
  const TTL_S = 3;
  let cluster: Cluster;

  beforeAll(async () => {
    if (!requirement.isMet || postgres === undefined) return;
    cluster = await startCluster({
      postgres,
      env: { LOGIN_RATE_MAX: '1000', SESSION_TTL_S: String(TTL_S) },
    });
  });

  afterAll(async () => {
    await cluster?.close();
  });

  it.skipIf(!requirement.isMet)(
    `answers 401 on both nodes as soon as its SESSION_TTL_S (${TTL_S} s) has passed${requirement.note}`,
    async () => {
      const [first] = cluster.nodes as [ServerNode];
      const signedInAt = Date.now();
      const token = await signInToken(first.url, 'transferor');
      expect(await statusOnEveryNode(cluster.nodes, token)).toEqual([200, 200]);
      // the first moment after the expiry (the server's row says created_at + ttl): no node accepts it any more
      await sleep(Math.max(0, signedInAt + TTL_S * 1000 + 250 - Date.now()));
      const expiredAfterMs = Date.now() - signedInAt;
      expect(await statusOnEveryNode(cluster.nodes, token)).toEqual([401, 401]);
      console.log(
        `[sessions] token of a ${TTL_S} s session refused on both nodes ${expiredAfterMs} ms after sign-in`,
      );
    },
  );
});
