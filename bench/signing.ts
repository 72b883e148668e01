// Letter generation and signature of the workflow engine, in process: for each of N letters (default 50), the
// application letter is rendered (renderLetter, Chinese fonts subset into the PDF) and signed with a company
// credential of the built-in authority and a visible seal (signPdf), as POST .../submit and .../signature do.
// Prints p50/p95/max of each part and of the two together. The first letter warms the font cache and is not
// counted. An optional first argument sets N.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeLetter, findAction } from '@cqjy/domain';
import { renderLetter } from '../apps/server/src/platform/pdf/letter.ts';
import { signPdf } from '../apps/server/src/platform/pdf/pades.ts';
import { openBuiltinAuthority } from '../apps/server/src/platform/signing/certificate-authority.ts';
import { drawCompanySeal, renderSealPng } from '../apps/server/src/platform/signing/seal.ts';
import { percentile } from './lib.ts';

const count = Number(process.argv[2] ?? 50);
const company = '北京示范国有资产经营有限公司';
const config = findAction('bulk', 'abort');
if (config === undefined) throw new Error('the registry has no bulk abort');

const dir = mkdtempSync(join(tmpdir(), 'cqjy-bench-signing-'));
const authority = await openBuiltinAuthority({ dir: join(dir, 'ca') });
const issued = await authority.issue({
  kind: 'company',
  commonName: company,
  organization: company,
  serialNumber: '91110105MA00000001',
});
if (issued.privateKeyPem === null) throw new Error('the built-in authority hands out the key');
const signer = {
  certificatePem: issued.certificatePem,
  privateKeyPem: issued.privateKeyPem,
  chainPems: [authority.rootCertificatePem],
};
const sealPng = renderSealPng(drawCompanySeal({ companyName: company }), 300);

type Sample = { render: number; sign: number; total: number; bytes: number };

async function one(i: number): Promise<Sample> {
  const started = performance.now();
  const letter = await renderLetter(
    composeLetter({
      config: config!,
      form: {
        reason: `标的资产权属需进一步确认（第${i}份）`,
        remark: '请尽快处理',
        expectedResumeDate: '2026-12-01',
      },
      project: { name: '北京示范国有资产经营有限公司废旧设备一批', code: `GR2026BJ${String(1000000 + i)}` },
      applicant: company,
      exchange: '示范产权交易所',
      day: '2026-11-22',
    }),
  );
  const rendered = performance.now();
  const signed = await signPdf({
    pdf: letter.pdf,
    signer,
    sealPng,
    pageIndex: letter.pageIndex,
    rect: letter.sealRect,
    reason: config!.letterTitle,
    name: company,
    location: '中国',
    signingTime: new Date(),
  });
  const done = performance.now();
  return { render: rendered - started, sign: done - rendered, total: done - started, bytes: signed.length };
}

await one(0);
const samples: Sample[] = [];
for (let i = 1; i <= count; i += 1) samples.push(await one(i));
rmSync(dir, { recursive: true, force: true });

const row = (name: string, values: number[]) => ({
  part: name,
  'p50 ms': percentile(values, 50).toFixed(1),
  'p95 ms': percentile(values, 95).toFixed(1),
  'max ms': Math.max(...values).toFixed(1),
});
console.log(
  `letters: ${count}, signed size p50 ${(
    percentile(
      samples.map((s) => s.bytes),
      50,
    ) / 1024
  ).toFixed(0)} KB`,
);
console.table([
  row(
    'render letter',
    samples.map((s) => s.render),
  ),
  row(
    'sign (PAdES + seal)',
    samples.map((s) => s.sign),
  ),
  row(
    'letter + signature',
    samples.map((s) => s.total),
  ),
]);
