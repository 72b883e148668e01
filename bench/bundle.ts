// The JavaScript (gzip) that /login and /index/home load, and their Lighthouse performance scores with the
// desktop and mobile presets (each the median of five runs, the mobile runs listed; a failed run is run again, a
// score never printed as 0), in Debian Chromium against the production build. BENCH_BUNDLE_FILES=1 also lists each
// page's files by weight (which chunk grew); BENCH_BUNDLE_LIGHTHOUSE=0 weighs the scripts only (a quick look while
// the machine is busy, when the scores would not count).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { startServer } from './lib.ts';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const captcha = '1357';
const password = process.env.DEMO_PASSWORD ?? 'Demo@2026';

const server = await startServer(8292, { NODE_ENV: 'test', CAPTCHA_FIXED: captcha });
const profile = mkdtempSync(join(tmpdir(), 'cqjy-bench-chrome-'));

async function measureScripts(path: string, signedIn: boolean): Promise<{ files: number; gzipKb: number }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: chromeFlags.slice(1),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const scripts = new Map<string, number>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    // A body asked for just as the page navigates away (the sign-in page's scripts, cleared below) is gone.
    res
      .body()
      .then((body) => scripts.set(res.url().split('/').pop() ?? res.url(), gzipSync(body).length))
      .catch(() => undefined);
  });
  if (signedIn) {
    await page.goto(`${server.url}/#/login`);
    await page.getByPlaceholder('用户名').fill('transferor');
    await page.getByPlaceholder('密码').fill(password);
    await page.getByPlaceholder('验证码').fill(captcha);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/#\/index\/home/);
    scripts.clear();
    await page.goto('about:blank');
  }
  await page.goto(`${server.url}/#${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await context.close();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  if (process.env.BENCH_BUNDLE_FILES === '1') {
    console.log(`${path}:`);
    for (const [file, bytes] of [...scripts].sort((a, b) => b[1] - a[1])) {
      console.log(`${(bytes / 1024).toFixed(1).padStart(8)} KB  ${file}`);
    }
  }
  return { files: scripts.size, gzipKb: Math.round((total / 1024) * 10) / 10 };
}

type Lighthouse = { score: number; fcpMs: number; lcpMs: number; tbtMs: number };

async function runLighthouse(path: string, preset: 'desktop' | 'mobile'): Promise<Lighthouse> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, userDataDir: profile });
  try {
    const result = await lighthouse(
      `${server.url}/#${path}`,
      { port: chrome.port, onlyCategories: ['performance'], disableStorageReset: true, logLevel: 'error' },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const audits = result?.lhr.audits;
    const ms = (id: string) => Math.round(audits?.[id]?.numericValue ?? 0);
    const score = result?.lhr.categories.performance?.score;
    // a run Lighthouse could not finish has no score: it is run again, never printed as 0
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no score for ${path} (${preset})`);
    return {
      score: Math.round(score * 100),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
    };
  } finally {
    chrome.kill();
  }
}

/** The run of five with the median score (a failed run is run again, at most twice in all). */
async function medianLighthouse(
  path: string,
  preset: 'desktop' | 'mobile',
): Promise<Lighthouse & { runs: string }> {
  const runs: Lighthouse[] = [];
  let failures = 0;
  while (runs.length < 5) {
    try {
      runs.push(await runLighthouse(path, preset));
    } catch (error) {
      failures += 1;
      if (failures > 2) throw error;
    }
  }
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  const median = sorted[2] ?? sorted[0];
  if (median === undefined) throw new Error('no Lighthouse run');
  return { ...median, runs: runs.map((run) => run.score).join('/') };
}

try {
  const rows = [];
  for (const [path, signedIn] of [
    ['/login', false],
    ['/index/home', true],
  ] as const) {
    const js = await measureScripts(path, signedIn);
    if (process.env.BENCH_BUNDLE_LIGHTHOUSE === '0') {
      rows.push({ page: path, 'js files': js.files, 'js gzip KB': js.gzipKb });
      continue;
    }
    const desktop = await medianLighthouse(path, 'desktop');
    const mobile = await medianLighthouse(path, 'mobile');
    rows.push({
      page: path,
      'js files': js.files,
      'js gzip KB': js.gzipKb,
      'lighthouse desktop': desktop.score,
      'lighthouse mobile': mobile.score,
      'mobile runs': mobile.runs,
      'mobile FCP ms': mobile.fcpMs,
      'mobile LCP ms': mobile.lcpMs,
      'mobile TBT ms': mobile.tbtMs,
    });
  }
  console.table(rows);
} finally {
  await server.stop();
}
