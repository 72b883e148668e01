// Verifies the PAdES signatures of a PDF the way a reader does, from the bytes alone: every signature dictionary
// (/ByteRange, /Contents) is found, its ranges checked to cover the file but the signature value, the covered
// bytes hashed and compared with the signed messageDigest, the CMS signature over the signed attributes (their
// DER re-tagged as a SET) verified with the signer certificate's key, and the certificate followed to one of the
// trusted roots and checked to have been valid at the signing time.
//
// The CMS structure is read with a small DER reader of its own rather than re-encoded by a library, so that the
// signed attributes are verified over exactly the bytes the signer signed. The pieces: verify-der.ts reads DER,
// verify-certificates.ts the certificates and their chain, verify-cms.ts the CMS SignedData, verify-fields.ts
// the PDF's signature dictionaries; this file puts them together.
import { createHash, type X509Certificate } from 'node:crypto';
import type { SignatureProblem, SignatureState } from '@cqjy/domain';
import { buildChain, parseTrustedRoots, wasValidAt, type SignerName } from './verify-certificates.ts';
import { parseCms, verifyCmsSignature, type SignedCms } from './verify-cms.ts';
import {
  findSignatureFields,
  parsePdfDate,
  readContentsHole,
  readDictionaryText,
  type SignatureField,
} from './verify-fields.ts';

export type { SignerName } from './verify-certificates.ts';
export { parsePdfDate } from './verify-fields.ts';

export type SignatureVerdict = {
  /** [start1, length1, start2, length2] as the dictionary states them */
  byteRange: number[];
  /** the ranges are the whole file but the signature value */
  coversWholeFile: boolean;
  /** the covered bytes hash to the signed messageDigest */
  isDigestValid: boolean;
  /** the signature value verifies with the signer certificate's public key */
  isSignatureValid: boolean;
  /** the signer certificate leads to a trusted root */
  isTrusted: boolean;
  /** every certificate of that chain was valid at the signing time */
  isCertificateValid: boolean;
  signer: SignerName | null;
  /** upper-case hex */
  serialNumber: string | null;
  issuer: SignerName | null;
  certificateNotBefore: Date | null;
  certificateNotAfter: Date | null;
  /** the signed signingTime attribute, else the dictionary's /M */
  signingTime: Date | null;
  signingTimeSource: 'signedAttribute' | 'dictionary' | null;
  reason: string | null;
  location: string | null;
  /** the dictionary's /Name */
  name: string | null;
  state: 'valid' | 'invalid';
  problem: SignatureProblem | null;
};

export type PdfVerification = {
  state: SignatureState;
  problem: SignatureProblem | null;
  /** hex, lower case, of the whole file */
  sha256: string;
  size: number;
  /** in the order they appear in the file: the first signature first */
  signatures: SignatureVerdict[];
};

export type VerifyOptions = {
  /** the trusted root certificates, PEM */
  trustedRootPems: readonly string[];
};

type SignatureFacts = Omit<SignatureVerdict, 'state' | 'problem'>;

/**
 * The gravest problem of one signature. Only the last signature must reach the end of the file: an earlier one of
 * an incrementally updated file covers its own revision. A signature value that cannot be read is a broken
 * signature, not a changed file (its digest cannot be compared).
 */
function problemOf(
  facts: SignatureFacts,
  rules: { isCoverageRequired: boolean; isCmsReadable: boolean },
): SignatureProblem | null {
  if (rules.isCoverageRequired && !facts.coversWholeFile) return 'modified';
  if (!rules.isCmsReadable) return 'badSignature';
  if (!facts.isDigestValid) return 'modified';
  if (!facts.isSignatureValid) return 'badSignature';
  if (!facts.isTrusted || !facts.isCertificateValid) return 'untrusted';
  return null;
}

