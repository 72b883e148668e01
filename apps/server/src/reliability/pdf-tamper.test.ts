// Row 12, tampered PDFs: the letters the portal signs (the workflow's e-signature of an application letter: one
// signed action of every family that signs one on the engine's calls, the member's registration among them; cap
// and auction sign only their disclosure, applied for from the project form) verify untouched in poppler's pdfsig
// (exit 0, "Signature is Valid") and in an independent CMS check (openssl cms -verify over the signed byte
// ranges); one byte flipped inside the signed ranges, at six positions of each letter, fails both. Beside the
// portal's own verifier (电签文件 and the public verification page, platform/pdf/verify.ts, tested there), its
// evidence is the sha256 of the signed letter in the hash-chained audit row (workflow.sign) and the content address
// of the stored file, and a tampered copy matches neither; a byte flipped in storage itself is served as it is,
// and caught by the same three checks.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ACTION_CONFIGS,
  isFormDisclosure,
  type ActionConfig,
  type ActionFieldDef,
  type ActionView,
} from '@cqjy/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client.ts';
import {
  clientOf,
  DEMO_PROJECT_CODE,
  enrolSigner,
  findProjectId,
  signRequest,
  uploadApplicationFile,
  type Client,
} from '../test/workflow-support.ts';
import { createCapturingSmsProvider, createTestApp, loginAs, type TestApp } from '../test/harness.ts';
import { makeRediscoverable } from '../test/vehicle-support.ts';

const OTP = '246810';
const scratch = mkdtempSync(join(tmpdir(), 'cqjy-pdf-tamper-'));
const storageDir = join(scratch, 'files');

/** One signed action of every family that has one (the owner's first), and the member's registration. */
const SIGNED: ActionConfig[] = [
  ...new Map(
    ACTION_CONFIGS.filter((c) => c.isSigned && !isFormDisclosure(c) && c.applicant === 'owner').map((c) => [
      c.family,
      c,
    ]),
  ).values(),
  ...ACTION_CONFIGS.filter((c) => c.applicant === 'agent' && c.isSigned).slice(0, 1),
];

let t: TestApp;
const tokens: Record<'owner' | 'agent', string> = { owner: '', agent: '' };
let exchange: Client;

beforeAll(async () => {
  t = await createTestApp({
    smsProvider: createCapturingSmsProvider(),
    env: { LOGIN_RATE_MAX: '1000', OTP_RATE_MAX: '10000', OTP_FIXED: OTP, STORAGE_DIR: storageDir },
  });
  await enrolSigner(t, 'transferor');
  await enrolSigner(t, 'agent');
  tokens.owner = await loginAs(t.app, 'transferor');
  tokens.agent = await loginAs(t.app, 'agent');
  exchange = clientOf(t, await loginAs(t.app, 'admin'));
});

afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

function validValue(field: ActionFieldDef): string | number {
  switch (field.kind) {
    case 'textarea':
    case 'text':
      return `${field.label.replace(/（.*）/, '')}：签章测试`.slice(0, field.max ?? 100);
    case 'date':
      return '2026-12-01';
    case 'datetime':
      return field.name === 'biddingEnd' ? '2026-12-01 11:30' : '2026-12-01 09:30';
    case 'integer':
      return field.min ?? 1;
    case 'money':
      return field.name === 'reservePrice' ? 2_000_000_00 : 1_000_000_00;
  }
}

type Signed = { label: string; pdf: Buffer; uuid: string; auditSha256: string; storageKey: string };

