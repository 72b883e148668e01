// Verifies the PAdES signatures of a PDF the way a reader does, from the bytes alone: every signature dictionary
// (/ByteRange, /Contents) is found, its ranges checked to cover the file but the signature value, the covered
// bytes hashed and compared with the signed messageDigest, the CMS signature over the signed attributes (their
// DER re-tagged as a SET) verified with the signer certificate's key, and the certificate followed to one of the
// trusted roots and checked to have been valid at the signing time.
//
// The CMS structure is read with a small DER reader of its own rather than re-encoded by a library, so that the
// signed attributes are verified over exactly the bytes the signer signed.
import { createHash, verify as verifySignature, X509Certificate, constants } from 'node:crypto';
import type { SignatureProblem, SignatureState } from '@cqjy/domain';

export type SignerName = {
  commonName: string | null;
  organization: string | null;
  /** the subject as one line, e.g. CN=..., O=..., C=CN */
  text: string;
};

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

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  rsaEncryption: '1.2.840.113549.1.1.1',
  rsaPss: '1.2.840.113549.1.1.10',
  subjectKeyIdentifier: '2.5.29.14',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
} as const;

/** Digest algorithms by OID, as node:crypto names them. */
const DIGESTS: Readonly<Record<string, string>> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
  '2.16.840.1.101.3.4.2.4': 'sha224',
};

/** Signature algorithms that name their own digest (RSA PKCS#1 v1.5 and ECDSA). */
const SIGNATURE_DIGESTS: Readonly<Record<string, string>> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.113549.1.1.14': 'sha224',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
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

// --- DER ------------------------------------------------------------------------------------------------------

type Der = {
  tag: number;
  /** where the element starts (its tag byte) */
  start: number;
  /** where its content starts and ends */
  contentStart: number;
  contentEnd: number;
  /** where the element ends (after an end-of-contents marker for an indefinite length) */
  end: number;
};

class DerError extends Error {}

const TAG = {
  integer: 0x02,
  octetString: 0x04,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  t61String: 0x14,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  universalString: 0x1c,
  bmpString: 0x1e,
  sequence: 0x30,
  set: 0x31,
  context0: 0xa0,
  context1: 0xa1,
  context3: 0xa3,
  implicit0: 0x80,
} as const;

/** One element at `offset`; BER's indefinite lengths are followed too (some signers wrap their CMS in them). */
function readDer(bytes: Buffer, offset: number, limit: number = bytes.length): Der {
  if (offset + 2 > limit) throw new DerError('truncated header');
  const tag = bytes[offset] ?? 0;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not used here');
  const first = bytes[offset + 1] ?? 0;
  let contentStart = offset + 2;
  if (first === 0x80) {
    if ((tag & 0x20) === 0) throw new DerError('indefinite length of a primitive');
    let at = contentStart;
    for (;;) {
      if (at + 2 > limit) throw new DerError('no end-of-contents');
      if (bytes[at] === 0 && bytes[at + 1] === 0) break;
      at = readDer(bytes, at, limit).end;
    }
    return { tag, start: offset, contentStart, contentEnd: at, end: at + 2 };
  }
  let length = first;
  if (first > 0x80) {
    const count = first & 0x7f;
    if (count > 4 || contentStart + count > limit) throw new DerError('bad length');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + (bytes[contentStart + i] ?? 0);
    contentStart += count;
  }
  const contentEnd = contentStart + length;
  if (contentEnd > limit) throw new DerError('content past its parent');
  return { tag, start: offset, contentStart, contentEnd, end: contentEnd };
}

function childrenOf(bytes: Buffer, node: Der): Der[] {
  const children: Der[] = [];
  for (let at = node.contentStart; at < node.contentEnd;) {
    const child = readDer(bytes, at, node.contentEnd);
    children.push(child);
    at = child.end;
  }
  return children;
}

function expectTag(node: Der | undefined, tag: number): Der {
  if (node?.tag !== tag) throw new DerError(`expected tag ${tag.toString(16)}`);
  return node;
}

function contentOf(bytes: Buffer, node: Der): Buffer {
  return bytes.subarray(node.contentStart, node.contentEnd);
}

function rawOf(bytes: Buffer, node: Der): Buffer {
  return bytes.subarray(node.start, node.end);
}

