// Sealing an application letter the company e-signs (the workflow engine's letters, the re-payout applications of
// 退票信息): the operator's enrolled signer is loaded first, so that a company not enrolled is refused before its
// SMS code is spent; then the stored letter is read back, checked against the hash the code was bound to, and
// signed (PAdES) with the company's credential and its seal drawn where the letter left room for it.
import { createHash } from 'node:crypto';
import { MSG } from '@cqjy/domain';
import { conflict, refused } from '../../platform/errors.ts';
import { signPdf } from '../../platform/pdf/pades.ts';
import type { SealRect } from '../../platform/pdf/letter.ts';
import { renderSealPng } from '../../platform/signing/seal.ts';
import type { Signer, SignaturesService } from './service.ts';

/** Seal image resolution: 300 px over the 120 pt seal box prints sharply. */
const SEAL_PX = 300;

export type EnrolledSigner = Signer & { privateKeyPem: string };

export type LetterLayout = { pageIndex: number; sealRect: SealRect };

/** The operator's signer, refused when the company's key is not held here. */
export async function requireSigner(
  signatures: Pick<SignaturesService, 'loadSigner'>,
  companyId: number,
  operatorId: number,
): Promise<EnrolledSigner> {
  const signer = await signatures.loadSigner(companyId, operatorId);
  if (signer.privateKeyPem === null) throw refused(MSG.signatureNotEnrolled);
  return { ...signer, privateKeyPem: signer.privateKeyPem };
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Signs the stored letter read from `unsigned`, which must be the one whose sha256 the sign code was bound to (a
 * letter replaced meanwhile: 409).
 */
export async function sealLetter(
  signer: EnrolledSigner,
  input: {
    unsigned: NodeJS.ReadableStream;
    sha256: string;
    layout: LetterLayout;
    reason: string;
    name: string;
    at: Date;
  },
): Promise<Buffer> {
  const bytes = await readAll(input.unsigned);
  if (createHash('sha256').update(bytes).digest('hex') !== input.sha256) throw conflict();
  return signPdf({
    pdf: bytes,
    signer: {
      certificatePem: signer.certificatePem,
      privateKeyPem: signer.privateKeyPem,
      chainPems: signer.chainPems,
    },
    sealPng: renderSealPng(signer.companySealSvg, SEAL_PX),
    pageIndex: input.layout.pageIndex,
    rect: input.layout.sealRect,
    reason: input.reason,
    name: input.name,
    location: '中国',
    signingTime: input.at,
  });
}
