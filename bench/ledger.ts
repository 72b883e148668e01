// The agent's small-lot ledger (台账 · 小宗实物) at its sizes on real PostgreSQL. Targets: a 10,000-lot import with
// its preview under 3 s of server time; the ledger's list at 100,000 lots next to its floor of the same run
// (ledger-floor.ts: the list's statements in a bare Fastify), printed as a ratio. The bench creates its own
// database, starts the server on it (the migrations and the demo seed run at start) and signs in as the demo agent.
//   1. the import: the template downloaded (GET /api/project/ledger/template), 10,000 lots written under its headers,
//      uploaded as the company's registry import (dataClass registryImport, dataId ledgerSmall-<company>), previewed
//      and imported, three times, timed from the client on 127.0.0.1 (the upload apart);
//   2. the list: the ledger filled to 100,000 lots in SQL, then POST /api/project/ledger/list (the first page; and
//      filtered to 在库) and the floor loaded for BENCH_DURATION seconds each (default 10), 50 connections.
// The database is dropped at the end, also on failure.
//
//   PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:ledger -w bench
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  fmtMs,
  load,
  LOADER,
  onDb,
  printTable,
  signIn,
  startFloor,
  startServer,
  timed,
  uploadRegistryImport as upload,
  type LoadResult,
  type Served,
} from './lib.ts';

const IMPORT_ROWS = 10_000;
const LIST_ROWS = 100_000;
const RUNS = 3;
const TARGET_IMPORT_S = 3;
const CAPTCHA = '2468';
const DB_NAME = 'cqjy_bench_ledger';
const duration = Number(process.env.BENCH_DURATION ?? 10);

const adminUrl = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DB_NAME}`;

type Answer<T> = { status: number; msg: string; data: T };

async function post<T>(url: string, token: string, path: string, body: unknown): Promise<Answer<T>> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.status !== 0) throw new Error(`${path} refused: ${answer.msg}`);
  return answer;
}

/** The template's header labels (the * of a required column dropped). */
async function templateLabels(url: string, token: string): Promise<string[]> {
  const response = await fetch(`${url}/api/project/ledger/template`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`the template answered ${response.status}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const header = workbook.worksheets[0]?.getRow(1);
  if (header === undefined) throw new Error('the template has no sheet');
  return (header.values as ExcelJS.CellValue[])
    .slice(1)
    .map((value) => (typeof value === 'string' ? value.replace(/^\*/, '') : ''));
}

const KINDS = [
  ['废旧钢材', '废旧物资', '吨'],
  ['闲置空压机', '闲置设备', '台'],
  ['冷轧钢板', '原材料', '吨'],
  ['库存轴承', '库存商品', '套'],
  ['办公桌椅', '办公用品', '套'],
] as const;

/** A lot's cells by the template's labels, as an agent types them. */
function lotCells(i: number): Record<string, string | number> {
  const [name, category, unit] = KINDS[i % KINDS.length] ?? KINDS[0];
  return {
    委托方: `示范集团${(i % 40) + 1}号公司`,
    标的名称: `${name}${i + 1}号`,
    标的类别: category,
    规格型号: `XK-${(i % 900) + 100}`,
    数量: (i % 20) + 1,
    计量单位: unit,
    存放地点: `示范工业园${(i % 30) + 1}号仓库`,
    '评估值（元）': 12_000 + (i % 4000) * 11.5,
    '起始价（元）': 10_000 + (i % 4000) * 10,
    台账状态: '在库',
  };
}

