// The bidding hall under load on real PostgreSQL: two server processes (as production runs them behind the
// balancer) on one fresh database, one hall with 1,000 bidders (1,000 member companies, each with its signed-in
// operator and one qualified buyer) bidding as fast as they are answered for 30 s, half on each node, and 5,000
// watchers of the hall's event stream (plain HTTP, no browser) split between the nodes. Each bidder offers the next
// valid bid as this client last learnt it (from any accepted bid's answer): most offers meet a higher bid that was
// taken first and are refused, exactly one takes each step.
//
// Measured:
// - accepted bids per second, and offers judged per second (taken or refused, each in a transaction holding the
//   hall's row), next to the floor of the same run: a bare single-row update in a transaction (begin; update
//   biddings ... ; commit) through a pool like the server's (10 connections), driven by the same 1,000 concurrent
//   loops (10 s), with no HTTP, no checks and no fan-out;
// - for every accepted bid and every watcher, the time from the bid's answer reaching its bidder to the watcher's
//   first event carrying that bid (an event carries the hall at a version; a watcher that gets a later version
//   has the bid too: the stream sends the hall as it stands, so versions that come while a push is under way are
//   carried by the next): p50/p95/p99/max, target p99 < 200 ms;
// - lost: the watchers whose last event is not the hall's last version, or whose count of bids is not the bids
//   accepted (target: none);
// - the fan-out's floor, same run: the same watchers, bidders' loops and client against two bare processes
//   (fanout-floor.ts: one single-row update per offer, the portal's rate of accepted bids, events of the portal's
//   size, pg_notify between the two), measured the same way: what this machine does with the fan-out alone.
//
//   PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:bidding:load -w bench
//
// Optional arguments: bidders (1000), watchers (5000), seconds (30).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { followHallEvents, onDb, signIn, startFloor, startServer, type Served } from './lib.ts';

const BIDDERS = Number(process.argv[2] ?? 1000);
const WATCHERS = Number(process.argv[3] ?? 5000);
const SECONDS = Number(process.argv[4] ?? 30);
const TARGET_P99_MS = 200;
const CAPTCHA = '2468';
const DB_NAME = 'cqjy_bench_bidding_load';
const START_PRICE = 1_000_000;
const INCREMENT = 10_000;
const PORTS = { a: 8298, b: 8299, floorA: 8296, floorB: 8297 };
/** a watcher's last event awaited this long after the run */
const SETTLE_MS = 10_000;

const adminUrl = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DB_NAME}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Nearest-rank percentile of a sorted typed array. */
function percentileOf(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * `n` member companies cloned from the demo member's, each with a user, its default operator (the member's role)
 * and a session whose bearer token is answered; written in SQL, as signing in 1,000 users through argon2 would
 * measure the sign-in instead.
 */
async function cloneMembers(db: pg.Client, n: number): Promise<{ companyIds: number[]; tokens: string[] }> {
  const columns = async (table: string) =>
    (
      await db.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = $1 and column_name <> 'id'
         order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => row.column_name);
  const template = await db.query<{ user_id: number; company_id: number; operator_id: number }>(
    `select u.id as user_id, o.company_id, o.id as operator_id from users u
     join operators o on o.user_id = u.id and o.is_default where u.username = 'member'`,
  );
  const { user_id: userId, company_id: companyId, operator_id: operatorId } = template.rows[0]!;
  const pick = (cols: string[], overrides: Record<string, string>) =>
    cols.map((col) => overrides[col] ?? `t.${col}`).join(', ');

  const companyCols = await columns('companies');
  const companies = await db.query<{ id: number }>(
    `insert into companies (${companyCols.join(', ')})
     select ${pick(companyCols, { name: `t.name || '压测' || g`, credit_code: 'null' })}
     from companies t, generate_series(1, $2) g where t.id = $1 order by g returning id`,
    [companyId, n],
  );
  const userCols = await columns('users');
  const users = await db.query<{ id: number }>(
    `insert into users (${userCols.join(', ')})
     select ${pick(userCols, { username: `'benchbidder' || g`, mobile: 'null' })}
     from users t, generate_series(1, $2) g where t.id = $1 order by g returning id`,
    [userId, n],
  );
  const companyIds = companies.rows.map((row) => row.id);
  const userIds = users.rows.map((row) => row.id);
  const operatorCols = await columns('operators');
  const operators = await db.query<{ id: number }>(
    `insert into operators (${operatorCols.join(', ')})
     select ${pick(operatorCols, { user_id: 'p.user_id', company_id: 'p.company_id' })}
     from operators t, unnest($2::int[], $3::int[]) with ordinality as p(user_id, company_id, ord)
     where t.id = $1 order by p.ord returning id`,
    [operatorId, userIds, companyIds],
  );
  const tokens = operators.rows.map(() => randomBytes(24).toString('base64url'));
  await db.query(
    `insert into sessions (token_hash, operator_id, created_at, expires_in)
     select h, o, now(), 86400 from unnest($1::text[], $2::int[]) as s(h, o)`,
    [tokens.map(sha256), operators.rows.map((row) => row.id)],
  );
  return { companyIds, tokens };
}

