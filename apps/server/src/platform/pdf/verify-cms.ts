// The CMS SignedData of a PDF signature: its first signer's signed attributes, digest, signature value and
// certificates, and the check of the signature value with the signer certificate's key.
import { constants, verify as verifySignature } from 'node:crypto';
import { readCertificate, type Certificate } from './verify-certificates.ts';
import {
  childrenOf,
  contentOf,
  decodeTime,
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

export type SignedCms = {
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
export function parseCms(bytes: Buffer): SignedCms {
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

export function verifyCmsSignature(cms: SignedCms, signer: Certificate, content: Buffer): boolean {
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
