// The login credentials a user chooses on the /auth path: the first password (gate 3), and on /perfectInformation
// the username and password of an account opened on their behalf. Later changes are the profile module's.
import { MSG, validateAccountUsername, validatePassword, validatePasswordRepeat } from '@cqjy/domain';
import type { Db } from '../../../db/client.ts';
import { toAuditActor } from '../../../platform/audit.ts';
import { refused } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { loadAccount, type Actor, type IdentityDeps } from '../deps.ts';

export type PasswordInput = { password: string; password2: string };
export type AccountInput = PasswordInput & { username: string };

function assertNewPassword(input: PasswordInput): void {
  const message = validatePassword(input.password) ?? validatePasswordRepeat(input.password, input.password2);
  if (message !== null) throw refused(message);
}

/** Gate 3: the first password the user chooses. Later changes go through the profile's SMS-checked call. */
export async function setupPassword(deps: IdentityDeps, actor: Actor, input: PasswordInput): Promise<void> {
  const { db, audit, users } = deps;
  const { user } = await loadAccount(deps, actor);
  if (user.setupPassword) throw refused(MSG.passwordAlreadySet);
  assertNewPassword(input);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await users.setPasswordHash(tx, user.id, passwordHash);
    await audit.append(tx, {
      ...toAuditActor(actor),
      action: 'password.setup',
      result: 'ok',
      target: String(user.id),
    });
  });
}

/**
 * /perfectInformation: the username and the password of an account whose password was never chosen by its
 * user (opened on their behalf). Once done (setupPassword true) it cannot be repeated.
 */
export async function setupAccount(deps: IdentityDeps, actor: Actor, input: AccountInput): Promise<void> {
  const { db, audit, users } = deps;
  const { user } = await loadAccount(deps, actor);
  if (user.setupPassword) throw refused(MSG.accountAlreadySetUp);
  const username = input.username.trim();
  const usernameMessage = validateAccountUsername(username);
  if (usernameMessage !== null) throw refused(usernameMessage);
  assertNewPassword(input);
  const holder = await users.findUserByUsername(username);
  if (holder !== undefined && holder.id !== user.id) throw refused(MSG.usernameTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    await db.transaction(async (tx: Db) => {
      await users.updateUser(tx, user.id, { username });
      await users.setPasswordHash(tx, user.id, passwordHash);
      await audit.append(tx, {
        ...toAuditActor(actor),
        action: 'account.setup',
        result: 'ok',
        target: String(user.id),
        detail: { username, previous: user.username },
      });
    });
  } catch (error) {
    // Taken by someone else between the check and the write.
    if (isUniqueViolation(error)) throw refused(MSG.usernameTaken);
    throw error;
  }
}
