// What the contract layer costs (routes registered from packages/domain's contracts, platform/serve.ts): this
// checkout's server next to another version's (BENCH_BASE_TREE, a checkout with its own node_modules, e.g. a
// `git worktree` of the commit before), in the same run, on the same machine. Each server has its own fresh
// database with the demo data; the measures alternate between them (base, this, base, this ...) so that a
// background change of load falls on both. Measured: GET /api/health and the owner's list (POST /api/project/list
// as the demo transferor), req/s and p95 at 50 connections; the table's last rows give this/base per measure.
import { execFileSync } from 'node:child_process';
import { load, printTable, root, signIn, startServer, type LoadResult, type Served } from './lib.ts';

const duration = Number(process.argv[2] ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const baseTree = process.env.BENCH_BASE_TREE;
if (baseTree === undefined || baseTree === '') {
  throw new Error(
    'BENCH_BASE_TREE: the checkout to compare with (git worktree add /tmp/base <commit>; npm ci there)',
  );
}
const CAPTCHA = '2468';
const commitOf = (tree: string) =>
  execFileSync('git', ['-C', tree, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim();

type Side = { name: string; server: Served; token: string };

async function start(name: string, tree: string, port: number): Promise<Side> {
  const server = await startServer(
    port,
    // development: the demo data is seeded and the captcha fixed (production allows neither); the same on both sides
    { NODE_ENV: 'development', CAPTCHA_FIXED: CAPTCHA, LOGIN_RATE_MAX: '1000' },
    tree,
  );
  return { name, server, token: await signIn(server.url, 'transferor', CAPTCHA) };
}

async function measure(side: Side): Promise<LoadResult[]> {
  const list = {
    url: `${side.server.url}/api/project/list`,
    method: 'POST',
    body: JSON.stringify({ page: 1, size: 10 }),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${side.token}` },
    bodyPrefix: '{"status":0,',
  };
  const health = { url: `${side.server.url}/api/health` };
  await load('warm-up', { ...health, duration: 2 });
  await load('warm-up', { ...list, duration: 2 });
  return [
    await load(`${side.name}: GET /api/health`, { ...health, duration }),
    await load(`${side.name}: POST /api/project/list (transferor)`, { ...list, duration }),
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(`base: ${commitOf(baseTree)}\nthis: ${commitOf(root)}`);
const base = await start('base', baseTree, 8300);
const current = await start('this', root, 8301);
try {
  const rows: LoadResult[] = [];
  for (let round = 0; round < rounds; round++) {
    rows.push(...(await measure(base)), ...(await measure(current)));
  }
  printTable(rows);
  for (const what of ['GET /api/health', 'POST /api/project/list']) {
    const of = (name: string) => rows.filter((r) => r.label.startsWith(`${name}: ${what}`));
    const [b, c] = [of('base'), of('this')];
    const rps = median(c.map((r) => r.rps)) / median(b.map((r) => r.rps));
    const p95 = median(c.map((r) => r.p95)) / median(b.map((r) => r.p95));
    console.log(
      `${what}: median req/s base ${median(b.map((r) => r.rps))}, this ${median(c.map((r) => r.rps))} ` +
        `(this/base ${rps.toFixed(3)}); median p95 this/base ${p95.toFixed(3)}`,
    );
  }
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
} finally {
  await base.server.stop();
  await current.server.stop();
}
