// Shared bench helpers: start the real server on a fresh data directory, and run autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const root = join(import.meta.dirname, '..');

export type Served = { url: string; process: ChildProcess; stop(): Promise<void> };

/** Starts apps/server on its own port; DATABASE_URL from the environment selects real PostgreSQL. */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<Served> {
  // A server left over from an interrupted run would be measured instead of this one: refuse.
  const isTaken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (isTaken) throw new Error(`port ${port} is already in use: stop the server left there first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'cqjy-bench-'));
  // BENCH_SERVER_ARGS passes Node flags to the measured server, e.g. --cpu-prof to see where its time goes.
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/src/main.ts')], {
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
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
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

export async function load(
  label: string,
  opts: {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** false counts the answer as an error (the portal refuses most calls with HTTP 200 and a non-zero status) */
    verifyBody?: autocannon.Options['verifyBody'];
  },
): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections ?? 50,
        duration: opts.duration ?? 10,
        method: (opts.method ?? 'GET') as 'GET',
        body: opts.body,
        headers: opts.headers,
        verifyBody: opts.verifyBody,
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
