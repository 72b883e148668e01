// The certificate authority behind e-signature enrolment. `CertificateAuthority` is what the signatures module
// uses, so an external CA (a licensed Chinese CA's API) can replace the built-in one without touching it.
//
// The built-in authority keeps a self-signed root in `config.ca.dir` (root-key.pem 0600, root-cert.pem), made at
// first start, or uses a root supplied as two PEM files. It issues each company and each main operator a
// two-year signing certificate (digitalSignature + nonRepudiation; e-mail protection and document signing) with
// a fresh RSA key. Keys come from node:crypto (forge's JavaScript key generation takes seconds) and are signed
// natively too; forge only assembles the certificate structure. Names are UTF8String so Chinese names survive.
import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { systemClock, type Clock } from '../clock.ts';
import { readOrCreateFile } from './write-once.ts';

export type SubjectKind = 'company' | 'operator';

export type CertificateSubject = {
  kind: SubjectKind;
  commonName: string;
  organization: string;
  /** the subject serialNumber attribute: a company's credit code, a person's ID number; null when unknown */
  serialNumber: string | null;
  /** how long the certificate is valid; the authority's default (two years) when absent */
  validityDays?: number;
};

export type IssuedCertificate = {
  certificatePem: string;
  /** null when the authority keeps the key itself (an external CA signing remotely) */
  privateKeyPem: string | null;
  /** upper-case hex, as openssl and node:crypto print it */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
};

export type CertificateAuthority = {
  /** 'builtin', or the name of an external authority; stored with every credential it issued */
  name: string;
  rootCertificatePem: string;
  issue(subject: CertificateSubject): Promise<IssuedCertificate>;
};

export type BuiltinAuthorityOptions = {
  /** where the generated root lives */
  dir: string;
  /** a supplied root (both or neither): used instead of the generated one */
  certFile?: string | undefined;
  keyFile?: string | undefined;
  clock?: Clock;
  /** the generated root's key size; issued keys are 2048 bits */
  rootKeyBits?: number;
};

export const BUILTIN_AUTHORITY_NAME = 'builtin';
export const ROOT_COMMON_NAME = '产权交易所电子签章根证书';
const ROOT_ORGANIZATION = '产权交易所';
const ROOT_KEY_FILE = 'root-key.pem';
const ROOT_CERT_FILE = 'root-cert.pem';
const ROOT_VALIDITY_YEARS = 20;
const DEFAULT_VALIDITY_DAYS = 2 * 365;
const ISSUED_KEY_BITS = 2048;
const DAY_MS = 86_400_000;
/** Certificates start a few minutes in the past, so a verifier whose clock runs a little behind accepts them. */
const BACKDATE_MS = 5 * 60_000;
/** id-kp-emailProtection (what PDF readers ask of a signer) and Microsoft's document signing purpose. */
const SIGNING_PURPOSES = ['1.3.6.1.5.5.7.3.4', '1.3.6.1.4.1.311.10.3.12'];
/** DER prefix of a SHA-256 DigestInfo (RFC 8017 section 9.2, note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

const generateRsaKeyPair = promisify(generateKeyPair);

type Root = { certificatePem: string; certificate: forge.pki.Certificate; key: KeyObject };

type ForgeAttribute = { type?: string; shortName?: string; value: string; valueTagClass?: number };

/**
 * forge signs with whatever has `sign(md)`: this one does the RSA operation in node:crypto (about 3 ms against
 * forge's 70 ms) over the digest forge computed, as RSASSA-PKCS1-v1_5 with SHA-256.
 */
function createNativeSigner(key: KeyObject): { sign(md: forge.md.MessageDigest): string } {
  return {
    sign: (md) => {
      const digest = Buffer.from(md.digest().getBytes(), 'binary');
      const encoded = Buffer.concat([SHA256_DIGEST_INFO, digest]);
      return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, encoded).toString('binary');
    },
  };
}

