// POST /api/project/list on 1,000,000 projects in real PostgreSQL (autocannon, or wrk with BENCH_LOADER=wrk; 50
// connections, each row after a warm-up of its own). The bench creates its own database, starts the server on it
// (the migrations and the demo seed run at start), bulk-inserts the projects in SQL, and then, in each of
// BENCH_ROUNDS rounds (3), measures GET /api/health, the floor (list-floor.ts: the owner list's statements in a
// bare server), the list as the demo transferor (one company's 10,000 projects) plain and with a keyword and a
// status, and as the exchange's admin (every project) plain, with a common and with a rare keyword. It prints the
// figures as ratios within a round, median of the rounds, against their goals: the owner's list at least 0.9 of its
// floor, each keyword search at least 0.5 of its plain list. The database is dropped at the end, also on failure;
// one left by an interrupted run is dropped at the next start.
//
//   PG_URL=postgres://postgres@127.0.0.1:5432/postgres [BENCH_LOADER=wrk] npm run bench:list -w bench -- [seconds per row, 5]
//
// PG_URL names the PostgreSQL server and a database to connect to for CREATE/DROP DATABASE (default as above).
// BENCH_KEEP_DB=1 keeps the seeded database at the end and reuses it at the next run (seeding takes a minute or
// more), to compare changes to the server on the same data.
import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  load,
  LOADER,
  printTable,
  signIn,
  startFloor,
  startServer,
  type LoadResult,
  type Served,
} from './lib.ts';

const duration = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PROJECTS = 1_000_000;
// Every 100th project is the demo transferor's: 10,000, spread over the whole id range like a busy company's.
const OWN_EVERY = 100;
// The other 990,000 belong to these generated transferor companies (about 500 each), and to transferor2.
const OTHER_COMPANIES = 2_000;
const CAPTCHA = '2468';
const DB_NAME = 'cqjy_bench_list';

const adminUrl = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DB_NAME}`;

// Each project picks its words at random from these lists, so names read like the exchange's listings and a
// keyword such as 设备 matches a realistic share (2 of 12 assets). Every project carries its family's form in
// details.form (price in fen), as the server stores it, so a page of the list reads rows of a realistic width.
// $1: the transferor's company, $2: how many projects, $3: every how many projects one is the transferor's.
const SEED_SQL = `
WITH others AS (
  SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE identity_type = 1 AND id <> $1::int
),
generated AS (
  SELECT g, random() AS r_status, random() AS r_family, random() AS r_type, random() AS r_price,
         (ARRAY['北京', '天津', '上海', '重庆', '河北', '山西', '辽宁', '江苏', '浙江', '安徽', '福建', '山东',
                '河南', '湖北', '湖南', '广东', '四川', '陕西'])[1 + floor(random() * 18)::int] AS region,
         (ARRAY['钢铁', '机械', '纺织', '化工', '电力', '煤炭', '建材', '交通', '物流', '粮食', '医药',
                '电子'])[1 + floor(random() * 12)::int] AS trade,
         (ARRAY['废旧设备一批', '报废车辆一批', '闲置厂房', '办公楼及附属设施', '库存钢材', '二手机床', '抵押房产',
                '质押股权', '废旧电缆', '办公家具一批', '运输车辆', '生产设备及配件'])[1 + floor(random() * 12)::int]
           AS asset,
         1 + floor(random() * 50)::int AS batch,
         -- ids ascend with created_at, as they do when projects are entered one after another over two years
         now() - make_interval(secs => 730 * 86400 * (1 - g::float8 / $2::int) + 3600 * random()) AS created
  FROM generate_series(1, $2::int) AS g
),
described AS (
  SELECT generated.*,
         region || trade || '集团' || asset || '（第' || batch || '批）' AS name,
         (1000000 + floor(r_price * 500000000))::bigint AS price,
         CASE WHEN r_status < 0.08 THEN 'draft' WHEN r_status < 0.20 THEN 'disclosing'
              WHEN r_status < 0.24 THEN 'suspended' WHEN r_status < 0.30 THEN 'ended'
              WHEN r_status < 0.36 THEN 'terminated' WHEN r_status < 0.66 THEN 'dealt' ELSE 'closed' END AS status
  FROM generated
)
INSERT INTO projects (company_id, family, business_type, name, code, status, disclosure_start, disclosure_end,
                      paused_at, details, created_at, updated_at)
