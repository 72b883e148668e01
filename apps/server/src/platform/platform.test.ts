import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { MSG } from '@cqjy/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptLogin,
  bearer,
  createTestApp,
  DEMO_PASSWORD,
  loginAs,
  TEST_CAPTCHA,
  type TestApp,
} from '../test/harness.ts';
import { requirePermission } from './guard.ts';
import { refused } from './errors.ts';

describe('errors, guard and headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // routes that exist only in this test, registered before the app is ready
    t.app.get('/api/test/boom', () => {
      throw new Error('secret internal detail');
    });
    t.app.get('/api/test/refused', () => {
      throw refused('不能这样做');
    });
    t.app.get(
      '/api/test/admin-only',
      { preHandler: [t.app.authenticate, requirePermission('GJS_SYSTEM_ADMIN')] },
      () => ({
        status: 0,
        msg: MSG.ok,
        data: 'yes',
      }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('turns an unexpected error into HTTP 500 with the Chinese message and a reference id, never the stack', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json<{ status: number; msg: string; data: unknown }>();
    const requestId = response.headers['x-request-id'];
    expect(body).toEqual({ status: 500, msg: `${MSG.serverError} (编号 ${String(requestId)})`, data: null });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('.ts');
  });

  it('answers a refused operation with HTTP 200 and status 1', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, msg: '不能这样做', data: null });
  });

  it('answers unknown /api paths with the 404 envelope', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/call' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 404, msg: MSG.notFound, data: null });
    }
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 400, msg: MSG.badRequest, data: null });
  });

  it('answers HTTP 403 when the role lacks the permission code, and lets the holder through', async () => {
    const member = await loginAs(t.app, 'member');
    const refusedResponse = await t.app.inject({
      method: 'GET',
      url: '/api/test/admin-only',
      headers: bearer(member),
    });
    expect(refusedResponse.statusCode).toBe(403);
    expect(refusedResponse.json()).toEqual({ status: 403, msg: MSG.forbidden, data: null });
    const admin = await loginAs(t.app, 'admin');
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/test/admin-only',
      headers: bearer(admin),
    });
    expect(allowed.json()).toEqual({ status: 0, msg: MSG.ok, data: 'yes' });
  });

  it('sends the security headers and no-store on /api answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/login',
        '/api/logout',
        '/api/login/captcha',
        '/api/app/userinfo',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/login']?.post?.requestBody)).toContain('captcha');
  });
});

const X_JS = `export const greeting = '${'你好，产权交易所'.repeat(200)}';\n`;

describe('static web', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'cqjy-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>门户</title><div id="root"></div>');
    await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);');
    await writeFile(join(webDist, 'assets', 'x.js'), X_JS);
    await writeFile(join(webDist, 'assets', 'x.js.gz'), gzipSync(X_JS));
    t = await createTestApp({ env: { WEB_DIST: webDist }, isSeeded: false });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / with no-cache and the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to a client that accepts it, with the same cache headers', async () => {
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/assets/x.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/javascript/);
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(gzipped.headers.vary)).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(X_JS);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/x.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(X_JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers other page paths with index.html, and unknown /api paths with the envelope', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ status: 404, msg: MSG.notFound, data: null });
  });
});

describe('logging', () => {
  it('never writes passwords, captcha answers or tokens to the log', async () => {
    const FACE_TOKEN = 'face-token-0123456789';
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const t = await createTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: stream });
    try {
      const token = await loginAs(t.app, 'transferor');
      const failed = await attemptLogin(t.app, { username: 'transferor', password: 'Wrong-Secret@1' });
      expect(failed.statusCode).toBe(401);
      await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) });
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      // the face-authentication token is the path itself
      await t.app.inject({ method: 'GET', url: `/api/face/confirm/${FACE_TOKEN}` });
      // a handled error logs its detail: the detail must not drag the request body along
      t.app.log.info({ body: { password: DEMO_PASSWORD, captcha: TEST_CAPTCHA } }, 'explicit body log');
    } finally {
      await t.close();
    }
    const text = chunks.join('');
    expect(text).toContain('incoming request');
    expect(text).toContain('/api/login');
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain('Wrong-Secret@1');
    expect(text).not.toContain(TEST_CAPTCHA);
    expect(text).not.toContain(TEST_CAPTCHA.toLowerCase());
    expect(text).not.toMatch(/[A-Za-z0-9_-]{43}/);
    expect(text).toContain('/api/face/confirm/[已隐藏]');
    expect(text).not.toContain(FACE_TOKEN);
  });
});
