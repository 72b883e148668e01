// Letters render with their Chinese text and sign so that poppler's pdfsig verifies them; one changed byte is
// detected.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBuiltinAuthority, type CertificateAuthority } from '../signing/certificate-authority.ts';
import { drawCompanySeal, renderSealPng } from '../signing/seal.ts';
import { renderLetter, type Letter } from './letter.ts';
import { signPdf } from './pades.ts';

const LETTER: Letter = {
  title: '项目中止申请函',
  addressee: '致：示范产权交易所',
  paragraphs: [
    '我单位在贵所挂牌的“北京示范国有资产经营有限公司废旧设备一批”项目（项目编号 GR2026BJ1000123），因标的资产权属需进一步确认，现申请中止信息披露。',
    '我单位承诺所提交材料真实、准确、完整，并承担相应的法律责任。',
  ],
  fields: [
    { label: '项目名称', value: '北京示范国有资产经营有限公司废旧设备一批' },
    { label: '中止原因', value: '标的资产权属需进一步确认 (ownership to be confirmed)' },
    { label: '申请日期', value: '2026-11-22' },
  ],
  applicant: '华北示范实业集团有限公司',
  date: '2026年11月22日',
};

const dir = mkdtempSync(join(tmpdir(), 'cqjy-pdf-'));
let ca: CertificateAuthority;
let signer: { certificatePem: string; privateKeyPem: string; chainPems: string[] };

beforeAll(async () => {
  ca = await openBuiltinAuthority({ dir: join(dir, 'ca'), rootKeyBits: 2048 });
  const issued = await ca.issue({
    kind: 'company',
    commonName: LETTER.applicant,
    organization: LETTER.applicant,
    serialNumber: '91110000MA01234567',
  });
  if (issued.privateKeyPem === null) throw new Error('the built-in authority hands out the key');
  signer = {
    certificatePem: issued.certificatePem,
    privateKeyPem: issued.privateKeyPem,
    chainPems: [ca.rootCertificatePem],
  };
});

function pdfsig(path: string): string {
  const result = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

describe('PDF letters', () => {
  it('renders the Chinese text so that it can be extracted again', async () => {
    const letter = await renderLetter(LETTER);
    const path = join(dir, 'letter.pdf');
    writeFileSync(path, letter.pdf);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(
      /\s+/g,
      '',
    );
    expect(text).toContain('项目中止申请函');
    expect(text).toContain('申请单位：华北示范实业集团有限公司');
    expect(text).toContain('(ownershiptobeconfirmed)');
    expect(letter.pdf.length).toBeLessThan(200_000);
  });

  it('signs with a visible seal that pdfsig verifies; one changed byte is detected', async () => {
    const letter = await renderLetter(LETTER);
    const signed = await signPdf({
      pdf: letter.pdf,
      signer,
      sealPng: renderSealPng(drawCompanySeal({ companyName: LETTER.applicant }), 300),
      pageIndex: letter.pageIndex,
      rect: letter.sealRect,
      reason: '项目中止申请',
      name: LETTER.applicant,
      location: '北京',
      signingTime: new Date('2026-11-22T02:00:00Z'),
    });
    const path = join(dir, 'signed.pdf');
    writeFileSync(path, signed);
    const report = pdfsig(path);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain(LETTER.applicant);

    // A byte inside the signed content (the page text stream, before the signature) changes.
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('BT');
    expect(at).toBeGreaterThan(0);
    tampered[at + 3] = tampered[at + 3] === 0x31 ? 0x32 : 0x31;
    const tamperedPath = join(dir, 'tampered.pdf');
    writeFileSync(tamperedPath, tampered);
    const tamperedReport = pdfsig(tamperedPath);
    expect(tamperedReport).not.toContain('Signature is Valid');
    expect(tamperedReport).toMatch(/Digest Mismatch|Invalid/i);
  });
});
