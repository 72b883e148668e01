// The registries' spreadsheets at their sizes on real PostgreSQL: importing 10,000 asset rows (我的资产) with their
// preview, and exporting 100,000 (targets: preview and import of 10,000 rows under 3 s of server time together;
// the export streamed, the server's peak resident memory growing by under 200 MB). The bench creates its own
// database, starts the server on it (the migrations and the demo seed run at start) and signs in as the demo
// transferor. Then:
//   1. the import: the template downloaded (GET /api/assets/template), 10,000 rows written under its headers,
//      the file uploaded as the company's registry import (dataClass registryImport, dataId assets-<company>),
//      previewed and imported, three times each, timed from the client on 127.0.0.1 (the upload apart);
//   2. the export: the registry emptied and 100,000 rows bulk-inserted in SQL, the server restarted, then
//      GET /api/assets/export read to the end into a file, while the server process's VmRSS is read every 50 ms (and its VmHWM, reset right
//      before); the file is read back with ExcelJS's streaming reader and must hold 100,001 rows.
// The database is dropped at the end, also on failure; one left by an interrupted run is dropped at the start.
//
//   PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:registries -w bench
//
// PG_URL names the PostgreSQL server and a database to connect to for CREATE/DROP DATABASE (default as above).
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import {
  fmtMs,
  onDb,
  signIn,
  startServer,
  timed,
  uploadRegistryImport as upload,
  type Served,
} from './lib.ts';

const IMPORT_ROWS = 10_000;
const EXPORT_ROWS = 100_000;
const RUNS = 3;
const TARGET_IMPORT_S = 3;
const TARGET_GROWTH_MB = 200;
const SAMPLE_MS = 50;
const CAPTCHA = '2468';
const DB_NAME = 'cqjy_bench_registries';