/** A disclosing copy of the demo project with one qualified buyer of each company. */
async function prepareProject(
  db: pg.Client,
  companyIds: number[],
): Promise<{ projectId: number; regs: number[] }> {
  const code = `JJLOAD${randomBytes(3).toString('hex')}`;
  const project = await db.query<{ id: number }>(
    `insert into projects (company_id, family, business_type, name, code, status, disclosure_start, disclosure_end)
     select company_id, family, business_type, name || '（竞价压测）', $1, 'disclosing', disclosure_start,
            now() - interval '1 day'
     from projects where code = 'GR2026BJ1000123' returning id`,
    [code],
  );
  const projectId = project.rows[0]!.id;
  const regs = await db.query<{ id: number }>(
    `insert into intention_registrations
       (project_id, company_id, status, kind, name, cert_type, cert_no, contact_name, contact_mobile)
     select $1, c, 'qualified', 'company', '压测竞买人' || ord, 'creditCode',
            '9111' || lpad(ord::text, 14, '0'), '联系人', '13900000000'
     from unnest($2::int[]) with ordinality as r(c, ord) order by ord returning id`,
    [projectId, companyIds],
  );
  return { projectId, regs: regs.rows.map((row) => row.id) };
}

/** One watcher: an SSE connection noting, per hall version received, when it arrived, and its last bid count. */
type Watcher = {
  versions: number[];
  at: number[];
  lastBidCount: number;
  /** the size of the last event's data */
  lastBytes: number;
  close(): void;
};

async function watch(base: string, hallId: number, token: string): Promise<Watcher> {
  const watcher: Watcher = { versions: [], at: [], lastBidCount: 0, lastBytes: 0, close: () => undefined };
  const stream = await followHallEvents(base, hallId, token, (event) => {
    watcher.versions.push(event.id);
    watcher.at.push(event.at);
    watcher.lastBytes = Buffer.byteLength(event.data);
    const bidCount = Number(/"bidCount":(\d+)/.exec(event.data)?.[1]);
    if (Number.isFinite(bidCount)) watcher.lastBidCount = bidCount;
  });
  watcher.close = stream.close;
  return watcher;
}

/** An accepted bid: its version, when its request left and when its answer came back. */
type Accepted = { version: number; sentAt: number; at: number };

/** The bidders' loops for `seconds`: each offers the next valid bid as last learnt, at once again when answered. */
async function runBidders(input: {
  bases: string[];
  hallId: number;
  tokens: string[];
  regs: number[];
  seconds: number;
}): Promise<{ accepted: Accepted[]; refused: number; failed: number }> {
  const accepted: Accepted[] = [];
  let refused = 0;
  let failed = 0;
  let next = START_PRICE;
  const reasons = new Map<string, number>();
  const until = performance.now() + input.seconds * 1000;
  const loop = async (index: number) => {
    const base = input.bases[index % input.bases.length]!;
    const url = `${base}/api/bidding/bid/${input.hallId}`;
    const headers = { authorization: `Bearer ${input.tokens[index]!}`, 'content-type': 'application/json' };
    while (performance.now() < until) {
      const amount = next;
      const sentAt = performance.now();
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ registrationId: input.regs[index], amount }),
        });
        const answer = (await response.json()) as {
          status: number;
          msg: string;
          data: { version: number; nextMinimum: number } | null;
        };
        const at = performance.now();
        if (answer.status === 0 && answer.data !== null) {
          accepted.push({ version: answer.data.version, sentAt, at });
          next = Math.max(next, answer.data.nextMinimum);
        } else {
          refused += 1;
          reasons.set(answer.msg, (reasons.get(answer.msg) ?? 0) + 1);
          // refused: a higher bid was taken meanwhile; the next offer is one step above what this client knows
          if (amount >= next) next = amount + INCREMENT;
        }
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(input.tokens.map((_, index) => loop(index)));
  // the refusals by their words: below the minimum (a higher bid was taken first) is the expected one
  const byWords = [...reasons.entries()].map(([msg, n]) => [msg.replace(/[\d,.]+元/g, 'N元'), n] as const);
  const grouped = new Map<string, number>();
  for (const [msg, n] of byWords) grouped.set(msg, (grouped.get(msg) ?? 0) + n);
  console.log('refusals:', Object.fromEntries(grouped));
  return { accepted, refused, failed };
}

