// A cluster of real server processes for the reliability suite: N nodes (`node apps/server/src/main.ts`, as
// production starts them) on one PostgreSQL database and one S3-compatible store (s3rver), sharing the
// certificate authority's directory and the key secret, optionally behind HAProxy configured from
// deploy/haproxy.cfg. Nothing here reads the environment: the PostgreSQL server comes from the suite's global
// setup (TEST_DATABASE_URL), every setting of a node is written out below.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import S3rver from 's3rver';
import { inject } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { runAdmin, withDatabase } from '../test/test-database.ts';
import { CAPTCHA, DEMO_PASSWORD } from './multi-node-client.ts';

/** The repository's own Node (24, type stripping): the one production runs the server with. */
export const NODE_BIN = join(REPO_ROOT, 'node_modules/.bin/node');
const MAIN = join(REPO_ROOT, 'apps/server/src/main.ts');
export const HAPROXY_BIN = '/usr/sbin/haproxy';
export const HAPROXY_TEMPLATE = join(REPO_ROOT, 'deploy/haproxy.cfg');
const BUCKET = 'cqjy-cluster-files';
const START_TIMEOUT_MS = 90_000;

/** Whether a test can run here; `note` is what its name carries when it cannot ('' when it can). */
export type Requirement = { isMet: boolean; note: string };

const met: Requirement = { isMet: true, note: '' };

function unmet(reason: string): Requirement {
  return { isMet: false, note: ` (skipped: ${reason})` };
}

/** The first unmet requirement, or met. */
export function requireAll(...requirements: Requirement[]): Requirement {
  return requirements.find((r) => !r.isMet) ?? met;
}

/** The PostgreSQL server of the run: its admin URL and the migrated template database. */
export type PostgresServer = { adminUrl: string; template: string };

/** The server behind TEST_DATABASE_URL, which the global setup has already reached and migrated a template on. */
export function findPostgres(): PostgresServer | undefined {
  const provided = inject('testDatabase');
  return provided.kind === 'pg' ? { adminUrl: provided.adminUrl, template: provided.template } : undefined;
}

export function requirePostgres(): Requirement {
  return findPostgres() === undefined ? unmet('no PostgreSQL at TEST_DATABASE_URL') : met;
}

export function requireHaproxy(): Requirement {
  return existsSync(HAPROXY_BIN) ? met : unmet(`no HAProxy at ${HAPROXY_BIN}`);
}

export type TestDatabase = { url: string; drop(): Promise<void> };

/** A new database on the server: a copy of the migrated template, or empty (the first node migrates it). */
export async function createDatabase(
  server: PostgresServer,
  options: { isEmpty?: boolean } = {},
): Promise<TestDatabase> {
  const name = `cqjy_mn_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runAdmin(
    server.adminUrl,
    options.isEmpty === true
      ? `CREATE DATABASE ${name}`
      : `CREATE DATABASE ${name} TEMPLATE ${server.template}`,
  );
  return {
    url: withDatabase(server.adminUrl, name),
    drop: () => runAdmin(server.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A TCP port nobody listens on right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Children still running when the test process ends are killed with it (a failed run must not leave servers).
const liveChildren = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of liveChildren) child.kill('SIGKILL');
});

type Spawned = { child: ChildProcess; exited: Promise<number | null> };

function spawnLogged(command: string, args: string[], env: Record<string, string>, logPath: string): Spawned {
  const log = openSync(logPath, 'a');
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', log, log] });
  closeSync(log);
  liveChildren.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      liveChildren.delete(child);
      resolve(code);
    });
  });
  return { child, exited };
}

/** Sends `signal` and waits for the exit; SIGKILL after `graceMs`. */
async function stopSpawned(
  spawned: Spawned | undefined,
  signal: NodeJS.Signals,
  graceMs: number,
): Promise<void> {
  if (spawned === undefined || spawned.child.exitCode !== null || spawned.child.signalCode !== null) return;
  spawned.child.kill(signal);
  const timer = setTimeout(() => spawned.child.kill('SIGKILL'), graceMs);
  await spawned.exited;
  clearTimeout(timer);
}

/** The last lines of a log; `isQuiet` leaves out the info lines (one per request). */
function tail(path: string, lines = 30, isQuiet = false): string {
  try {
    return readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .filter((line) => !isQuiet || !line.startsWith('{"level":30,'))
      .slice(-lines)
      .join('\n');
  } catch {
    return '';
  }
}

/** Polls `url` until it answers 200; fails early when the process behind it exits. */
async function waitForHealth(
  url: string,
  spawned: Spawned,
  logPath: string,
  timeoutMs: number,
): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawned.child.exitCode !== null || spawned.child.signalCode !== null) {
      throw new Error(`${url}: the process exited during start\n${tail(logPath)}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${url}: no healthy answer in ${timeoutMs} ms\n${tail(logPath)}`);
    await sleep(100);
  }
}

/** One server process. Its port stays the same across restarts, as a node's address does behind a balancer. */
export type ServerNode = {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  readonly logPath: string;
  /** the process's own prefix of the x-request-id it answers (random per start), to tell who served a call */
  readonly requestIdPrefix: string | undefined;
  readonly isRunning: boolean;
  readonly pid: number | undefined;
  start(): Promise<void>;
  /** kill -9: no shutdown of any kind */
  kill(): Promise<void>;
  /** SIGTERM: the server's own shutdown (SIGKILL after 10 s) */
  stop(): Promise<void>;
};

function createServerNode(input: {
  name: string;
  port: number;
  env: Record<string, string>;
  logPath: string;
}): ServerNode {
  const url = `http://127.0.0.1:${input.port}`;
  let spawned: Spawned | undefined;
  let prefix: string | undefined;
  const isRunning = (): boolean =>
    spawned !== undefined && spawned.child.exitCode === null && spawned.child.signalCode === null;
  return {
    name: input.name,
    port: input.port,
    url,
    logPath: input.logPath,
    get requestIdPrefix() {
      return prefix;
    },
    get isRunning() {
      return isRunning();
    },
    get pid() {
      return isRunning() ? spawned?.child.pid : undefined;
    },
    async start() {
      if (isRunning()) throw new Error(`${input.name} is already running`);
      writeFileSync(input.logPath, `--- start ${new Date().toISOString()}\n`, { flag: 'a' });
      spawned = spawnLogged(NODE_BIN, [MAIN], { ...input.env, PORT: String(input.port) }, input.logPath);
      const response = await waitForHealth(`${url}/api/health`, spawned, input.logPath, START_TIMEOUT_MS);
      prefix = response.headers.get('x-request-id')?.slice(0, 6);
    },
    kill: () => stopSpawned(spawned, 'SIGKILL', 0),
    stop: () => stopSpawned(spawned, 'SIGTERM', 10_000),
  };
}

