// Row 14, headers and logs: every route of the API (read from the OpenAPI document the route schemas generate),
// called without a session and signed in, plus the answers around them (the web app's pages and assets, the API
// documentation, unknown paths, malformed and oversized bodies, a thrown error, a database failure) carries the
// security headers (CSP with frame-ancestors 'none', nosniff, X-Frame-Options, Referrer-Policy, no-store on /api);
// 5xx bodies are the generic envelope, without a stack or SQL; and the log lines of a session of sign-ins, SMS
// codes, identity authentication, password changes and database failures hold no password, token, full mobile
// number, ID number or one-time code.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { computeIdCardCheck, MSG, SESSION_ID_HEADER, type Envelope } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptLogin,
  bearer,
  createCapturingSmsProvider,
  createTestApp,
  DEMO_PASSWORD,
  fetchCaptcha,
  loginAs,
  readJson,
  TEST_CAPTCHA,
  type CapturingSmsProvider,
  type TestApp,
} from '../test/harness.ts';

const HAS_CHINESE = /[\u4e00-\u9fff]/;
const SERVER_ERROR = new RegExp(`^${MSG.serverError} \\(编号 [0-9a-f]+\\)$`);
/** What a 5xx body must never show: a stack frame, a source file, SQL, an error class. */
const INTERNALS =
  /\bat \S+ \(|\.ts\b|\bselect\b|\binsert\b|\bupdate\b.*\bset\b|\bfrom\s+"?\w+"?\s|Error\b|params:/i;

let webDist: string;
let t: TestApp;
let phone: CapturingSmsProvider;
const logLines: string[] = [];
const stream = new PassThrough();
stream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'cqjy-headers-web-'));
  await mkdir(join(webDist, 'assets'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>门户</title><div id="root"></div>');
  await writeFile(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);');
  phone = createCapturingSmsProvider();
  t = await createTestApp({
    env: { WEB_DIST: webDist, LOG_LEVEL: 'trace', LOGIN_RATE_MAX: '100000', OTP_RATE_MAX: '100000' },
    logStream: stream,
    smsProvider: phone,
  });
  // test-only routes, registered before the app is ready: an internal error whose message holds SQL and a path
  t.app.get('/api/test/boom', () => {
    throw new Error(
      'Failed query: select password_hash from users where mobile = $1\nparams: 13800000001 at /work/src/x.ts:1',
    );
  });
  t.app.get('/api/test/async-boom', async () => {
    await Promise.resolve();
    throw Object.assign(new TypeError("Cannot read properties of undefined (reading 'id_card')"), {
      statusCode: 503,
    });
  });
});

afterAll(async () => {
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

type Checked = { label: string; response: LightMyRequestResponse };

/**
 * The public site's open data, which anyone may cache for a few seconds (an answer it gives: a refusal is not
 * cached either).
 */
const OPEN_DATA = /^\/api\/public\/(listings|deals|notices|export)(\/|\?|$)/;

/** The headers every answer carries; /api answers are never cached, but for the open data's. */
function assertSecurityHeaders({ label, response }: Checked, url: string): void {
  const h = response.headers;
  const csp = String(h['content-security-policy'] ?? '');
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("script-src 'self'");
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['x-frame-options'], label).toBe('DENY');
  expect(h['referrer-policy'], label).toBe('no-referrer');
  expect(h['x-powered-by'], label).toBeUndefined();
  if (OPEN_DATA.test(url) && response.statusCode === 200 && h.etag !== undefined) {
    expect(h['cache-control'], label).toBe('public, max-age=10');
  } else if (url.startsWith('/api/') && !url.startsWith('/api/docs')) {
    expect(h['cache-control'], label).toBe('no-store');
  }
}

/** A 5xx answer is the generic envelope with the request id, nothing more. */
function assertGeneric5xx({ label, response }: Checked): void {
  expect(response.statusCode, label).toBeGreaterThanOrEqual(500);
  const body = response.json<Envelope<unknown>>();
  expect(body.status, label).toBe(500);
  expect(body.data, label).toBeNull();
  expect(body.msg, label).toMatch(SERVER_ERROR);
  expect(body.msg, label).toContain(String(response.headers['x-request-id']));
  expect(response.body, label).not.toMatch(INTERNALS);
}

/** The API's routes as the OpenAPI document lists them, path parameters filled with a sample value. */
async function listApiRoutes(): Promise<{ method: 'GET' | 'POST'; url: string }[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  // the test's own routes aside
  const paths = Object.entries(doc.paths).filter(([path]) => !path.startsWith('/api/test/'));
  return paths.flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((m) => m.toUpperCase())
      .filter((m): m is 'GET' | 'POST' => m === 'GET' || m === 'POST')
      .map((method) => ({ method, url: path.replace(/\{[^}]+\}/g, '1') })),
  );
}

