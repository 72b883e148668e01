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
  const child = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
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

// autocannon reports p50, p90, p97.5 and p99 (no p95): p97.5 is an upper bound for a p95 target.
export type LoadResult = {
  label: string;
  rps: number;
  p50: number;
  p90: number;
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
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? 10,
    method: (opts.method ?? 'GET') as 'GET',
    body: opts.body,
    headers: opts.headers,
  });
  const latency = result.latency as unknown as Record<string, number>;
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: latency.p50 ?? 0,
    p90: latency.p90 ?? 0,
    p97_5: latency.p97_5 ?? 0,
    p99: latency.p99 ?? 0,
    errors: result.errors + result.non2xx,
  };
}

export function printTable(rows: LoadResult[]): void {
  console.table(
    rows.map((r) => ({
      ...r,
      p50: `${r.p50} ms`,
      p90: `${r.p90} ms`,
      p97_5: `${r.p97_5} ms`,
      p99: `${r.p99} ms`,
    })),
  );
}
