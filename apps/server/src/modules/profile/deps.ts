// What the profile use cases (use-cases/*.ts) work with: the module's dependencies, its callers, and the helpers
// several of them share.
import { validatePassword, validatePasswordRepeat } from '@cqjy/domain';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { UsersService } from '../users/service.ts';

export type ProfileDeps = Pick<PlatformDeps, 'db' | 'config' | 'clock'> & {
  audit: AuditService;
  users: UsersService;
  auth: AuthService;
  otp: OtpService;
  attachments: AttachmentsService;
};

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