const figures = {
  routes: 0,
  answersChecked: 0,
  byStatus: new Map<number, number>(),
  fiveHundreds: 0,
  logLines: 0,
};

function count(response: LightMyRequestResponse): void {
  figures.answersChecked += 1;
  figures.byStatus.set(response.statusCode, (figures.byStatus.get(response.statusCode) ?? 0) + 1);
  if (response.statusCode >= 500) figures.fiveHundreds += 1;
}

describe('security headers on every answer', () => {
  it('on every API route, without a session, as the exchange and as a member', async () => {
    const routes = await listApiRoutes();
    figures.routes = routes.length;
    expect(routes.length).toBeGreaterThan(200);
    // the exchange administrator holds every permission; a member few of them (its refusals answer 403)
    const tokens = { admin: await loginAs(t.app, 'admin'), member: await loginAs(t.app, 'member') };
    // signing out or switching identity would end the sweep's own session: those two come last
    const last = (url: string): boolean => url === '/api/logout' || url.startsWith('/api/app/switch/');
    const ordered = [...routes.filter((r) => !last(r.url)), ...routes.filter((r) => last(r.url))];
    const failures: string[] = [];
    for (const route of ordered) {
      for (const caller of ['anonymous', 'admin', 'member'] as const) {
        const label = `${route.method} ${route.url} ${caller}`;
        const send = () =>
          t.app.inject({
            method: route.method,
            url: route.url,
            headers: caller === 'anonymous' ? {} : bearer(tokens[caller]),
            ...(route.method === 'POST' ? { payload: {} } : {}),
          });
        let response = await send();
        if (caller !== 'anonymous' && response.statusCode === 401 && !last(route.url)) {
          tokens[caller] = await loginAs(t.app, caller);
          response = await send();
        }
        count(response);
        assertSecurityHeaders({ label, response }, route.url);
        if (response.statusCode >= 500) {
          assertGeneric5xx({ label, response });
          failures.push(label);
        }
        const type = String(response.headers['content-type'] ?? '');
        // a download (the open data's JSON export) is a file, not the envelope
        const isFile = String(response.headers['content-disposition'] ?? '').startsWith('attachment');
        if (type.startsWith('application/json') && !isFile) {
          expect(response.json<Envelope<unknown>>().msg, label).toMatch(HAS_CHINESE);
        }
      }
    }
    expect(failures, 'routes answering 5xx to an empty call').toEqual([]);
  });

  it('on pages, assets, the API documentation, unknown paths and broken requests', async () => {
    const cases: { label: string; url: string; inject: InjectOptions }[] = [
      { label: 'index page', url: '/', inject: { method: 'GET', url: '/' } },
      {
        label: 'page route (SPA fallback)',
        url: '/index/bulkAbortAon',
        inject: { method: 'GET', url: '/index/bulkAbortAon' },
      },
      {
        label: 'hashed asset',
        url: '/assets/index-abc123.js',
        inject: { method: 'GET', url: '/assets/index-abc123.js' },
      },
      {
        label: 'HEAD of an asset',
        url: '/assets/index-abc123.js',
        inject: { method: 'HEAD', url: '/assets/index-abc123.js' },
      },
      {
        label: 'API documentation',
        url: '/api/docs',
        inject: { method: 'GET', url: '/api/docs/static/index.html' },
      },
      { label: 'OpenAPI document', url: '/api/docs', inject: { method: 'GET', url: '/api/docs/json' } },
      {
        label: 'unknown API path',
        url: '/api/no/such/call',
        inject: { method: 'GET', url: '/api/no/such/call' },
      },
      { label: 'unknown method', url: '/api/health', inject: { method: 'DELETE', url: '/api/health' } },
      { label: 'OPTIONS', url: '/api/login', inject: { method: 'OPTIONS', url: '/api/login' } },
      { label: 'POST to a page path', url: '/index', inject: { method: 'POST', url: '/index' } },
      {
        label: 'malformed JSON',
        url: '/api/login',
        inject: {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"a":',
        },
      },
      {
        label: 'unsupported content type',
        url: '/api/login',
        inject: {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'text/xml' },
          payload: '<a/>',
        },
      },
      {
        label: 'body over the limit',
        url: '/api/login',
        inject: {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
        },
      },
      {
        label: 'prototype pollution',
        url: '/api/login',
        inject: {
          method: 'POST',
          url: '/api/login',
          headers: { 'content-type': 'application/json' },
          payload: '{"__proto__":{"isAdmin":true},"username":"a"}',
        },
      },
      {
        label: 'path traversal',
        url: '/assets/../../etc/passwd',
        inject: { method: 'GET', url: '/assets/../../etc/passwd' },
      },
      { label: 'thrown error', url: '/api/test/boom', inject: { method: 'GET', url: '/api/test/boom' } },
      {
        label: 'thrown error with a 5xx code',
        url: '/api/test/async-boom',
        inject: { method: 'GET', url: '/api/test/async-boom' },
      },
    ];
    for (const c of cases) {
      const response = await t.app.inject(c.inject);
      count(response);
      assertSecurityHeaders({ label: c.label, response }, c.url);
      expect(response.statusCode, c.label).not.toBe(0);
      if (response.statusCode >= 500) assertGeneric5xx({ label: c.label, response });
      else if (c.url.startsWith('/api/') && !c.url.startsWith('/api/docs') && c.inject.method !== 'HEAD') {
        expect(response.json<Envelope<unknown>>().msg, c.label).toMatch(HAS_CHINESE);
      }
    }
    const traversal = await t.app.inject({ method: 'GET', url: '/assets/../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });
});

describe('generic 5xx answers', () => {
  it('hide the error, its SQL and its stack, in a thrown error and in a database failure', async () => {
    for (const url of ['/api/test/boom', '/api/test/async-boom']) {
      const response = await t.app.inject({ method: 'GET', url });
      assertGeneric5xx({ label: url, response });
    }
    // the database fails under the calls: the users table is gone for a moment
    const token = await loginAs(t.app, 'transferor');
    await t.db.execute(sql`alter table users rename to users_away`);
    try {
      const calls: [string, InjectOptions & { url: string }][] = [
        ['userinfo', { method: 'POST', url: '/api/app/userinfo', headers: bearer(token) }],
        ['SMS code to a mobile', { method: 'POST', url: '/api/app/login/otp/13800000003' }],
        [
          'identity authentication',
          {
            method: 'POST',
            url: '/api/operator/idcard',
            headers: bearer(token),
            payload: { realName: '张三', idType: 0, idCard: ID_CARD },
          },
        ],
      ];
      for (const [label, request] of calls) {
        const response = await t.app.inject(request);
        count(response);
        assertSecurityHeaders({ label, response }, request.url);
        if (response.statusCode >= 500) assertGeneric5xx({ label, response });
        else expect(readJson(response).status, label).not.toBe(0);
      }
      const login = await attemptLogin(t.app, { username: 'transferor', password: PASSWORDS.wrong });
      if (login.statusCode >= 500) assertGeneric5xx({ label: 'password sign-in', response: login });
    } finally {
      await t.db.execute(sql`alter table users_away rename to users`);
    }
    expect(
      readJson(await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) }))
        .status,
    ).toBe(0);
  });
});

