// Accounts opened and their password set, in the caller's transaction (the caller writes the audit row).
import type { Db } from '../../../db/client.ts';
import type { NewAccount, UsersDeps } from '../deps.ts';
import * as repo from '../repo.ts';
import { ROLE_NAMES } from '../roles.ts';

/**
 * Opens a company with its first operator (manager, default identity, the built-in role of `role`) and the
 * operator's login account, in the caller's transaction. Answers the three ids.
 */
export async function createAccount(
  _deps: UsersDeps,
  tx: Db,
  input: NewAccount,
): Promise<{ companyId: number; userId: number; operatorId: number }> {
  const role = await repo.findBuiltInRole(tx, ROLE_NAMES[input.role]);
  const company = await repo.insertCompany(tx, input.company);
  const user = await repo.insertUser(tx, input.user);
  const operator = await repo.insertOperator(tx, {
    userId: user.id,
    companyId: company.id,
    roleId: role?.id ?? null,
    manager: true,
    isDefault: true,
  });
  return { companyId: company.id, userId: user.id, operatorId: operator.id };
}

/** Sets a new password hash: the password counts as set (gate 3) and its age starts now; a lock is lifted. */
export async function setPasswordHash(
  { clock }: UsersDeps,
  tx: Db,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await repo.updateUser(tx, userId, {
    passwordHash,
    setupPassword: true,
    passwordChangedAt: clock.now(),
    failedLogins: 0,
    lockedUntil: null,
  });
}