function decodeOid(content: Buffer): string {
  if (content.length === 0) throw new DerError('empty OID');
  const first = content[0] ?? 0;
  const parts = [Math.min(Math.floor(first / 40), 2), first - Math.min(Math.floor(first / 40), 2) * 40];
  let value = 0;
  for (let i = 1; i < content.length; i += 1) {
    const byte = content[i] ?? 0;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

function readOid(bytes: Buffer, node: Der | undefined): string {
  return decodeOid(contentOf(bytes, expectTag(node, TAG.oid)));
}

/** UTF-16BE bytes as UTF-16LE (what Buffer decodes); an odd last byte is dropped. */
function swapToUtf16le(bytes: Buffer): Buffer {
  return Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2))).swap16();
}

function decodeText(bytes: Buffer, node: Der): string {
  const content = contentOf(bytes, node);
  switch (node.tag) {
    case TAG.utf8String:
      return content.toString('utf8');
    case TAG.bmpString:
      return swapToUtf16le(content).toString('utf16le');
    case TAG.universalString: {
      let text = '';
      for (let i = 0; i + 3 < content.length; i += 4) text += String.fromCodePoint(content.readUInt32BE(i));
      return text;
    }
    default:
      return content.toString('latin1');
  }
}

function decodeTime(bytes: Buffer, node: Der): Date | null {
  const text = contentOf(bytes, node).toString('latin1');
  const match =
    node.tag === TAG.utcTime
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(text)
      : /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.\d+)?Z$/.exec(text);
  if (match === null) return null;
  const [, y, mo, d, h, mi, s] = match;
  let year = Number(y);
  if (node.tag === TAG.utcTime) year += year < 50 ? 2000 : 1900;
  return new Date(Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)));
}

/** An INTEGER's magnitude as upper-case hex without leading zero bytes (how openssl prints serial numbers). */
function integerHex(bytes: Buffer, node: Der): string {
  let content = contentOf(bytes, expectTag(node, TAG.integer));
  while (content.length > 1 && content[0] === 0) content = content.subarray(1);
  return content.toString('hex').toUpperCase();
}

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

// --- certificates -----------------------------------------------------------------------------------------------

type Certificate = {
  raw: Buffer;
  x509: X509Certificate;
  serialHex: string;
  issuerRaw: Buffer;
  issuer: SignerName;
  subject: SignerName;
  /** hex, lower case; null without the extension */
  subjectKeyId: string | null;
};