function signCertificate(certificate: forge.pki.Certificate, key: KeyObject): void {
  // forge's typings want its own key type; any object with sign(md) is what it calls.
  certificate.sign(createNativeSigner(key) as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
}

/** 16 random bytes as a positive DER INTEGER without a leading zero byte (RFC 5280 section 4.1.2.2). */
function drawSerialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) % 0x7f) + 1;
  return bytes.toString('hex');
}

const UTF8_TAG: number = forge.asn1.Type.UTF8;
const PRINTABLE = /^[A-Za-z0-9 '()+,\-./:=?]*$/;

function textAttribute(shortName: string, value: string): ForgeAttribute {
  return { shortName, value, valueTagClass: forge.asn1.Type.UTF8 };
}

function serialNumberAttribute(value: string): ForgeAttribute {
  const valueTagClass = PRINTABLE.test(value) ? forge.asn1.Type.PRINTABLESTRING : forge.asn1.Type.UTF8;
  return { type: '2.5.4.5', value, valueTagClass };
}

/**
 * The subject of a parsed certificate as attributes to write again. forge hands UTF8String values back as their
 * raw bytes but encodes them once more when writing, so they are decoded first; without it the issuer name of
 * every certificate would differ from the root's subject and no chain would verify.
 */
function toWritableAttributes(certificate: forge.pki.Certificate): ForgeAttribute[] {
  return certificate.subject.attributes.map((attribute) => {
    // Typed as a class by @types/node-forge, it holds the universal tag number (12 for UTF8String).
    const tag = attribute.valueTagClass as unknown as number;
    const value = String(attribute.value);
    return {
      type: attribute.type,
      value: tag === UTF8_TAG ? forge.util.decodeUtf8(value) : value,
      valueTagClass: tag,
    };
  });
}

function buildExtendedKeyUsage(): forge.asn1.Asn1 {
  const { asn1 } = forge;
  return asn1.create(
    asn1.Class.UNIVERSAL,
    asn1.Type.SEQUENCE,
    true,
    SIGNING_PURPOSES.map((oid) =>
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    ),
  );
}

/** The root's key identifier: its own extension when it has one, else the usual SHA-1 of its public key. */
function readKeyIdentifier(certificate: forge.pki.Certificate): string {
  const extension: { subjectKeyIdentifier?: string } | undefined =
    certificate.getExtension('subjectKeyIdentifier');
  if (extension?.subjectKeyIdentifier !== undefined) {
    return forge.util.hexToBytes(extension.subjectKeyIdentifier);
  }
  return certificate.generateSubjectKeyIdentifier().getBytes();
}

function isSameKeyPair(certificatePem: string, key: KeyObject): boolean {
  const fromCertificate = createPublicKey(certificatePem).export({ type: 'spki', format: 'der' });
  const fromKey = createPublicKey(key).export({ type: 'spki', format: 'der' });
  return fromCertificate.equals(fromKey);
}

function createRootCertificatePem(keyPem: string, now: Date): string {
  const key = createPrivateKey(keyPem);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
  );
  certificate.serialNumber = drawSerialNumber();
  certificate.validity.notBefore = new Date(now.getTime() - BACKDATE_MS);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + ROOT_VALIDITY_YEARS);
  certificate.validity.notAfter = notAfter;
  const name = [
    { shortName: 'C', value: 'CN' },
    textAttribute('O', ROOT_ORGANIZATION),
    textAttribute('CN', ROOT_COMMON_NAME),
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  signCertificate(certificate, key);
  return forge.pki.certificateToPem(certificate);
}

async function generateRootKeyPem(bits: number): Promise<string> {
  const pair = await generateRsaKeyPair('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return pair.privateKey;
}

/**
 * The root of `dir`, made on first use. Key first, then the certificate from whatever key won: a process that
 * died between the two leaves a key from which the next start makes the certificate.
 */
async function openGeneratedRoot(dir: string, clock: Clock, bits: number): Promise<Root> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const keyPem = await readOrCreateFile(join(dir, ROOT_KEY_FILE), () => generateRootKeyPem(bits), 0o600);
  const certificatePem = await readOrCreateFile(
    join(dir, ROOT_CERT_FILE),
    () => createRootCertificatePem(keyPem, clock.now()),
    0o644,
  );
  return parseRoot(certificatePem, keyPem, dir);
}

