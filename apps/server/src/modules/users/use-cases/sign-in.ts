// The account facts sign-in needs (the auth module's calls), and its failure counter.
import type { Db } from '../../../db/client.ts';
import type { LoginAccount, UsersDeps } from '../deps.ts';
import * as repo from '../repo.ts';

function toLoginAccount(user: Awaited<ReturnType<typeof repo.findUserByUsername>>): LoginAccount | undefined {
  if (user === undefined) return undefined;
  return {
    id: user.id,
    passwordHash: user.passwordHash,
    lockedUntil: user.lockedUntil,
    isDisabled: user.disabled,
  };
}

export async function findLoginAccount(
  { db }: UsersDeps,
  username: string,
): Promise<LoginAccount | undefined> {
  return toLoginAccount(await repo.findUserByUsername(db, username));
}

/** Sign-in with an SMS code: the account of a mobile number. */
export async function findLoginAccountByMobile(
  { db }: UsersDeps,
  mobile: string,
): Promise<LoginAccount | undefined> {
  return toLoginAccount(await repo.findUserByMobile(db, mobile));
}

/** `tx` lets the caller count the failure in the same transaction as its audit row. */
export function recordLoginFailure(
  _deps: UsersDeps,
  tx: Db,
  userId: number,
  input: { maxFailures: number; lockUntil: Date },
) {
  return repo.recordLoginFailure(tx, userId, input);
}

export function clearLoginFailures(_deps: UsersDeps, tx: Db, userId: number) {
  return repo.clearLoginFailures(tx, userId);
}
