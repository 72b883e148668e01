import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_BANK_KEY, E2E_CAPTCHA, E2E_OTP, SHORT_SESSION_PORT } from './env.ts';

// e2e runs the production build against a fresh embedded database in a temporary directory.
const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = mkdtempSync(join(tmpdir(), 'cqjy-e2e-'));
const shortSessionDataDir = mkdtempSync(join(tmpdir(), 'cqjy-e2e-ttl-'));

const serverEnv = (env: Record<string, string>) => ({
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  CAPTCHA_FIXED: E2E_CAPTCHA,
  OTP_FIXED: E2E_OTP,
  LOG_LEVEL: 'warn',
  // Every spec signs in through the login page: more sign-ins a minute than the production limit allows.
  LOGIN_RATE_MAX: '1000',
  // The specs sign one letter after another with the same mobile; the minute between two codes is tested on
  // the server, not waited out here.
  OTP_RESEND_S: '1',
  // the bank's arrival notices the specs send are signed with it
  DEPOSIT_BANK_KEY: E2E_BANK_KEY,
  ...env,
});

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  timeout: 60_000,
  // A state a step waits for may take a while on a machine busy with other work (the CI's two cores run two portals,
  // a browser and PGlite): the bound is the actions' own, never a time waited out.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  // One retry: two portals, a browser and PGlite share two cores in CI, and a step that times out under that
  // load once should not sink the run. A test that needed the retry is still reported (as flaky, with the
  // first failure's error and, through expectToReach, the calls and messages that explain it).
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1600, height: 900 },
    screenshot: 'only-on-failure',
    // the portal turns antd's animations off for a person who asks for reduced motion: a dialog is where it will
    // stay from its first frame, so no click aims at one still zooming in
    reducedMotion: 'reduce',
    // A click or fill that cannot happen fails in 20 s with its locator, instead of waiting out a long test's limit.
    actionTimeout: 20_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: [
    {
      command: 'node ../apps/server/src/main.ts',
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv({ PORT: String(port), DATA_DIR: dataDir }),
    },
    {
      // A second portal whose sessions last 2 seconds, so that expiry can be seen (SH-4.2).
      command: 'node ../apps/server/src/main.ts',
      url: `http://127.0.0.1:${SHORT_SESSION_PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: serverEnv({ PORT: String(SHORT_SESSION_PORT), DATA_DIR: shortSessionDataDir, SESSION_TTL_S: '2' }),
    },
  ],
});