function parseRoot(certificatePem: string, keyPem: string, where: string): Root {
  const key = createPrivateKey(keyPem);
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`电子签章根证书须使用 RSA 密钥：${where}`);
  if (!isSameKeyPair(certificatePem, key)) {
    throw new Error(`电子签章根证书与其私钥不匹配：${where}`);
  }
  return { certificatePem, certificate: forge.pki.certificateFromPem(certificatePem), key };
}

async function openSuppliedRoot(certFile: string, keyFile: string): Promise<Root> {
  const [certificatePem, keyPem] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
  const root = parseRoot(certificatePem, keyPem, `${certFile}, ${keyFile}`);
  const constraints: { cA?: boolean } | undefined = root.certificate.getExtension('basicConstraints');
  if (constraints?.cA !== true) throw new Error(`CA_CERT_FILE 不是 CA 证书：${certFile}`);
  return root;
}

/**
 * The built-in authority: the supplied root when both files are given, else the generated one in `dir`.
 * Safe to call from several processes at once.
 */
export async function openBuiltinAuthority(options: BuiltinAuthorityOptions): Promise<CertificateAuthority> {
  const clock = options.clock ?? systemClock;
  if ((options.certFile === undefined) !== (options.keyFile === undefined)) {
    throw new Error('CA_CERT_FILE 与 CA_KEY_FILE 须同时设置');
  }
  const root =
    options.certFile !== undefined && options.keyFile !== undefined
      ? await openSuppliedRoot(options.certFile, options.keyFile)
      : await openGeneratedRoot(options.dir, clock, options.rootKeyBits ?? 3072);
  const issuerName = toWritableAttributes(root.certificate);
  const authorityKeyId = readKeyIdentifier(root.certificate);

  async function issue(subject: CertificateSubject): Promise<IssuedCertificate> {
    const pair = await generateRsaKeyPair('rsa', {
      modulusLength: ISSUED_KEY_BITS,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const now = clock.now();
    const notBefore = new Date(now.getTime() - BACKDATE_MS);
    const notAfter = new Date(now.getTime() + (subject.validityDays ?? DEFAULT_VALIDITY_DAYS) * DAY_MS);
    // An issued certificate never outlives the root that vouches for it.
    const rootNotAfter = root.certificate.validity.notAfter;
    const certificate = forge.pki.createCertificate();
    certificate.publicKey = forge.pki.publicKeyFromPem(pair.publicKey);
    certificate.serialNumber = drawSerialNumber();
    certificate.validity.notBefore = notBefore;
    certificate.validity.notAfter = notAfter < rootNotAfter ? notAfter : rootNotAfter;
    certificate.setSubject([
      { shortName: 'C', value: 'CN' },
      textAttribute('O', subject.organization),
      textAttribute('CN', subject.commonName),
      ...(subject.serialNumber === null ? [] : [serialNumberAttribute(subject.serialNumber)]),
    ]);
    certificate.setIssuer(issuerName);
    certificate.setExtensions([
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
      { id: '2.5.29.37', value: buildExtendedKeyUsage() },
      { name: 'subjectKeyIdentifier' },
      { name: 'authorityKeyIdentifier', keyIdentifier: authorityKeyId },
    ]);
    signCertificate(certificate, root.key);
    return {
      certificatePem: forge.pki.certificateToPem(certificate),
      privateKeyPem: pair.privateKey,
      serialNumber: certificate.serialNumber.toUpperCase(),
      notBefore: certificate.validity.notBefore,
      notAfter: certificate.validity.notAfter,
    };
  }

  return { name: BUILTIN_AUTHORITY_NAME, rootCertificatePem: root.certificatePem, issue };
}
