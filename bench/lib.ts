// Shared bench helpers: start the real server on a fresh data directory, and load it with autocannon or wrk.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = join(import.meta.dirname, '..');

export type Served = { url: string; process: ChildProcess; stop(): Promise<void> };

/**
 * Starts apps/server on its own port; DATABASE_URL from the environment selects real PostgreSQL. `tree` is the
 * checkout whose server runs (another version of the portal, for a comparison in one run; its own node_modules).
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  tree: string = root,
): Promise<Served> {
  // A server left over from an interrupted run would be measured instead of this one: refuse.
  const isTaken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (isTaken) throw new Error(`port ${port} is already in use: stop the server left there first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'cqjy-bench-'));
  // BENCH_SERVER_ARGS passes Node flags to the measured server, e.g. --cpu-prof to see where its time goes.
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...nodeArgs, join(tree, 'apps/server/src/main.ts')], {
    cwd: tree,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('server did not start in 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; 0 when there are none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

// autocannon's own summary has no p95 and truncates to whole milliseconds, so every response time is recorded
// from its 'response' events and the percentiles are computed from those.
export type LoadResult = {
  label: string;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p97_5: number;
  p99: number;
  errors: number;
};

type LoadOptions = {
  url: string;
  connections?: number;
  duration?: number;
  method?: string;
  body?: string;
  headers?: Record<string, string>;
  /** an answer that does not start with this counts as an error (the portal refuses most calls with HTTP 200) */
  bodyPrefix?: string;
};

/**
 * The load generator: BENCH_LOADER=wrk (Debian's wrk, written in C) or autocannon (the default, from npm). On a
 * 2-core machine the generator competes with the server and the database for CPU; autocannon, in Node, takes a
 * large share of it, wrk a small one, so wrk's figures are closer to what the server itself can do.
 */
export const LOADER = process.env.BENCH_LOADER === 'wrk' ? 'wrk' : 'autocannon';

export async function load(label: string, opts: LoadOptions): Promise<LoadResult> {
  return LOADER === 'wrk' ? loadWithWrk(label, opts) : loadWithAutocannon(label, opts);
}

async function loadWithAutocannon(label: string, opts: LoadOptions): Promise<LoadResult> {
  const times: number[] = [];
  const { bodyPrefix } = opts;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections ?? 50,
        duration: opts.duration ?? 10,
        method: (opts.method ?? 'GET') as 'GET',
        body: opts.body,
        headers: opts.headers,
        verifyBody:
          bodyPrefix === undefined ? undefined : (text: unknown) => String(text).startsWith(bodyPrefix),
      },
      (error: Error | null, done) => (error === null ? resolve(done) : reject(error)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  const at = (p: number) => Math.round(percentile(times, p) * 10) / 10;
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: at(50),
    p90: at(90),
    p95: at(95),
    p97_5: at(97.5),
    p99: at(99),
    errors: result.errors + result.non2xx + result.mismatches,
  };
}

/** wrk with a Lua script that sets the request, checks each answer and prints the percentiles (microseconds). */
function loadWithWrk(label: string, opts: LoadOptions): LoadResult {
  const lua = JSON.stringify;
  const script = [
    `wrk.method = ${lua(opts.method ?? 'GET')}`,
    opts.body === undefined ? '' : `wrk.body = ${lua(opts.body)}`,
    ...Object.entries(opts.headers ?? {}).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
    'local threads = {}',
    'function setup(thread) table.insert(threads, thread) end',
    'function init(args) mismatches = 0 end',
    opts.bodyPrefix === undefined
      ? ''
      : `local prefix = ${lua(opts.bodyPrefix)}
function response(status, headers, body)
  if string.sub(body, 1, #prefix) ~= prefix then mismatches = mismatches + 1 end
end`,
    `function done(summary, latency, requests)
  local m = 0
  for _, t in ipairs(threads) do m = m + t:get("mismatches") end
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(97.5),
    latency:percentile(99), e.connect + e.read + e.write + e.status + e.timeout, m))
end`,
  ].join('\n');
  const path = join(mkdtempSync(join(tmpdir(), 'cqjy-wrk-')), 'load.lua');
  writeFileSync(path, script);
  const run = spawnSync(
    'wrk',
    [
      '-t2',
      `-c${opts.connections ?? 50}`,
      `-d${opts.duration ?? 10}s`,
      '--timeout',
      '10s',
      '-s',
      path,
      opts.url,
    ],
    { encoding: 'utf8' },
  );
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (run.status !== 0 || line === undefined) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const [requests, durationUs, p50, p90, p95, p97_5, p99, errors, mismatches] = line
    .slice('RESULT '.length)
    .split(' ')
    .map(Number) as [number, number, number, number, number, number, number, number, number];
  const ms = (us: number) => Math.round(us / 100) / 10;
  return {
    label,
    rps: Math.round(requests / (durationUs / 1e6)),
    p50: ms(p50),
    p90: ms(p90),
    p95: ms(p95),
    p97_5: ms(p97_5),
    p99: ms(p99),
    errors: errors + mismatches,
  };
}