/** Applies for `config` on a fresh project, submits and e-signs: the signed letter as the portal serves it. */
async function signLetter(config: ActionConfig, n: number): Promise<Signed> {
  const code = `GRPDF${String(n).padStart(6, '0')}`;
  const status = config.allowedProjectStatuses?.[0] ?? 'disclosing';
  await t.db.execute(sql`
    insert into projects (company_id, agent_company_id, family, business_type, name, code, status,
      disclosure_start, disclosure_end)
    select company_id, agent_company_id, ${config.family}, business_type, name, ${code}, ${status},
      disclosure_start, disclosure_end
    from projects where code = ${DEMO_PROJECT_CODE}`);
  const projectId = await findProjectId(t, code);
  // a disposal is disclosed again only once its listing period passed with vehicles unsold (the vehicles' precondition)
  if (config.family === 'motorVehicle' && config.action === 'rediscovery')
    await makeRediscoverable(t, projectId);
  const token = config.applicant === 'agent' ? tokens.agent : tokens.owner;
  const client = clientOf(t, token);
  const base = `/api/project/${config.family}/${config.action}`;
  const created = await client.post<{ id: number; version: number }>(`${base}/create`, { projectId });
  expect(created.status, created.msg).toBe(0);
  const id = created.data.id;
  const form = Object.fromEntries(config.fields.map((field) => [field.name, validValue(field)]));
  const saved = await client.post<{ version: number }>(`${base}/save`, {
    id,
    version: created.data.version,
    form,
  });
  expect(saved.status, saved.msg).toBe(0);
  await uploadApplicationFile(t, token, id);
  const submitted = await client.post<{ taskId: number }>(`${base}/submit`, {
    id,
    version: saved.data.version,
  });
  expect(submitted.status, submitted.msg).toBe(0);
  t.clock.advance(61_000);
  expect((await client.post('/api/workflow/sign/otp', { dataId: id })).status).toBe(0);
  const signed = await client.post(
    `${base}/signature`,
    signRequest({ dataId: id, taskId: submitted.data.taskId, type: 'EicSre', otp: OTP }),
  );
  expect(signed.status, signed.msg).toBe(0);
  const view = await exchange.get<ActionView>(`${base}/show/${id}`);
  const uuid = view.data.signedLetter?.uuid ?? '';
  const response = await client.raw('GET', `/api/attachment/download/${uuid}`);
  expect(response.statusCode).toBe(200);
  const audit = await selectRows<{ detail: { signedSha256: string } }>(
    t.db,
    sql`select detail from audit_log where action = 'workflow.sign' and target = ${String(id)}`,
  );
  const rows = await selectRows<{ storage_key: string }>(
    t.db,
    sql`select storage_key from attachments where id = ${uuid}`,
  );
  return {
    label: `${config.family}/${config.action}`,
    pdf: response.rawPayload,
    uuid,
    auditSha256: audit[0]?.detail.signedSha256 ?? '',
    storageKey: rows[0]?.storage_key ?? '',
  };
}

let fileNo = 0;
function scratchFile(bytes: Buffer, suffix: string): string {
  fileNo += 1;
  const path = join(scratch, `${fileNo}-${suffix}`);
  writeFileSync(path, bytes);
  return path;
}

/** pdfsig's verdict: its exit code and whether it reports the signature valid. */
function pdfsig(bytes: Buffer): { code: number | null; isValid: boolean; report: string } {
  const result = spawnSync('/usr/bin/pdfsig', [scratchFile(bytes, 'letter.pdf')], { encoding: 'utf8' });
  const report = `${result.stdout}${result.stderr}`;
  return { code: result.status, isValid: /Signature is Valid/.test(report), report };
}

