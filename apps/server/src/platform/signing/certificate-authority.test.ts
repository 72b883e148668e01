import { execFileSync } from 'node:child_process';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openBuiltinAuthority,
  ROOT_COMMON_NAME,
  type CertificateAuthority,
  type IssuedCertificate,
} from './certificate-authority.ts';

const OPENSSL = '/usr/bin/openssl';
const dirs: string[] = [];

function makeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cqjy-ca-test-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function openssl(args: string[]): string {
  return execFileSync(OPENSSL, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `openssl verify` of `certificatePem` against `rootPem`; answers its output (throws when it fails). */
function verifyChain(rootPem: string, certificatePem: string): string {
  const dir = makeDir();
  writeFileSync(join(dir, 'root.pem'), rootPem);
  writeFileSync(join(dir, 'cert.pem'), certificatePem);
  return openssl([
    'verify',
    '-CAfile',
    join(dir, 'root.pem'),
    '-purpose',
    'smimesign',
    join(dir, 'cert.pem'),
  ]);
}

function printSubject(certificatePem: string): string {
  const dir = makeDir();
  writeFileSync(join(dir, 'cert.pem'), certificatePem);
  return openssl(['x509', '-in', join(dir, 'cert.pem'), '-noout', '-subject', '-issuer', '-nameopt', 'utf8']);
}

describe('the built-in certificate authority', () => {
  let dir: string;
  let authority: CertificateAuthority;
  let company: IssuedCertificate;

  beforeAll(async () => {
    dir = makeDir();
    authority = await openBuiltinAuthority({ dir, rootKeyBits: 2048 });
    company = await authority.issue({
      kind: 'company',
      commonName: '北京示范国有资产经营有限公司',
      organization: '北京示范国有资产经营有限公司',
      serialNumber: '91110105MA01234567',
    });
  });

  it('makes a self-signed CA root in the directory, its key readable by the owner only', () => {
    const root = new X509Certificate(authority.rootCertificatePem);
    expect(root.ca).toBe(true);
    expect(root.subject).toContain(`CN=${ROOT_COMMON_NAME}`);
    expect(root.verify(root.publicKey)).toBe(true);
    expect(readFileSync(join(dir, 'root-cert.pem'), 'utf8')).toBe(authority.rootCertificatePem);
    expect(statSync(join(dir, 'root-key.pem')).mode & 0o777).toBe(0o600);
    const years = (root.validToDate.getTime() - root.validFromDate.getTime()) / (365.25 * 86_400_000);
    expect(Math.round(years)).toBe(20);
    const text = openssl(['x509', '-in', join(dir, 'root-cert.pem'), '-noout', '-text']);
    expect(text).toMatch(/Basic Constraints: critical\s+CA:TRUE/);
    expect(text).toMatch(/Key Usage: critical\s+Certificate Sign, CRL Sign/);
    expect(text).toContain('Subject Key Identifier');
  });

  it('issues a certificate that chains to the root (openssl verify)', () => {
    expect(verifyChain(authority.rootCertificatePem, company.certificatePem)).toContain(': OK');
  });

  it('keeps the Chinese names and the credit code in the subject', () => {
    const printed = printSubject(company.certificatePem);
    expect(printed).toContain(
      'subject=C=CN, O=北京示范国有资产经营有限公司, CN=北京示范国有资产经营有限公司, serialNumber=91110105MA01234567',
    );
    expect(printed).toContain(`issuer=C=CN, O=产权交易所, CN=${ROOT_COMMON_NAME}`);
  });

  it('issues for signing only: two years, a random positive 16-byte serial, the authority key id', () => {
    const certificate = new X509Certificate(company.certificatePem);
    expect(certificate.ca).toBe(false);
    expect(certificate.serialNumber).toBe(company.serialNumber);
    expect(company.serialNumber).toMatch(/^[0-7][0-9A-F]{31}$/);
    expect(company.serialNumber.startsWith('00')).toBe(false);
    const days = (company.notAfter.getTime() - company.notBefore.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(730);
    expect(certificate.checkIssued(new X509Certificate(authority.rootCertificatePem))).toBe(true);
    const dir2 = makeDir();
    writeFileSync(join(dir2, 'cert.pem'), company.certificatePem);
    const text = openssl(['x509', '-in', join(dir2, 'cert.pem'), '-noout', '-text']);
    expect(text).toMatch(/Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text).toMatch(
      /Extended Key Usage:\s+E-mail Protection, (Microsoft Encrypted File System|1\.3\.6\.1\.4\.1\.311\.10\.3\.12|Microsoft Document Signing)/,
    );
    expect(text).toContain('Authority Key Identifier');
  });

  it('hands back the private key of the certificate', () => {
    const key = createPrivateKey(company.privateKeyPem ?? '');
    const certificate = new X509Certificate(company.certificatePem);
    expect(certificate.checkPrivateKey(key)).toBe(true);
  });

  it('draws a new serial for every certificate; a person without an ID number has no serialNumber attribute', async () => {
    const person = await authority.issue({
      kind: 'operator',
      commonName: '欧阳娜娜',
      organization: '北京示范国有资产经营有限公司',
      serialNumber: null,
    });
    expect(person.serialNumber).not.toBe(company.serialNumber);
    expect(printSubject(person.certificatePem)).toContain(
      'subject=C=CN, O=北京示范国有资产经营有限公司, CN=欧阳娜娜\n',
    );
    expect(verifyChain(authority.rootCertificatePem, person.certificatePem)).toContain(': OK');
  });

  it('loads the same root on a restart (same serial), and two starts at once agree on one root', async () => {
    const again = await openBuiltinAuthority({ dir, rootKeyBits: 2048 });
    expect(again.rootCertificatePem).toBe(authority.rootCertificatePem);
    const fresh = makeDir();
    const [first, second] = await Promise.all([
      openBuiltinAuthority({ dir: fresh, rootKeyBits: 2048 }),
      openBuiltinAuthority({ dir: fresh, rootKeyBits: 2048 }),
    ]);
    expect(new X509Certificate(first.rootCertificatePem).serialNumber).toBe(
      new X509Certificate(second.rootCertificatePem).serialNumber,
    );
    const issued = await second.issue({
      kind: 'company',
      commonName: '甲',
      organization: '甲',
      serialNumber: null,
    });
    expect(verifyChain(first.rootCertificatePem, issued.certificatePem)).toContain(': OK');
  });

  it('makes the root certificate again from the key when a start died between the two files', async () => {
    const torn = makeDir();
    const before = await openBuiltinAuthority({ dir: torn, rootKeyBits: 2048 });
    unlinkSync(join(torn, 'root-cert.pem'));
    const after = await openBuiltinAuthority({ dir: torn, rootKeyBits: 2048 });
    expect(existsSync(join(torn, 'root-cert.pem'))).toBe(true);
    expect(
      new X509Certificate(after.rootCertificatePem).publicKey.export({ format: 'pem', type: 'spki' }),
    ).toBe(new X509Certificate(before.rootCertificatePem).publicKey.export({ format: 'pem', type: 'spki' }));
  });
});

describe('a supplied root', () => {
  let supplied: string;

  beforeAll(() => {
    supplied = makeDir();
    openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-utf8',
      '-subj',
      '/C=CN/O=外部电子认证服务有限公司/CN=外部根证书',
      '-days',
      '3650',
      '-keyout',
      join(supplied, 'key.pem'),
      '-out',
      join(supplied, 'cert.pem'),
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
  });

  it('is used instead of a generated one, and what it issues verifies against it', async () => {
    const unused = join(makeDir(), 'ca');
    const authority = await openBuiltinAuthority({
      dir: unused,
      certFile: join(supplied, 'cert.pem'),
      keyFile: join(supplied, 'key.pem'),
    });
    expect(authority.rootCertificatePem).toBe(readFileSync(join(supplied, 'cert.pem'), 'utf8'));
    expect(existsSync(unused)).toBe(false);
    const issued = await authority.issue({
      kind: 'operator',
      commonName: '张三',
      organization: '示范产权经纪有限公司',
      serialNumber: '11010519491231002X',
    });
    expect(verifyChain(authority.rootCertificatePem, issued.certificatePem)).toContain(': OK');
    expect(printSubject(issued.certificatePem)).toContain(
      'issuer=C=CN, O=外部电子认证服务有限公司, CN=外部根证书',
    );
  });

  it('is refused with a key of another certificate, or with only one of the two files', async () => {
    const other = makeDir();
    openssl([
      'genpkey',
      '-algorithm',
      'RSA',
      '-pkeyopt',
      'rsa_keygen_bits:2048',
      '-out',
      join(other, 'key.pem'),
    ]);
    await expect(
      openBuiltinAuthority({
        dir: other,
        certFile: join(supplied, 'cert.pem'),
        keyFile: join(other, 'key.pem'),
      }),
    ).rejects.toThrow('不匹配');
    await expect(openBuiltinAuthority({ dir: other, certFile: join(supplied, 'cert.pem') })).rejects.toThrow(
      '须同时设置',
    );
  });
});
