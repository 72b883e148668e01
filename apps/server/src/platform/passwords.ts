// Password hashing with argon2id. Unknown usernames are verified against a dummy hash of the same cost, so a
// failed sign-in takes as long whether or not the account exists.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 declares Algorithm as a const enum, which erasable TypeScript cannot use; 2 is Argon2id.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never lets anyone in.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** Computes the dummy hash ahead of time, so that even the first unknown username costs one verification only. */
export async function prepareDummyHash(): Promise<void> {
  await getDummyHash();
}

/** Spends the time of one real verification and always fails. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(await getDummyHash(), password);
  return false;
}