async function lotWorkbook(labels: readonly string[], count: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('小宗实物台账');
  sheet.addRow([...labels]).commit();
  for (let i = 0; i < count; i += 1) {
    const cells = lotCells(i);
    sheet.addRow(labels.map((label) => cells[label] ?? '')).commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

async function agentCompany(): Promise<{ companyId: number; userId: number }> {
  const found = await onDb(
    benchUrl,
    `SELECT o.company_id, u.id AS user_id FROM users u JOIN operators o ON o.user_id = u.id
     WHERE u.username = 'agent' LIMIT 1`,
  );
  const row = found.rows[0] as { company_id: number; user_id: number } | undefined;
  if (row === undefined) throw new Error('the demo agent is missing');
  return { companyId: row.company_id, userId: row.user_id };
}

// The ledger filled in SQL: the values as the registry's rule stores them (money in fen, quantities as text).
const FILL_SQL = `
INSERT INTO registry_rows (registry, company_id, values, search_text, created_by)
SELECT 'ledgerSmall', $1::int,
  jsonb_build_object('principalName', '示范集团' || (i % 40 + 1) || '号公司', 'name', '废旧钢材' || i || '号',
    'category', '废旧物资', 'quantity', (i % 20 + 1)::text, 'unit', '吨', 'location', '示范工业园' || (i % 30 + 1) || '号仓库',
    'startingPrice', 1000000 + (i % 4000) * 1000, 'status', (ARRAY['在库', '在库', '在库', '挂牌中', '已成交', '已交割'])[1 + i % 6]),
  lower('废旧钢材' || i || '号' || E'\\n示范集团' || (i % 40 + 1) || '号公司'), $2::int
FROM generate_series(1, $3::int) AS i`;

/** The ledger's floor on the bench database for the agent's session. */
function startLedgerFloor(token: string, companyId: number) {
  return startFloor('ledger-floor.ts', 8297, {
    FLOOR_DATABASE_URL: benchUrl.href,
    FLOOR_COMPANY: String(companyId),
    // the server keeps a session's SHA-256, never the token (apps/server/src/platform/auth.ts)
    FLOOR_TOKEN_HASH: createHash('sha256').update(token).digest('hex'),
  });
}

const workDir = mkdtempSync(join(tmpdir(), 'cqjy-bench-ledger-'));
await onDb(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await onDb(adminUrl, `CREATE DATABASE ${DB_NAME}`);
let server: Served | undefined;
try {
  server = await startServer(8296, {
    DATABASE_URL: benchUrl.href,
    NODE_ENV: 'development',
    CAPTCHA_FIXED: CAPTCHA,
    LOGIN_RATE_MAX: '10000',
    STORAGE_DIR: join(workDir, 'files'),
  });
  const { url } = server;
  const token = await signIn(url, 'agent', CAPTCHA);
  const { companyId, userId } = await agentCompany();
  const labels = await templateLabels(url, token);

  // 1. The import. A small file first, so that the code paths are loaded and compiled before measuring.
  const warm = await upload(
    url,
    token,
    { registry: 'ledgerSmall', companyId, fileName: '台账导入.xlsx' },
    await lotWorkbook(labels, 20),
  );
  await post(url, token, '/api/project/ledger/import/preview', { uuid: warm });
  await post(url, token, '/api/project/ledger/import', { uuid: warm });
  const file = await lotWorkbook(labels, IMPORT_ROWS);
  const importRows: Record<string, string>[] = [];
  const serverTimes: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const uuid = await upload(
      url,
      token,
      { registry: 'ledgerSmall', companyId, fileName: '台账导入.xlsx' },
      file,
    );
    const preview = await timed(() =>
      post<{ valid: number }>(url, token, '/api/project/ledger/import/preview', { uuid }),
    );
    if (preview.value.data.valid !== IMPORT_ROWS) throw new Error('the preview found bad lots');
    const stored = await timed(() =>
      post<{ imported: number }>(url, token, '/api/project/ledger/import', { uuid }),
    );
    if (stored.value.data.imported !== IMPORT_ROWS) throw new Error('the import stored fewer lots');
    serverTimes.push(preview.ms + stored.ms);
    importRows.push({
      run: String(run),
      preview: fmtMs(preview.ms),
      import: fmtMs(stored.ms),
      'preview + import': fmtMs(preview.ms + stored.ms),
    });
  }
  console.log(`import: ${IMPORT_ROWS.toLocaleString('en')} lots, times from the client on 127.0.0.1`);
  console.table(importRows);
  const best = Math.min(...serverTimes);
  console.log(
    `preview + import, best of ${RUNS}: ${fmtMs(best)}, target < ${TARGET_IMPORT_S} s: ` +
      `${best < TARGET_IMPORT_S * 1000 ? 'met' : 'NOT met'}`,
  );

  // 2. The list at LIST_ROWS lots: the imports' rows removed, the ledger filled in SQL.
  await onDb(benchUrl, `DELETE FROM registry_rows WHERE registry = 'ledgerSmall'`);
  await onDb(benchUrl, FILL_SQL, [companyId, userId, LIST_ROWS]);
  await onDb(benchUrl, 'ANALYZE registry_rows');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const listOf = (label: string, body: object) =>
    load(label, {
      url: `${url}/api/project/ledger/list`,
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      bodyPrefix: '{"status":0,',
      duration,
    });
  await listOf('warm-up', { page: 1, size: 10 });
  const rows: LoadResult[] = [
    await listOf(`ledger list, ${LIST_ROWS.toLocaleString('en')} lots`, { page: 1, size: 10 }),
    await listOf('ledger list filtered 在库', { page: 1, size: 10, filters: { status: '在库' } }),
  ];
  const floor = await startLedgerFloor(token, companyId);
  try {
    const opts = { url: `${floor.url}/list`, method: 'POST', bodyPrefix: '{"status":0,' };
    await load('warm-up', { ...opts, duration: 2 });
    rows.push(
      await load('floor: the list statements in a bare Fastify (ledger-floor.ts)', { ...opts, duration }),
    );
  } finally {
    floor.stop();
  }
  printTable(rows);
  const floorRps = rows.at(-1)?.rps ?? 0;
  for (const row of rows.slice(0, -1)) {
    console.log(
      `${row.label}: ${row.rps} req/s, ${(row.rps / floorRps).toFixed(2)} of the floor's ${floorRps}`,
    );
  }
  console.log(
    `PostgreSQL database ${DB_NAME} on ${adminUrl.host}, ${LOADER}, 50 connections, ${duration} s per row`,
  );
} finally {
  await server?.stop();
  await onDb(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
}