function checkSignature(
  pdf: Buffer,
  field: SignatureField,
  roots: readonly X509Certificate[],
  isLast: boolean,
): SignatureVerdict {
  const [, , c = 0, d = 0] = field.byteRange;
  const dictionaryTime = readDictionaryText(field.dictionary, 'M');
  const base: SignatureFacts = {
    byteRange: field.byteRange,
    coversWholeFile: false,
    isDigestValid: false,
    isSignatureValid: false,
    isTrusted: false,
    isCertificateValid: false,
    signer: null,
    serialNumber: null,
    issuer: null,
    certificateNotBefore: null,
    certificateNotAfter: null,
    signingTime: dictionaryTime === null ? null : parsePdfDate(dictionaryTime),
    signingTimeSource: dictionaryTime === null ? null : 'dictionary',
    reason: readDictionaryText(field.dictionary, 'Reason'),
    location: readDictionaryText(field.dictionary, 'Location'),
    name: readDictionaryText(field.dictionary, 'Name'),
  };
  const hole = readContentsHole(pdf, field.byteRange);
  const finish = (facts: SignatureFacts, isCmsReadable = true): SignatureVerdict => {
    const problem = problemOf(facts, { isCoverageRequired: isLast, isCmsReadable });
    return { ...facts, state: problem === null ? 'valid' : 'invalid', problem };
  };
  if (hole === null) return finish(base);
  const coversWholeFile = c + d === pdf.length;
  let cms: SignedCms;
  try {
    cms = parseCms(hole.cms);
  } catch {
    return finish({ ...base, coversWholeFile }, false);
  }
  const digest = cms.digestName === null ? null : createHash(cms.digestName).update(hole.covered).digest();
  const isDigestValid =
    digest !== null && (cms.signedAttributes === null || (cms.messageDigest?.equals(digest) ?? false));
  const signingTime = cms.signingTime ?? base.signingTime;
  const verdict = {
    ...base,
    coversWholeFile,
    isDigestValid,
    signingTime,
    signingTimeSource: cms.signingTime === null ? base.signingTimeSource : ('signedAttribute' as const),
  };
  const signer = cms.signer;
  if (signer === null) return finish(verdict);
  const chain = buildChain(
    signer.x509,
    cms.certificates.map((cert) => cert.x509),
    roots,
  );
  const at = signingTime ?? new Date();
  return finish({
    ...verdict,
    isSignatureValid: verifyCmsSignature(cms, signer, hole.covered),
    isTrusted: chain !== null,
    isCertificateValid: chain !== null && chain.every((link) => wasValidAt(link, at)),
    signer: signer.subject,
    serialNumber: signer.serialHex,
    issuer: signer.issuer,
    certificateNotBefore: new Date(signer.x509.validFrom),
    certificateNotAfter: new Date(signer.x509.validTo),
  });
}

/**
 * Verifies every signature of `pdf` against the trusted roots. The file is valid when it has signatures, each one
 * intact, verified and trusted, and the last one covers the whole file; unsigned when it has none; else invalid,
 * with the gravest problem found.
 */
export function verifyPdf(pdf: Uint8Array, options: VerifyOptions): PdfVerification {
  const bytes = Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const fields = findSignatureFields(bytes.toString('latin1'));
  if (fields.length === 0) {
    return { state: 'unsigned', problem: null, sha256, size: bytes.length, signatures: [] };
  }
  const roots = parseTrustedRoots(options.trustedRootPems);
  // the signature reaching furthest into the file is the last one applied
  const lastEnd = Math.max(...fields.map((field) => (field.byteRange[2] ?? 0) + (field.byteRange[3] ?? 0)));
  const signatures = fields.map((field) =>
    checkSignature(bytes, field, roots, (field.byteRange[2] ?? 0) + (field.byteRange[3] ?? 0) === lastEnd),
  );
  const problems = new Set(signatures.map((signature) => signature.problem));
  const problem =
    (['modified', 'badSignature', 'untrusted'] as const).find((candidate) => problems.has(candidate)) ?? null;
  return { state: problem === null ? 'valid' : 'invalid', problem, sha256, size: bytes.length, signatures };
}
