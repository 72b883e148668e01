// What the identity use cases (use-cases/*.ts) work with: the module's dependencies, the signed-in caller, and the
// helpers several of them share.
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { FaceAuthProvider } from './face-provider.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { TasksService } from '../tasks/service.ts';
import type { UsersService } from '../users/service.ts';

/** The signed-in operator and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

export type IdentityDeps = Pick<PlatformDeps, 'db' | 'config' | 'clock'> & {
  audit: AuditService;
  users: UsersService;
  attachments: AttachmentsService;
  tasks: TasksService;
  faceProvider: FaceAuthProvider;
  /** how long a face link (its QR code) may be used: FACE_AUTH_TTL_S */
  faceTtlMs: number;
};

/** The attachments record class of the business licences of advanced company authentication. */
export const COMPANY_AUTH_DATA_CLASS = 'companyAuth';

export async function loadAccount({ users }: IdentityDeps, actor: Actor) {
  const [user, company] = await Promise.all([
    users.findUser(actor.userId),
    users.findCompany(actor.companyId),
  ]);
  // The session outlived its account: nothing of it can be shown or changed.
  if (user === undefined || company === undefined) throw notFound();
  return { user, company };
}