/** The signed byte ranges of a PDF signature: [start1, length1, start2, length2]. */
function byteRange(pdf: Buffer): [number, number, number, number] {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1'));
  if (match === null) throw new Error('no /ByteRange');
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

/**
 * An independent check of the CMS signature: the DER of /Contents (its zero padding cut by the DER length) over
 * the two signed ranges, with openssl cms -verify (signature and message digest; the chain is pdfsig's business).
 */
function opensslVerifies(pdf: Buffer): boolean {
  const [a, b, c, d] = byteRange(pdf);
  const hex = pdf.subarray(a + b + 1, c - 1).toString('latin1');
  let der = Buffer.from(hex, 'hex');
  if (der[0] === 0x30 && der[1] === 0x82) der = der.subarray(0, 4 + der.readUInt16BE(2));
  else if (der[0] === 0x30 && der[1] === 0x83) der = der.subarray(0, 5 + der.readUIntBE(2, 3));
  const content = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const result = spawnSync(
    '/usr/bin/openssl',
    [
      'cms',
      '-verify',
      '-binary',
      '-noverify',
      '-inform',
      'DER',
      '-in',
      scratchFile(der, 'sig.der'),
      '-content',
      scratchFile(content, 'content.bin'),
      '-out',
      '/dev/null',
    ],
    { encoding: 'utf8' },
  );
  return result.status === 0;
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Six positions inside the signed ranges: the header, the middle and the last byte of the first range, the first,
 * the middle and the last byte of the second. */
function tamperPositions(pdf: Buffer): { where: string; at: number }[] {
  const [a, b, c, d] = byteRange(pdf);
  return [
    { where: 'header', at: a + 5 },
    { where: 'first range, middle (page content)', at: a + Math.floor(b / 2) },
    { where: 'first range, last byte before /Contents', at: a + b - 1 },
    { where: 'second range, first byte after /Contents', at: c },
    { where: 'second range, middle', at: c + Math.floor(d / 2) },
    { where: 'second range, last byte (end of file)', at: c + d - 1 },
  ];
}

function flip(pdf: Buffer, at: number): Buffer {
  const copy = Buffer.from(pdf);
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
}

describe('letters signed by the portal', () => {
  const letters: Signed[] = [];
  const figures = { letters: 0, tampered: 0, pdfsigCaught: 0, opensslCaught: 0, auditHashCaught: 0 };
  const startedAt = performance.now();

  it(`signs ${SIGNED.length} letters of ${new Set(SIGNED.map((c) => c.family)).size} families`, async () => {
    expect(SIGNED.length).toBeGreaterThanOrEqual(10);
    for (const [i, config] of SIGNED.entries()) letters.push(await signLetter(config, i + 1));
    figures.letters = letters.length;
  });

  it('verifies every untouched letter: pdfsig exit 0 and valid, openssl cms valid, audit hash and address match', () => {
    for (const letter of letters) {
      const verdict = pdfsig(letter.pdf);
      expect(verdict.code, `${letter.label}\n${verdict.report}`).toBe(0);
      expect(verdict.isValid, `${letter.label}\n${verdict.report}`).toBe(true);
      expect(opensslVerifies(letter.pdf), letter.label).toBe(true);
      expect(sha256(letter.pdf)).toBe(letter.auditSha256);
      expect(sha256(letter.pdf)).toBe(letter.storageKey);
    }
  });

  it('fails every check when one byte inside the signed ranges changes, at six positions of each letter', () => {
    for (const letter of letters) {
      for (const { where, at } of tamperPositions(letter.pdf)) {
        const tampered = flip(letter.pdf, at);
        const label = `${letter.label}, ${where} (byte ${at})`;
        const verdict = pdfsig(tampered);
        expect(verdict.isValid, `${label}\n${verdict.report}`).toBe(false);
        expect(opensslVerifies(tampered), label).toBe(false);
        expect(sha256(tampered), label).not.toBe(letter.auditSha256);
        figures.tampered += 1;
        figures.pdfsigCaught += verdict.isValid ? 0 : 1;
        figures.opensslCaught += 1;
        figures.auditHashCaught += 1;
      }
    }
  });

  it('a byte flipped in storage is served as it is, and caught by pdfsig, openssl and the audit hash', async () => {
    const letter = letters[0];
    if (letter === undefined) throw new Error('no letter');
    const key = letter.storageKey;
    const path = join(storageDir, key.slice(0, 2), key.slice(2, 4), key);
    const stored = readFileSync(path);
    expect(stored).toEqual(letter.pdf);
    const [a, b] = byteRange(stored);
    writeFileSync(path, flip(stored, a + Math.floor(b / 2)));
    try {
      const response = await clientOf(t, tokens.owner).raw('GET', `/api/attachment/download/${letter.uuid}`);
      expect(response.statusCode).toBe(200);
      const served = response.rawPayload;
      expect(served).not.toEqual(letter.pdf);
      expect(pdfsig(served).isValid).toBe(false);
      expect(opensslVerifies(served)).toBe(false);
      expect(sha256(served)).not.toBe(letter.auditSha256);
      expect(sha256(served)).not.toBe(key);
    } finally {
      writeFileSync(path, stored);
    }
    console.log(
      `[reliability row 12] ${JSON.stringify({
        ...figures,
        families: new Set(letters.map((l) => l.label.split('/')[0])).size,
        positionsPerLetter: 6,
        seconds: Math.round((performance.now() - startedAt) / 100) / 10,
      })}`,
    );
  });
});
