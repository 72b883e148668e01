// Private keys at rest: AES-256-GCM under a key derived (scrypt) from one secret, KEY_ENCRYPTION_SECRET, or,
// when that is not set, a random secret made once beside the root in `${ca.dir}/key-secret` (0600). Each sealed
// value is bound to a context (the certificate's serial number) as associated data, so a key copied onto another
// credential's row does not decrypt. A database dump alone never gives the keys away.
import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readOrCreateFile } from './write-once.ts';

export type KeyVault = {
  encrypt(plaintext: string, context: string): string;
  /** throws when the secret is not the one that encrypted it, or the value or its context was changed */
  decrypt(sealed: string, context: string): string;
};

export type KeyVaultOptions = {
  /** the configured secret; absent: the generated one in `dir` */
  secret: string | undefined;
  dir: string;
};

const SECRET_FILE = 'key-secret';
const FORMAT = 'v1';
// A fixed salt is enough here: there is one secret per deployment and nothing to precompute across them.
const SALT = 'cqjy-key-vault-v1';
const IV_BYTES = 12;
const deriveKey = promisify(scrypt) as (secret: string, salt: string, length: number) => Promise<Buffer>;

async function readSecret(options: KeyVaultOptions): Promise<string> {
  if (options.secret !== undefined) return options.secret;
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  const stored = await readOrCreateFile(
    join(options.dir, SECRET_FILE),
    () => randomBytes(32).toString('base64url'),
    0o600,
  );
  return stored.trim();
}

export async function openKeyVault(options: KeyVaultOptions): Promise<KeyVault> {
  const key = await deriveKey(await readSecret(options), SALT, 32);

  function encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  function decrypt(sealed: string, context: string): string {
    const [format, iv, tag, body] = sealed.split('.');
    if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined) {
      throw new Error('私钥密文格式无法识别');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new Error('私钥解密失败：密钥加密密钥不符或密文已被改动');
    }
  }

  return { encrypt, decrypt };
}
