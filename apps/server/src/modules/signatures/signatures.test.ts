import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG, type SessionUser } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { verifyAuditChain } from '../audit/service.ts';
import {
  bearer,
  createCapturingSmsProvider,
  createTestApp,
  loginAs,
  readJson,
  type CapturingSmsProvider,
  type TestApp,
} from '../../test/harness.ts';
import type { SignatureInfo } from '@cqjy/domain';

const scratch = mkdtempSync(join(tmpdir(), 'cqjy-signatures-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `openssl verify` of a certificate against a root, both PEM. */
function verifyWithOpenssl(rootPem: string, certificatePem: string): string {
  const dir = mkdtempSync(join(scratch, 'verify-'));
  writeFileSync(join(dir, 'root.pem'), rootPem);
  writeFileSync(join(dir, 'cert.pem'), certificatePem);
  return execFileSync(
    '/usr/bin/openssl',
    ['verify', '-CAfile', join(dir, 'root.pem'), join(dir, 'cert.pem')],
    {
      encoding: 'utf8',
    },
  );
}

type CredentialCount = { company: number; operator: number };

describe('e-signature enrolment (gate 7)', () => {
  let t: TestApp;
  let phone: CapturingSmsProvider;

  beforeAll(async () => {
    phone = createCapturingSmsProvider();
    t = await createTestApp({ smsProvider: phone, env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '1000' } });
    // A second operator in gate6's company (authenticated, not yet enrolled) for the concurrent enrolment.
    await t.db.execute(sql`
      insert into users (username, mobile, password_hash, id_type, auth_status, validated, setup_password,
                         real_name, id_card)
      select 'gate6b', '13800000199', password_hash, 0, 1, true, true, '李四', '11010519491231002X'
      from users where username = 'gate6'`);
    await t.db.execute(sql`
      insert into operators (user_id, company_id, role_id, manager, main_operator_auth, prompt, is_default)
      select u.id, o.company_id, o.role_id, false, false, false, true
      from users u, operators o join users g on g.id = o.user_id
      where u.username = 'gate6b' and g.username = 'gate6'`);
    await t.db.execute(sql`update operators set main_operator_auth = false
      where user_id = (select id from users where username = 'gate6')`);
  });
  afterAll(async () => {
    await t.close();
  });

  function get(url: string, token?: string): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'GET', url, headers: token === undefined ? {} : bearer(token) });
  }

  function enrol(token: string | undefined, payload: unknown): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/api/signature/enrol',
      headers: token === undefined ? {} : bearer(token),
      payload: payload as Record<string, unknown>,
    });
  }

  /** Sends a sign code to the caller's own mobile (no mobile in the body) and answers it. */
  async function sendSignCode(token: string, mobile: string): Promise<string> {
    t.clock.advance(61_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/app/send/otp/sign',
      headers: bearer(token),
    });
    expect(readJson(response).status, readJson(response).msg).toBe(0);
    return phone.lastCodeTo(mobile);
  }

  async function fetchInfo(token: string): Promise<SignatureInfo> {
    const body = readJson<SignatureInfo>(await get('/api/signature/info', token));
    expect(body.status, body.msg).toBe(0);
    return body.data;
  }

  async function countCredentials(username: string): Promise<CredentialCount> {
    const rows = await selectRows<{ kind: string; n: number }>(
      t.db,
      sql`select c.kind, count(*)::int as n from signing_credentials c
          where c.company_id = (select o.company_id from operators o join users u on u.id = o.user_id
                                where u.username = ${username} limit 1)
          group by c.kind`,
    );
    return {
      company: rows.find((r) => r.kind === 'company')?.n ?? 0,
      operator: rows.find((r) => r.kind === 'operator')?.n ?? 0,
    };
  }

  async function isEnrolled(username: string): Promise<boolean> {
    const rows = await selectRows<{ main_operator_auth: boolean }>(
      t.db,
      sql`select o.main_operator_auth from operators o join users u on u.id = o.user_id
          where u.username = ${username}`,
    );
    return rows[0]?.main_operator_auth ?? false;
  }

  it('answers 401 without a session; the root certificate is public', async () => {
    for (const url of ['/api/signature/info', '/api/signature/seal/1', '/api/signature/certificate/1']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect((await enrol(undefined, { otp: '123456' })).statusCode).toBe(401);
    const root = await get('/api/signature/ca');
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toContain('application/x-pem-file');
    expect(root.body).toContain('-----BEGIN CERTIFICATE-----');
    expect(new X509Certificate(root.body).ca).toBe(true);
  });

  it('SH-4.11 shows a transferor at gate 7 the facts and no credential yet', async () => {
    const token = await loginAs(t.app, 'gate7');
    const info = await fetchInfo(token);
    expect(info).toEqual({
      company: { name: '示范引导七号实业有限公司', creditCode: expect.any(String) as string },
      operator: { realName: null, mobileMasked: '138****0107' },
      mainOperatorAuth: false,
      authStatus: 1,
      companyAuthStatus: 1,
      credentials: [],
    });
  });

  it('refuses a missing, malformed or wrong code and changes nothing', async () => {
    const token = await loginAs(t.app, 'gate7');
    const auditBefore = await verifyAuditChain(t.db);
    const cases: [unknown, string][] = [
      [{}, MSG.otpRequired],
      [{ otp: '' }, MSG.otpRequired],
      [{ otp: '12ab' }, MSG.otpFormat],
      [{ otp: '000000' }, MSG.otpInvalid],
    ];
    for (const [payload, message] of cases) {
      const body = readJson(await enrol(token, payload));
      expect(body, JSON.stringify(payload)).toMatchObject({ status: 1, msg: message });
    }
    expect(await verifyAuditChain(t.db)).toEqual(auditBefore);
    const code = await sendSignCode(token, '13800000107');
    const auditAfterSend = await verifyAuditChain(t.db);
    const wrong = code === '111111' ? '222222' : '111111';
    expect(readJson(await enrol(token, { otp: wrong }))).toMatchObject({ status: 1, msg: MSG.otpWrong });
    expect(await countCredentials('gate7')).toEqual({ company: 0, operator: 0 });
    expect(await isEnrolled('gate7')).toBe(false);
    expect(await verifyAuditChain(t.db)).toEqual(auditAfterSend);
  });

  it('refuses without real-name authentication (请先完成实名认证) and keeps the code unspent', async () => {
    const token = await loginAs(t.app, 'gate5');
    const code = await sendSignCode(token, '13800000105');
    const body = readJson(await enrol(token, { otp: code }));
    expect(body).toMatchObject({ status: 1, msg: MSG.signatureNeedsRealName });
    expect(await countCredentials('gate5')).toEqual({ company: 0, operator: 0 });
    // the code was not used up by the refusal
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/app/validate/otp',
      headers: bearer(token),
      payload: { otp: code, purpose: 'sign' },
    });
    expect(readJson(check).status).toBe(0);
  });

  it('refuses without company authentication (请先完成企业认证)', async () => {
    await t.db.execute(
      sql`update companies set company_auth_status = 0 where name = '示范引导三号实业有限公司'`,
    );
    try {
      const token = await loginAs(t.app, 'gate3');
      const code = await sendSignCode(token, '13800000103');
      const body = readJson(await enrol(token, { otp: code }));
      expect(body).toMatchObject({ status: 1, msg: MSG.signatureNeedsCompanyAuth });
      expect(await countCredentials('gate3')).toEqual({ company: 0, operator: 0 });
    } finally {
      await t.db.execute(
        sql`update companies set company_auth_status = 1 where name = '示范引导三号实业有限公司'`,
      );
    }
  });

  it('SH-4.11 enrols with the sign code: two certificates chaining to the root, seals, mainOperatorAuth', async () => {
    const token = await loginAs(t.app, 'gate7');
    const code = await sendSignCode(token, '13800000107');
    const response = await enrol(token, { otp: code });
    const body = readJson<SignatureInfo>(response);
    expect(body.status, body.msg).toBe(0);
    expect(body.msg).toBe(MSG.signatureEnrolled);
    expect(body.data.mainOperatorAuth).toBe(true);
    expect(body.data.credentials.map((c) => c.kind)).toEqual(['company', 'operator']);
    const [company, operator] = body.data.credentials;
    expect(company?.subject).toBe('CN=示范引导七号实业有限公司, O=示范引导七号实业有限公司, C=CN');
    expect(operator?.subject).toBe('CN=引导演示七, O=示范引导七号实业有限公司, C=CN');
    expect(company?.issuer).toBe('产权交易所电子签章根证书');
    expect(new Date(operator?.notAfter ?? 0).getTime()).toBeGreaterThan(Date.now() + 700 * 86_400_000);

    // the code is used up
    expect(readJson(await enrol(token, { otp: code }))).toMatchObject({ status: 1, msg: MSG.otpInvalid });
    // gate 7 is passed
    const user = readJson<SessionUser>(
      await t.app.inject({ method: 'POST', url: '/api/app/userinfo', headers: bearer(token) }),
    );
    expect(user.data.mainOperatorAuth).toBe(true);

    const root = (await get('/api/signature/ca')).body;
    for (const credential of body.data.credentials) {
      const pem = await get(`/api/signature/certificate/${credential.id}`, token);
      expect(pem.statusCode).toBe(200);
      expect(pem.headers['content-disposition']).toContain('attachment;');
      expect(verifyWithOpenssl(root, pem.body)).toContain(': OK');
      expect(new X509Certificate(pem.body).serialNumber).toBe(credential.serialNumber);
      const seal = await get(`/api/signature/seal/${credential.id}`, token);
      expect(seal.statusCode).toBe(200);
      expect(seal.headers['content-type']).toContain('image/svg+xml');
      expect(seal.body).toContain('<path');
      expect(seal.body).not.toContain('<text');
    }

    const stored = await selectRows<{ private_key_enc: string; issuer: string }>(
      t.db,
      sql`select private_key_enc, issuer from signing_credentials where id = ${company?.id ?? 0}`,
    );
    expect(stored[0]?.issuer).toBe('builtin');
    expect(stored[0]?.private_key_enc).toMatch(/^v1\./);
    expect(stored[0]?.private_key_enc).not.toContain('PRIVATE KEY');

    const audit = await selectRows<{ action: string; detail: { issued: string[] } }>(
      t.db,
      sql`select action, detail from audit_log where action = 'signature.enrol' order by id desc limit 1`,
    );
    expect(audit[0]?.detail.issued).toEqual(['company', 'operator']);
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);
  });

  it('enrolling again reuses the live credentials', async () => {
    const token = await loginAs(t.app, 'gate7');
    const before = await fetchInfo(token);
    const code = await sendSignCode(token, '13800000107');
    const body = readJson<SignatureInfo>(await enrol(token, { otp: code }));
    expect(body.status, body.msg).toBe(0);
    expect(body.data.credentials).toEqual(before.credentials);
    expect(await countCredentials('gate7')).toEqual({ company: 1, operator: 1 });
  });

  it("answers another company's seal and certificate as not found (HTTP 200, status 404)", async () => {
    const owner = await loginAs(t.app, 'gate7');
    const [credential] = (await fetchInfo(owner)).credentials;
    const stranger = await loginAs(t.app, 'transferor');
    for (const url of [
      `/api/signature/seal/${credential?.id ?? 0}`,
      `/api/signature/certificate/${credential?.id ?? 0}`,
      '/api/signature/seal/999999',
      '/api/signature/seal/abc',
    ]) {
      const response = await get(url, stranger);
      expect(response.statusCode, url).toBe(200);
      expect(readJson(response), url).toMatchObject({ status: 404, msg: MSG.notFound, data: null });
    }
  });

  it('two enrolments at once in one company leave one live company credential', async () => {
    const first = await loginAs(t.app, 'gate6');
    const second = await loginAs(t.app, 'gate6b');
    const firstCode = await sendSignCode(first, '13800000106');
    const secondCode = await sendSignCode(second, '13800000199');
    const [a, b] = await Promise.all([enrol(first, { otp: firstCode }), enrol(second, { otp: secondCode })]);
    const infoA = readJson<SignatureInfo>(a);
    const infoB = readJson<SignatureInfo>(b);
    expect(infoA.status, infoA.msg).toBe(0);
    expect(infoB.status, infoB.msg).toBe(0);
    expect(await countCredentials('gate6')).toEqual({ company: 1, operator: 2 });
    expect(infoA.data.credentials[0]?.serialNumber).toBe(infoB.data.credentials[0]?.serialNumber);
    expect(infoB.data.credentials[1]?.subject).toBe('CN=李四, O=示范引导六号实业有限公司, C=CN');
    expect(await isEnrolled('gate6')).toBe(true);
    expect(await isEnrolled('gate6b')).toBe(true);
  });
});
