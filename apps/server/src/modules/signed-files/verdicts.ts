// The verdict of a PDF's signatures, shared by the use cases: checked against the portal's trusted roots, from
// bytes uploaded or read again from storage, and answered as the public verification's result.
import {
  describeVerdict,
  SIGNATURE_STATE_LABELS,
  toVerifyCode,
  type SignatureCheck,
  type VerifyResult,
} from '@cqjy/domain';
import { verifyPdf, type PdfVerification, type SignatureVerdict } from '../../platform/pdf/verify.ts';
import type { SignedFilesUseCaseDeps } from './deps.ts';

/** The trusted roots, read at the first call and kept. */
export function rootsOnce(load: () => Promise<string[]>): () => Promise<string[]> {
  let roots: Promise<string[]> | undefined;
  return () => {
    roots ??= load();
    // a root that could not be read is asked for again next time, not remembered as missing
    roots.catch(() => {
      roots = undefined;
    });
    return roots;
  };
}

function toCheck(signature: SignatureVerdict): SignatureCheck {
  return {
    signerName: signature.signer?.commonName ?? null,
    signerOrganization: signature.signer?.organization ?? null,
    certificateSerial: signature.serialNumber,
    issuer: signature.issuer?.commonName ?? signature.issuer?.text ?? null,
    signingTime: signature.signingTime?.toISOString() ?? null,
    certificateNotBefore: signature.certificateNotBefore?.toISOString() ?? null,
    certificateNotAfter: signature.certificateNotAfter?.toISOString() ?? null,
    reason: signature.reason,
    coversWholeFile: signature.coversWholeFile,
    isDigestValid: signature.isDigestValid,
    isSignatureValid: signature.isSignatureValid,
    isTrusted: signature.isTrusted,
    isCertificateValid: signature.isCertificateValid,
    state: signature.state,
    problem: signature.problem,
  };
}

export function toVerifyResult(verification: PdfVerification, checkedAt: Date): VerifyResult {
  return {
    state: verification.state,
    stateLabel: SIGNATURE_STATE_LABELS[verification.state],
    problem: verification.problem,
    message: describeVerdict(verification.state, verification.problem),
    sha256: verification.sha256,
    code: toVerifyCode(verification.sha256),
    size: verification.size,
    signatures: verification.signatures.map(toCheck),
    checkedAt: checkedAt.toISOString(),
  };
}

async function readAll(stream: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

export async function verifyBytes(
  { trustedRoots }: SignedFilesUseCaseDeps,
  bytes: Buffer,
): Promise<PdfVerification> {
  return verifyPdf(bytes, { trustedRootPems: await trustedRoots() });
}

/**
 * The verdict of stored bytes, read again at every call: bytes changed in storage are caught, and bytes that
 * are no longer the content their key (the sha256 they were stored under) names count as modified, even when
 * they carry a valid signature of their own.
 */
export async function verifyStored(
  deps: SignedFilesUseCaseDeps,
  storageKey: string,
): Promise<PdfVerification> {
  const verdict = await verifyBytes(deps, await readAll(await deps.storage.get(storageKey)));
  if (verdict.sha256 === storageKey) return verdict;
  return { ...verdict, state: 'invalid', problem: 'modified' };
}
