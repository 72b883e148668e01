// What the tasks module's use cases are given (service.ts wires them) and the inputs their calls carry.
import type { TaskCategory, TaskRouteQuery, TaskStep, TaskSubject, TaskType } from '@cqjy/domain';
import type { SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { HomepageService } from '../homepage/service.ts';
import type { UsersService } from '../users/service.ts';

export type TasksDeps = Pick<PlatformDeps, 'db'> & {
  users: Pick<UsersService, 'findCompany'>;
  homepage: Pick<HomepageService, 'registerCounter'>;
};

/** Who must act: one company, or every company of an identity (the exchange's reviews). */
export type TaskAssignee = { companyId: number } | { identity: number };

/** A decision to wait for, as the subject's module describes it. */
export type OpenTaskInput = {
  subject: TaskSubject;
  subjectId: number;
  /** the step waiting; the workflow's tasks name their action instead */
  step?: TaskStep | undefined;
  action?: string | undefined;
  projectId?: number | null | undefined;
  /** what a task about no project is about, as its list shows it */
  subjectName?: string | undefined;
  /** the applicant company, whose application it is */
  companyId: number;
  type: TaskType;
  category?: TaskCategory | undefined;
  routeName: string;
  routeQuery: TaskRouteQuery;
  assignee: TaskAssignee;
};

/** Who decided (an operator of a company), or the server's own run (null). */
export type TaskDecider = Pick<SessionContext, 'operatorId' | 'companyId'> | null;

/** How a decision closes a subject's tasks: its result, who took it and when. */
export type TaskDoneInput = { result: string; decider: TaskDecider; at: Date };

export type TaskListQuery = {
  page: number;
  size: number;
  keyword?: string | undefined;
  family?: string | undefined;
};