SELECT
  CASE WHEN g % $3::int = 0 THEN $1::int ELSE others.ids[1 + (g::bigint * 7919) % cardinality(others.ids)] END,
  CASE WHEN r_family < 0.7 THEN 'bulk' ELSE 'coll' END,
  CASE WHEN r_family < 0.7 THEN (ARRAY['2', '2', '2', '5', '6'])[1 + floor(r_type * 5)::int] ELSE '7' END,
  name,
  -- the server's pattern GR<year><region><7 digits>; unique because g is
  'GR' || extract(year FROM created)::int || (ARRAY['BJ', 'TJ', 'SH', 'CQ', 'HB', 'SX', 'JS', 'ZJ'])[1 + g % 8]
    || lpad(g::text, 7, '0'),
  status,
  CASE WHEN status <> 'draft' THEN created + interval '3 days' END,
  CASE WHEN status <> 'draft' THEN created + interval '31 days' END,
  CASE WHEN status = 'suspended' THEN created + interval '10 days' END,
  jsonb_build_object('form', jsonb_build_object(
    'name', name,
    'assetCategory', (ARRAY['machinery', 'house', 'inventory', 'land', 'construction', 'other'])[1 + floor(r_type * 6)::int],
    'listingPrice', price,
    'appraisalPrice', price + price / 10,
    'disclosureDays', 20,
    'paymentMode', CASE WHEN r_price < 0.8 THEN 'lump' ELSE 'instalment' END,
    'contactName', '王经理',
    'contactMobile', '138' || lpad((g % 100000000)::text, 8, '0'),
    'description', '标的位于' || region || '，' || asset || '，现状使用，按现状整体转让，意向受让方须自行踏勘。')),
  created,
  least(now(), created + make_interval(days => floor(r_price * 40)::int))