type BidderRun = Awaited<ReturnType<typeof runBidders>>;

/**
 * The watchers connected, half on each base, the bidders run, the last pushes awaited: each accepted bid's time to
 * each watcher (sorted), the receipts missing, and the watchers left behind.
 */
async function fanOut(input: {
  bases: string[];
  hallId: number;
  /** the watchers' */
  token: string;
  tokens: string[];
  regs: number[];
}): Promise<{
  run: BidderRun;
  fromAnswer: Float64Array;
  fromSent: Float64Array;
  missing: number;
  behind: number;
  eventBytes: number;
}> {
  // in batches (on the portal each is a sign-in check and a first read of the hall)
  for (let i = 0; i < WATCHERS; i += 100) {
    const batch = [];
    for (let j = i; j < Math.min(WATCHERS, i + 100); j += 1) {
      batch.push(watch(input.bases[j % input.bases.length]!, input.hallId, input.token));
    }
    watchers.push(...(await Promise.all(batch)));
  }
  console.log(`${watchers.length} watchers connected to ${input.bases.join(' and ')}`);
  const run = await runBidders({ ...input, seconds: SECONDS });
  // the last pushes on their way
  const last = run.accepted.reduce((max, bid) => Math.max(max, bid.version), 0);
  const settleUntil = performance.now() + SETTLE_MS;
  while (performance.now() < settleUntil && watchers.some((w) => (w.versions.at(-1) ?? 0) < last)) {
    await sleep(50);
  }
  // each accepted bid at each watcher: the first event at its version or later
  const sortedBids = [...run.accepted].sort((x, y) => x.version - y.version);
  const fromAnswer = new Float64Array(sortedBids.length * watchers.length);
  const fromSent = new Float64Array(sortedBids.length * watchers.length);
  let count = 0;
  let missing = 0;
  for (const watcher of watchers) {
    let k = 0;
    for (const bid of sortedBids) {
      while (k < watcher.versions.length && watcher.versions[k]! < bid.version) k += 1;
      if (k >= watcher.versions.length) {
        missing += 1;
        continue;
      }
      // the push and the answer leave the node at about the same time: an event may arrive first (0 ms)
      fromAnswer[count] = Math.max(0, watcher.at[k]! - bid.at);
      fromSent[count] = watcher.at[k]! - bid.sentAt;
      count += 1;
    }
  }
  const behind = watchers.filter(
    (w) => (w.versions.at(-1) ?? 0) < last || w.lastBidCount !== run.accepted.length,
  ).length;
  const eventBytes = Math.max(...watchers.map((w) => w.lastBytes));
  for (const watcher of watchers.splice(0)) watcher.close();
  return {
    run,
    fromAnswer: fromAnswer.subarray(0, count).sort(),
    fromSent: fromSent.subarray(0, count).sort(),
    missing,
    behind,
    eventBytes,
  };
}

/** The floor: a bare single-row update in a transaction through a pool like the server's, the same loops. */
async function runFloor(hallId: number, loops: number, seconds: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: benchUrl.href, max: 10 });
  let done = 0;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('update biddings set updated_at = now() where id = $1', [hallId]);
        await client.query('commit');
        done += 1;
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, loop));
  await pool.end();
  return done / seconds;
}