/**
 * The HAProxy configuration of deploy/haproxy.cfg for this machine: the frontend's bind lines and the backend's
 * server lines (the lines marked "per site") replaced, the runtime socket left out, every other line as written.
 */
export function renderHaproxyConfig(
  template: string,
  site: { bind: string; servers: { name: string; address: string }[] },
): string {
  let binds = 0;
  let servers = 0;
  const out: string[] = [];
  for (const line of template.split('\n')) {
    if (/^\s*bind\s/.test(line)) {
      binds += 1;
      if (binds === 1) out.push(`    bind ${site.bind}`);
      continue;
    }
    // the runtime socket's directory is the host's (/run/haproxy); a test balancer goes without it
    if (/^\s*stats\s+socket\s/.test(line)) continue;
    if (/^\s*server\s/.test(line)) {
      servers += 1;
      if (servers === 1) {
        for (const server of site.servers) out.push(`    server ${server.name} ${server.address} check`);
      }
      continue;
    }
    out.push(line);
  }
  if (binds === 0 || servers === 0) throw new Error('deploy/haproxy.cfg has no bind or no server line');
  return out.join('\n');
}

type S3rverStore = {
  putObject(object: {
    bucket: string;
    key: string;
    content: unknown;
  }): Promise<{ size: number; md5: string }>;
  getResourcePath(bucket: string, key: string, resource: string): string;
};

/**
 * s3rver writes an object in place: a PUT whose client dies midway leaves the bytes received so far under the key,
 * and a HEAD then reports the object present. S3, MinIO and Ceph never show an incomplete PUT (an object appears
 * whole or not at all), and the S3 driver relies on that: it skips storing content whose key exists. So the test
 * store is given the same rule: the object of a PUT whose body broke off is removed.
 */
