// The public disclosure site, server-rendered, on 1,000,000 projects in real PostgreSQL of which 20,000 disclose:
// GET /listings (the first page without a filter, and with two filters: business type and region), one listing's
// page and the open data's first page, each next to GET /api/health in the same run (autocannon, 50 connections;
// goal: at least 0.5 of health's throughput). The projects are bulk-inserted in SQL (their owners' credit codes
// name their regions), then the server is started again on an empty public table, so that it publishes the 20,000
// through its projection as an upgraded installation would (timed). Last, Lighthouse's mobile preset on /listings
// and on a listing page, the median of five runs (goal: at least 95), with the JavaScript each page loads (gzip;
// goal: under 60 KB).
//
//   PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:public -w bench -- [seconds]
//
// BENCH_KEEP_DB=1 keeps the seeded database (and its published listings) for the next run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { chromium } from 'playwright-core';
import {
  load,
  LOADER,
  onDb,
  printTable,
  startServer,
  timed,
  fmtMs,
  type LoadResult,
  type Served,
} from './lib.ts';

const duration = Number(process.argv[2] ?? 10);
const PROJECTS = 1_000_000;
const DISCLOSING_EVERY = 50;
const COMPANIES = 2_000;
const DB_NAME = 'cqjy_bench_public';
const GOAL_RATIO = 0.5;
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const adminUrl = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DB_NAME}`;

// The owners: 2,000 companies in eight provinces' capitals (the credit code's characters 3 to 8 name the division).
const COMPANIES_SQL = `
INSERT INTO companies (name, identity_type, examine_status, credit_code)
SELECT (ARRAY['北京', '天津', '上海', '重庆', '河北', '山西', '江苏', '浙江'])[1 + g % 8] || '示范第' || g || '号实业有限公司',
       1, 3,
       '91' || (ARRAY['110105', '120101', '310101', '500101', '130102', '140105', '320102', '330102'])[1 + g % 8]
         || lpad(g::text, 9, '0') || 'X'
FROM generate_series(1, $1::int) AS g`;

// Every 50th project discloses (20,000), its period running from some day of the last month to some day of the
// next; the rest are drafts or ended, terminated or unsold disclosures the site never listed.
const PROJECTS_SQL = `
WITH owners AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE credit_code LIKE '91%'),
generated AS (
  SELECT g, random() AS r,
         (ARRAY['钢铁', '机械', '纺织', '化工', '电力', '煤炭', '建材', '交通', '物流', '粮食', '医药', '电子'])[1 + floor(random() * 12)::int] AS trade,
         (ARRAY['废旧设备一批', '报废车辆一批', '闲置厂房', '办公楼及附属设施', '库存钢材', '二手机床', '抵押房产',
                '废旧电缆', '办公家具一批', '运输车辆', '生产设备及配件'])[1 + floor(random() * 11)::int] AS asset,
         (1000000 + floor(random() * 500000000))::bigint AS price
  FROM generate_series(1, $1::int) AS g
)
INSERT INTO projects (company_id, family, business_type, name, code, status, disclosure_start, disclosure_end, details)
SELECT owners.ids[1 + (g::bigint * 7919) % cardinality(owners.ids)],
       CASE WHEN g % 3 = 0 THEN 'coll' ELSE 'bulk' END,
       CASE WHEN g % 3 = 0 THEN '7' ELSE '2' END,
       trade || '集团' || asset || '（第' || (g % 50 + 1) || '批）',
       'GR2026PB' || lpad(g::text, 7, '0'),
       CASE WHEN g % $2::int = 0 THEN 'disclosing'
            ELSE (ARRAY['draft', 'ended', 'terminated', 'unsold'])[1 + floor(r * 4)::int] END,
       now() - make_interval(days => 1 + (g % 28)),
       now() + make_interval(days => 3 + (g % 30)),
       jsonb_build_object('form', jsonb_build_object(
         'name', trade || '集团' || asset,
         'assetCategory', 'machinery',
         'listingPrice', price,
         'appraisalPrice', price + price / 10,
         'disclosureDays', 20,
         'depositAmount', price / 10,
         'depositDeadline', to_char(now() + make_interval(days => 3 + (g % 30)), 'YYYY-MM-DD'),
         'paymentMode', 'lump',
         'contactName', '王经理',
         'contactMobile', '138' || lpad((g % 100000000)::text, 8, '0'),
         'description', asset || '，现状使用，按现状整体转让，意向受让方须自行踏勘。'))