export function printTable(rows: LoadResult[]): void {
  console.table(
    rows.map((r) => ({
      ...r,
      p50: `${r.p50} ms`,
      p90: `${r.p90} ms`,
      p95: `${r.p95} ms`,
      p97_5: `${r.p97_5} ms`,
      p99: `${r.p99} ms`,
    })),
  );
}

/** Signs a demo account in through the captcha session (the server runs with CAPTCHA_FIXED=captcha). */
export async function signIn(url: string, username: string, captcha: string): Promise<string> {
  const challenge = await fetch(`${url}/api/login/captcha`);
  const sessionId = challenge.headers.get('session-id') ?? '';
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionId}` },
    body: JSON.stringify({ username, password: 'Demo@2026', captcha }),
  });
  const body = (await login.json()) as { status: number; msg: string; data: { access_token: string } };
  if (body.status !== 0) throw new Error(`sign-in of ${username} failed: ${body.msg}`);
  return body.data.access_token;
}

/** Uploads a workbook as the company's import of `registry` (dataClass registryImport); answers the file's uuid. */
export async function uploadRegistryImport(
  url: string,
  token: string,
  target: { registry: string; companyId: number; fileName: string },
  content: Buffer,
): Promise<string> {
  const form = new FormData();
  form.set('command', 'upload');
  form.set('tag', 'registryImport');
  form.set('dataClass', 'registryImport');
  form.set('dataId', `${target.registry}-${target.companyId}`);
  form.set('file', new Blob([new Uint8Array(content)]), target.fileName);
  const response = await fetch(`${url}/api/attachment/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await response.json()) as {
    status: number;
    msg: string;
    data: Record<string, { uuid: string }[]>;
  };
  const uuid = answer.data.registryImport?.[0]?.uuid;
  if (answer.status !== 0 || uuid === undefined) throw new Error(`upload refused: ${answer.msg}`);
  return uuid;
}

/**
 * Starts a list's floor (bench/<script>: a bare Fastify answering POST /list with the list's statements) on `port`
 * with its FLOOR_ settings; answers its URL and a stop once it answers.
 */
export async function startFloor(
  script: string,
  port: number,
  env: Record<string, string>,
): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, [join(root, 'bench', script)], {
    env: { ...process.env, FLOOR_PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    const answered = await fetch(`${url}/list`, { method: 'POST' }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (child.exitCode !== null || tries > 100) throw new Error(`${script} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

/** One statement on a fresh connection to `url` (CREATE/DROP DATABASE, a bench's own seeding). */
export async function onDb(url: URL, sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Milliseconds that `work` took, and what it answered. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export const fmtMs = (ms: number): string => `${Math.round(ms).toLocaleString('en')} ms`;

/** One event of a hall's stream: its name, id (the hall's version), its data as sent, and when it arrived (ms). */
export type HallStreamEvent = { name: string; id: number; data: string; at: number };

/**
 * A bidding hall's event stream (GET /api/bidding/{id}/events) followed over plain HTTP, no browser: resolves once
 * the first event (the hall as it stood) came; every later one goes to `onEvent`, timed on arrival.
 */
export function followHallEvents(
  base: string,
  hallId: number,
  token: string,
  onEvent: (event: HallStreamEvent) => void,
): Promise<{ close: () => void }> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const req = httpRequest(
      `${base}/api/bidding/${hallId}/events`,
      { headers: { authorization: `Bearer ${token}` }, agent: false },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let isResolved = false;
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const name = /^event: (\w+)$/m.exec(block)?.[1];
            const id = Number(/^id: (\d+)$/m.exec(block)?.[1]);
            if (name === 'hall' && !isResolved) {
              isResolved = true;
              resolve({ close: () => req.destroy() });
            } else if (name !== undefined && Number.isFinite(id)) {
              onEvent({ name, id, data: /^data: (.*)$/m.exec(block)?.[1] ?? '', at });
            }
            end = buffer.indexOf('\n\n');
          }
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
