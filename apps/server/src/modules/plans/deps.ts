// What the plans module's use cases are given (service.ts wires them) and the inputs their calls carry.
import type { PlanListRow } from '@cqjy/domain';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { ProjectsService } from '../projects/service.ts';

export type PlansDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  projects: ProjectsService;
};

export type PlanListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  status?: PlanListRow['status'] | undefined;
};