const workDir = mkdtempSync(join(tmpdir(), 'cqjy-bench-bidding-load-'));
const servers: Served[] = [];
const floors: { url: string; stop(): void }[] = [];
const watchers: Watcher[] = [];
const admin = new pg.Client({ connectionString: adminUrl.href });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
try {
  const env = {
    DATABASE_URL: benchUrl.href,
    NODE_ENV: 'development',
    CAPTCHA_FIXED: CAPTCHA,
    LOGIN_RATE_MAX: '1000',
    STORAGE_DIR: join(workDir, 'files'),
    CA_DIR: join(workDir, 'ca'),
    KEY_ENCRYPTION_SECRET: randomBytes(24).toString('base64url'),
  };
  const a = await startServer(PORTS.a, env);
  servers.push(a);
  const b = await startServer(PORTS.b, env);
  servers.push(b);
  const exchangeToken = await signIn(a.url, 'admin', CAPTCHA);

  const db = new pg.Client({ connectionString: benchUrl.href });
  await db.connect();
  const started = performance.now();
  const { companyIds, tokens } = await cloneMembers(db, BIDDERS);
  const { projectId, regs } = await prepareProject(db, companyIds);
  await db.end();
  const opened = await fetch(`${a.url}/api/bidding/open`, {
    method: 'POST',
    headers: { authorization: `Bearer ${exchangeToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      projectId,
      startAt: new Date().toISOString(),
      // longer than the run: no bid moves the end, the hall stays open
      freeSeconds: 3 * 3600,
      timedSeconds: 60,
      startingPrice: START_PRICE,
      increment: INCREMENT,
    }),
  });
  const hall = (await opened.json()) as { status: number; msg: string; data: { id: number } };
  if (hall.status !== 0) throw new Error(`opening the hall: ${hall.msg}`);
  const hallId = hall.data.id;
  console.log(
    `${BIDDERS} bidders and the hall ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const portal = await fanOut({ bases: [a.url, b.url], hallId, token: exchangeToken, tokens, regs });
  const eventBytes = portal.eventBytes;

  // the fan-out's floor: the same load on two bare processes, at the portal's rate of accepted bids
  await onDb(
    benchUrl,
    'create table floor_hall (id int primary key, version int not null, taken_at timestamptz not null)',
  );
  await onDb(benchUrl, 'insert into floor_hall values (1, 0, clock_timestamp())');
  const acceptMs = Math.round((SECONDS * 1000) / Math.max(1, portal.run.accepted.length));
  for (const port of [PORTS.floorA, PORTS.floorB]) {
    floors.push(
      await startFloor('fanout-floor.ts', port, {
        FLOOR_DATABASE_URL: benchUrl.href,
        FLOOR_EVENT_BYTES: String(eventBytes),
        FLOOR_ACCEPT_MS: String(acceptMs),
      }),
    );
  }
  // the start-up's probes may have taken a step
  await onDb(benchUrl, 'update floor_hall set version = 0, taken_at = clock_timestamp()');
  const bare = await fanOut({ bases: floors.map((floor) => floor.url), hallId: 1, token: '', tokens, regs });

  const floor = await runFloor(hallId, BIDDERS, Math.min(SECONDS, 10));
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  const judgedOf = (run: BidderRun) => (run.accepted.length + run.refused) / SECONDS;
  console.table(
    [
      [`portal: ${BIDDERS} bidders, two nodes, ${WATCHERS} watchers, ${SECONDS} s`, portal] as const,
      [
        `floor: two bare processes (fanout-floor.ts), the same load, every ${acceptMs} ms a step`,
        bare,
      ] as const,
    ].map(([label, { run }]) => ({
      run: label,
      accepted: run.accepted.length,
      'accepted/s': (run.accepted.length / SECONDS).toFixed(1),
      refused: run.refused,
      failed: run.failed,
      // every offer, taken or refused, is judged in a transaction: the floor's peer
      'judged/s': judgedOf(run).toFixed(1),
    })),
  );
  const judged = judgedOf(portal.run);
  console.log(
    `offers judged by the portal: ${judged.toFixed(1)}/s; the floor of a bare single-row update in a ` +
      `transaction through the same pool: ${floor.toFixed(1)} tx/s (${(judged / floor).toFixed(3)} of it)`,
  );
  const rows = [];
  for (const [label, measured] of [
    ['portal', portal],
    ['floor', bare],
  ] as const) {
    for (const [from, values] of [
      ["the bid's answer", measured.fromAnswer],
      ["the bid's request sent (its own work and queue included)", measured.fromSent],
    ] as const) {
      rows.push({
        run: label,
        from,
        receipts: values.length,
        p50: fmt(percentileOf(values, 50)),
        p95: fmt(percentileOf(values, 95)),
        p99: fmt(percentileOf(values, 99)),
        max: fmt(values.at(-1) ?? 0),
        missing: measured.missing,
        'watchers behind': measured.behind,
      });
    }
  }
  console.log(`event size: ${eventBytes} bytes of data`);
  console.table(rows);
  const p99 = percentileOf(portal.fromAnswer, 99);
  const floorP99 = percentileOf(bare.fromAnswer, 99);
  console.log(
    `p99 from a bid's answer to every watcher: ${fmt(p99)} (${p99 < TARGET_P99_MS ? 'meets' : 'misses'} the ` +
      `target of ${TARGET_P99_MS} ms; the bare floor of the same run ${fmt(floorP99)}); ` +
      `${portal.behind === 0 ? 'no watcher lost a bid' : `${portal.behind} watchers behind`}`,
  );
} finally {
  for (const watcher of watchers) watcher.close();
  for (const floor of floors) floor.stop();
  for (const server of servers.reverse()) await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
  rmSync(workDir, { recursive: true, force: true });
}
