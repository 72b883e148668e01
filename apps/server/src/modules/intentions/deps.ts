// What the intentions module's use cases are given (service.ts wires them): the platform's services and the
// other modules' parts they use, and the inputs their calls carry.
import type { IntentionStatus } from '@cqjy/domain';
import type { RequestOrigin, SessionContext } from '../../platform/auth.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { OtpService } from '../otp/service.ts';
import type { TasksService } from '../tasks/service.ts';
import type { UsersService } from '../users/service.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { SignaturesService } from '../signatures/service.ts';
import type { WorkflowService } from '../workflow/service.ts';

export type IntentionsDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: AuditService;
  users: UsersService;
  otp: OtpService;
  attachments: AttachmentsService;
  notifications: NotificationsService;
  tasks: TasksService;
  signatures: Pick<SignaturesService, 'loadSigner'>;
  projects: Pick<ProjectsService, 'findById' | 'isVisibleTo' | 'lockStatus' | 'updateGuarded'>;
  /** the project's process log, where a deal the exchange confirms is recorded */
  processLog: Pick<WorkflowService, 'recordProjectEvent' | 'describeActor'>;
  /** whether a registry row is one of the member's own customers (the one a registration was filled from) */
  isOwnCustomer: (viewer: SessionContext, id: number) => Promise<boolean>;
  /** the settlement account's prefix of the receiving accounts (config.depositBank; absent: the default) */
  depositAccountPrefix?: string | undefined;
};

export type Actor = SessionContext & RequestOrigin;

/** The buyer's fields as the save and update calls carry them (checked by the domain's checkIntention). */
export type IntentionInput = Record<string, unknown> & { customerId?: number | null | undefined };

export type IntentionListQuery = {
  projectId?: number | undefined;
  status?: IntentionStatus | undefined;
  keyword?: string | undefined;
};

/** A deposit's record as typed or as a bank's notice carries it (checked by the domain's checkDepositReceipt). */
export type DepositReceiptInput = { amount?: unknown; arrivedOn?: unknown; reference?: unknown };

/** What the housekeeping's deposit step did: registrations disqualified, members reminded. */
export type DepositDeadlinesReport = { disqualified: number; reminded: number };
