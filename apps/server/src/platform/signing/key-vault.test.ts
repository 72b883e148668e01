import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openKeyVault } from './key-vault.ts';

const dirs: string[] = [];
function makeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cqjy-vault-test-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const PEM = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n';

describe('the key vault', () => {
  it('round-trips a key with the configured secret; the sealed text hides it', async () => {
    const vault = await openKeyVault({ secret: 'a configured secret', dir: makeDir() });
    const sealed = vault.encrypt(PEM, 'SERIAL1');
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(vault.decrypt(sealed, 'SERIAL1')).toBe(PEM);
    // a fresh IV every time
    expect(vault.encrypt(PEM, 'SERIAL1')).not.toBe(sealed);
  });

  it('fails with another secret, another context or a changed byte', async () => {
    const vault = await openKeyVault({ secret: 'right secret', dir: makeDir() });
    const other = await openKeyVault({ secret: 'wrong secret', dir: makeDir() });
    const sealed = vault.encrypt(PEM, 'SERIAL1');
    expect(() => other.decrypt(sealed, 'SERIAL1')).toThrow('私钥解密失败');
    expect(() => vault.decrypt(sealed, 'SERIAL2')).toThrow('私钥解密失败');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => vault.decrypt(tampered, 'SERIAL1')).toThrow('私钥解密失败');
    expect(() => vault.decrypt('garbage', 'SERIAL1')).toThrow('无法识别');
  });

  it('without a configured secret makes one once (0600) and keeps using it', async () => {
    const dir = makeDir();
    const first = await openKeyVault({ secret: undefined, dir });
    const secret = readFileSync(join(dir, 'key-secret'), 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(40);
    expect(statSync(join(dir, 'key-secret')).mode & 0o777).toBe(0o600);
    const sealed = first.encrypt(PEM, 'S');
    const second = await openKeyVault({ secret: undefined, dir });
    expect(readFileSync(join(dir, 'key-secret'), 'utf8')).toBe(secret);
    expect(second.decrypt(sealed, 'S')).toBe(PEM);
    // two processes starting at once end up with the same secret
    const shared = makeDir();
    const [a, b] = await Promise.all([
      openKeyVault({ secret: undefined, dir: shared }),
      openKeyVault({ secret: undefined, dir: shared }),
    ]);
    expect(b.decrypt(a.encrypt(PEM, 'S'), 'S')).toBe(PEM);
  });
});