const ID_CARD = `11010519850615123${computeIdCardCheck('11010519850615123')}`;
const PASSWORDS = {
  demo: DEMO_PASSWORD,
  wrong: 'Wrong-Secret@2026',
  setup: 'Strong#Pass2026',
  changed: 'Changed#Pass2027',
};

describe('the log', () => {
  it('holds no password, token, full mobile number, ID number or one-time code', async () => {
    const secrets = new Set<string>([...Object.values(PASSWORDS), TEST_CAPTCHA, ID_CARD]);
    // password sign-in, a wrong password, a wrong captcha
    const sessionId = await fetchCaptcha(t.app);
    secrets.add(sessionId);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: bearer(sessionId),
      payload: { username: 'transferor', password: DEMO_PASSWORD, captcha: TEST_CAPTCHA },
    });
    const token = readJson<{ access_token: string }>(login).data.access_token;
    secrets.add(token);
    await attemptLogin(t.app, { username: 'transferor', password: PASSWORDS.wrong });
    await attemptLogin(t.app, { username: 'transferor', captcha: 'zz99' });

    // SMS codes: to a mobile in the path, to one in the body, then the code sign-in
    t.clock.advance(61_000);
    const otpSession = (await t.app.inject({ method: 'POST', url: '/api/app/login/otp/13800000003' }))
      .headers[SESSION_ID_HEADER];
    if (typeof otpSession === 'string') secrets.add(otpSession);
    const loginCode = phone.lastCodeTo('13800000003');
    secrets.add(loginCode);
    const smsLogin = await t.app.inject({
      method: 'POST',
      url: '/api/mobile/login',
      payload: { mobile: '13800000003', otp: loginCode },
    });
    secrets.add(readJson<{ access_token: string }>(smsLogin).data.access_token);
    await t.app.inject({
      method: 'POST',
      url: '/api/mobile/login',
      payload: { mobile: '13800000003', otp: '000000' },
    });
    t.clock.advance(61_000);
    await t.app.inject({
      method: 'POST',
      url: '/api/app/send/otp/general',
      payload: { mobile: '13800000004' },
    });

    // identity authentication with the ID number, in a body and in a query string
    const gate2 = await loginAs(t.app, 'gate2');
    secrets.add(gate2);
    await t.app.inject({
      method: 'POST',
      url: '/api/operator/idcard',
      headers: bearer(gate2),
      payload: { realName: '张三', idType: 0, idCard: ID_CARD },
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/operator/result/cfcaUrlData?idcard=${ID_CARD}`,
      headers: bearer(gate2),
    });

    // a first password, then a change of password with an SMS code
    const gate3 = await loginAs(t.app, 'gate3');
    secrets.add(gate3);
    await t.app.inject({
      method: 'POST',
      url: '/api/app/user/setup/password',
      headers: bearer(gate3),
      payload: { password: PASSWORDS.setup, password2: PASSWORDS.setup },
    });
    t.clock.advance(61_000);
    await t.app.inject({ method: 'POST', url: '/api/app/send/otp/general', headers: bearer(token) });
    const changeCode = phone.lastCodeTo('13800000001');
    secrets.add(changeCode);
    await t.app.inject({
      method: 'POST',
      url: '/api/app/user/edit/password',
      headers: bearer(token),
      payload: { phonecode: changeCode, newpassword: PASSWORDS.changed, newpassword2: PASSWORDS.changed },
    });
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    for (const message of phone.sent) {
      const code = /验证码为(\d+)/.exec(message.content)?.[1];
      if (code !== undefined) secrets.add(code);
    }

    // every line is JSON; numbers of the logger's own (time, pid, request ids, durations) are set aside, so that
    // a six-digit code is searched for only where a caller's data could have gone
    const texts = logLines.map((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      for (const key of ['time', 'pid', 'reqId', 'responseTime', 'hostname']) delete entry[key];
      return JSON.stringify(entry);
    });
    figures.logLines = texts.length;
    const all = texts.join('\n');
    expect(all).toContain('incoming request');
    const leaks = [...secrets].filter((secret) => all.includes(secret));
    expect(leaks, 'secrets found in the log').toEqual([]);
    expect(all.match(/(?<!\d)1[3-9]\d{9}(?!\d)/g) ?? [], 'full mobile numbers in the log').toEqual([]);
    expect(all.match(/(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g) ?? [], 'ID numbers in the log').toEqual(
      [],
    );
    expect(all.match(/[A-Za-z0-9_-]{43}/g) ?? [], 'bearer tokens in the log').toEqual([]);
    expect(all).toContain('138****0003');
    console.log(
      `[reliability row 14] ${JSON.stringify({
        routes: figures.routes,
        answersChecked: figures.answersChecked,
        byStatus: Object.fromEntries([...figures.byStatus].sort(([a], [b]) => a - b)),
        fiveHundreds: figures.fiveHundreds,
        logLines: figures.logLines,
        secretsSearched: secrets.size,
      })}`,
    );
  });
});