function readCertificate(bytes: Buffer, node: Der): Certificate {
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

function parseTrustedRoots(pems: readonly string[]): X509Certificate[] {
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

function wasValidAt(certificate: X509Certificate, at: Date): boolean {
  const from = new Date(certificate.validFrom).getTime();
  const to = new Date(certificate.validTo).getTime();
  return from <= at.getTime() && at.getTime() <= to;
}

/**
 * The chain from the signer up to a trusted root, through the certificates the signature carries; null when it
 * reaches none. A certificate that is itself a trusted root ends the chain.
 */
function buildChain(
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

// --- CMS --------------------------------------------------------------------------------------------------------

type SignedCms = {
  digestName: string | null;
  /** the DER of the signed attributes as signed: re-tagged from [0] IMPLICIT to SET */
  signedAttributes: Buffer | null;
  messageDigest: Buffer | null;
  signingTime: Date | null;
  signatureAlgorithm: string;
  signature: Buffer;
  signer: Certificate | null;
  certificates: Certificate[];
};

function findSigner(bytes: Buffer, sid: Der, certificates: readonly Certificate[]): Certificate | null {
  if (sid.tag === TAG.sequence) {
    const [issuer, serial] = childrenOf(bytes, sid);
    if (issuer === undefined || serial === undefined) return null;
    const issuerRaw = rawOf(bytes, issuer);
    const serialHex = integerHex(bytes, serial);
    return (
      certificates.find((cert) => cert.serialHex === serialHex && cert.issuerRaw.equals(issuerRaw)) ?? null
    );
  }
  if (sid.tag === TAG.implicit0) {
    const keyId = contentOf(bytes, sid).toString('hex');
    return certificates.find((cert) => cert.subjectKeyId === keyId) ?? null;
  }
  return null;
}

/** The first signer of a detached CMS SignedData (a PDF signature has one). */
function parseCms(bytes: Buffer): SignedCms {
  const contentInfo = readDer(bytes, 0);
  const [type, wrapped] = childrenOf(bytes, expectTag(contentInfo, TAG.sequence));
  if (readOid(bytes, type) !== OID.signedData) throw new DerError('not SignedData');
  const [signedDataNode] = childrenOf(bytes, expectTag(wrapped, TAG.context0));
  const parts = childrenOf(bytes, expectTag(signedDataNode, TAG.sequence));
  const certificates: Certificate[] = [];
  const certificatesNode = parts.find((part) => part.tag === TAG.context0);
  for (const node of certificatesNode === undefined ? [] : childrenOf(bytes, certificatesNode)) {
    // other certificate formats (attribute certificates ...) are not signers
    if (node.tag === TAG.sequence) certificates.push(readCertificate(bytes, node));
  }
  const signerInfos = parts[parts.length - 1];
  const [signerInfo] = childrenOf(bytes, expectTag(signerInfos, TAG.set));
  const fields = childrenOf(bytes, expectTag(signerInfo, TAG.sequence));
  const [, sid, digestAlgorithm] = fields;
  if (sid === undefined || digestAlgorithm === undefined) throw new DerError('short SignerInfo');
  const digestOid = readOid(bytes, childrenOf(bytes, digestAlgorithm)[0]);
  let at = 3;
  let signedAttributes: Buffer | null = null;
  let messageDigest: Buffer | null = null;
  let signingTime: Date | null = null;
  const attributesNode = fields[at];
  if (attributesNode?.tag === TAG.context0) {
    at += 1;
    const raw = rawOf(bytes, attributesNode);
    signedAttributes = Buffer.concat([Buffer.from([TAG.set]), raw.subarray(1)]);
    for (const attribute of childrenOf(bytes, attributesNode)) {
      const [attributeType, values] = childrenOf(bytes, expectTag(attribute, TAG.sequence));
      const oid = readOid(bytes, attributeType);
      const [value] = values === undefined ? [] : childrenOf(bytes, values);
      if (value === undefined) continue;
      if (oid === OID.messageDigest && value.tag === TAG.octetString) {
        messageDigest = Buffer.from(contentOf(bytes, value));
      } else if (oid === OID.signingTime) {
        signingTime = decodeTime(bytes, value);
      }
    }
  }
  const signatureAlgorithmNode = fields[at];
  const signatureNode = expectTag(fields[at + 1], TAG.octetString);
  const signatureAlgorithm = readOid(
    bytes,
    childrenOf(bytes, expectTag(signatureAlgorithmNode, TAG.sequence))[0],
  );
  return {
    digestName: DIGESTS[digestOid] ?? null,
    signedAttributes,
    messageDigest,
    signingTime,
    signatureAlgorithm,
    signature: Buffer.from(contentOf(bytes, signatureNode)),
    signer: findSigner(bytes, sid, certificates),
    certificates,
  };
}

function verifyCmsSignature(cms: SignedCms, signer: Certificate, content: Buffer): boolean {
  const data = cms.signedAttributes ?? content;
  const algorithm = cms.signatureAlgorithm;
  const digest =
    algorithm === OID.rsaEncryption || algorithm === OID.rsaPss
      ? cms.digestName
      : (SIGNATURE_DIGESTS[algorithm] ?? cms.digestName);
  if (digest === null) return false;
  const key = signer.x509.publicKey;
  try {
    if (algorithm === OID.rsaPss) {
      return verifySignature(
        digest,
        data,
        { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO },
        cms.signature,
      );
    }
    return verifySignature(digest, data, key, cms.signature);
  } catch {
    return false;
  }
}

// --- the PDF ----------------------------------------------------------------------------------------------------

type SignatureField = {
  byteRange: number[];
  /** where the dictionary holding the /ByteRange starts and ends (object bounds) */
  dictionary: string;
};

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** Every signature dictionary with a filled-in /ByteRange (an unsigned placeholder has none), in file order. */
function findSignatureFields(text: string): SignatureField[] {
  const fields: SignatureField[] = [];
  for (const match of text.matchAll(BYTE_RANGE)) {
    const at = match.index;
    const objectStart = text.lastIndexOf(' obj', at);
    const objectEnd = text.indexOf('endobj', at);
    fields.push({
      byteRange: match.slice(1, 5).map(Number),
      dictionary: text.slice(
        objectStart === -1 ? Math.max(0, at - 4096) : objectStart,
        objectEnd === -1 ? Math.min(text.length, at + 65536) : objectEnd,
      ),
    });
  }
  return fields;
}

/** A PDF literal string's bytes: escapes resolved, nested parentheses kept. */
function readLiteralString(text: string, start: number): string | null {
  let depth = 0;
  let out = '';
  for (let i = start; i < text.length; i += 1) {
    const char = text[i] ?? '';
    if (char === '\\') {
      const next = text[i + 1] ?? '';
      i += 1;
      const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      if (next in escapes) out += escapes[next];
      else if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(text.slice(i, i + 3))?.[0] ?? next;
        out += String.fromCharCode(parseInt(octal, 8) & 0xff);
        i += octal.length - 1;
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && text[i + 1] === '\n') i += 1;
      } else out += next;
    } else if (char === '(') {
      if (depth > 0) out += char;
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth === 0) return out;
      out += char;
    } else out += char;
  }
  return null;
}