FROM generated, owners`;

async function isSeeded(): Promise<boolean> {
  try {
    const counted = await onDb(benchUrl, 'SELECT count(*) AS n FROM public_listings');
    return Number((counted.rows[0] as { n: string } | undefined)?.n) >= PROJECTS / DISCLOSING_EVERY;
  } catch {
    return false;
  }
}

const serverEnv = { DATABASE_URL: benchUrl.href, NODE_ENV: 'development', LOG_LEVEL: 'warn' };

async function measure(label: string, url: string, prefix: string): Promise<LoadResult> {
  const first = await fetch(url);
  const text = await first.text();
  if (!first.ok || !text.startsWith(prefix)) throw new Error(`${url} answered ${first.status}`);
  await load('warm-up', { url, duration: 2, bodyPrefix: prefix });
  return load(label, { url, duration, bodyPrefix: prefix });
}

async function scriptsOf(url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  try {
    const page = await browser.newPage();
    let bytes = 0;
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      void response
        .body()
        .then((body) => (bytes += gzipSync(body).length))
        .catch(() => undefined);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    return Math.round((bytes / 1024) * 10) / 10;
  } finally {
    await browser.close();
  }
}

/** Lighthouse's mobile score of a page, the median of five runs (a run that fails is run again, up to twice). */
async function medianMobileScore(url: string): Promise<{ median: number; runs: number[] }> {
  const runs: number[] = [];
  let failures = 0;
  while (runs.length < 5) {
    try {
      runs.push(await mobileScore(url));
    } catch (error) {
      failures += 1;
      if (failures > 2) throw error;
    }
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return { median: sorted[2] ?? 0, runs };
}

async function mobileScore(url: string): Promise<number> {
  const profile = mkdtempSync(join(tmpdir(), 'cqjy-bench-chrome-'));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, userDataDir: profile });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
    });
    const score = result?.lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no score for ${url}`);
    return Math.round(score * 100);
  } finally {
    chrome.kill();
  }
}

const reused = KEEP_DB && (await isSeeded());
if (!reused) {
  await onDb(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await onDb(adminUrl, `CREATE DATABASE ${DB_NAME}`);
}
let server: Served | undefined;
try {
  if (!reused) {
    // the first start migrates and seeds the demo (and publishes its listings); then the projects arrive
    const first = await startServer(8295, serverEnv);
    await first.stop();
    const db = new pg.Client({ connectionString: benchUrl.href });
    await db.connect();
    try {
      const companies = await timed(() => db.query(COMPANIES_SQL, [COMPANIES]));
      const projects = await timed(() => db.query(PROJECTS_SQL, [PROJECTS, DISCLOSING_EVERY]));
      await db.query('TRUNCATE public_listings, public_notices');
      await db.query('VACUUM (ANALYZE) projects, companies');
      console.log(
        `seeded ${COMPANIES.toLocaleString('en')} companies in ${fmtMs(companies.ms)}, ` +
          `${PROJECTS.toLocaleString('en')} projects in ${fmtMs(projects.ms)}`,
      );
    } finally {
      await db.end();
    }
  }
  // started on an empty public table, the server publishes every disclosing project, in the background once its
  // start has waited a few seconds: the bench waits for all of them
  const started = await timed(async () => {
    const served = await startServer(8295, serverEnv);
    for (;;) {
      const listed = await onDb(
        benchUrl,
        'SELECT count(*) AS n FROM public_listings WHERE stage IS NOT NULL',
      );
      const count = Number((listed.rows[0] as { n: string }).n);
      if (count >= PROJECTS / DISCLOSING_EVERY) return { served, count };
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  });
  server = started.value.served;
  console.log(
    `${started.value.count.toLocaleString('en')} listings published` +
      (reused ? ' (reused)' : ` from the server's start in ${fmtMs(started.ms)}`),
  );
  await onDb(benchUrl, 'VACUUM (ANALYZE) public_listings');
  const sample = await onDb(
    benchUrl,
    "SELECT code FROM public_listings WHERE stage IS NOT NULL AND region LIKE '11%' ORDER BY listed_at DESC LIMIT 1",
  );
  const code = (sample.rows[0] as { code: string } | undefined)?.code ?? '';

  const url = server.url;
  const health = await measure('GET /api/health', `${url}/api/health`, '{"status":0');
  const rows: LoadResult[] = [
    health,
    await measure('GET /listings (first page)', `${url}/listings`, '<!doctype html>'),
    await measure(
      'GET /listings?businessType=2&region=110000',
      `${url}/listings?businessType=2&region=110000`,
      '<!doctype html>',
    ),
    await measure(`GET /listings/${code}`, `${url}/listings/${code}`, '<!doctype html>'),
    await measure('GET /api/public/listings', `${url}/api/public/listings`, '{"status":0'),
  ];
  printTable(rows);
  for (const row of rows.slice(1)) {
    const ratio = row.rps / Math.max(1, health.rps);
    console.log(
      `${row.label}: ${row.rps} req/s = ${ratio.toFixed(2)} of health's ${health.rps}; goal >= ${GOAL_RATIO}: ${ratio >= GOAL_RATIO ? 'met' : 'NOT met'}`,
    );
  }
  for (const path of ['/listings', `/listings/${code}`]) {
    const js = await scriptsOf(`${url}${path}`);
    const score = await medianMobileScore(`${url}${path}`);
    console.log(
      `${path}: JavaScript ${js} KB gzip (goal < 60), Lighthouse mobile ${score.median} as the median of ` +
        `${score.runs.join(', ')} (goal >= 95)`,
    );
  }
  console.log(
    `PostgreSQL database ${DB_NAME} on ${adminUrl.host}, ${LOADER}, 50 connections, ${duration} s per row`,
  );
} finally {
  await server?.stop();
  if (!KEEP_DB) await onDb(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
}
