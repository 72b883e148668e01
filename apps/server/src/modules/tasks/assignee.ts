// Whose tasks a session sees: its company's, and those of every company of its identity.
import type { SessionContext } from '../../platform/auth.ts';
import type * as repo from './repo.ts';

export function assigneeOf(session: Pick<SessionContext, 'companyId' | 'identityType'>): repo.Assignee {
  return { companyId: session.companyId, identityType: session.identityType };
}

export function isOpenFor(session: Pick<SessionContext, 'companyId' | 'identityType'>, task: repo.TaskRowDb) {
  return (
    task.status === 'open' &&
    (task.assigneeCompanyId === session.companyId || task.assigneeIdentity === session.identityType)
  );
}
