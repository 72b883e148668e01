// Memory of the server while it receives a 50 MB upload. The file is streamed from disk as multipart/form-data;
// the server streams it to a temp file while hashing it, inspects it and stores it. The server process's
// resident memory (/proc/<pid>/status VmRSS) is read before and after, and its peak (VmHWM) is reset right before
// the upload and read right after, so the figure is the upload's own peak, not the database's start-up.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { signIn, startServer } from './lib.ts';

const MB = 1024 * 1024;
const FILE_SIZE = 50 * MB;
const TARGET_GROWTH_MB = 64;
const BOUNDARY = '----cqjyBenchBoundary';
const CAPTCHA = 'bench';

type Memory = { rssMb: number; hwmMb: number };

async function readMemory(pid: number): Promise<Memory> {
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

/** A PDF header followed by spaces, written in 1 MB chunks. */
async function writeTestFile(path: string): Promise<void> {
  function* chunks(): Iterable<Buffer> {
    const first = Buffer.alloc(MB, 0x20);
    first.write('%PDF-1.4\n');
    yield first;
    const rest = Buffer.alloc(MB, 0x20);
    for (let i = 1; i < FILE_SIZE / MB; i += 1) yield rest;
  }
  await pipeline(Readable.from(chunks()), createWriteStream(path));
}

async function upload(url: string, token: string, path: string, name: string): Promise<void> {
  async function* body(): AsyncIterable<Buffer> {
    yield Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="tag"\r\n\r\nbench\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) yield chunk;
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  const response = await fetch(`${url}/api/attachment/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    body: Readable.toWeb(Readable.from(body())),
    duplex: 'half',
  });
  const answer = (await response.json()) as { status: number; msg: string };
  if (answer.status !== 0) throw new Error(`upload refused: ${answer.msg}`);
}

const workDir = mkdtempSync(join(tmpdir(), 'cqjy-bench-upload-'));
const filePath = join(workDir, 'bench.pdf');
await writeTestFile(filePath);
const server = await startServer(8292, { CAPTCHA_FIXED: CAPTCHA, STORAGE_DIR: join(workDir, 'files') });
const pid = server.process.pid ?? 0;
try {
  const token = await signIn(server.url, 'transferor', CAPTCHA);
  // One small upload first, so the code paths are loaded and compiled before measuring.
  const small = join(workDir, 'small.pdf');
  await writeFile(small, '%PDF-1.4\nwarm-up\n');
  await upload(server.url, token, small, 'warm-up.pdf');
  await new Promise((resolve) => setTimeout(resolve, 500));

  const before = await readMemory(pid);
  const isPeakReset = await resetPeak(pid);
  let sampledPeak = before.rssMb;
  const sampler = setInterval(() => {
    void readMemory(pid).then((m) => {
      sampledPeak = Math.max(sampledPeak, m.rssMb);
    });
  }, 10);
  const started = performance.now();
  await upload(server.url, token, filePath, '五十兆测试文件.pdf');
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = await readMemory(pid);

  const peakMb = isPeakReset ? Math.max(after.hwmMb, sampledPeak) : sampledPeak;
  const growthMb = peakMb - before.rssMb;
  console.table([
    { reading: 'before upload', 'VmRSS MB': before.rssMb.toFixed(1), 'VmHWM MB': before.hwmMb.toFixed(1) },
    { reading: 'after upload', 'VmRSS MB': after.rssMb.toFixed(1), 'VmHWM MB': after.hwmMb.toFixed(1) },
  ]);
  console.log(
    `upload of ${FILE_SIZE / MB} MB took ${seconds.toFixed(2)} s (${(FILE_SIZE / MB / seconds).toFixed(0)} MB/s)`,
  );
  console.log(
    `peak during upload: ${peakMb.toFixed(1)} MB (${isPeakReset ? 'VmHWM reset before the upload' : 'sampled VmRSS every 10 ms'})`,
  );
  console.log(
    `growth over the resident memory before: ${growthMb.toFixed(1)} MB (target < ${TARGET_GROWTH_MB} MB): ${
      growthMb < TARGET_GROWTH_MB ? 'met' : 'NOT met'
    }`,
  );
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
} finally {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
}
