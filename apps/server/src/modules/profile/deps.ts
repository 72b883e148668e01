// What the profile use cases (use-cases/*.ts) work with: the module's dependencies, its callers, and the helpers
// several of them share.
import { validatePassword, validatePasswordRepeat } from '@cqjy/domain';
import type { ModuleDeps } from '../../module-deps.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';

export type ProfileDeps = Pick<
  ModuleDeps,
  'db' | 'config' | 'clock' | 'audit' | 'users' | 'auth' | 'otp' | 'attachments'
>;

/** The signed-in operator and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

/** An anonymous caller of a recovery call: its pre-login session (undefined when it sent none that lives). */
export type AnonymousCaller = RequestOrigin & { sessionId: number | undefined };

export async function loadUser({ users }: ProfileDeps, userId: number) {
  const user = await users.findUser(userId);
  // The session outlived its account.
  if (user === undefined) throw notFound();
  return user;
}

/** The first message of the password policy that the pair breaks, or null. */
export function checkNewPassword(password: string, repeat: string): string | null {
  return validatePassword(password) ?? validatePasswordRepeat(password, repeat);
}