const adminUrl = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DB_NAME}`;

const fmtMb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Answer<T> = { status: number; msg: string; data: T };

async function call<T>(url: string, token: string, path: string, body?: unknown): Promise<Answer<T>> {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.status !== 0) throw new Error(`${path} refused: ${answer.msg}`);
  return answer;
}

async function download(url: string, token: string, path: string): Promise<Response> {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || response.body === null) throw new Error(`${path} answered ${response.status}`);
  return response;
}

/** A header cell's text (the template's headers are plain text). */
const textOf = (value: ExcelJS.CellValue): string => (typeof value === 'string' ? value : '');

/** The template's header row: the columns the rows are written under. */
async function templateHeaders(url: string, token: string): Promise<string[]> {
  const bytes = await (await download(url, token, '/api/assets/template')).arrayBuffer();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const header = workbook.worksheets[0]?.getRow(1);
  if (header === undefined) throw new Error('the template has no sheet');
  return (header.values as ExcelJS.CellValue[]).slice(1).map(textOf);
}

const CATEGORIES = ['机器设备', '车辆', '存货', '房产', '其他'];
const REGIONS = ['北京', '天津', '上海', '重庆', '江苏', '浙江', '广东', '四川'];
const THINGS = ['数控车床', '叉车', '办公家具', '库存钢材', '厂房', '变压器', '运输车辆', '空压机'];

/** An asset row's cells by the template's labels (without the * of a required column), as a person types them. */
function assetCells(i: number): Record<string, string | number> {
  const region = REGIONS[i % REGIONS.length] ?? '';
  const thing = THINGS[(i * 7) % THINGS.length] ?? '';
  return {
    资产名称: `${region}${thing}${i + 1}号`,
    资产类别: CATEGORIES[i % CATEGORIES.length] ?? '其他',
    规格型号: `XK-${(i % 900) + 100}`,
    数量: (i % 20) + 1,
    计量单位: '台',
    '账面价值（元）': 10_000 + (i % 5000) * 13.25,
    '评估价值（元）': 12_000 + (i % 4000) * 11.5,
    存放地点: `${region}市第${(i % 30) + 1}仓库`,
    资产状态: '在库',
    备注: i % 10 === 0 ? '账实相符，可随时查看' : '',
  };
}

/** A workbook of the template's header row and `count` asset rows (ExcelJS's streaming writer). */
async function assetWorkbook(headers: readonly string[], count: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
  const sheet = workbook.addWorksheet('我的资产');
  sheet.addRow([...headers]).commit();
  const labels = headers.map((header) => header.replace(/^\*/, ''));
  for (let i = 0; i < count; i += 1) {
    const cells = assetCells(i);
    sheet.addRow(labels.map((label) => cells[label] ?? '')).commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

type Preview = { total: number; valid: number; invalid: number };

async function readMemory(pid: number): Promise<{ rssMb: number; hwmMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

/** Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0 and later). */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** The demo transferor's company and user. */
async function transferor(): Promise<{ companyId: number; userId: number }> {
  const found = await onDb(
    benchUrl,
    `SELECT o.company_id, u.id AS user_id FROM operators o JOIN users u ON u.id = o.user_id
     WHERE u.username = 'transferor' AND o.is_default`,
  );
  const row = found.rows[0] as { company_id: number; user_id: number } | undefined;
  if (row === undefined) throw new Error('the demo seed has no transferor: is NODE_ENV production?');
  return { companyId: row.company_id, userId: row.user_id };
}

// $1 company, $2 user, $3 rows: the values as the server stores them (money in fen, quantities as text).
const SEED_SQL = `
WITH generated AS (
  SELECT g,
         (ARRAY['北京', '天津', '上海', '重庆', '江苏', '浙江', '广东', '四川'])[1 + g % 8] AS region,
         (ARRAY['数控车床', '叉车', '办公家具', '库存钢材', '厂房', '变压器', '运输车辆', '空压机'])[1 + (g * 7) % 8]
           AS thing
  FROM generate_series(1, $3::int) AS g
),
valued AS (
  SELECT g, region || thing || g || '号' AS name, 'XK-' || (100 + g % 900) AS model,
         region || '市第' || (1 + g % 30) || '仓库' AS location,
         jsonb_build_object(
           'name', region || thing || g || '号',
           'category', (ARRAY['机器设备', '车辆', '存货', '房产', '其他'])[1 + g % 5],
           'model', 'XK-' || (100 + g % 900),
           'quantity', (1 + g % 20)::text,
           'unit', '台',
           'bookValue', 1000000 + (g % 5000) * 1325,
           'appraisedValue', 1200000 + (g % 4000) * 1150,
           'location', region || '市第' || (1 + g % 30) || '仓库',
           'status', '在库')
         || CASE WHEN g % 10 = 0 THEN jsonb_build_object('note', '账实相符，可随时查看') ELSE '{}'::jsonb END
           AS values
  FROM generated
)
INSERT INTO registry_rows (registry, company_id, values, search_text, unique_value, created_by)
SELECT 'assets', $1::int, values, lower(name || E'\\n' || model || E'\\n' || location), NULL, $2::int
FROM valued`;

/** Rows of the first sheet of an .xlsx file, read back with ExcelJS's streaming reader; and its header row. */
async function countRows(path: string): Promise<{ rows: number; header: string[] }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let rows = 0;
  let header: string[] = [];
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      if (rows === 0) header = (row.values as ExcelJS.CellValue[]).slice(1).map(textOf);
      rows += 1;
    }
    break;
  }
  return { rows, header };
}

const workDir = mkdtempSync(join(tmpdir(), 'cqjy-bench-registries-'));
await onDb(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await onDb(adminUrl, `CREATE DATABASE ${DB_NAME}`);
let server: Served | undefined;
try {
  const start = () =>
    startServer(8295, {
      DATABASE_URL: benchUrl.href,
      NODE_ENV: 'development',
      CAPTCHA_FIXED: CAPTCHA,
      OTP_FIXED: '123456',
      LOGIN_RATE_MAX: '1000',
      STORAGE_DIR: join(workDir, 'files'),
    });
  server = await start();
  const { url } = server;
  let token = await signIn(url, 'transferor', CAPTCHA);
  const { companyId, userId } = await transferor();
  const headers = await templateHeaders(url, token);

  // 1. The import. A small file first, so that the code paths are loaded and compiled before measuring.
  const small = await upload(
    url,
    token,
    { registry: 'assets', companyId, fileName: '我的资产导入.xlsx' },
    await assetWorkbook(headers, 20),
  );
  await call(url, token, '/api/assets/import/preview', { uuid: small });
  await call(url, token, '/api/assets/import', { uuid: small });

  const built = await timed(() => assetWorkbook(headers, IMPORT_ROWS));
  const file = built.value;
  const importRows: Record<string, string>[] = [];
  const serverTimes: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const uploaded = await timed(() =>
      upload(url, token, { registry: 'assets', companyId, fileName: '我的资产导入.xlsx' }, file),
    );
    const uuid = uploaded.value;
    const preview = await timed(async () => {
      const response = await fetch(`${url}/api/assets/import/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ uuid }),
      });
      const text = await response.text();
      return { bytes: Buffer.byteLength(text), answer: JSON.parse(text) as Answer<Preview> };
    });
    const { answer } = preview.value;
    if (answer.status !== 0 || answer.data.valid !== IMPORT_ROWS) {
      throw new Error(`preview: ${answer.msg} ${JSON.stringify({ ...answer.data, rows: undefined })}`);
    }
    const stored = await timed(() =>
      call<{ imported: number; skipped: number }>(url, token, '/api/assets/import', { uuid }),
    );
    if (stored.value.data.imported !== IMPORT_ROWS) throw new Error('import stored fewer rows');
    serverTimes.push(preview.ms + stored.ms);
    importRows.push({
      run: String(run),
      upload: fmtMs(uploaded.ms),
      preview: fmtMs(preview.ms),
      'preview answer': fmtMb(preview.value.bytes),
      import: fmtMs(stored.ms),
      'preview + import': fmtMs(preview.ms + stored.ms),
    });
  }
  console.log(
    `import: ${IMPORT_ROWS.toLocaleString('en')} asset rows, file ${fmtMb(file.length)} (written in ` +
      `${fmtMs(built.ms)}), times from the client on 127.0.0.1`,
  );
  console.table(importRows);

  // 2. The export, of exactly EXPORT_ROWS rows: the imports' rows removed, the export's bulk-inserted.
  await onDb(benchUrl, `DELETE FROM registry_rows WHERE registry = 'assets'`);
  const seeded = await timed(() => onDb(benchUrl, SEED_SQL, [companyId, userId, EXPORT_ROWS]));
  await onDb(benchUrl, 'VACUUM (ANALYZE) registry_rows');
  console.log(`seeded ${EXPORT_ROWS.toLocaleString('en')} asset rows in ${fmtMs(seeded.ms)}`);
  // a server started afresh, so that the memory the imports left to the garbage collector is not counted (nor
  // reused by the export, hiding its own)
  await server.stop();
  server = await start();
  const pid = server.process.pid ?? 0;
  token = await signIn(url, 'transferor', CAPTCHA);
  // a small export first (of another registry), so the export's code is compiled before measuring
  await (await download(url, token, '/api/stockright/export')).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 1000));

  const exportPath = join(workDir, 'export.xlsx');
  const before = await readMemory(pid);
  const isPeakReset = await resetPeak(pid);
  let sampledPeak = before.rssMb;
  const sampler = setInterval(() => {
    void readMemory(pid).then(
      (memory) => {
        sampledPeak = Math.max(sampledPeak, memory.rssMb);
      },
      () => undefined,
    );
  }, SAMPLE_MS);
  const started = performance.now();
  const exported = await timed(async () => {
    const response = await download(url, token, '/api/assets/export');
    const answeredMs = performance.now() - started;
    await pipeline(
      Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]),
      createWriteStream(exportPath),
    );
    return { answeredMs, headers: response.headers };
  });
  clearInterval(sampler);
  const after = await readMemory(pid);
  const peakMb = isPeakReset ? Math.max(after.hwmMb, sampledPeak) : sampledPeak;
  const growthMb = peakMb - before.rssMb;
  const size = statSync(exportPath).size;
  const readBack = await countRows(exportPath);
  const isComplete = readBack.rows === EXPORT_ROWS + 1 && readBack.header.join() === headers.join();

  console.table([
    {
      rows: EXPORT_ROWS.toLocaleString('en'),
      'headers after': fmtMs(exported.value.answeredMs),
      time: fmtMs(exported.ms),
      'file size': fmtMb(size),
      'content-length': exported.value.headers.get('content-length') ?? '(none: streamed)',
      'RSS before': `${before.rssMb.toFixed(1)} MB`,
      'peak during': `${peakMb.toFixed(1)} MB`,
      growth: `${growthMb.toFixed(1)} MB`,
      'RSS after': `${after.rssMb.toFixed(1)} MB`,
      'rows read back': readBack.rows.toLocaleString('en'),
    },
  ]);
  const slowest = Math.max(...serverTimes);
  console.log(
    `import of ${IMPORT_ROWS.toLocaleString('en')} rows, preview + import: slowest of ${RUNS} runs ` +
      `${fmtMs(slowest)} (target < ${TARGET_IMPORT_S * 1000} ms): ` +
      `${slowest < TARGET_IMPORT_S * 1000 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `export of ${EXPORT_ROWS.toLocaleString('en')} rows: peak RSS growth ${growthMb.toFixed(1)} MB ` +
      `(target < ${TARGET_GROWTH_MB} MB; ${isPeakReset ? 'VmHWM reset before, and' : ''} VmRSS every ${SAMPLE_MS} ms): ` +
      `${growthMb < TARGET_GROWTH_MB ? 'met' : 'NOT met'}; the file holds ${readBack.rows.toLocaleString('en')} rows ` +
      `(header + ${EXPORT_ROWS.toLocaleString('en')}): ${isComplete ? 'complete' : 'INCOMPLETE'}`,
  );
  console.log(`PostgreSQL database ${DB_NAME} on ${adminUrl.host}`);
  if (!isComplete) process.exitCode = 1;
} finally {
  await server?.stop();
  await onDb(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  rmSync(workDir, { recursive: true, force: true });
}
