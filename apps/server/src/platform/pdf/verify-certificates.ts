// The certificates a PDF signature carries: their names as shown, and the chain from the signer to a trusted root.
import { X509Certificate } from 'node:crypto';
import {
  childrenOf,
  contentOf,
  decodeText,
  DerError,
  expectTag,
  integerHex,
  OID,
  rawOf,
  readDer,
  readOid,
  TAG,
  type Der,
} from './verify-der.ts';

export type SignerName = {
  commonName: string | null;
  organization: string | null;
  /** the subject as one line, e.g. CN=..., O=..., C=CN */
  text: string;
};

const NAME_LABELS: Readonly<Record<string, string>> = {
  '2.5.4.3': 'CN',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.6': 'C',
  '2.5.4.5': 'serialNumber',
};

/** How far a chain is followed before giving up. */
const MAX_CHAIN = 8;

function readName(bytes: Buffer, node: Der): SignerName {
  const parts: string[] = [];
  let commonName: string | null = null;
  let organization: string | null = null;
  for (const rdn of childrenOf(bytes, expectTag(node, TAG.sequence))) {
    for (const pair of childrenOf(bytes, expectTag(rdn, TAG.set))) {
      const [type, value] = childrenOf(bytes, expectTag(pair, TAG.sequence));
      if (value === undefined) continue;
      const oid = readOid(bytes, type);
      const text = decodeText(bytes, value);
      if (oid === OID.commonName) commonName ??= text;
      if (oid === OID.organization) organization ??= text;
      // the ID number or credit code of a serialNumber attribute is left out of the line shown
      if (oid !== '2.5.4.5') parts.push(`${NAME_LABELS[oid] ?? oid}=${text}`);
    }
  }
  return { commonName, organization, text: parts.reverse().join(', ') };
}

export type Certificate = {
  raw: Buffer;
  x509: X509Certificate;
  serialHex: string;
  issuerRaw: Buffer;
  issuer: SignerName;
  subject: SignerName;
  /** hex, lower case; null without the extension */
  subjectKeyId: string | null;
};

export function readCertificate(bytes: Buffer, node: Der): Certificate {
  const raw = Buffer.from(rawOf(bytes, node));
  const [tbs] = childrenOf(bytes, expectTag(node, TAG.sequence));
  const fields = childrenOf(bytes, expectTag(tbs, TAG.sequence));
  const rest = fields[0]?.tag === TAG.context0 ? fields.slice(1) : fields;
  const [serial, , issuer, , subject] = rest;
  if (serial === undefined || issuer === undefined || subject === undefined) {
    throw new DerError('short certificate');
  }
  let subjectKeyId: string | null = null;
  const extensions = rest.find((field) => field.tag === TAG.context3);
  if (extensions !== undefined) {
    const [list] = childrenOf(bytes, extensions);
    for (const extension of list === undefined ? [] : childrenOf(bytes, list)) {
      const parts = childrenOf(bytes, extension);
      if (readOid(bytes, parts[0]) !== OID.subjectKeyIdentifier) continue;
      const wrapped = parts[parts.length - 1];
      if (wrapped?.tag !== TAG.octetString) continue;
      const inner = readDer(bytes, wrapped.contentStart, wrapped.contentEnd);
      if (inner.tag === TAG.octetString) subjectKeyId = contentOf(bytes, inner).toString('hex');
    }
  }
  return {
    raw,
    x509: new X509Certificate(raw),
    serialHex: integerHex(bytes, serial),
    issuerRaw: Buffer.from(rawOf(bytes, issuer)),
    issuer: readName(bytes, issuer),
    subject: readName(bytes, subject),
    subjectKeyId,
  };
}

export function parseTrustedRoots(pems: readonly string[]): X509Certificate[] {
  const roots: X509Certificate[] = [];
  for (const pem of pems) {
    for (const block of pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []) {
      roots.push(new X509Certificate(block));
    }
  }
  return roots;
}

function isIssuedBy(subject: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return subject.checkIssued(issuer) && subject.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

export function wasValidAt(certificate: X509Certificate, at: Date): boolean {
  const from = new Date(certificate.validFrom).getTime();
  const to = new Date(certificate.validTo).getTime();
  return from <= at.getTime() && at.getTime() <= to;
}

/**
 * The chain from the signer up to a trusted root, through the certificates the signature carries; null when it
 * reaches none. A certificate that is itself a trusted root ends the chain.
 */
export function buildChain(
  signer: X509Certificate,
  carried: readonly X509Certificate[],
  roots: readonly X509Certificate[],
): X509Certificate[] | null {
  const chain = [signer];
  let current = signer;
  for (let depth = 0; depth < MAX_CHAIN; depth += 1) {
    if (roots.some((root) => root.raw.equals(current.raw))) return chain;
    const root = roots.find((candidate) => isIssuedBy(current, candidate));
    if (root !== undefined) return [...chain, root];
    const next = carried.find(
      (candidate) =>
        candidate.ca &&
        !chain.some((link) => link.raw.equals(candidate.raw)) &&
        isIssuedBy(current, candidate),
    );
    if (next === undefined) return null;
    chain.push(next);
    current = next;
  }
  return null;
}