function makePutsAtomic(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  const putObject = store.putObject.bind(store);
  store.putObject = (object) => {
    const body = object.content;
    if (!(body instanceof Readable)) return putObject(object);
    return new Promise((resolve, reject) => {
      body.once('close', () => {
        if (body.readableEnded) return;
        // s3rver's own write never settles once its source is gone
        const path = store.getResourcePath(object.bucket, object.key, 'object');
        rm(path, { force: true }).then(
          () => reject(new Error(`PUT of ${object.key} broke off`)),
          (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
        );
      });
      putObject(object).then(resolve, reject);
    });
  };
}

export type Balancer = {
  readonly url: string;
  readonly logPath: string;
  stop(): Promise<void>;
};

async function startBalancer(dir: string, nodes: readonly ServerNode[]): Promise<Balancer> {
  const port = await findFreePort();
  const configPath = join(dir, 'haproxy.cfg');
  const logPath = join(dir, 'haproxy.log');
  writeFileSync(
    configPath,
    renderHaproxyConfig(readFileSync(HAPROXY_TEMPLATE, 'utf8'), {
      bind: `127.0.0.1:${port}`,
      servers: nodes.map((node) => ({ name: node.name, address: `127.0.0.1:${node.port}` })),
    }),
  );
  const spawned = spawnLogged(HAPROXY_BIN, ['-db', '-f', configPath], {}, logPath);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(`${url}/api/health`, spawned, logPath, 20_000);
  return { url, logPath, stop: () => stopSpawned(spawned, 'SIGTERM', 5_000) };
}

export type ClusterOptions = {
  /** default 2 */
  nodeCount?: number;
  /** HAProxy in front, configured from deploy/haproxy.cfg; the nodes then trust X-Forwarded-For */
  isBalanced?: boolean;
  /** settings on top of the cluster's (LOGIN_RATE_MAX, SESSION_TTL_S, OTP_FIXED ...) */
  env?: Record<string, string>;
} & (
  | {
      /** a new database on this server: a copy of the migrated template, or empty with isDatabaseEmpty */
      postgres: PostgresServer;
      isDatabaseEmpty?: boolean;
    }
  | {
      /** a database to use as it is (neither created nor dropped here) */
      databaseUrl: string;
    }
) & {
    /** every node at once; by default the first starts alone (it migrates and seeds), then the others together */
    isStartedTogether?: boolean;
  };

export type Cluster = {
  readonly nodes: readonly ServerNode[];
  readonly balancer: Balancer | undefined;
  readonly databaseUrl: string;
  /** a pool of the test's own on the cluster's database, for checks behind the nodes' backs */
  readonly pool: pg.Pool;
  readonly s3: { endpoint: string; bucket: string; directory: string };
  /** the working directory: node data dirs, logs, the shared CA directory */
  readonly dir: string;
  /** the node that answered, by the prefix of its x-request-id */
  nodeOf(response: Response | { headers: Headers }): ServerNode | undefined;
  /** the last lines of every node's log but its request lines, for a failure message */
  describeLogs(): string;
  close(): Promise<void>;
};

/** Starts s3rver, the database, N nodes and optionally HAProxy; `close` undoes all of it. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cqjy-cluster-'));
  const cleanups: (() => Promise<void>)[] = [];
  const runCleanups = async (): Promise<void> => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // one failing step must not keep the others from running
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const s3Dir = join(dir, 's3');
    mkdirSync(s3Dir);
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    makePutsAtomic(s3rver);
    const s3Address = await s3rver.run();
    cleanups.push(() => s3rver.close());
    const s3 = { endpoint: `http://127.0.0.1:${s3Address.port}`, bucket: BUCKET, directory: s3Dir };

    let databaseUrl: string;
    if ('databaseUrl' in options) {
      databaseUrl = options.databaseUrl;
    } else {
      const database = await createDatabase(options.postgres, {
        isEmpty: options.isDatabaseEmpty === true,
      });
      cleanups.push(() => database.drop());
      databaseUrl = database.url;
    }

    const isBalanced = options.isBalanced === true;
    const common: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      CA_DIR: join(dir, 'ca'),
      KEY_ENCRYPTION_SECRET: randomBytes(24).toString('base64url'),
      CAPTCHA_FIXED: CAPTCHA,
      DEMO_PASSWORD,
      WEB_DIST: join(dir, 'no-web'),
      TRUST_PROXY: isBalanced ? 'true' : 'false',
      ...options.env,
    };
    const nodes: ServerNode[] = [];
    for (let i = 1; i <= (options.nodeCount ?? 2); i += 1) {
      const name = `node${i}`;
      const dataDir = join(dir, name);
      mkdirSync(dataDir);
      nodes.push(
        createServerNode({
          name,
          port: await findFreePort(),
          env: { ...common, DATA_DIR: dataDir, STORAGE_DIR: join(dataDir, 'files') },
          logPath: join(dir, `${name}.log`),
        }),
      );
    }
    cleanups.push(async () => {
      await Promise.all(nodes.map((node) => node.stop()));
    });
    const [first, ...others] = nodes;
    if (options.isStartedTogether === true || first === undefined) {
      await Promise.all(nodes.map((node) => node.start()));
    } else {
      await first.start();
      await Promise.all(others.map((node) => node.start()));
    }

    const balancer = isBalanced ? await startBalancer(dir, nodes) : undefined;
    if (balancer !== undefined) cleanups.push(() => balancer.stop());

    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    pool.on('error', () => undefined);
    cleanups.push(() => pool.end());

    return {
      nodes,
      balancer,
      databaseUrl,
      pool,
      s3,
      dir,
      nodeOf: (response) => {
        const prefix = response.headers.get('x-request-id')?.slice(0, 6);
        return nodes.find((node) => node.requestIdPrefix !== undefined && node.requestIdPrefix === prefix);
      },
      describeLogs: () =>
        nodes.map((node) => `--- ${node.name} (${node.url})\n${tail(node.logPath, 60, true)}`).join('\n'),
      close: runCleanups,
    };
  } catch (error) {
    await runCleanups();
    throw error;
  }
}
