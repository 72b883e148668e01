// What the accounts use cases (use-cases/*.ts) work with: the module's dependencies, the signed-in caller, and
// where an application's files and review task are kept.
import { COMPANY_OPENING_DATA_CLASS } from '@cqjy/domain';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { TasksService } from '../tasks/service.ts';
import type { UsersService } from '../users/service.ts';

export type AccountsDeps = Pick<PlatformDeps, 'db' | 'config' | 'clock'> & {
  audit: AuditService;
  users: UsersService;
  auth: AuthService;
  otp: OtpService;
  attachments: AttachmentsService;
  tasks: TasksService;
};

/** A signed-in caller and where the call came from. */
export type Actor = SessionContext & RequestOrigin;

/** The attachments record of a company's application: its business licence and any other file. */
export function recordOf(companyId: number) {
  return { dataClass: COMPANY_OPENING_DATA_CLASS, dataId: String(companyId) };
}

/** An application's tasks: the exchange's review, which waits in its 待办任务 while it is submitted. */
export function taskSubject(companyId: number) {
  return { subject: 'accountOpening' as const, subjectId: companyId };
}