/**
 * A PDF text string's bytes (latin1 in `raw`) as text: UTF-16BE with its byte order mark, UTF-8 with its own, else
 * PDFDocEncoding, taken only when it is printable ASCII. Writers that put non-Latin text in without a byte order
 * mark (pdf-lib's PDFString.of keeps the low byte of each UTF-16 unit) leave bytes that mean nothing: null then.
 */
function decodePdfText(raw: string): string | null {
  const bytes = Buffer.from(raw, 'latin1');
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return swapToUtf16le(bytes.subarray(2)).toString('utf16le');
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return bytes.subarray(3).toString('utf8');
  }
  return /^[\x20-\x7e]*$/.test(raw) ? raw : null;
}

/** The text value of `/Key` in a dictionary: a literal (...) or hex <...> string. */
function readDictionaryText(dictionary: string, key: string): string | null {
  const match = new RegExp(`/${key}\\s*([(<])`).exec(dictionary);
  if (match === null) return null;
  const start = match.index + match[0].length - 1;
  if (match[1] === '(') {
    const raw = readLiteralString(dictionary, start);
    return raw === null ? null : decodePdfText(raw);
  }
  const end = dictionary.indexOf('>', start);
  if (end === -1) return null;
  const hex = dictionary.slice(start + 1, end).replace(/\s/g, '');
  if (!/^[0-9a-fA-F]*$/.test(hex)) return null;
  return decodePdfText(Buffer.from(hex.length % 2 === 0 ? hex : `${hex}0`, 'hex').toString('latin1'));
}

/** A PDF date (D:YYYYMMDDHHmmSS+08'00') as an instant; null when it is not one. */
export function parsePdfDate(text: string): Date | null {
  const match =
    /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(
      text.trim(),
    );
  if (match === null) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = match;
  const utc = Date.UTC(
    Number(y),
    Number(mo ?? 1) - 1,
    Number(d ?? 1),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
  );
  const offsetMinutes = sign === '+' || sign === '-' ? Number(oh ?? 0) * 60 + Number(om ?? 0) : 0;
  const at = utc - (sign === '-' ? -offsetMinutes : offsetMinutes) * 60_000;
  return Number.isNaN(at) ? null : new Date(at);
}

/**
 * The signature value hole of a byte range: [start1=0, length1, start2, length2] with the hole between them being
 * exactly the hex string of /Contents. Null when the ranges do not describe one (or leave the file).
 */
function readContentsHole(pdf: Buffer, range: number[]): { cms: Buffer; covered: Buffer } | null {
  const [a = -1, b = -1, c = -1, d = -1] = range;
  if (a !== 0 || b <= 0 || c <= b || d < 0 || c + d > pdf.length) return null;
  if (pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) return null;
  const hex = pdf.subarray(b + 1, c - 1).toString('latin1');
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) return null;
  return {
    cms: Buffer.from(hex, 'hex'),
    covered: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
  };
}

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
