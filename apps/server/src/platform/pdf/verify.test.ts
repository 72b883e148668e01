// The PAdES verifier against letters signed by signPdf with a test authority: intact and trusted is valid; a byte
// changed inside the signed ranges, bytes appended after the signature, a broken signature value, a certificate of
// another root or one not valid at the signing time are each invalid for their own reason; a PDF without a
// signature is unsigned. poppler's pdfsig is asked about the same files where it has an opinion.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openBuiltinAuthority,
  ROOT_COMMON_NAME,
  type CertificateAuthority,
} from '../signing/certificate-authority.ts';
import { renderLetter, type Letter } from './letter.ts';
import { signPdf, type PdfSigner } from './pades.ts';
import { parsePdfDate, verifyPdf } from './verify.ts';

const COMPANY = '华北示范实业集团有限公司';
const ISSUED_AT = new Date('2026-11-01T02:00:00Z');
const SIGNED_AT = new Date('2026-11-22T02:00:00Z');

const LETTER: Letter = {
  title: '项目中止申请函',
  addressee: '致：示范产权交易所',
  paragraphs: ['我单位申请中止“北京示范国有资产经营有限公司废旧设备一批”项目（GR2026BJ1000123）的信息披露。'],
  fields: [{ label: '申请日期', value: '2026-11-22' }],
  applicant: COMPANY,
  date: '2026年11月22日',
};

const dir = mkdtempSync(join(tmpdir(), 'cqjy-verify-'));
let authority: CertificateAuthority;
let serialNumber = '';
let unsigned: Uint8Array;
let signed: Buffer;
let foreignSigned: Buffer;
let otherRootPem = '';
let signer: PdfSigner;

async function issueSigner(ca: CertificateAuthority): Promise<{ signer: PdfSigner; serialNumber: string }> {
  const issued = await ca.issue({
    kind: 'company',
    commonName: COMPANY,
    organization: COMPANY,
    serialNumber: '91110000MA01234567',
  });
  if (issued.privateKeyPem === null) throw new Error('the built-in authority hands out the key');
  return {
    signer: {
      certificatePem: issued.certificatePem,
      privateKeyPem: issued.privateKeyPem,
      chainPems: [ca.rootCertificatePem],
    },
    serialNumber: issued.serialNumber,
  };
}

async function sign(
  by: PdfSigner,
  signingTime: Date = SIGNED_AT,
  texts: { reason: string; name: string; location: string } = {
    reason: '项目中止申请',
    name: COMPANY,
    location: '北京',
  },
): Promise<Buffer> {
  const letter = await renderLetter(LETTER);
  return signPdf({
    pdf: letter.pdf,
    signer: by,
    pageIndex: letter.pageIndex,
    rect: letter.sealRect,
    ...texts,
    signingTime,
  });
}

const trusted = () => ({ trustedRootPems: [authority.rootCertificatePem] });