FROM described, others`;

async function onAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Seconds that `work` took, with one decimal. */
async function seconds(work: () => Promise<unknown>): Promise<string> {
  const started = performance.now();
  await work();
  return ((performance.now() - started) / 1000).toFixed(1);
}

async function seed(db: pg.Client): Promise<void> {
  const ownCompany = await ownerCompany();
  const companiesTime = await seconds(() =>
    db.query(
      `INSERT INTO companies (name, identity_type, examine_status)
       SELECT (ARRAY['北京', '天津', '上海', '重庆', '河北', '山西', '江苏', '浙江'])[1 + g % 8]
              || '示范第' || g || '号实业有限公司', 1, 3
       FROM generate_series(1, $1) AS g`,
      [OTHER_COMPANIES],
    ),
  );
  const projectsTime = await seconds(() => db.query(SEED_SQL, [ownCompany, PROJECTS, OWN_EVERY]));
  // VACUUM as well as ANALYZE: a freshly loaded table has no visibility map and unset hint bits, so the first
  // reads would write, and the insert-triggered autovacuum would run in the middle of the measurement.
  const vacuumTime = await seconds(() => db.query('VACUUM (ANALYZE) projects, companies'));
  console.log(
    `seeded ${OTHER_COMPANIES.toLocaleString('en')} companies in ${companiesTime} s, ` +
      `${PROJECTS.toLocaleString('en')} projects in ${projectsTime} s, VACUUM (ANALYZE) in ${vacuumTime} s`,
  );
}

type ListBody = { page: number; size: number; keyword?: string; status?: string };

/** One call before the load: it must answer status 0, and its total shows how many rows the scope holds. */
async function checkList(url: string, token: string, body: ListBody): Promise<number> {
  const response = await fetch(`${url}/api/project/list`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { status: number; msg: string; data: { total: number } };
  if (answer.status !== 0) throw new Error(`project list refused: ${answer.msg}`);
  return answer.data.total;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A row after a warm-up of its own. */
async function measureLoad(label: string, opts: Parameters<typeof load>[1]): Promise<LoadResult> {
  await load('warm-up', { ...opts, duration: 2 });
  return load(label, { ...opts, duration });
}

async function measureList(url: string, label: string, token: string, body: ListBody): Promise<LoadResult> {
  const total = await checkList(url, token, body);
  const opts = {
    url: `${url}/api/project/list`,
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    bodyPrefix: '{"status":0,',
  };
  return measureLoad(`${label} (total ${total.toLocaleString('en')})`, opts);
}

/** The owner's company: the demo transferor's. */
async function ownerCompany(): Promise<number> {
  const db = new pg.Client({ connectionString: benchUrl.href });
  await db.connect();
  try {
    const owner = await db.query<{ company_id: number }>(
      `SELECT o.company_id FROM operators o JOIN users u ON u.id = o.user_id
       WHERE u.username = 'transferor' AND o.is_default`,
    );
    const company = owner.rows[0]?.company_id;
    if (company === undefined) throw new Error('the demo seed has no transferor: is NODE_ENV production?');
    return company;
  } finally {
    await db.end();
  }
}

/** The owner list's floor (list-floor.ts) on the bench database for the transferor's session. */
async function startListFloor(token: string) {
  return startFloor('list-floor.ts', 8294, {
    FLOOR_DATABASE_URL: benchUrl.href,
    FLOOR_COMPANY: String(await ownerCompany()),
    // the server keeps a session's SHA-256, never the token (apps/server/src/platform/auth.ts)
    FLOOR_TOKEN_HASH: createHash('sha256').update(token).digest('hex'),
  });
}

const KEEP_DB = process.env.BENCH_KEEP_DB === '1';

/** Whether the database exists and holds the seeded projects (a run with BENCH_KEEP_DB=1 left it). */
async function isSeeded(): Promise<boolean> {
  const db = new pg.Client({ connectionString: benchUrl.href });
  try {
    await db.connect();
    const counted = await db.query<{ n: string }>('SELECT count(*) AS n FROM projects');
    return Number(counted.rows[0]?.n) >= PROJECTS;
  } catch {
    return false;
  } finally {
    await db.end().catch(() => undefined);
  }
}

const reused = KEEP_DB && (await isSeeded());
if (!reused) {
  await onAdmin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await onAdmin(`CREATE DATABASE ${DB_NAME}`);
}
let server: Served | undefined;
try {
  server = await startServer(8293, {
    DATABASE_URL: benchUrl.href,
    NODE_ENV: 'development',
    CAPTCHA_FIXED: CAPTCHA,
    LOGIN_RATE_MAX: '10000',
    LOG_LEVEL: 'warn',
  });
  if (reused) {
    console.log(`reusing the seeded database ${DB_NAME}`);
  } else {
    const db = new pg.Client({ connectionString: benchUrl.href });
    await db.connect();
    try {
      await seed(db);
    } finally {
      await db.end();
    }
  }
  const transferor = await signIn(server.url, 'transferor', CAPTCHA);
  const admin = await signIn(server.url, 'admin', CAPTCHA);
  const floor = await startListFloor(transferor);
  try {
    const floorOpts = { url: `${floor.url}/list`, method: 'POST', bodyPrefix: '{"status":0,' };
    // Each row once a round, in this order, ROUNDS rounds; the slowest rows last in a round, so that requests they
    // leave queued do not load PostgreSQL under the next round's floor for long.
    const rowsOfRound: { key: string; label: string; measure: (label: string) => Promise<LoadResult> }[] = [
      {
        key: 'health',
        label: 'GET /api/health',
        measure: (label) => measureLoad(label, { url: `${server?.url}/api/health` }),
      },
      {
        key: 'floor',
        label: 'floor: the owner list statements in a bare Fastify (list-floor.ts)',
        measure: (label) => measureLoad(label, floorOpts),
      },
      {
        key: 'owner',
        label: 'owner: list as transferor',
        measure: (label) => measureList(server?.url ?? '', label, transferor, { page: 1, size: 10 }),
      },
      {
        key: 'ownerKeyword',
        label: 'owner: keyword 设备 + disclosing',
        measure: (label) =>
          measureList(server?.url ?? '', label, transferor, {
            page: 1,
            size: 10,
            keyword: '设备',
            status: 'disclosing',
          }),
      },
      {
        key: 'admin',
        label: 'exchange: list as admin',
        measure: (label) => measureList(server?.url ?? '', label, admin, { page: 1, size: 10 }),
      },
      // a common word (about 1 name in 6) and one listing's words (about 1 name in 2,600, fewer than the count's cap)
      {
        key: 'adminCommon',
        label: 'exchange: keyword 设备',
        measure: (label) =>
          measureList(server?.url ?? '', label, admin, { page: 1, size: 10, keyword: '设备' }),
      },
      {
        key: 'adminRare',
        label: 'exchange: keyword 上海化工集团闲置厂房',
        measure: (label) =>
          measureList(server?.url ?? '', label, admin, {
            page: 1,
            size: 10,
            keyword: '上海化工集团闲置厂房',
          }),
      },
    ];
    const measured = new Map<string, LoadResult[]>(rowsOfRound.map((row) => [row.key, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const row of rowsOfRound) {
        measured.get(row.key)?.push(await row.measure(`${row.label} (round ${round})`));
        // a second for what a row left queued to drain before the next
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    printTable([...measured.values()].flat());
    const rpsOf = (key: string) => (measured.get(key) ?? []).map((row) => row.rps);
    // Each ratio is taken within a round (the two rows a minute apart at most) and the median of the rounds given:
    // this 2-core virtual machine's speed moves by a third between minutes, less between neighbouring rows.
    const ratio = (label: string, key: string, of: string, goal: number) => {
      const within = rpsOf(key).map((rps, at) => rps / (rpsOf(of)[at] ?? Number.NaN));
      const value = median(within);
      console.log(
        `${label}: ${value.toFixed(2)} (rounds ${within.map((r) => r.toFixed(2)).join(', ')}), ` +
          `goal >= ${goal}: ${value >= goal ? 'met' : 'NOT met'}`,
      );
    };
    console.log(
      `median req/s: ${rowsOfRound.map((row) => `${row.key} ${median(rpsOf(row.key))}`).join(', ')}`,
    );
    ratio("owner's list / its floor", 'owner', 'floor', 0.9);
    ratio("owner's keyword + status / owner's list", 'ownerKeyword', 'owner', 0.5);
    ratio("exchange's common keyword / exchange's list", 'adminCommon', 'admin', 0.5);
    ratio("exchange's rare keyword / exchange's list", 'adminRare', 'admin', 0.5);
  } finally {
    floor.stop();
  }
  console.log(
    `PostgreSQL database ${DB_NAME} on ${adminUrl.host}, ${LOADER}, 50 connections, ${duration} s per row, ` +
      `${ROUNDS} rounds`,
  );
} finally {
  await server?.stop();
  if (!KEEP_DB) await onAdmin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
