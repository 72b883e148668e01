// The demo's signatures at start-up (demo-signing.ts): the seeded operators' credentials, issued as of the demo's
// enrolment, and the seeded courses' letters drawn and sealed as their applicants signed them.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { PageResult, SignatureInfo, SignedFile, SignedFileDetail, VerifyResult } from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from './db/client.ts';
import { DEMO_ENROLLED_DAYS, prepareDemoSignatures } from './demo-signing.ts';
import { createAuditService, verifyAuditChain } from './modules/audit/service.ts';
import { createSigningCredentials } from './modules/signatures/credentials.ts';
import { createUsersService } from './modules/users/service.ts';
import { clientOf, DEMO_PROJECT_CODE } from './test/workflow-support.ts';
import { systemClock } from './platform/clock.ts';
import { bearer, createTestApp, loginAs, readJson, type TestApp } from './test/harness.ts';

describe('the demo signers (prepareDemoSignatures)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function countLive(): Promise<{ companies: number; operators: number }> {
    const rows = await selectRows<{ kind: string; n: number }>(
      t.db,
      sql`select kind, count(*)::int as n from signing_credentials where revoked_at is null group by kind`,
    );
    return {
      companies: rows.find((r) => r.kind === 'company')?.n ?? 0,
      operators: rows.find((r) => r.kind === 'operator')?.n ?? 0,
    };
  }

  it('issues every enrolled operator and its company a credential as of the demo enrolment, once', async () => {
    const expected = await selectRows<{ operators: number; companies: number }>(
      t.db,
      sql`select count(*)::int as operators, count(distinct company_id)::int as companies
          from operators where main_operator_auth`,
    );
    const { issued, sealed } = await prepareDemoSignatures({ db: t.db, config: t.config, log: t.app.log });
    expect(sealed).toBeGreaterThan(0);
    const live = await countLive();
    expect(live).toEqual({ companies: expected[0]?.companies, operators: expected[0]?.operators });
    expect(issued).toBe(live.companies + live.operators);
    // gate 7's operator is not enrolled and gets nothing
    const gate7 = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from signing_credentials c join operators o on o.id = c.operator_id
          join users u on u.id = o.user_id where u.username = 'gate7'`,
    );
    expect(gate7[0]?.n).toBe(0);

    expect(await prepareDemoSignatures({ db: t.db, config: t.config, log: t.app.log })).toEqual({
      issued: 0,
      sealed: 0,
    });
    expect(await countLive()).toEqual(live);
    expect((await verifyAuditChain(t.db)).isValid).toBe(true);

    // a seeded operator without a real name gets a stamp of their nickname
    const token = await loginAs(t.app, 'transferor');
    const info = readJson<SignatureInfo>(
      await t.app.inject({ method: 'GET', url: '/api/signature/info', headers: bearer(token) }),
    ).data;
    expect(info.credentials.map((c) => c.subject)).toEqual([
      'CN=北京示范国有资产经营有限公司, O=北京示范国有资产经营有限公司, C=CN',
      'CN=转让方演示, O=北京示范国有资产经营有限公司, C=CN',
    ]);
  });

  it("gives the workflow engine a company's signer: its key, the chain and both seals", async () => {
    const clock = systemClock;
    const audit = createAuditService({ clock });
    const users = createUsersService({ db: t.db, audit, clock, config: t.config });
    const credentials = createSigningCredentials({
      db: t.db,
      config: t.config,
      clock,
      log: t.app.log,
      audit,
      users,
    });
    const rows = await selectRows<{ operator_id: number; company_id: number; main_operator_auth: boolean }>(
      t.db,
      sql`select o.id as operator_id, o.company_id, o.main_operator_auth from operators o
          join users u on u.id = o.user_id where u.username in ('transferor', 'gate7') order by u.username`,
    );
    const [gate7, transferor] = rows;
    const signer = await credentials.findSigner(transferor?.company_id ?? 0, transferor?.operator_id ?? 0);
    expect(signer).toBeDefined();
    const certificate = new X509Certificate(signer?.certificatePem ?? '');
    expect(certificate.checkPrivateKey(createPrivateKey(signer?.privateKeyPem ?? ''))).toBe(true);
    expect(certificate.subject).toContain('CN=北京示范国有资产经营有限公司');
    expect(certificate.checkIssued(new X509Certificate(signer?.chainPems[0] ?? ''))).toBe(true);
    expect(signer?.companySealSvg).toContain('<polygon');
    expect(signer?.operatorSealSvg).toContain('<rect');
    expect(await credentials.findSigner(gate7?.company_id ?? 0, gate7?.operator_id ?? 0)).toBeUndefined();
  });
});

describe('the demo letters (prepareDemoSignatures)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await prepareDemoSignatures({ db: t.db, config: t.config, log: t.app.log });
  });
  afterAll(async () => {
    await t.close();
  });

  it("files the demo project's disclosure letter, sealed when its applicant signed it, valid by its bytes", async () => {
    const owner = clientOf(t, await loginAs(t.app, 'transferor'));
    const list = await owner.get<PageResult<SignedFile>>(
      `/api/file/signed/list?page=1&size=50&keyword=${DEMO_PROJECT_CODE}`,
    );
    expect(list.status, list.msg).toBe(0);
    const letter = list.data.list.find((row) => row.fileName === '信息披露申请函（已签章）.pdf');
    expect(letter).toBeDefined();
    expect(letter?.state).toBe('valid');
    expect(letter?.source?.code).toBe(DEMO_PROJECT_CODE);
    expect(letter?.signerName).toBe('北京示范国有资产经营有限公司');
    const [signedTask] = await selectRows<{ done_at: Date; letter_id: string; signed_letter_id: string }>(
      t.db,
      sql`select k.done_at, i.letter_id, i.signed_letter_id from action_instances i
          join projects p on p.id = i.project_id
          join tasks k on k.subject = 'action' and k.subject_id = i.id and k.type = 'EicSre'
          where p.code = ${DEMO_PROJECT_CODE} and i.action = 'disclosure'`,
    );
    // the signature's time is the course's, within the certificate issued as of the demo enrolment
    // (a signing time is kept to the second)
    const doneAt = new Date(signedTask?.done_at ?? '').getTime();
    expect(new Date(letter?.signingTime ?? '').getTime()).toBe(Math.floor(doneAt / 1000) * 1000);
    expect(signedTask?.letter_id).toEqual(expect.any(String));
    const [revision] = await selectRows<{ letter_id: string }>(
      t.db,
      sql`select r.letter_id from action_revisions r join action_instances i on i.id = r.instance_id
          where i.signed_letter_id = ${signedTask?.signed_letter_id ?? null}`,
    );
    expect(revision?.letter_id).toBe(signedTask?.letter_id);

    const detail = await owner.get<SignedFileDetail>(`/api/file/signed/${letter?.id ?? ''}`);
    expect(detail.data.verification.state).toBe('valid');
    expect(
      new Date(detail.data.verification.signatures[0]?.certificateNotBefore ?? '').getTime(),
    ).toBeLessThan(Date.now() - (DEMO_ENROLLED_DAYS - 1) * 86_400_000);
    // the downloaded bytes verify publicly, found by their code
    const code = await t.app.inject({ method: 'GET', url: `/api/public/verify/${letter?.code ?? ''}` });
    expect(readJson<VerifyResult>(code).data.state).toBe('valid');

    // another company's owner neither lists it nor opens it
    const foreign = clientOf(t, await loginAs(t.app, 'transferor2'));
    const theirs = await foreign.get<PageResult<SignedFile>>(
      `/api/file/signed/list?page=1&size=50&keyword=${DEMO_PROJECT_CODE}`,
    );
    expect(theirs.data.list).toEqual([]);
    expect((await foreign.get(`/api/file/signed/${letter?.id ?? ''}`)).status).toBe(404);
    expect(readJson(await foreign.raw('GET', `/api/attachment/download/${letter?.id ?? ''}`)).status).toBe(
      404,
    );
  });

  it('seals every signed seeded course whose signer is enrolled', async () => {
    const [left] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from action_instances i
          join tasks k on k.subject = 'action' and k.subject_id = i.id and k.type = 'EicSre' and k.result = 'signed'
          where i.signed_letter_id is null`,
    );
    const [unenrolled] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from action_instances i
          join tasks k on k.subject = 'action' and k.subject_id = i.id and k.type = 'EicSre' and k.result = 'signed'
          join operators o on o.id = k.done_by
          where not o.main_operator_auth`,
    );
    expect(left?.n).toBe(unenrolled?.n);
  });
});