let fileNo = 0;
function pdfsig(bytes: Uint8Array): string {
  fileNo += 1;
  const path = join(dir, `${fileNo}.pdf`);
  writeFileSync(path, bytes);
  const result = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

function byteRangeOf(pdf: Buffer): number[] {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1'));
  if (match === null) throw new Error('no /ByteRange');
  return match.slice(1, 5).map(Number);
}

beforeAll(async () => {
  const clock = { now: () => ISSUED_AT };
  authority = await openBuiltinAuthority({ dir: join(dir, 'ca'), rootKeyBits: 2048, clock });
  ({ signer, serialNumber } = await issueSigner(authority));
  const other = await openBuiltinAuthority({ dir: join(dir, 'other-ca'), rootKeyBits: 2048, clock });
  otherRootPem = other.rootCertificatePem;
  foreignSigned = await sign((await issueSigner(other)).signer);
  unsigned = (await renderLetter(LETTER)).pdf;
  signed = await sign(signer);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('verifyPdf', () => {
  it('finds a letter signed by signPdf valid, with its signer, certificate, time and hash', () => {
    const result = verifyPdf(signed, trusted());
    expect(result).toMatchObject({
      state: 'valid',
      problem: null,
      sha256: createHash('sha256').update(signed).digest('hex'),
      size: signed.length,
    });
    expect(result.signatures).toHaveLength(1);
    expect(result.signatures[0]).toMatchObject({
      byteRange: byteRangeOf(signed),
      coversWholeFile: true,
      isDigestValid: true,
      isSignatureValid: true,
      isTrusted: true,
      isCertificateValid: true,
      signer: { commonName: COMPANY, organization: COMPANY, text: `CN=${COMPANY}, O=${COMPANY}, C=CN` },
      serialNumber,
      issuer: { commonName: ROOT_COMMON_NAME, organization: '产权交易所' },
      signingTime: SIGNED_AT,
      signingTimeSource: 'signedAttribute',
      // written as UTF-16 text strings (pdfTextBytes): the Chinese reads back as it was given
      reason: '项目中止申请',
      location: '北京',
      name: COMPANY,
      state: 'valid',
      problem: null,
    });
    expect(result.signatures[0]?.certificateNotBefore?.getTime()).toBeLessThanOrEqual(ISSUED_AT.getTime());
    expect(pdfsig(signed)).toContain('Signature is Valid');
  });

  it('reads the dictionary texts back whatever their bytes: parentheses, backslashes, line ends', async () => {
    const texts = {
      reason: '信息披露（GR2026BJ1000123）(a\\b)',
      name: 'Demo Co.,\nLtd.',
      location: '北京(西城)',
    };
    const result = verifyPdf(await sign(signer, SIGNED_AT, texts), trusted());
    expect(result.state).toBe('valid');
    expect(result.signatures[0]).toMatchObject(texts);
  });

  it('finds one byte changed inside a signed range: the file was modified', () => {
    const tampered = Buffer.from(signed);
    // the page's size: a digit of its /MediaBox
    const at = tampered.indexOf('/MediaBox') + '/MediaBox [ 0 0 '.length;
    expect(at).toBeGreaterThan(100);
    expect(at).toBeLessThan(byteRangeOf(signed)[1] ?? 0);
    expect(String.fromCharCode(tampered[at] ?? 0)).toMatch(/\d/);
    tampered[at] = tampered[at] === 0x35 ? 0x36 : 0x35;
    const result = verifyPdf(tampered, trusted());
    expect(result).toMatchObject({ state: 'invalid', problem: 'modified' });
    expect(result.signatures[0]).toMatchObject({
      coversWholeFile: true,
      isDigestValid: false,
      problem: 'modified',
    });
    // the signer is still named: the signature itself is intact, what it signed is not
    expect(result.signatures[0]?.signer?.commonName).toBe(COMPANY);
    expect(pdfsig(tampered)).toMatch(/Digest Mismatch/);
  });

  it('finds a byte changed in the second signed range (after the signature value) too', () => {
    const [, , c = 0, d = 0] = byteRangeOf(signed);
    const tampered = Buffer.from(signed);
    const at = c + Math.floor(d / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    expect(verifyPdf(tampered, trusted())).toMatchObject({ state: 'invalid', problem: 'modified' });
  });

  it('flags bytes appended after signing: the signature no longer covers the whole file', () => {
    const appended = Buffer.concat([signed, Buffer.from('\n% appended after signing\n', 'latin1')]);
    const result = verifyPdf(appended, trusted());
    expect(result).toMatchObject({ state: 'invalid', problem: 'modified' });
    expect(result.signatures[0]).toMatchObject({
      coversWholeFile: false,
      isDigestValid: true,
      isSignatureValid: true,
      isTrusted: true,
    });
    // pdfsig still calls the signature itself valid, and says it does not cover the document
    const report = pdfsig(appended);
    expect(report).toContain('Signature is Valid');
    expect(report).toMatch(/Not total document signed/);
    expect(pdfsig(signed)).toMatch(/Total document signed/);
  });

  it('answers unsigned for a PDF without a signature, and for bytes that are no PDF', () => {
    expect(verifyPdf(unsigned, trusted())).toEqual({
      state: 'unsigned',
      problem: null,
      sha256: createHash('sha256').update(unsigned).digest('hex'),
      size: unsigned.length,
      signatures: [],
    });
    expect(verifyPdf(Buffer.from('not a pdf at all'), trusted()).state).toBe('unsigned');
    expect(verifyPdf(new Uint8Array(0), trusted()).state).toBe('unsigned');
  });

  it('finds a certificate of another root untrusted, though its signature verifies', () => {
    const result = verifyPdf(foreignSigned, trusted());
    expect(result).toMatchObject({ state: 'invalid', problem: 'untrusted' });
    expect(result.signatures[0]).toMatchObject({
      isDigestValid: true,
      isSignatureValid: true,
      isTrusted: false,
      signer: { commonName: COMPANY },
    });
    expect(verifyPdf(foreignSigned, { trustedRootPems: [] }).problem).toBe('untrusted');
    // trusting that other root as well makes it valid
    const both = { trustedRootPems: [authority.rootCertificatePem, otherRootPem] };
    expect(verifyPdf(foreignSigned, both).state).toBe('valid');
  });

  it('finds a signature dated outside the certificate validity untrusted', async () => {
    const early = await sign(signer, new Date('2026-10-01T00:00:00Z'));
    const result = verifyPdf(early, trusted());
    expect(result).toMatchObject({ state: 'invalid', problem: 'untrusted' });
    expect(result.signatures[0]).toMatchObject({
      isTrusted: true,
      isCertificateValid: false,
      isSignatureValid: true,
    });
  });

  it('finds a changed signature value a bad signature', () => {
    const [, b = 0] = byteRangeOf(signed);
    const hexStart = b + 1;
    const hex = signed.subarray(hexStart, hexStart + 8).toString('latin1');
    // the DER length of the CMS (30 82 LL LL): the RSA signature value ends it
    expect(hex.slice(0, 4).toLowerCase()).toBe('3082');
    const derLength = 4 + parseInt(hex.slice(4, 8), 16);
    const tampered = Buffer.from(signed);
    const at = hexStart + (derLength - 20) * 2;
    tampered[at] = tampered[at] === 0x30 ? 0x31 : 0x30;
    const result = verifyPdf(tampered, trusted());
    expect(result).toMatchObject({ state: 'invalid', problem: 'badSignature' });
    expect(result.signatures[0]).toMatchObject({ isDigestValid: true, isSignatureValid: false });
    expect(pdfsig(tampered)).not.toContain('Signature is Valid');
  });

  it('finds a signature value that is no CMS a bad signature, and ranges that leave the file modified', () => {
    const [, b = 0, c = 0] = byteRangeOf(signed);
    const zeroed = Buffer.from(signed);
    zeroed.fill(0x30, b + 1, c - 1);
    expect(verifyPdf(zeroed, trusted())).toMatchObject({ state: 'invalid', problem: 'badSignature' });

    const text = signed.toString('latin1');
    const range = /\/ByteRange\s*\[[^\]]*\]/.exec(text);
    if (range === null) throw new Error('no /ByteRange');
    const shifted = range[0].replace(/\[\s*0\s/, '[1 ');
    const moved = Buffer.from(text.replace(range[0], shifted.padEnd(range[0].length)), 'latin1');
    expect(verifyPdf(moved, trusted())).toMatchObject({ state: 'invalid', problem: 'modified' });
  });
});

describe('parsePdfDate', () => {
  it('reads PDF dates with and without an offset', () => {
    expect(parsePdfDate("D:20261122100000+08'00'")).toEqual(new Date('2026-11-22T02:00:00Z'));
    expect(parsePdfDate('D:20261122020000Z')).toEqual(new Date('2026-11-22T02:00:00Z'));
    expect(parsePdfDate("D:20261121200000-06'00'")).toEqual(new Date('2026-11-22T02:00:00Z'));
    expect(parsePdfDate('D:2026')).toEqual(new Date('2026-01-01T00:00:00Z'));
    expect(parsePdfDate('yesterday')).toBeNull();
  });
});
