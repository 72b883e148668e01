// What the accounts use cases (use-cases/*.ts) work with: the module's dependencies, the signed-in caller, and
// where an application's files and review task are kept.
import { COMPANY_OPENING_DATA_CLASS } from '@cqjy/domain';
import type { ModuleDeps } from '../../module-deps.ts';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';

export type AccountsDeps = Pick<
  ModuleDeps,
  'db' | 'config' | 'clock' | 'audit' | 'users' | 'auth' | 'otp' | 'attachments' | 'tasks'
>;

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
