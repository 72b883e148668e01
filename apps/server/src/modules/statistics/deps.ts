// What the statistics module's use cases are given (service.ts wires them) and who calls them.
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';

export type StatisticsDeps = Pick<PlatformDeps, 'db' | 'clock'> & { audit: AuditService };

export type Reader = Pick<SessionContext, 'companyId' | 'identityType'>;
export type Exporter = Pick<
  SessionContext,
  'userId' | 'operatorId' | 'companyId' | 'identityType' | 'codes'
> &
  RequestOrigin;
